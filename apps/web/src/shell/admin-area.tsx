import { lazy } from 'react';
import { AdminRouteGuard } from '../auth/admin-route-guard';
import { TwoFactorGate } from './two-factor-gate';

// The console, the Socket.IO client with it, loads only once the guard has an admin: never on the sign-in page.
const AdminConsole = lazy(() => import('./admin-console').then((m) => ({ default: m.AdminConsole })));

/**
 * Everything behind the admin sign-in: the guard, the enrolment an admin past the two-factor grace must do first,
 * then the console (notifications, live connection, shell).
 */
export function AdminArea() {
  return (
    <AdminRouteGuard>
      <TwoFactorGate>
        <AdminConsole />
      </TwoFactorGate>
    </AdminRouteGuard>
  );
}
