import { type HealthOverview, SERVICE_LABELS, SERVICES, type StatusTone, statusTone } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { monitoringKeys } from '../api/monitoring';
import { useNotifications } from '../shell/notifications-context';
import { useToast } from '../ui/toast-context';
import { useNotificationSettings } from './notification-settings';

type Tones = Partial<Record<(typeof SERVICES)[number], StatusTone>>;

/**
 * Watches the health overview, whether polled or pushed, and tells the admin when a service goes
 * down or comes back (the "service alerts" notification setting).
 */
export function useServiceAlerts(): void {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const toast = useToast();
  const settings = useNotificationSettings();
  const previous = useRef<Tones | null>(null);

  const handleOverview = useEffectEvent((overview: HealthOverview) => {
    const tones: Tones = {};
    for (const service of SERVICES) tones[service] = statusTone(overview[service].status);
    const before = previous.current;
    previous.current = tones;
    if (!before || !settings.serviceAlerts) return;
    for (const service of SERVICES) {
      const was = before[service];
      const now = tones[service];
      if (was === now || was === undefined) continue;
      if (now === 'bad') {
        const message = `${SERVICE_LABELS[service]} is down`;
        notify({ type: 'error', title: 'Service status', message });
        if (settings.toasts) toast.error(message);
      } else if (was === 'bad' && now === 'good') {
        const message = `${SERVICE_LABELS[service]} is back`;
        notify({ type: 'success', title: 'Service status', message });
        if (settings.toasts) toast.success(message);
      }
    }
  });

  useEffect(() => {
    const key = JSON.stringify(monitoringKeys.healthOverview());
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (JSON.stringify(event.query.queryKey) !== key) return;
      handleOverview(event.query.state.data as HealthOverview);
    });
  }, [queryClient]);
}
