import { ADMIN_MAX_FAILED_ATTEMPTS, TWO_FACTOR_MESSAGES, twoFactorCode } from '@guildhall/contract';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CodeField } from '../../ui/code-field';
import { SubmitButton } from '../../ui/submit-button';
import { describeSecondStepFailure, type SecondStepFailure } from './login-failure';
import '../../styles/two-factor.css';

interface SecondStepFormProps {
  /** When the challenge the password step answered runs out. */
  expiresAt: string;
  failedAttempts: number;
  maxAttempts: number;
  onSubmit: (code: string) => Promise<void>;
  /** Told of every refused code, to keep the counter and last attempt time. */
  onFailure: (failure: SecondStepFailure) => void;
  /** Back to the password step; with a message when the challenge ran out. */
  onBack: (notice?: string) => void;
}

/**
 * The second step of the admin sign-in: a 6-digit code from the authenticator app or a recovery code. The
 * challenge lives five minutes: when it runs out (here or on the server) the password is asked again.
 */
export function SecondStepForm({ expiresAt, failedAttempts, maxAttempts, onSubmit, onFailure, onBack }: SecondStepFormProps) {
  const [code, setCode] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<Pick<SecondStepFailure, 'message' | 'detail'> | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The password step just led here: the code is the one thing to type.
  useEffect(() => codeRef.current?.focus(), []);

  useEffect(() => {
    const timer = window.setTimeout(
      () => onBack(TWO_FACTOR_MESSAGES.challengeExpired),
      Math.max(0, new Date(expiresAt).getTime() - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, onBack]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = twoFactorCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    setIsSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const failure = describeSecondStepFailure(error);
      onFailure(failure);
      if (failure.isChallengeOver) {
        onBack(failure.message);
        return;
      }
      setFormError({ message: failure.message, detail: failure.detail });
      setCodeError(failure.codeError);
      setCode('');
      setIsSubmitting(false);
      codeRef.current?.focus();
    }
  }

  return (
    <form className="form login-form" onSubmit={handleSubmit} noValidate data-testid="second-step-form">
      <p className="login-form__lead">{TWO_FACTOR_MESSAGES.secondStepNeeded}, or one of your recovery codes.</p>
      {formError && (
        <p className="alert alert--error" role="alert" data-testid="login-error">
          <span>
            {formError.message}
            {formError.detail && <span className="alert__detail">{formError.detail}</span>}
          </span>
        </p>
      )}
      <CodeField ref={codeRef} value={code} error={codeError} onChange={setCode} />
      {failedAttempts > 0 && (
        <p className="login-form__attempts" data-testid="failed-attempts">
          Failed attempts: <strong>{`${failedAttempts}/${maxAttempts || ADMIN_MAX_FAILED_ATTEMPTS}`}</strong>
        </p>
      )}
      <SubmitButton
        icon={<ShieldCheck size={18} aria-hidden="true" />}
        isBusy={isSubmitting}
        busyLabel="Verifying..."
        isDisabled={code.trim() === ''}
        isBlock
      >
        Verify
      </SubmitButton>
      <button type="button" className="link-button login-form__back" onClick={() => onBack()}>
        <ArrowLeft size={14} aria-hidden="true" />
        Back to sign in
      </button>
    </form>
  );
}
