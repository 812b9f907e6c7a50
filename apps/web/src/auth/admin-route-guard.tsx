import { hasAnyAdminPermission, MESSAGES, type Permission } from '@guildhall/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SessionFailed, SessionLoading } from '../ui/session-screens';
import { AccessDenied, InsufficientRole } from './access-panels';
import { useAdminSession } from './admin-session-context';
import { ADMIN_LOGIN_PATH, buildLoginPath } from './login-path';

// Only an admin with a generated first password needs it: kept out of the sign-in pages' bundle.
const ChangePasswordDialog = lazy(() =>
  import('../shell/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

interface AdminRouteGuardProps {
  /** The admin needs to pass the check for at least one; empty or absent means any admin. */
  anyOf?: readonly Permission[];
  /** A role the route requires; superadmin passes every role requirement. */
  role?: string;
  children: ReactNode;
}

/**
 * Lets an admin through to a route (spec 1 §2): waits for the session check, sends a signed-out
 * visitor to the login page with the original location, and refuses a missing permission or role.
 */
export function AdminRouteGuard({ anyOf = [], role, children }: AdminRouteGuardProps) {
  const { status, admin, signedOutReason, error, recheck } = useAdminSession();
  const location = useLocation();

  if (status === 'loading') return <SessionLoading label={MESSAGES.verifyingAdminAccess} />;
  if (status === 'error') return <SessionFailed error={error} onRetry={recheck} />;

  if (status === 'unauthenticated' || !admin) {
    // After a chosen or forced logout, the next sign-in starts at the dashboard.
    const isEnded = signedOutReason === 'LOGGED_OUT' || signedOutReason === 'FORCED_LOGOUT';
    const target = isEnded
      ? ADMIN_LOGIN_PATH
      : buildLoginPath(`${location.pathname}${location.search}`, { expired: signedOutReason === 'INVALID_SESSION' });
    return <Navigate to={target} replace />;
  }

  // A generated first password, or one another admin reset, is replaced before anything else (the server refuses every other call until then).
  if (admin.mustChangePassword) {
    return (
      <div className="guard-screen" data-testid="password-change-required">
        <p>{MESSAGES.passwordChangeRequired}</p>
        <Suspense fallback={null}>
          <ChangePasswordDialog isOpen onClose={recheck} />
        </Suspense>
      </div>
    );
  }
  if (!hasAnyAdminPermission(admin, anyOf)) return <AccessDenied />;
  if (role && admin.role !== role && admin.role !== 'superadmin') return <InsufficientRole role={role} />;
  return children;
}
