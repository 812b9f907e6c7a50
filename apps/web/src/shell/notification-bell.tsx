import { Bell, Settings2 } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { bellCount } from './bell-count';
import { NotificationList } from './notification-list';
import { NotificationSettingsPanel } from './notification-settings-panel';
import { useNotifications } from './notifications-context';
import { useDismiss } from './use-dismiss';

/** The header bell with its count and the dropdown of recent notifications. */
export function NotificationBell() {
  const { notifications, dismiss, clearAll } = useNotifications();
  const [isOpen, setIsOpen] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const handleClose = useCallback(() => setIsOpen(false), []);
  useDismiss(rootRef, isOpen, handleClose);

  const count = notifications.length;
  return (
    <div className="dropdown" ref={rootRef}>
      <button
        type="button"
        className="icon-button header__bell"
        aria-label="Notifications"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="notification-bell"
      >
        <Bell size={20} aria-hidden="true" />
        {count > 0 && (
          <span className="header__bell-count" data-testid="notification-count">
            {bellCount(count)}
          </span>
        )}
      </button>
      {isOpen && (
        <div id={panelId} className="dropdown__panel notifications" role="dialog" aria-label="Notifications">
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
        </div>
      )}
    </div>
  );
}
