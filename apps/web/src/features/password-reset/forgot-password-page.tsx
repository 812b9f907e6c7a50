import { COMMUNITY_PATHS, emailSchema, MESSAGES } from '@guildhall/contract';
import { KeyRound, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useForgotPasswordMutation } from '../../api/community-account';
import { AuthCard } from '../../ui/auth-card';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
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
      <AuthCard
        icon={<MailCheck size={28} aria-hidden="true" />}
        title="Check your email"
        data-testid="reset-link-sent"
        footer={backToSignIn}
      >
        <p className="auth-card__text">
          If <strong>{sentTo}</strong> belongs to an account, a link to choose a new password is on its way. It works for one
          hour.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound size={28} aria-hidden="true" />}
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
      data-testid="forgot-password-page"
      footer={backToSignIn}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <FormField label="Email" error={error}>
          {(props) => (
            <input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
          <Send size={16} aria-hidden="true" />
          Send reset link
        </button>
      </form>
    </AuthCard>
  );
}
