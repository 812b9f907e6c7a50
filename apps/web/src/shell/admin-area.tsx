import { AdminRouteGuard } from '../auth/admin-route-guard';
import { LiveConnectionProvider } from '../live/live-connection-provider';
import { AdminShell } from './admin-shell';
import { NotificationsProvider } from './notifications-provider';

/** Everything behind the admin sign-in: the guard, then notifications, the live connection and the shell. */
export function AdminArea() {
  return (
    <AdminRouteGuard>
      <NotificationsProvider>
        <LiveConnectionProvider>
          <AdminShell />
        </LiveConnectionProvider>
      </NotificationsProvider>
    </AdminRouteGuard>
  );
}
