import { CircleCheck, CircleX, Info, OctagonAlert, TriangleExclamationPoint, X } from 'lucide-react';
import type { AdminNotification, NotificationType } from './notifications-context';
import '../styles/notifications.css';

const ICONS: Record<NotificationType, typeof Info> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  error: CircleX,
  critical: OctagonAlert,
};

interface NotificationListProps {
  notifications: AdminNotification[];
  onDismiss: (id: string) => void;
}

/** The notifications in the bell dropdown, newest first. */
export function NotificationList({ notifications, onDismiss }: NotificationListProps) {
  if (notifications.length === 0) return <p className="notifications__empty">No notifications</p>;
  return (
    <ul className="notifications__list">
      {notifications.map((notification) => {
        const Icon = ICONS[notification.type];
        return (
          <li key={notification.id} className={`notification notification--${notification.type}`} data-testid="notification">
            <Icon className="notification__icon" size={18} aria-hidden="true" />
            <div className="notification__body">
              <p className="notification__title">{notification.title}</p>
              <p className="notification__message">{notification.message}</p>
              <time className="notification__time" dateTime={notification.timestamp}>
                {new Date(notification.timestamp).toLocaleTimeString()}
              </time>
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label={`Dismiss ${notification.title}`}
              onClick={() => onDismiss(notification.id)}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
