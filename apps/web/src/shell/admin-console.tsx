import { LiveConnectionProvider } from '../live/live-connection-provider';
import { AdminShell } from './admin-shell';
import { NotificationsProvider } from './notifications-provider';

/** The signed-in console: notifications, the live connection and the shell. Its own chunk, see AdminArea. */
export function AdminConsole() {
  return (
    <NotificationsProvider>
      <LiveConnectionProvider>
        <AdminShell />
      </LiveConnectionProvider>
    </NotificationsProvider>
  );
}
