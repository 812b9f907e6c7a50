import { ADMIN_MAX_FAILED_ATTEMPTS, MESSAGES, type TwoFactorMethod, welcomeBack } from '@guildhall/contract';
import { Clock, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAdminSession } from '../../auth/admin-session-context';
import { safeReturnPath } from '../../auth/login-path';
import { AuthCardHeader } from '../../ui/auth-card';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { AdminLoginForm } from './admin-login-form';
import { type LoginAttempts, readLoginAttempts, writeLoginAttempts } from './login-attempts';
import type { LoginFailure, SecondStepFailure } from './login-failure';
import { SecurityNotes } from './security-notes';
import '../../styles/admin-login.css';

// Only an admin with two-factor sign-in on needs it, after a right password: kept out of the page's first paint.
const loadSecondStepForm = () => import('./second-step-form');
const SecondStepForm = lazy(() => loadSecondStepForm().then((m) => ({ default: m.SecondStepForm })));

/** 'Nov 21, 2026, 7:33 PM': words, not slashes, so the time never reads like the n/5 counter. */
function formatAttemptTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Admin Portal": the admin sign-in (spec 2 §2, §5, §8). Returns to the page first asked for. */
export function AdminLoginPage() {
  useDocumentTitle('Admin Portal');
  const { status, signedOutReason, login, completeSecondStep, completeSignIn } = useAdminSession();
  const [searchParams] = useLiveSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [attempts, setAttempts] = useState<LoginAttempts>(readLoginAttempts);
  const [maxAttempts, setMaxAttempts] = useState<number>(ADMIN_MAX_FAILED_ATTEMPTS);
  /** The challenge a right password answered for an admin with two-factor sign-in on: the second step is shown. */
  const [challenge, setChallenge] = useState<{ token: string; expiresAt: string; methods: TwoFactorMethod[] } | null>(null);
  /** Said on the password step after the second step ran out. */
  const [notice, setNotice] = useState<string | null>(null);
  const returnPath = safeReturnPath(searchParams.get('from'));
  const isExpired = searchParams.get('expired') === '1' || signedOutReason === 'INVALID_SESSION';

  function remember(next: LoginAttempts) {
    setAttempts(next);
    writeLoginAttempts(next);
  }

  function signedIn(username: string) {
    remember({ lastAttemptAt: new Date().toISOString(), failedAttempts: 0 });
    toast.success(welcomeBack(username));
    navigate(returnPath, { replace: true });
  }

  async function handleSubmit(credentials: { username: string; password: string }) {
    setNotice(null);
    // Fetched alongside the password check, so a second step shows without a wait.
    void loadSecondStepForm();
    const result = await login(credentials);
    if (result.kind === 'challenge') {
      setChallenge({ token: result.challenge, expiresAt: result.expiresAt, methods: result.methods });
      return;
    }
    signedIn(result.me.admin.username);
  }

  async function handleSecondStep(code: string) {
    if (!challenge) return;
    const me = await completeSecondStep({ challenge: challenge.token, code });
    signedIn(me.admin.username);
  }

  async function handlePasskey() {
    if (!challenge) return;
    const me = await completeSignIn(async () => {
      // Only an admin who chose a passkey loads the browser's WebAuthn library.
      const { loginAdminWithPasskey } = await import('../../api/admin-passkey-sign-in');
      await loginAdminWithPasskey(challenge.token);
    });
    signedIn(me.admin.username);
  }

  const handleBack = useCallback((message?: string) => {
    setChallenge(null);
    setNotice(message ?? null);
  }, []);

  function handleFailure(failure: LoginFailure | SecondStepFailure) {
    const counted = failure.isCredentialFailure ? attempts.failedAttempts + 1 : attempts.failedAttempts;
    if (failure.maxAttempts) setMaxAttempts(failure.maxAttempts);
    remember({ lastAttemptAt: new Date().toISOString(), failedAttempts: failure.failedAttempts ?? counted });
  }

  if (status === 'authenticated') return <Navigate to={returnPath} replace />;

  return (
    <div className="login-screen">
      <main className="login-card">
        <AuthCardHeader
          icon={ShieldCheck}
          title="Admin Portal"
          subtitle={challenge ? 'Two-factor sign-in' : 'Sign in to the Guildhall admin console'}
        />
        {notice && (
          <p className="alert alert--warning" role="alert" data-testid="second-step-notice">
            {notice}
          </p>
        )}
        {isExpired && !challenge && (
          <p className="alert alert--warning" role="alert" data-testid="session-expired-banner">
            {MESSAGES.adminSessionExpired}
          </p>
        )}
        {challenge ? (
          <Suspense fallback={<Spinner label="Loading" />}>
            <SecondStepForm
              expiresAt={challenge.expiresAt}
              methods={challenge.methods}
              failedAttempts={attempts.failedAttempts}
              maxAttempts={maxAttempts}
              onSubmit={handleSecondStep}
              onPasskey={handlePasskey}
              onFailure={handleFailure}
              onBack={handleBack}
            />
          </Suspense>
        ) : (
          <AdminLoginForm
            failedAttempts={attempts.failedAttempts}
            maxAttempts={maxAttempts}
            onSubmit={handleSubmit}
            onFailure={handleFailure}
          />
        )}
        {attempts.lastAttemptAt && (
          <p className="login-card__last-attempt" data-testid="last-attempt">
            <Clock size={14} aria-hidden="true" />
            Last attempt: <time dateTime={attempts.lastAttemptAt}>{formatAttemptTime(attempts.lastAttemptAt)}</time>
          </p>
        )}
        <SecurityNotes />
      </main>
    </div>
  );
}
