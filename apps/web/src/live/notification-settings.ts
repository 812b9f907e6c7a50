import { useSyncExternalStore } from 'react';

/** Which live events reach the admin, and how (spec 1 §9). */
export interface NotificationSettings {
  toasts: boolean;
  criticalAlerts: boolean;
  serviceAlerts: boolean;
  connectionAlerts: boolean;
  sound: boolean;
}

/** The defaults of spec 1 §9. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  toasts: true,
  criticalAlerts: true,
  serviceAlerts: true,
  connectionAlerts: false,
  sound: false,
};

/** What each setting is called on screen. */
export const NOTIFICATION_SETTING_LABELS: Record<keyof NotificationSettings, string> = {
  toasts: 'Show toasts',
  criticalAlerts: 'Critical alerts',
  serviceAlerts: 'Service alerts',
  connectionAlerts: 'Connection alerts',
  sound: 'Sound',
};

const STORAGE_KEY = 'guildhall.admin.notification-settings';
const listeners = new Set<() => void>();
let cached: NotificationSettings | null = null;

function read(): NotificationSettings {
  if (cached) return cached;
  let stored: Partial<NotificationSettings> = {};
  try {
    stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<NotificationSettings>;
  } catch {
    stored = {};
  }
  const merged = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const key of Object.keys(merged) as (keyof NotificationSettings)[]) {
    if (typeof stored[key] === 'boolean') merged[key] = stored[key];
  }
  cached = merged;
  return merged;
}

/** Changes one setting and remembers it in this browser. */
export function updateNotificationSetting(key: keyof NotificationSettings, value: boolean): void {
  cached = { ...read(), [key]: value };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cached));
  } catch {
    // Storage may be full or disabled; the setting still holds for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current notification settings, re-rendering when they change. */
export function useNotificationSettings(): NotificationSettings {
  return useSyncExternalStore(subscribe, read);
}
