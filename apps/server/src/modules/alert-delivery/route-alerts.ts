// Turns alerts into deliveries: an alert going off or ending is sent to every contact point its severity and rule
// are routed to. Every process that sees it may ask; the deliveries' unique key makes each once.
import type { DomainEvent } from '../../core/event-bus';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import type { alertDeliveryJob } from './delivery-job';
import { insertAlertDeliveries } from './queries';

const SYSTEM = { actor: { type: 'system' }, ip: null } as const;

/** Queues the deliveries of one alert event; resolves with their ids. */
export async function routeAlertEvent(
  deps: AlertDeliveryDeps,
  job: ReturnType<typeof alertDeliveryJob>,
  event: DomainEvent,
): Promise<string[]> {
  const routed =
    event.type === 'alert.raised'
      ? { alertId: event.alert.id, event: 'firing' as const }
      : event.type === 'alert.resolved'
        ? { alertId: event.alertId, event: 'resolved' as const }
        : null;
  if (!routed) return [];
  const ids = await insertAlertDeliveries(deps.db, routed.alertId, routed.event);
  for (const deliveryId of ids) await deps.jobs.enqueue(job, { input: { deliveryId }, requester: SYSTEM });
  return ids;
}
