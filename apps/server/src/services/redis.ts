import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** Longest pause between reconnect attempts: a Redis that comes back is used again within this. */
const MAX_RECONNECT_DELAY_MS = 3000;

/** A Redis connection that never throws unhandled and fails fast while Redis is down. */
export interface RedisConnection {
  readonly client: Redis;
  /** Prefix of every key Guildhall writes (REDIS_PREFIX). */
  readonly prefix: string;
  isReady(): boolean;
  /**
   * Resolves true once connected, false on timeout or on a failed attempt; never rejects. Between
   * reconnect attempts it answers false at once: Redis is known to be away.
   */
  waitUntilReady(timeoutMs: number): Promise<boolean>;
  /** Another connection with the same settings (plus overrides), closed with this one. */
  duplicate(overrides?: RedisOptions): Redis;
  close(): Promise<void>;
}

/** Connects in the background; reconnects forever with a capped delay. */
export function createRedis(url: string, prefix: string, log: FastifyBaseLogger): RedisConnection {
  const client = new Redis(url, {
    retryStrategy: (attempt) => Math.min(attempt * 250, MAX_RECONNECT_DELAY_MS),
    maxRetriesPerRequest: 1,
    // Commands fail at once while disconnected, so callers fall back instead of hanging.
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
  const extraConnections: Redis[] = [];
  let wasReady = false;
  client.on('ready', () => {
    wasReady = true;
    log.info('Redis connected');
  });
  client.on('error', (error) => {
    // ioredis reports every failed reconnect; log the first loss loudly, the rest quietly.
    if (wasReady) log.warn({ err: error }, 'Redis connection lost; reconnecting');
    else log.debug({ err: error }, 'Redis not reachable');
    wasReady = false;
  });

  return {
    client,
    prefix,
    isReady: () => client.status === 'ready',
    waitUntilReady(timeoutMs) {
      if (client.status === 'ready') return Promise.resolve(true);
      if (client.status === 'reconnecting' || client.status === 'end') return Promise.resolve(false);
      return new Promise((resolve) => {
        const finish = (ready: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          client.off('close', onClose);
          resolve(ready);
        };
        const onReady = () => finish(true);
        const onClose = () => finish(false);
        const timer = setTimeout(() => finish(false), timeoutMs);
        client.once('ready', onReady);
        client.once('close', onClose);
      });
    },
    duplicate(overrides) {
      const connection = client.duplicate(overrides);
      connection.on('error', (error) => log.debug({ err: error }, 'Redis (extra connection) not reachable'));
      extraConnections.push(connection);
      return connection;
    },
    async close() {
      for (const connection of [client, ...extraConnections]) connection.disconnect();
    },
  };
}

/** The `redis_version` line of INFO server. */
export function parseRedisVersion(info: string): string | null {
  return /^redis_version:(.+)$/m.exec(info)?.[1]?.trim() ?? null;
}
