import { ADMIN_MAX_FAILED_ATTEMPTS, MESSAGES, welcomeBack } from '@guildhall/contract';
import { Clock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAdminSession } from '../../auth/admin-session-context';
import { safeReturnPath } from '../../auth/login-path';
import { AuthCardHeader } from '../../ui/auth-card';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AdminLoginForm } from './admin-login-form';
import { type LoginAttempts, readLoginAttempts, writeLoginAttempts } from './login-attempts';
import type { LoginFailure } from './login-failure';
import { SecurityNotes } from './security-notes';

/** 'Nov 21, 2026, 7:33 PM': words, not slashes, so the time never reads like the n/5 counter. */
function formatAttemptTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Admin Portal": the admin sign-in (spec 2 §2, §5, §8). Returns to the page first asked for. */
export function AdminLoginPage() {
  useDocumentTitle('Admin Portal');
  const { status, signedOutReason, login } = useAdminSession();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [attempts, setAttempts] = useState<LoginAttempts>(readLoginAttempts);
  const [maxAttempts, setMaxAttempts] = useState<number>(ADMIN_MAX_FAILED_ATTEMPTS);
  const returnPath = safeReturnPath(searchParams.get('from'));
  const isExpired = searchParams.get('expired') === '1' || signedOutReason === 'INVALID_SESSION';

  function remember(next: LoginAttempts) {
    setAttempts(next);
    writeLoginAttempts(next);
  }

  async function handleSubmit(credentials: { username: string; password: string }) {
    const me = await login(credentials);
    remember({ lastAttemptAt: new Date().toISOString(), failedAttempts: 0 });
    toast.success(welcomeBack(me.admin.username));
    navigate(returnPath, { replace: true });
  }

  function handleFailure(failure: LoginFailure) {
    const counted = failure.isCredentialFailure ? attempts.failedAttempts + 1 : attempts.failedAttempts;
    if (failure.maxAttempts) setMaxAttempts(failure.maxAttempts);
    remember({ lastAttemptAt: new Date().toISOString(), failedAttempts: failure.failedAttempts ?? counted });
  }

  if (status === 'authenticated') return <Navigate to={returnPath} replace />;

  return (
    <div className="login-screen">
      <main className="login-card">
        <AuthCardHeader icon={ShieldCheck} title="Admin Portal" subtitle="Sign in to the Guildhall admin console" />
        {isExpired && (
          <p className="alert alert--warning" role="alert" data-testid="session-expired-banner">
            {MESSAGES.adminSessionExpired}
          </p>
        )}
        <AdminLoginForm
          failedAttempts={attempts.failedAttempts}
          maxAttempts={maxAttempts}
          onSubmit={handleSubmit}
          onFailure={handleFailure}
        />
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
