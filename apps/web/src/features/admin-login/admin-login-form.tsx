import { ADMIN_MAX_FAILED_ATTEMPTS, adminLoginBody } from '@guildhall/contract';
import { LogIn, TriangleExclamationPoint } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { describeLoginFailure, type LoginFailure } from './login-failure';

interface AdminLoginFormProps {
  failedAttempts: number;
  maxAttempts: number;
  onSubmit: (credentials: { username: string; password: string }) => Promise<void>;
  /** Told of every refused attempt, to keep the counter and last attempt time. */
  onFailure: (failure: LoginFailure) => void;
}

type FieldErrors = LoginFailure['fieldErrors'];

/** Username and password with show/hide, caps-lock warning, client validation and the spec's error texts. */
export function AdminLoginForm({ failedAttempts, maxAttempts, onSubmit, onFailure }: AdminLoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isCapsLockOn, setIsCapsLockOn] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<Pick<LoginFailure, 'message' | 'detail'> | null>(null);

  function handleKeyUp(event: KeyboardEvent<HTMLInputElement>) {
    setIsCapsLockOn(event.getModifierState('CapsLock'));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = adminLoginBody.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setIsSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const failure = describeLoginFailure(error);
      setFormError({ message: failure.message, detail: failure.detail });
      setFieldErrors(failure.fieldErrors);
      onFailure(failure);
      setIsSubmitting(false);
    }
  }

  return (
    <form className="form login-form" onSubmit={handleSubmit} noValidate>
      {formError && (
        <p className="alert alert--error" role="alert" data-testid="login-error">
          <span>
            {formError.message}
            {formError.detail && (
              <span className="alert__detail" data-testid="login-error-detail">
                {formError.detail}
              </span>
            )}
          </span>
        </p>
      )}
      <TextField
        label="Username"
        error={fieldErrors.username}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={setUsername}
        onKeyUp={handleKeyUp}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        error={fieldErrors.password}
        onChange={setPassword}
        onKeyUp={handleKeyUp}
        toggleTestId="toggle-password"
      />
      {isCapsLockOn && (
        <p className="caps-warning" aria-live="polite" data-testid="caps-lock-warning">
          <TriangleExclamationPoint size={16} aria-hidden="true" />
          Caps Lock is on
        </p>
      )}
      {failedAttempts > 0 && (
        <p className="login-form__attempts" data-testid="failed-attempts">
          Failed attempts: <strong>{`${failedAttempts}/${maxAttempts || ADMIN_MAX_FAILED_ATTEMPTS}`}</strong>
        </p>
      )}
      <SubmitButton
        icon={<LogIn size={18} aria-hidden="true" />}
        isBusy={isSubmitting}
        busyLabel="Signing In..."
        isDisabled={username === '' || password === ''}
        isBlock
      >
        Sign In
      </SubmitButton>
    </form>
  );
}
