import type { Redis } from 'ioredis';
import type { KeyScope } from './key-scope';
import { scanMatches } from './scan-keys';

/**
 * Delete by pattern under the app's prefix: SCAN the matches page by page and, unless a dry run, UNLINK each page's
 * matches as it comes (short calls, so Redis keeps serving others in between).
 */
export async function deleteByPattern(redis: Redis, scope: KeyScope, pattern: string, dryRun: boolean) {
  let matched = 0;
  let deleted = 0;
  for await (const keys of scanMatches(redis, scope.pattern(pattern))) {
    matched += keys.length;
    if (!dryRun) deleted += await redis.unlink(...keys);
  }
  return { matched, deleted };
}

/**
 * Flushes a database as far as the manager reaches: every key under the app's prefix (SCAN + UNLINK, never FLUSHDB,
 * which would take the keys of whoever else shares the database). Answers how many it deleted.
 */
export async function flushDatabase(redis: Redis, scope: KeyScope): Promise<number> {
  return (await deleteByPattern(redis, scope, '*', false)).deleted;
}
