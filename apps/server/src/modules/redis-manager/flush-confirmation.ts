import { createHash, randomBytes } from 'node:crypto';
import { REDIS_FLUSH_CONFIRMATION_SECONDS, REDIS_MESSAGES } from '@guildhall/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../../core/app-error';

/*
 * A flush takes two calls: the first issues a confirmation token, the second flushes with it. The token is random,
 * lives REDIS_FLUSH_CONFIRMATION_SECONDS, serves once, and only the admin it was issued to, for the database it
 * names. It is kept in the app's own Redis database under the prefix (as the hash of the token, so that reading
 * the key shows no usable token), which every process shares.
 */

/** Compares the stored binding and deletes the token only when it matches: another admin's try does not spend it. */
const CONSUME_IF_BOUND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0`;

const tokenKey = (prefix: string, token: string) =>
  `${prefix}redis-manager:flush-confirmation:${createHash('sha256').update(token).digest('hex')}`;
const binding = (adminId: string, database: number) => `${adminId}:${database}`;

/** Issues a token for this admin and database; answers it with when it expires. */
export async function issueFlushToken(appRedis: Redis, prefix: string, adminId: string, database: number) {
  const token = randomBytes(32).toString('base64url');
  await appRedis.set(tokenKey(prefix, token), binding(adminId, database), 'EX', REDIS_FLUSH_CONFIRMATION_SECONDS);
  return { token, expiresAt: new Date(Date.now() + REDIS_FLUSH_CONFIRMATION_SECONDS * 1000).toISOString() };
}

/** Spends a token for this admin and database, or refuses: unknown, expired, spent, another admin's or database's. */
export async function spendFlushToken(appRedis: Redis, prefix: string, adminId: string, database: number, token: string) {
  const spent = await appRedis.eval(CONSUME_IF_BOUND, 1, tokenKey(prefix, token), binding(adminId, database));
  if (spent !== 1) throw AppError.invalidField('token', REDIS_MESSAGES.flushTokenInvalid);
}
