import { ACCOUNT_FIELD_MESSAGES, COMMUNITY_PATHS, MESSAGES, resetPasswordBody } from '@guildhall/contract';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useResetPasswordMutation } from '../../api/community-account';
import { AuthCard } from '../../ui/auth-card';
import { fieldErrorsFromError, fieldErrorsFromIssues } from '../../ui/field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useFormFields } from '../../ui/use-form-fields';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { confirmationProblem, NewPasswordFields } from '../registration/new-password-fields';

/** /reset-password?token=: a new password for the account of the link, then on to sign in. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password', 'community');
  const [searchParams] = useLiveSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const { values, errors, setErrors, handleChange } = useFormFields({ password: '', confirmation: '' });
  const footer = <Link to={COMMUNITY_PATHS.forgotPassword}>Request a new link</Link>;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordBody.safeParse({ token, password: values.password });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    const mismatch = found.password ? undefined : confirmationProblem(values.password, values.confirmation);
    if (mismatch) found.confirmation = mismatch;
    setErrors(found);
    if (!parsed.success || found.confirmation) return;
    reset.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MESSAGES.passwordReset);
        navigate(COMMUNITY_PATHS.login, { replace: true });
      },
      onError: (error) => {
        setErrors(fieldErrorsFromError(error));
        toast.error(errorMessage(error, MESSAGES.passwordResetFailed));
      },
    });
  }

  if (!token) {
    return (
      <AuthCard icon={KeyRound} title="Reset password" footer={footer}>
        <p className="alert alert--error">{ACCOUNT_FIELD_MESSAGES.tokenRequired}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      data-testid="reset-password-page"
      footer={footer}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        {errors.token && <p className="alert alert--error">{errors.token}</p>}
        <NewPasswordFields
          password={values.password}
          confirmation={values.confirmation}
          errors={errors}
          owner={{}}
          confirmationLabel="Repeat password"
          onPasswordChange={(value) => handleChange('password', value)}
          onConfirmationChange={(value) => handleChange('confirmation', value)}
        />
        <SubmitButton icon={<KeyRound size={16} aria-hidden="true" />} isBusy={reset.isPending} isBlock>
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
