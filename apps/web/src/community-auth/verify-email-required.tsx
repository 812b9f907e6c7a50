import { MESSAGES } from '@guildhall/contract';
import { LogOut, MailCheck } from 'lucide-react';
import { errorMessage } from '../api/api-error';
import { AuthCard } from '../ui/auth-card';
import { useToast } from '../ui/toast-context';
import { useCommunitySession } from './community-session-context';
import { ResendVerificationButton } from './resend-verification-button';

/** Shown instead of the app to a signed-in user whose e-mail address must be verified first. */
export function VerifyEmailRequired() {
  const { user, logout } = useCommunitySession();
  const toast = useToast();

  function handleLogout() {
    logout().then(
      () => toast.success(MESSAGES.loggedOut),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }

  return (
    <AuthCard
      icon={MailCheck}
      title="Verify your email"
      subtitle={
        <>
          We sent a link to <strong>{user?.email}</strong>. Follow it to start using Guildhall.
        </>
      }
      data-testid="verify-email-required"
    >
      <ResendVerificationButton />
      <button type="button" className="button button--secondary button--block" onClick={handleLogout}>
        <LogOut size={16} aria-hidden="true" />
        Logout
      </button>
    </AuthCard>
  );
}
