import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnection } from '../services/redis';

/** Hits counted in a fixed window that starts with the first hit. */
export interface HitCount {
  count: number;
  /** Time until the window ends and the count starts again from zero. */
  resetInMs: number;
}

/** Counts hits per key in fixed windows (rate limits, failed sign-ins of unknown names). */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<HitCount>;
  /**
   * Takes back one hit of the current window, never below zero and without moving its end: an attempt counted
   * as it began (so concurrent attempts cannot slip past the limit) that turned out not to count.
   */
  takeBack(key: string): Promise<void>;
}

/** Counting in this process only: right for one process, and the fallback while Redis is down. */
export function createMemoryHitCounter(now: () => number = Date.now): HitCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const dropEnded = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      if (windows.size > 10_000) dropEnded(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async takeBack(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
  };
}

/** DECR only a live key above zero: a window that ended meanwhile is not brought back as -1 without expiry. */
const TAKE_BACK_SCRIPT = `local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Counting in Redis (INCR + PEXPIRE under REDIS_PREFIX), so every process shares one count. */
export function createRedisHitCounter(redis: RedisConnection): HitCounter {
  return {
    async hit(key, windowMs) {
      const fullKey = `${redis.prefix}${key}`;
      const results = await redis.client.multi().incr(fullKey).pttl(fullKey).exec();
      if (!results) throw new Error('Redis transaction aborted');
      const [[incrError, count], [ttlError, ttl]] = results as [[Error | null, number], [Error | null, number]];
      if (incrError || ttlError) throw incrError ?? ttlError;
      // A fresh key (or one whose expiry was lost) gets its window now.
      if (ttl < 0) {
        await redis.client.pexpire(fullKey, windowMs);
        return { count, resetInMs: windowMs };
      }
      return { count, resetInMs: ttl };
    },
    async takeBack(key) {
      await redis.client.eval(TAKE_BACK_SCRIPT, 1, `${redis.prefix}${key}`);
    },
  };
}

/** Redis when it answers, this process's memory while it does not: sign-in keeps working through an outage. */
export function createHitCounter(redis: RedisConnection | null, log: FastifyBaseLogger): HitCounter {
  const memory = createMemoryHitCounter();
  if (!redis) return memory;
  const shared = createRedisHitCounter(redis);
  return {
    async hit(key, windowMs) {
      if (!redis.isReady()) return memory.hit(key, windowMs);
      try {
        return await shared.hit(key, windowMs);
      } catch (error) {
        log.warn({ err: error }, 'Redis rate counting failed; counting in this process');
        return memory.hit(key, windowMs);
      }
    },
    async takeBack(key) {
      if (!redis.isReady()) return memory.takeBack(key);
      try {
        await shared.takeBack(key);
      } catch (error) {
        log.warn({ err: error }, 'Redis rate counting failed; counting in this process');
        await memory.takeBack(key);
      }
    },
  };
}
