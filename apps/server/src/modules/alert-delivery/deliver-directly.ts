// When PostgreSQL is what is down, an alert can be neither stored nor queued as a job: it is sent straight to its
// contact points from this process's copy of them, tried a few times here. Nothing is recorded (there is nowhere to
// record it) and each process that fires it sends it, so a receiver may hear it once per process.
import { randomUUID } from 'node:crypto';
import type { AlertEvidence, StoredAlert } from '@guildhall/contract';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import type { DeliveryWork } from './queries';
import type { RoutingCopy } from './routing-copy';
import { type SendOutcome, sendDelivery } from './send-delivery';

/** Tries per contact point, and the wait before the second and third. */
const DIRECT_ATTEMPTS = 3;
const DIRECT_RETRY_MS = 5_000;

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
  return Promise.all(
    copy.contactPointsFor(alert).map(async (contact) => {
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
