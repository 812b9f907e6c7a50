import type { Redis } from 'ioredis';
import { scanMatches } from './scan-keys';

/** Empties the connection's database (FLUSHDB ASYNC: Redis frees the memory in the background). Answers how many keys it held. */
export async function flushDatabase(redis: Redis): Promise<number> {
  const keys = await redis.dbsize();
  await redis.flushdb('ASYNC');
  return keys;
}

/**
 * Delete by pattern: SCAN the matches page by page and, unless a dry run, UNLINK each page's matches as it
 * comes (short calls, so Redis keeps serving others in between).
 */
export async function deleteByPattern(redis: Redis, pattern: string, dryRun: boolean) {
  let matched = 0;
  let deleted = 0;
  for await (const keys of scanMatches(redis, pattern)) {
    matched += keys.length;
    if (!dryRun) deleted += await redis.unlink(...keys);
  }
  return { matched, deleted };
}
