// Deliveries as jobs on the one job layer: each is claimed by one process, retried with backoff while the receiver
// is down or rate-limits, and survives a restart.
import { JobFailure, type JobKind } from '../../services/job-queue';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { deliver } from './deliver';

export interface DeliveryJobInput {
  deliveryId: string;
}

/** Tries over about 35 minutes: 30 s, 2 min, 4.5 min, 8 min, 12.5 min, 18 min apart. */
const MAX_ATTEMPTS = 7;
const retryDelayMs = (attempts: number) => 30_000 * attempts * attempts;

export type AlertDeliveryJob = JobKind<DeliveryJobInput, null, { status: string }>;

const jobOfDeps = new WeakMap<AlertDeliveryDeps, AlertDeliveryJob>();

/** The delivery job kind of these deps, made once (the runner knows a kind by its one object). */
export function alertDeliveryJob(deps: AlertDeliveryDeps): AlertDeliveryJob {
  const known = jobOfDeps.get(deps);
  if (known) return known;
  const job = makeJob(deps);
  jobOfDeps.set(deps, job);
  return job;
}

function makeJob(deps: AlertDeliveryDeps): AlertDeliveryJob {
  return {
    name: 'alert_delivery',
    maxAttempts: MAX_ATTEMPTS,
    retryDelayMs,
    interruptedError: 'The delivery stopped with its process; it was tried again',
    failedError: 'The delivery failed',
    async run(job) {
      const isLast = job.record.attempts >= job.record.maxAttempts;
      const outcome = await deliver(deps, job.record.input.deliveryId, { isLast, signal: job.signal });
      if (outcome?.status === 'failed') throw new JobFailure(outcome.error, isLast || !outcome.isRetryable);
      return { status: outcome ? outcome.status : 'already sent' };
    },
    announce: () => [],
  };
}
