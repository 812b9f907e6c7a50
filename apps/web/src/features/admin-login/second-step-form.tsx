import {
  ADMIN_MAX_FAILED_ATTEMPTS,
  PASSKEY_MESSAGES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorMethod,
  twoFactorCode,
} from '@guildhall/contract';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CodeField } from '../../ui/code-field';
import { SubmitButton } from '../../ui/submit-button';
import { describeSecondStepFailure, type SecondStepFailure } from './login-failure';
import '../../styles/two-factor.css';

interface SecondStepFormProps {
  /** When the challenge the password step answered runs out. */
  expiresAt: string;
  /** The second factors the admin has on, as the password step answered: the form offers those. */
  methods: readonly TwoFactorMethod[];
  failedAttempts: number;
  maxAttempts: number;
  onSubmit: (code: string) => Promise<void>;
  /** The second step with a passkey: the browser's dialog, then the server. */
  onPasskey: () => Promise<void>;
  /** Told of every refused code or passkey, to keep the counter and last attempt time. */
  onFailure: (failure: SecondStepFailure) => void;
  /** Back to the password step; with a message when the challenge ran out. */
  onBack: (notice?: string) => void;
}

/**
 * The second step of the admin sign-in: a 6-digit code from the authenticator app or a recovery code, or a passkey,
 * whichever the admin has. An admin whose only second factor is a passkey is offered a recovery code too, behind a
 * link, since the codes belong to two-factor sign-in as a whole. The challenge lives five minutes: when it runs out (here or on the server) the password is
 * asked again.
 */
export function SecondStepForm({
  expiresAt,
  methods,
  failedAttempts,
  maxAttempts,
  onSubmit,
  onPasskey,
  onFailure,
  onBack,
}: SecondStepFormProps) {
  const hasTotp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [isUsingRecoveryCode, setIsUsingRecoveryCode] = useState(false);
  const hasCode = hasTotp || isUsingRecoveryCode;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<Pick<SecondStepFailure, 'message' | 'detail'> | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);

  // The password step just led here: the code (or the passkey button) is the one thing to do.
  useEffect(() => (codeRef.current ?? passkeyRef.current)?.focus(), []);
  // Asking for a recovery code leads to its field.
  useEffect(() => {
    if (isUsingRecoveryCode) codeRef.current?.focus();
  }, [isUsingRecoveryCode]);

  useEffect(() => {
    const timer = window.setTimeout(
      () => onBack(TWO_FACTOR_MESSAGES.challengeExpired),
      Math.max(0, new Date(expiresAt).getTime() - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, onBack]);

  /** Runs one attempt; a refusal is reported, shown, or (the challenge over) leads back to the password. */
  async function attempt(method: 'code' | 'passkey', send: () => Promise<void>) {
    setFormError(null);
    setBusy(method);
    try {
      await send();
    } catch (error) {
      const failure = describeSecondStepFailure(error, method);
      onFailure(failure);
      if (failure.isChallengeOver) {
        onBack(failure.message);
        return;
      }
      setFormError({ message: failure.message, detail: failure.detail });
      setBusy(null);
      if (method === 'code') {
        setCodeError(failure.codeError);
        setCode('');
      }
      (method === 'code' ? codeRef : passkeyRef).current?.focus();
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoFactorCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    void attempt('code', () => onSubmit(parsed.data));
  }

  const passkeyButton = hasPasskey && (
    <button
      ref={passkeyRef}
      type="button"
      className={`button button--block ${hasTotp ? 'button--secondary' : 'button--primary'}`}
      disabled={busy !== null}
      onClick={() => void attempt('passkey', onPasskey)}
      data-testid="use-passkey"
    >
      <KeyRound size={18} aria-hidden="true" />
      {busy === 'passkey' ? 'Waiting for your passkey...' : 'Use a passkey'}
    </button>
  );

  return (
    <form className="form login-form" onSubmit={handleSubmit} noValidate data-testid="second-step-form">
      <p className="login-form__lead">
        {hasTotp
          ? `${TWO_FACTOR_MESSAGES.secondStepNeeded}, or one of your recovery codes.`
          : `${PASSKEY_MESSAGES.secondStepNeeded}, or one of your recovery codes.`}
      </p>
      {formError && (
        <p className="alert alert--error" role="alert" data-testid="login-error">
          <span>
            {formError.message}
            {formError.detail && <span className="alert__detail">{formError.detail}</span>}
          </span>
        </p>
      )}
      {hasCode && (
        <CodeField
          ref={codeRef}
          value={code}
          error={codeError}
          onChange={setCode}
          hint={hasTotp ? undefined : 'A recovery code such as abcde-23456'}
        />
      )}
      {failedAttempts > 0 && (
        <p className="login-form__attempts" data-testid="failed-attempts">
          Failed attempts: <strong>{`${failedAttempts}/${maxAttempts || ADMIN_MAX_FAILED_ATTEMPTS}`}</strong>
        </p>
      )}
      {hasCode && (
        <SubmitButton
          icon={<ShieldCheck size={18} aria-hidden="true" />}
          isBusy={busy !== null}
          busyLabel={busy === 'code' ? 'Verifying...' : undefined}
          isDisabled={code.trim() === ''}
          isBlock
        >
          Verify
        </SubmitButton>
      )}
      {hasCode && hasPasskey && <p className="login-form__or">or</p>}
      {passkeyButton}
      {!hasCode && (
        <button
          type="button"
          className="link-button"
          onClick={() => setIsUsingRecoveryCode(true)}
          data-testid="use-recovery-code"
        >
          Use a recovery code
        </button>
      )}
      <button type="button" className="link-button login-form__back" onClick={() => onBack()}>
        <ArrowLeft size={14} aria-hidden="true" />
        Back to sign in
      </button>
    </form>
  );
}
