import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, notificationSettings } from '@guildhall/contract';

/** The stored settings over the defaults; unknown or malformed stored keys fall back to the defaults. */
export function effectiveNotificationSettings(stored: Record<string, unknown> | null): NotificationSettings {
  const parsed = notificationSettings.partial().safeParse(stored ?? {});
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}
