import { MESSAGES } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { useResendVerificationMutation } from '../../api/community-account';
import { useToast } from '../../ui/toast-context';

/** After a refused sign-in of an unverified address: a way to get a new verification link. */
export function UnverifiedEmailNotice({ email }: { email: string }) {
  const resend = useResendVerificationMutation();
  const toast = useToast();

  function handleResend() {
    resend.mutate(email, {
      onSuccess: () => toast.success(MESSAGES.verificationEmailSent),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.resendVerificationFailed)),
    });
  }

  return (
    <div className="alert alert--warning auth-notice" data-testid="unverified-email">
      <span>Your email address is not verified yet.</span>
      <button type="button" className="link-button" onClick={handleResend} disabled={resend.isPending || resend.isSuccess}>
        {resend.isSuccess ? 'Link sent' : 'Send a new link'}
      </button>
    </div>
  );
}
