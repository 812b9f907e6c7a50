import { MESSAGES } from '@guildhall/contract';
import { Send } from 'lucide-react';
import { useResendVerificationMutation } from '../api/community-account';
import { useToast } from '../ui/toast-context';
import { useErrorToast } from './use-error-toast';

/** Sends the signed-in user a new verification link: 'Verification email sent!' or 'Failed to resend verification email'. */
export function ResendVerificationButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const resend = useResendVerificationMutation();
  const toast = useToast();
  const showError = useErrorToast();

  function handleClick() {
    resend.mutate(undefined, {
      onSuccess: () => toast.success(MESSAGES.verificationEmailSent),
      onError: (error) => showError(error, MESSAGES.resendVerificationFailed),
    });
  }

  return (
    <button
      type="button"
      className={`button button--${variant}${variant === 'primary' ? ' button--block' : ''}`}
      onClick={handleClick}
      disabled={resend.isPending}
    >
      <Send size={16} aria-hidden="true" />
      Resend verification email
    </button>
  );
}
