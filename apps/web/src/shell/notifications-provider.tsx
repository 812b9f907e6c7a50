import { NOTIFICATIONS } from '@guildhall/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AdminNotification, NotificationsContext, type NotificationsValue } from './notifications-context';

/** Keeps at most NOTIFICATIONS.max notifications, newest first, each for NOTIFICATIONS.lifetimeMs. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<AdminNotification[]>([]);
  const timers = useRef(new Map<string, number>());
  // crypto.randomUUID needs a secure context; the console may be served over plain http inside a network.
  const nextId = useRef(1);

  const dismiss = useCallback((id: string) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setNotifications((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const notify = useCallback<NotificationsValue['notify']>(
    (notification) => {
      const id = `notification-${nextId.current++}`;
      const entry = { ...notification, id, timestamp: new Date().toISOString() };
      setNotifications((current) => [entry, ...current].slice(0, NOTIFICATIONS.max));
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), NOTIFICATIONS.lifetimeMs),
      );
    },
    [dismiss],
  );

  const clearAll = useCallback(() => {
    for (const timer of timers.current.values()) window.clearTimeout(timer);
    timers.current.clear();
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
