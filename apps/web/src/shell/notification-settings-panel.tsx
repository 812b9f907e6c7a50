import {
  NOTIFICATION_SETTING_LABELS,
  type NotificationSettings,
  updateNotificationSetting,
  useNotificationSettings,
} from '../live/notification-settings';
import '../styles/notifications.css';

/** Switches for which live events notify the admin, kept in this browser. */
export function NotificationSettingsPanel() {
  const settings = useNotificationSettings();
  const keys = Object.keys(NOTIFICATION_SETTING_LABELS) as (keyof NotificationSettings)[];
  return (
    <fieldset className="notification-settings">
      <legend className="visually-hidden">Notification settings</legend>
      {keys.map((key) => (
        <label key={key} className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={settings[key]}
            checked={settings[key]}
            onChange={(event) => updateNotificationSetting(key, event.target.checked)}
          />
          <span className="switch__track" aria-hidden="true" />
          <span>{NOTIFICATION_SETTING_LABELS[key]}</span>
        </label>
      ))}
    </fieldset>
  );
}
