import { Bell, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Dropdown } from '../ui/dropdown';
import { bellCount } from './bell-count';
import { NotificationList } from './notification-list';
import { NotificationSettingsPanel } from './notification-settings-panel';
import { useNotifications } from './notifications-context';

/** The header bell with its count and the dropdown of recent notifications. */
export function NotificationBell() {
  const { notifications, dismiss, clearAll } = useNotifications();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);

  const count = notifications.length;
  return (
    <Dropdown
      role="dialog"
      triggerClassName="icon-button header__bell"
      // Starts with the count the badge shows, so the name holds the visible text.
      triggerLabel={count > 0 ? `${bellCount(count)} notifications` : 'Notifications'}
      triggerTestId="notification-bell"
      panelClassName="notifications"
      panelLabel="Notifications"
      trigger={
        <>
          <Bell size={20} aria-hidden="true" />
          {count > 0 && (
            <span className="header__bell-count" data-testid="notification-count">
              {bellCount(count)}
            </span>
          )}
        </>
      }
    >
      {() => (
        <>
          <header className="notifications__header">
            <h2 className="notifications__title">Notifications</h2>
            <div className="notifications__actions">
              {count > 0 && (
                <button type="button" className="link-button" onClick={clearAll}>
                  Clear all
                </button>
              )}
              <button
                type="button"
                className="icon-button"
                aria-label="Notification settings"
                aria-expanded={isSettingsOpen}
                onClick={() => setIsSettingsOpen((open) => !open)}
              >
                <Settings2 size={16} aria-hidden="true" />
              </button>
            </div>
          </header>
          {isSettingsOpen ? (
            <NotificationSettingsPanel />
          ) : (
            <NotificationList notifications={notifications} onDismiss={dismiss} />
          )}
        </>
      )}
    </Dropdown>
  );
}
