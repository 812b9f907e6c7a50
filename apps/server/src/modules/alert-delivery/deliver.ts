// One delivery, tried now: sent once, a Discord 429's short wait honoured within the attempt, the outcome kept.
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { recordDeliveryAttempt, selectDeliveryWork } from './queries';
import { type SendOutcome, sendDelivery } from './send-delivery';

/** A rate limit this short is waited out within the attempt; a longer one goes back to the job's backoff. */
const MAX_INLINE_WAIT_MS = 15_000;

/**
 * Sends a delivery unless it went out already, and records the attempt: sent, failed for good (isLast, or a
 * receiver that refused it), or still pending with the receiver's answer while a retry will follow.
 */
export async function deliver(
  deps: AlertDeliveryDeps,
  deliveryId: string,
  options: { isLast: boolean; signal?: AbortSignal },
): Promise<SendOutcome | null> {
  const work = await selectDeliveryWork(deps.db, deliveryId);
  if (!work || work.status === 'sent') return null;
  let outcome = await sendDelivery(deps, work);
  if (outcome.status === 'failed' && outcome.retryAfterMs !== null && outcome.retryAfterMs <= MAX_INLINE_WAIT_MS) {
    await deps.sleep(outcome.retryAfterMs, options.signal);
    if (!options.signal?.aborted) outcome = await sendDelivery(deps, work);
  }
  const isFinal = outcome.status === 'failed' && (options.isLast || !outcome.isRetryable);
  await recordDeliveryAttempt(deps.db, deliveryId, {
    status: outcome.status === 'sent' ? 'sent' : isFinal ? 'failed' : 'pending',
    error: outcome.status === 'failed' ? outcome.error : null,
  });
  return outcome;
}
