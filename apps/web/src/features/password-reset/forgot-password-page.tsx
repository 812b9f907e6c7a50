import { COMMUNITY_PATHS, emailSchema, MESSAGES } from '@guildhall/contract';
import { KeyRound, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useForgotPasswordMutation } from '../../api/community-account';
import { AuthCard } from '../../ui/auth-card';
import { EmailField } from '../../ui/email-field';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';

/** /forgot-password: asks for a reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password', 'community');
  const forgot = useForgotPasswordMutation();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const backToSignIn = <Link to={COMMUNITY_PATHS.login}>Back to sign in</Link>;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MESSAGES.passwordResetRequested);
        setSentTo(parsed.data);
      },
      onError: (failure) => {
        setError(fieldErrorsFromError(failure).email);
        toast.error(errorMessage(failure, MESSAGES.passwordResetRequestFailed));
      },
    });
  }

  if (sentTo) {
    return (
      <AuthCard icon={MailCheck} title="Check your email" data-testid="reset-link-sent" footer={backToSignIn}>
        <p className="auth-card__text">
          If <strong>{sentTo}</strong> belongs to an account, a link to choose a new password is on its way. It works for one
          hour.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
      data-testid="forgot-password-page"
      footer={backToSignIn}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <EmailField
          value={email}
          error={error}
          onChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
        />
        <SubmitButton icon={<Send size={16} aria-hidden="true" />} isBusy={forgot.isPending} isBlock>
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
