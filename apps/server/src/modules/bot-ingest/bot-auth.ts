import { createHash } from 'node:crypto';
import { BOT_INGEST_MESSAGES } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import { requireBearerSecret } from '../../auth/bearer-token';
import type { HitCounter } from '../../auth/hit-counter';
import { enforceRateLimit } from '../../auth/rate-limit';
import { AppError } from '../../core/app-error';

const MINUTE_MS = 60_000;

/** What the bot guard needs: the configured token (null: the API is off), its rate and the shared counter. */
export interface BotAuthOptions {
  apiToken: string | null;
  ratePerMinute: number;
  counter: HitCounter;
}

/**
 * The ingestion API's guard: 503 while no token is configured, 401 without the right bearer token (compared in
 * constant time, over digests so the length does not leak either; 429 past 10 wrong tokens a minute from one
 * address), then the token's own rate limit (429).
 */
export function botGuard(options: BotAuthOptions) {
  const expected = options.apiToken;
  // The counter key names the token by a digest: the token itself never reaches Redis.
  const counterKey = expected === null ? '' : `bot-ingest:${createHash('sha256').update(expected).digest('hex').slice(0, 16)}`;
  return async (request: FastifyRequest) => {
    if (expected === null) throw new AppError('SERVICE_UNAVAILABLE', BOT_INGEST_MESSAGES.notConfigured);
    await requireBearerSecret(request, expected, {
      counter: options.counter,
      scope: 'bot',
      refuse: () =>
        new AppError('UNAUTHENTICATED', BOT_INGEST_MESSAGES.invalidToken, {
          headers: { 'WWW-Authenticate': 'Bearer realm="guildhall-bot"' },
        }),
    });
    await enforceRateLimit(options.counter, counterKey, { limit: options.ratePerMinute, windowMs: MINUTE_MS });
  };
}
