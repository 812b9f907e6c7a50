import type { RedisConnection } from '../../services/redis';

/** Past this many keys the figure is a lower bound: a summary must not walk a huge keyspace. */
const MAX_KEYS = 10_000;

/** The pattern of a guild's cache entries: everything cached for it lives under {prefix}guild:{id}:. */
export const guildCachePattern = (redis: RedisConnection, guildId: string) => `${redis.prefix}guild:${guildId}:*`;

/** Every key of a guild's cache entries, found with SCAN (never KEYS), in batches. */
export async function* guildCacheKeys(redis: RedisConnection, guildId: string): AsyncGenerator<string[]> {
  let cursor = '0';
  let seen = 0;
  do {
    const [next, keys] = await redis.client.scan(cursor, 'MATCH', guildCachePattern(redis, guildId), 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) yield keys;
    seen += keys.length;
  } while (cursor !== '0' && seen < MAX_KEYS);
}

/**
 * Bytes the guild's cache entries take (MEMORY USAGE per key); 0 when no Redis is configured or it is
 * away right now, since the summary is about the database and must not fail for the cache.
 */
export async function guildCacheSize(redis: RedisConnection | null, guildId: string): Promise<number> {
  if (!redis?.isReady()) return 0;
  try {
    let bytes = 0;
    for await (const keys of guildCacheKeys(redis, guildId)) {
      const pipeline = redis.client.pipeline();
      for (const key of keys) pipeline.memory('USAGE', key);
      for (const [error, size] of (await pipeline.exec()) ?? []) if (!error) bytes += Number(size) || 0;
    }
    return bytes;
  } catch {
    return 0;
  }
}

/** Drops a guild's cache entries after its data was deleted, so no stale copy outlives it; best effort. */
export async function dropGuildCache(redis: RedisConnection | null, guildId: string): Promise<void> {
  if (!redis?.isReady()) return;
  try {
    for await (const keys of guildCacheKeys(redis, guildId)) await redis.client.unlink(...keys);
  } catch {
    // Redis went away meanwhile: the entries expire or are dropped next time.
  }
}
