// When PostgreSQL is what is down, an alert can be neither stored nor queued as a job: it is sent straight to its
// contact points from this process's copy of them, tried a few times here. Nothing is recorded (there is nowhere to
// record it). With Redis, the processes that fire it agree there which one sends it to each contact point; without,
// each sends it.
import { randomUUID } from 'node:crypto';
import type { AlertEvidence, StoredAlert } from '@guildhall/contract';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import type { DeliveryWork } from './queries';
import type { RoutingCopy } from './routing-copy';
import { type SendOutcome, sendDelivery } from './send-delivery';

/** Tries per contact point, and the wait before the second and third. */
const DIRECT_ATTEMPTS = 3;
const DIRECT_RETRY_MS = 5_000;

/** How long a process's claim on sending an alert to a contact point holds: the same rule and instance within it are
 * the same outage. */
const CLAIM_MS = 5 * 60_000;

/** Whether this process sends the alert to the contact point: it claimed it in Redis, or Redis cannot say. */
async function isClaimed(deps: AlertDeliveryDeps, alert: StoredAlert, contactId: string): Promise<boolean> {
  const redis = deps.redis;
  if (!redis?.isReady()) return true;
  const key = `${redis.prefix}alert-direct:${alert.ruleId ?? alert.type}:${alert.instance ?? ''}:${contactId}`;
  try {
    return (await redis.client.set(key, alert.id, 'PX', CLAIM_MS, 'NX')) === 'OK';
  } catch {
    // Better twice than never.
    return true;
  }
}

/** A contact point's outcome of a direct delivery. */
export interface DirectOutcome {
  contactPoint: string;
  outcome: SendOutcome;
}

export async function deliverDirectly(
  deps: AlertDeliveryDeps,
  copy: RoutingCopy,
  raised: { alert: StoredAlert; evidence: AlertEvidence | null },
): Promise<DirectOutcome[]> {
  const { alert } = raised;
  if (copy.isMuted(alert, deps.now())) return [];
  const work = (contact: DeliveryWork['contact']): DeliveryWork => ({
    id: randomUUID(),
    event: 'firing',
    status: 'pending',
    attempts: 0,
    contact,
    alert: {
      id: alert.id,
      severity: alert.severity,
      type: alert.type,
      message: alert.message,
      rule_id: alert.ruleId,
      instance: alert.instance,
      created_at: new Date(alert.timestamp),
      resolved_at: null,
      evidence: raised.evidence,
    },
  });
  const mine = [];
  for (const contact of copy.contactPointsFor(alert)) if (await isClaimed(deps, alert, contact.id)) mine.push(contact);
  return Promise.all(
    mine.map(async (contact) => {
      const delivery = work(contact);
      let outcome = await sendDelivery(deps, delivery);
      for (let attempt = 1; attempt < DIRECT_ATTEMPTS && outcome.status === 'failed' && outcome.isRetryable; attempt += 1) {
        await deps.sleep(outcome.retryAfterMs ?? DIRECT_RETRY_MS * attempt);
        outcome = await sendDelivery(deps, delivery);
      }
      return { contactPoint: contact.name, outcome };
    }),
  );
}
