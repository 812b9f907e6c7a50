// Turns alerts into deliveries: an alert going off or ending is sent to every contact point its severity and rule
// are routed to, unless a silence or a maintenance window mutes it. Every process that sees it may ask; the
// deliveries' unique key makes each once.
import type { DomainEvent } from '../../core/event-bus';
import { isDatabaseUnreachable } from '../../services/db/db';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { type DirectOutcome, deliverDirectly } from './deliver-directly';
import type { AlertDeliveryJob } from './delivery-job';
import { muteReasonFor } from './mute';
import { insertAlertDeliveries, insertDueRepeats, markAlertMuted, selectAlertRouting } from './queries';
import type { RoutingCopy } from './routing-copy';

const SYSTEM = { actor: { type: 'system' }, ip: null } as const;

/**
 * Queues the deliveries of one alert event (resolves with their ids). An alert PostgreSQL could not store, or whose
 * deliveries it could not queue, is sent at once from the process's copy of the routing (resolves with how it went).
 */
export async function routeAlertEvent(
  deps: AlertDeliveryDeps,
  job: AlertDeliveryJob,
  copy: RoutingCopy,
  event: DomainEvent,
): Promise<string[] | DirectOutcome[]> {
  if (event.type === 'alert.raised' && !event.isStored) return deliverDirectly(deps, copy, event);
  try {
    return await queueAlertEvent(deps, job, event);
  } catch (error) {
    if (event.type === 'alert.raised' && isDatabaseUnreachable(error)) return deliverDirectly(deps, copy, event);
    throw error;
  }
}

async function queueAlertEvent(deps: AlertDeliveryDeps, job: AlertDeliveryJob, event: DomainEvent): Promise<string[]> {
  const routed =
    event.type === 'alert.raised'
      ? { alertId: event.alert.id, event: 'firing' as const }
      : event.type === 'alert.resolved'
        ? { alertId: event.alertId, event: 'resolved' as const }
        : null;
  if (!routed) return [];
  const alert = await selectAlertRouting(deps.db, routed.alertId);
  if (!alert) return [];
  // A muted alert is still stored and shown, marked with why; its resolution is not sent either.
  if (alert.muted_reason) return [];
  if (routed.event === 'firing') {
    const muted = await muteReasonFor(deps.db, alert, deps.now());
    if (muted) {
      await markAlertMuted(deps.db, routed.alertId, muted);
      return [];
    }
  }
  const ids = await insertAlertDeliveries(deps.db, routed.alertId, routed.event);
  for (const deliveryId of ids) await deps.jobs.enqueue(job, { input: { deliveryId }, requester: SYSTEM });
  return ids;
}

/** Queues the repeats due now of alerts still firing (a contact point's 'repeat every N hours'); their ids. */
export async function queueDueRepeats(deps: AlertDeliveryDeps, job: AlertDeliveryJob): Promise<string[]> {
  const ids = await insertDueRepeats(deps.db, deps.now());
  for (const deliveryId of ids) await deps.jobs.enqueue(job, { input: { deliveryId }, requester: SYSTEM });
  return ids;
}
