import { ACCOUNT_FIELD_MESSAGES, COMMUNITY_PATHS, MESSAGES } from '@guildhall/contract';
import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useVerifyEmailQuery } from '../../api/community-account';
import { safeCommunityReturn, withReturnPath } from '../../community-auth/community-paths';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { ResendVerificationButton } from '../../community-auth/resend-verification-button';
import { AuthCard } from '../../ui/auth-card';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLiveSearchParams } from '../../ui/use-live-search-params';

/**
 * /verify-email?token=&from=: confirms the address of the link once, says how it went, offers a new link, and
 * goes on to `from` (through the sign-in when signed out).
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify email', 'community');
  const [searchParams] = useLiveSearchParams();
  const token = searchParams.get('token') ?? '';
  const verification = useVerifyEmailQuery(token);
  const { status, user, updateUser } = useCommunitySession();
  const toast = useToast();
  const toasted = useRef<string | null>(null);
  const isSignedIn = status === 'signed-in' && user !== null;

  useEffect(() => {
    if (verification.status === 'pending' || toasted.current === verification.status) return;
    toasted.current = verification.status;
    if (verification.status === 'success') toast.success(MESSAGES.emailVerified);
    else toast.error(errorMessage(verification.error, MESSAGES.emailVerificationFailed));
  }, [verification.status, verification.error, toast]);

  useEffect(() => {
    if (verification.isSuccess && user && !user.emailVerified) updateUser({ ...user, emailVerified: true, hasBasicAccess: true });
  }, [verification.isSuccess, user, updateUser]);

  // The link may name where the user was going (an invite's join page): sign in or continue there.
  const from = searchParams.get('from');
  const continueLink = (
    <Link
      className="button button--primary button--block"
      to={isSignedIn ? safeCommunityReturn(from) : withReturnPath(COMMUNITY_PATHS.login, from)}
    >
      {isSignedIn ? 'Continue to Guildhall' : 'Sign in'}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard icon={MailX} title="Email verification failed" data-testid="verify-email-failed">
        <p className="alert alert--error">{ACCOUNT_FIELD_MESSAGES.tokenRequired}</p>
        {continueLink}
      </AuthCard>
    );
  }

  if (verification.isPending) {
    return (
      <AuthCard icon={MailCheck} title="Verifying your email" data-testid="verify-email-pending">
        <div className="auth-card__center">
          <Spinner label="One moment..." />
        </div>
      </AuthCard>
    );
  }

  if (verification.isSuccess) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Email verified"
        subtitle="Your address is confirmed. Welcome aboard!"
        data-testid="verify-email-success"
      >
        {continueLink}
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={MailX} title="Email verification failed" data-testid="verify-email-failed">
      <p className="alert alert--error">{errorMessage(verification.error, MESSAGES.emailVerificationFailed)}</p>
      {isSignedIn && !user.emailVerified && user.email ? <ResendVerificationButton /> : continueLink}
    </AuthCard>
  );
}
