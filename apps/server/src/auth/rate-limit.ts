import { type RateLimit, tooManyAttempts } from '@guildhall/contract';
import { AppError } from '../core/app-error';
import type { HitCounter } from './hit-counter';

/** Counts one hit on `key`; past the limit, throws 429 with Retry-After and the wait in the message. */
export async function enforceRateLimit(counter: HitCounter, key: string, rule: RateLimit): Promise<void> {
  const { count, resetInMs } = await counter.hit(`rate:${key}`, rule.windowMs);
  if (count <= rule.limit) return;
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  throw new AppError('RATE_LIMITED', tooManyAttempts(seconds), {
    details: { retryAfterSeconds: seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}
