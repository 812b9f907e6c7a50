import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { AppError } from '../../core/app-error';
import { type Db, isConnectionError, type Queryable } from './db';

const INT8_OID = 20;

/** bigint counts come back as numbers, as they do on PGlite, so the same code reads both. */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A configured PostgreSQL that does not answer becomes a 503, not a 500. */
function unavailableIfUnreachable(error: unknown): never {
  if (isConnectionError(error)) throw AppError.serviceUnavailable('PostgreSQL');
  throw error;
}

function over(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const result = await client.query(sql, params as unknown[] | undefined).catch(unavailableIfUnreachable);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql) {
      await client.query(sql).catch(unavailableIfUnreachable);
    },
  };
}

/** How long opening a connection may take before PostgreSQL counts as unreachable (a 503). */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * How long a query may wait for a free connection of a full pool. A full pool means PostgreSQL answers and is busy
 * (a rush of raid sign-ups): the wait is the queue's, not an outage, and the answer comes late rather than lost.
 * The pool's one setting (connectionTimeoutMillis) bounds both waits; the client's own connect timeout keeps the
 * first short.
 */
const POOL_WAIT_MS = 15_000;

/** A pool client that gives up connecting after CONNECT_TIMEOUT_MS whatever the pool waits for a free one. */
class QuickConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * PostgreSQL through a `pg` pool (10 connections unless told); fails fast (3 s) when the server is unreachable, and
 * queues a query up to 15 s for a connection when the pool is busy.
 */
export function createPostgresDb(connectionString: string, log: FastifyBaseLogger, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    Client: QuickConnectClient,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL connection lost'));
  const base = over(pool);
  async function inTransaction<T>(begin: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch(unavailableIfUnreachable);
    try {
      await client.query(begin);
      const result = await fn(over(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgresql',
    pool,
    ...base,
    transaction: (fn) => inTransaction('BEGIN', fn),
    readOnlySnapshot: (fn) => inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', fn),
    async rawSession(fn, options) {
      const client = await pool.connect().catch(unavailableIfUnreachable);
      let isBroken = options?.isTainted === true;
      try {
        return await fn({ kind: 'postgresql', client });
      } catch (error) {
        // A tainted connection stays closed whatever the error; a lost one is closed too.
        isBroken = isBroken || isConnectionError(error);
        throw error;
      } finally {
        client.release(isBroken);
      }
    },
    close: () => pool.end(),
  };
}
