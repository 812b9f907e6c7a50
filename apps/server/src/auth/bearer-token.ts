import { createHash, timingSafeEqual } from 'node:crypto';
import type { RateLimit } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../core/app-error';
import type { HitCounter } from './hit-counter';
import { enforceRateLimit } from './rate-limit';

/** The bearer token of a request's Authorization header, or null when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a presented secret is the expected one, compared in constant time over digests, so neither its length
 * nor a matching prefix leaks through timing. For the bearer tokens of callers that are not admins with a cookie.
 */
export function isSameSecret(presented: string | null, expected: string): boolean {
  return presented !== null && timingSafeEqual(digest(presented), digest(expected));
}

/** Wrong bearer tokens one client address may present per minute to one API (the bot's, the scraper's) before 429. */
export const BEARER_FAILURE_LIMIT: RateLimit = { limit: 10, windowMs: 60_000 };

/**
 * Checks a request's bearer token against the expected one, with failed attempts limited per client address and
 * API (`scope`): every attempt is counted as it begins (so a burst of guesses cannot pass the check together) and
 * taken back when the token was right; past the limit, 429 with Retry-After, even for the right token, so guessing
 * on gains nothing. `refuse` is the API's own 401.
 */
export async function requireBearerSecret(
  request: FastifyRequest,
  expected: string,
  options: { counter: HitCounter; scope: string; refuse: () => AppError },
): Promise<void> {
  const key = `bearer-failures:${options.scope}:${request.ip}`;
  await enforceRateLimit(options.counter, key, BEARER_FAILURE_LIMIT);
  if (!isSameSecret(bearerTokenOf(request), expected)) throw options.refuse();
  await options.counter.takeBack(`rate:${key}`);
}
