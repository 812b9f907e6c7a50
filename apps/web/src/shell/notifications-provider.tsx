import { NOTIFICATIONS } from '@guildhall/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMarkAdminNotificationsRead, useUnreadAdminNotifications } from '../api/admin-notifications';
import { useAbilities } from '../auth/abilities';
import { type AdminNotification, NotificationsContext, type NotificationsValue } from './notifications-context';

/** The bell's id of a stored notice: one per notice, so the load and the live push of the same one do not double. */
const storedKey = (storedId: string) => `stored-${storedId}`;

/**
 * Keeps at most NOTIFICATIONS.max notifications, newest first. A passing one lasts NOTIFICATIONS.lifetimeMs; an
 * account security notice the server stores stays until dismissed, which marks it read for this admin, and the
 * unread ones are back after a reload (issue 29).
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<AdminNotification[]>([]);
  const timers = useRef(new Map<string, number>());
  // crypto.randomUUID needs a secure context; the console may be served over plain http inside a network.
  const nextId = useRef(1);
  const stored = useUnreadAdminNotifications(useAbilities().can('receiveAccountAlerts'));
  const markRead = useMarkAdminNotificationsRead();
  const markReadRef = useRef(markRead.mutate);
  markReadRef.current = markRead.mutate;
  // Read by dismiss and clearAll outside a state update, which must stay free of requests.
  const shown = useRef(notifications);
  shown.current = notifications;

  const add = useCallback((entry: AdminNotification) => {
    setNotifications((current) =>
      current.some((known) => known.id === entry.id) ? current : [entry, ...current].slice(0, NOTIFICATIONS.max),
    );
  }, []);

  const dismiss = useCallback((id: string) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    const storedId = shown.current.find((notification) => notification.id === id)?.storedId;
    if (storedId) markReadRef.current([storedId]);
    setNotifications((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const notify = useCallback<NotificationsValue['notify']>(
    (notification) => {
      const id = notification.storedId ? storedKey(notification.storedId) : `notification-${nextId.current++}`;
      add({ ...notification, id, timestamp: notification.timestamp ?? new Date().toISOString() });
      if (notification.storedId) return;
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), NOTIFICATIONS.lifetimeMs),
      );
    },
    [add, dismiss],
  );

  // The unread stored notices, as the console opens: oldest first, so the newest ends on top.
  useEffect(() => {
    for (const notice of [...(stored.data?.notifications ?? [])].reverse()) {
      add({
        id: storedKey(notice.id),
        storedId: notice.id,
        type: 'info',
        title: 'Admin',
        message: notice.message,
        timestamp: notice.createdAt,
      });
    }
  }, [stored.data, add]);

  const clearAll = useCallback(() => {
    for (const timer of timers.current.values()) window.clearTimeout(timer);
    timers.current.clear();
    const storedIds = shown.current.flatMap((notification) => (notification.storedId ? [notification.storedId] : []));
    if (storedIds.length > 0) markReadRef.current(storedIds);
    setNotifications([]);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  const value = useMemo(() => ({ notifications, notify, dismiss, clearAll }), [notifications, notify, dismiss, clearAll]);
  return <NotificationsContext value={value}>{children}</NotificationsContext>;
}
