import { type AdminEvent, ALERT_TOAST_MS, type Alert, adminAuthApi, MESSAGES } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { type AdminSessionState, adminAuthKeys } from '../api/admin-auth';
import { errorMessage } from '../api/api-error';
import { callEndpoint } from '../api/endpoint';
import { useAdminSession } from '../auth/admin-session-context';
import { ADMIN_LOGIN_PATH } from '../auth/login-path';
import { type NotificationType, useNotifications } from '../shell/notifications-context';
import type { ToastTone } from '../ui/toast-context';
import { useToast } from '../ui/toast-context';
import type { ConnectionState } from './live-context';
import { useNotificationSettings } from './notification-settings';
import { playAlertSound } from './play-alert-sound';

const ALERT_TOAST_TONE: Record<Alert['severity'], ToastTone> = {
  critical: 'error',
  error: 'error',
  warning: 'warning',
  info: 'info',
};

/** Alert types read as titles: 'high_cpu' → 'High cpu'. */
function alertTitle(type: string): string {
  const words = type.replace(/[_:-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Alert';
}

/** Turns live events into bell notifications and toasts, as the notification settings allow. */
export function useLiveNotices() {
  const toast = useToast();
  const { notify } = useNotifications();
  const { clearSession } = useAdminSession();
  const navigate = useNavigate();
  const settings = useNotificationSettings();
  const queryClient = useQueryClient();
  const warningToast = useRef<number | null>(null);

  /** Stay signed in: the server restarts the idle window (never past the absolute limit); the new expiry is kept. */
  async function extendSession() {
    try {
      const answer = await callEndpoint(adminAuthApi.extendSession);
      queryClient.setQueryData<AdminSessionState>(adminAuthKeys.session(), (current) =>
        current?.status === 'authenticated' ? { ...current, me: { ...current.me, session: answer.session } } : current,
      );
      toast.success(MESSAGES.sessionExtended);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.requestFailed));
    }
  }

  function onAlert(alert: Alert) {
    const isCritical = alert.severity === 'critical';
    if (isCritical && !settings.criticalAlerts) return;
    // The server raises service_down / service_recovered / service_degraded when a service changes.
    if (alert.type.startsWith('service_') && !settings.serviceAlerts) return;
    notify({ type: alert.severity as NotificationType, title: alertTitle(alert.type), message: alert.message });
    if (settings.toasts) {
      toast.show(ALERT_TOAST_TONE[alert.severity], alert.message, {
        title: alertTitle(alert.type),
        durationMs: isCritical ? ALERT_TOAST_MS.critical : ALERT_TOAST_MS.other,
      });
    }
    if (settings.sound) playAlertSound();
  }

  function onAdminEvent(event: AdminEvent) {
    switch (event.type) {
      case 'admin:session_warning':
        notify({ type: 'warning', title: 'Session', message: MESSAGES.sessionWarning });
        // It asks for an answer, so it waits for one (no timer) until acted on, dismissed or the session ends.
        warningToast.current = toast.warning(MESSAGES.sessionWarning, {
          durationMs: Number.POSITIVE_INFINITY,
          action: { label: MESSAGES.staySignedIn, onAction: () => void extendSession() },
        });
        break;
      case 'admin:forced_logout':
        // The server has ended the session already: forget it here without calling logout.
        clearSession('FORCED_LOGOUT');
        if (warningToast.current !== null) toast.dismiss(warningToast.current);
        toast.warning(MESSAGES.forcedLogout);
        navigate(ADMIN_LOGIN_PATH, { replace: true });
        break;
      case 'admin:alert':
        // Stored by the server until read: it stays in the bell, and after a reload, until dismissed.
        notify({ type: 'info', title: 'Admin', message: event.message, storedId: event.notificationId });
        break;
    }
  }

  function onConnectionChange(state: ConnectionState, lastError: string | null) {
    if (!settings.connectionAlerts || state === 'connecting') return;
    const isLive = state === 'connected';
    const message = isLive ? 'Live connection established' : (lastError ?? MESSAGES.notConnected);
    notify({ type: isLive ? 'success' : 'warning', title: 'Connection', message });
    if (settings.toasts) toast.show(isLive ? 'success' : 'warning', message);
  }

  return { onAlert, onAdminEvent, onConnectionChange };
}
