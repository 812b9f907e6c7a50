import { createContext, useContext } from 'react';

/** How a notification reads. */
export type NotificationType = 'info' | 'success' | 'warning' | 'error' | 'critical';

/** One notification in the header bell (spec 2 §3). */
export interface AdminNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  timestamp: string;
  /** A notice the server keeps until read (an account security alert): it stays until dismissed, which marks it read. */
  storedId?: string;
}

/** The header notifications and what can be done with them. */
export interface NotificationsValue {
  notifications: AdminNotification[];
  notify: (notification: Omit<AdminNotification, 'id' | 'timestamp'> & { timestamp?: string }) => void;
  dismiss: (id: string) => void;
  clearAll: () => void;
}

/** The notifications context; null outside the provider. */
export const NotificationsContext = createContext<NotificationsValue | null>(null);

/** The notifications of the nearest NotificationsProvider. */
export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications needs a NotificationsProvider');
  return value;
}
