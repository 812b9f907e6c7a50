import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@guildhall/contract';
import { RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '../../api/me';
import { Card } from '../../ui/card';

/** How each notification setting reads on screen. */
export const NOTIFICATION_LABELS: Record<keyof NotificationSettings, { label: string; description: string }> = {
  toasts: { label: 'Show toasts', description: 'Short messages in the corner of the screen' },
  criticalAlerts: { label: 'Critical alerts', description: 'Problems that need attention now' },
  serviceAlerts: { label: 'Service alerts', description: 'A service going down or coming back' },
  connectionAlerts: { label: 'Connection alerts', description: 'The live connection dropping and returning' },
  sound: { label: 'Sound', description: 'A short sound with critical alerts' },
};

const KEYS = Object.keys(NOTIFICATION_LABELS) as (keyof NotificationSettings)[];

/** Notification settings, stored on the server per user; the defaults of spec 1 §9 until changed. */
export function NotificationSettingsCard({ userId }: { userId: string }) {
  const query = useNotificationSettingsQuery(userId);
  const update = useUpdateNotificationSettingsMutation(userId);
  const saved = query.data ?? DEFAULT_NOTIFICATION_SETTINGS;
  const [draft, setDraft] = useState<Partial<NotificationSettings>>({});
  const shown = { ...saved, ...draft };
  const changed = KEYS.filter((key) => shown[key] !== saved[key]);
  const isDefault = KEYS.every((key) => shown[key] === DEFAULT_NOTIFICATION_SETTINGS[key]);

  function handleSave() {
    const changes = Object.fromEntries(changed.map((key) => [key, shown[key]])) as Partial<NotificationSettings>;
    update.mutate(changes, { onSuccess: () => setDraft({}) });
  }

  return (
    <Card title="Notifications" data-testid="notification-settings">
      <fieldset className="settings-switches" disabled={query.isPlaceholderData || update.isPending}>
        <legend className="visually-hidden">Notification settings</legend>
        {KEYS.map((key) => (
          <label key={key} className="switch settings-switch">
            <input
              type="checkbox"
              role="switch"
              name={key}
              aria-checked={shown[key]}
              checked={shown[key]}
              onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.checked }))}
            />
            <span className="switch__track" aria-hidden="true" />
            <span className="settings-switch__text">
              <span className="settings-switch__label">{NOTIFICATION_LABELS[key].label}</span>
              <span className="settings-switch__description">{NOTIFICATION_LABELS[key].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDraft({ ...DEFAULT_NOTIFICATION_SETTINGS })}
          disabled={isDefault}
        >
          <RotateCcw size={16} aria-hidden="true" />
          Restore defaults
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={handleSave}
          disabled={changed.length === 0 || update.isPending}
        >
          <Save size={16} aria-hidden="true" />
          Save notification settings
        </button>
      </div>
    </Card>
  );
}
