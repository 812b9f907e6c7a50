import { REDIS_MESSAGES } from '@guildhall/contract';
import { type Redis, ReplyError } from 'ioredis';
import { AppError } from '../../core/app-error';
import type { RedisConnection } from '../../services/redis';

/** How long a request waits for a manager connection that is still connecting before answering 503. */
const CONNECT_WAIT_MS = 2000;

/**
 * The manager's connections, one per database it was asked about, made with `duplicate({ db })` so the app's
 * shared connection never changes database. They close with the app's Redis connection.
 */
export interface RedisManagerConnections {
  /** Guildhall's own Redis settings: where its keys live. */
  readonly app: { prefix: string; database: number };
  /** A ready connection on `database`; 503 when Redis does not answer. */
  on(database: number): Promise<Redis>;
}

/** The manager's connections over the app's Redis. */
export function redisManagerConnections(redis: RedisConnection): RedisManagerConnections {
  const byDatabase = new Map<number, Redis>();
  return {
    app: { prefix: redis.prefix, database: redis.client.options.db ?? 0 },
    async on(database) {
      let connection = byDatabase.get(database);
      if (!connection) {
        connection = redis.duplicate({ db: database });
        byDatabase.set(database, connection);
      }
      if (!(await untilReady(connection))) throw new AppError('SERVICE_UNAVAILABLE', REDIS_MESSAGES.unavailable);
      return connection;
    },
  };
}

/** True once the connection is ready; false at once while it is between reconnect attempts. */
function untilReady(connection: Redis): Promise<boolean> {
  if (connection.status === 'ready') return Promise.resolve(true);
  if (connection.status === 'reconnecting' || connection.status === 'end') return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (ready: boolean) => {
      clearTimeout(timer);
      connection.off('ready', onReady);
      connection.off('close', onClose);
      resolve(ready);
    };
    const onReady = () => finish(true);
    const onClose = () => finish(false);
    const timer = setTimeout(() => finish(false), CONNECT_WAIT_MS);
    connection.once('ready', onReady);
    connection.once('close', onClose);
  });
}

/**
 * Redis's own refusals become clear 4xx answers (WRONGTYPE a 409, others a 400 with Redis's text); a lost
 * connection is a 503. AppErrors pass through.
 */
export function redisFailure(error: unknown): Error {
  if (error instanceof AppError) return error;
  if (error instanceof ReplyError) {
    const text = (error as Error).message.replace(/^ERR /, '');
    if (/^WRONGTYPE/.test(text)) return new AppError('CONFLICT', text);
    return new AppError('VALIDATION_FAILED', text);
  }
  return new AppError('SERVICE_UNAVAILABLE', REDIS_MESSAGES.unavailable);
}

/** Runs Redis work, answering its failures as redisFailure says. */
export async function redisWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw redisFailure(error);
  }
}
