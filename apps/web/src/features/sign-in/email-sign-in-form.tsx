import { COMMUNITY_PATHS, loginBody, MESSAGES, welcomeBack } from '@guildhall/contract';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error';
import { useLoginMutation } from '../../api/community-account';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { EmailField } from '../../ui/email-field';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { useFormFields } from '../../ui/use-form-fields';
import { UnverifiedEmailNotice } from './unverified-email-notice';

/** Email, password and "Remember me"; 'Welcome back, {name}!' and on to `returnPath` when it works. */
export function EmailSignInForm({ returnPath }: { returnPath: string }) {
  const { signIn } = useCommunitySession();
  const login = useLoginMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const { values, errors, setErrors, handleChange, validate } = useFormFields({ email: '', password: '' });
  const [isRemembered, setIsRemembered] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setUnverifiedEmail(null);
    const body = validate(loginBody.safeParse({ ...values, rememberMe: isRemembered }));
    if (!body) return;
    login.mutate(body, {
      onSuccess: (answer) => {
        signIn(answer, body.rememberMe);
        toast.success(welcomeBack(answer.user.username));
        navigate(returnPath, { replace: true });
      },
      onError: (error) => {
        setErrors(fieldErrorsFromError(error));
        if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(body.email);
        toast.error(errorMessage(error, MESSAGES.loginFailed));
      },
    });
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <EmailField value={values.email} error={errors.email} onChange={(value) => handleChange('email', value)} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(value) => handleChange('password', value)}
      />
      <div className="auth-form__row">
        <label className="checkbox">
          <input type="checkbox" checked={isRemembered} onChange={(event) => setIsRemembered(event.target.checked)} />
          Remember me
        </label>
        <Link to={COMMUNITY_PATHS.forgotPassword} className="auth-form__link">
          Forgot password?
        </Link>
      </div>
      {unverifiedEmail && <UnverifiedEmailNotice email={unverifiedEmail} />}
      <SubmitButton icon={<LogIn size={18} aria-hidden="true" />} isBusy={login.isPending} busyLabel="Signing In..." isBlock>
        Sign In
      </SubmitButton>
    </form>
  );
}
