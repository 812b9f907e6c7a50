import { REDIS_KEY_TYPES, type RedisKeyEntry, type RedisKeysPage, type RedisKeyType } from '@guildhall/contract';
import type { Redis } from 'ioredis';
import type { KeyScope } from './key-scope';
import { wireKey } from './wire';

/** How long one page may keep scanning for a rare pattern before it answers with what it has and a cursor. */
const PAGE_BUDGET_MS = 150;
/** COUNT of each SCAN call when the pattern filters: a thousand slots stay well under a millisecond in Redis. */
const FILTERED_SCAN_COUNT = 1000;

/** Keys described per script call: a thousand TYPE + PTTL pairs run in well under a millisecond. */
const DESCRIBE_BATCH = 1000;

/**
 * TYPE and PTTL of every key given, in one call: one command instead of a pipeline of two per key, which costs
 * the client far more than Redis.
 */
const DESCRIBE_KEYS = `
local described = {}
for _, key in ipairs(KEYS) do
  described[#described + 1] = redis.call('TYPE', key).ok
  described[#described + 1] = redis.call('PTTL', key)
end
return described`;

/**
 * One page of the key browser, under the app's prefix (the pattern and the keys shown are relative to it): SCAN MATCH from `cursor` until it has `count` keys, the database is done or the
 * time budget is spent (each SCAN call is short, so Redis is never blocked), then TYPE and PTTL of the page's
 * keys in one script call per thousand, and DBSIZE for the total (never counted by scanning).
 */
export async function scanKeysPage(
  redis: Redis,
  scope: KeyScope,
  request: { pattern: string; cursor: string; count: number; database: number },
): Promise<RedisKeysPage> {
  const started = performance.now();
  const match = scope.pattern(request.pattern);
  // Under the prefix, '*' matches most keys of a database: SCAN as many slots as the page asks for.
  const scanCount = request.pattern === '*' ? request.count : Math.max(request.count, FILTERED_SCAN_COUNT);
  const seen = new Set<string>();
  const keys: Buffer[] = [];
  let cursor = request.cursor;
  let calls = 0;
  do {
    const [next, found] = await redis.scanBuffer(cursor, 'MATCH', match, 'COUNT', scanCount);
    cursor = next.toString();
    calls++;
    for (const key of found) {
      // SCAN may repeat a key while Redis resizes its table; a page never lists one twice.
      const id = key.toString('latin1');
      if (!seen.has(id)) {
        seen.add(id);
        keys.push(key);
      }
    }
  } while (cursor !== '0' && keys.length < request.count && performance.now() - started < PAGE_BUDGET_MS);

  const described: (string | number)[] = [];
  for (let from = 0; from < keys.length; from += DESCRIBE_BATCH) {
    const batch = keys.slice(from, from + DESCRIBE_BATCH);
    described.push(...((await redis.eval(DESCRIBE_KEYS, batch.length, ...batch)) as (string | number)[]));
  }
  const entries: RedisKeyEntry[] = [];
  keys.forEach((key, i) => {
    const type = described[i * 2] as string;
    const ttlMs = described[i * 2 + 1] as number;
    const shown = scope.relative(key);
    // Gone between SCAN and TYPE: not listed; nor the prefix itself, which has no name under it.
    if (type === 'none' || ttlMs === -2 || shown.length === 0) return;
    entries.push({ ...wireKey(shown), type: keyType(type), ttl: ttlSeconds(ttlMs) });
  });
  const totalKeys = await redis.dbsize();
  return { entries, cursor, scanned: Math.min(calls * scanCount, totalKeys), totalKeys, database: request.database };
}

/** Every key matching a pattern, a SCAN page at a time (short calls: Redis keeps serving in between). */
export async function* scanMatches(redis: Redis, pattern: string): AsyncGenerator<Buffer[]> {
  let cursor = '0';
  do {
    const [next, found] = await redis.scanBuffer(cursor, 'MATCH', pattern, 'COUNT', FILTERED_SCAN_COUNT);
    cursor = next.toString();
    if (found.length > 0) yield found;
  } while (cursor !== '0');
}

/** TYPE's answer as a key type of the contract; module types (ReJSON-RL...) are 'unknown'. */
export function keyType(type: string): RedisKeyType {
  return (REDIS_KEY_TYPES as readonly string[]).includes(type) ? (type as RedisKeyType) : 'unknown';
}

/** PTTL's milliseconds as the contract's seconds: -1 when it does not expire, rounded up otherwise. */
export function ttlSeconds(ttlMs: number): number {
  return ttlMs < 0 ? -1 : Math.ceil(ttlMs / 1000);
}
