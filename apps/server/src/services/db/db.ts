import type { Transaction } from '@electric-sql/pglite';
import { serviceUnavailable } from '@guildhall/contract';
import type { PoolClient } from 'pg';
import { AppError } from '../../core/app-error';

/** A row set: what both PostgreSQL drivers return, reduced to what the app reads. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or one transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * A connection of its own, as its driver gives it (the admin SQL query runner needs a cursor, the field types
 * and the backend pid). PGlite: one transaction, already begun, holding the app's only connection.
 */
export type RawSession = { kind: 'postgresql'; client: PoolClient } | { kind: 'pglite'; tx: Transaction };

/** The one database client: PostgreSQL through `pg`, or embedded PGlite; the same SQL runs on both. */
export interface Db extends Queryable {
  readonly kind: 'postgresql' | 'pglite';
  /** PostgreSQL: the `pg` pool, whose connection counts the metrics report. PGlite has one connection and no pool. */
  readonly pool?: {
    readonly totalCount: number;
    readonly idleCount: number;
    readonly waitingCount: number;
    readonly options: { readonly max?: number };
  };
  /** Runs fn in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn over one consistent, read-only view of the data (an export that reads several tables must
   * not see half of a change). PostgreSQL: a REPEATABLE READ transaction on a connection of its own.
   * PGlite has one connection for the whole app, so holding a snapshot there would stall every other
   * request while a download trickles out: it reads the live data instead.
   */
  readOnlySnapshot<T>(fn: (reader: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn on a raw connection of its own (PostgreSQL: released after; PGlite: inside one transaction). With
   * `isTainted`, fn ran SQL the app does not control that may have changed the session for good (a committed SET
   * ROLE, search_path, an advisory lock): PostgreSQL closes that connection instead of pooling it; PGlite, whose
   * one connection is the app's, resets role, settings and advisory locks.
   */
  rawSession<T>(fn: (session: RawSession) => Promise<T>, options?: { isTainted?: boolean }): Promise<T>;
  close(): Promise<void>;
}

/**
 * SQLSTATE classes and socket errors that mean "the server is not reachable", not "the query is wrong"; the driver's
 * own words for a pool that waited too long, a connection that took too long to open ("timeout expired") or was lost.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', '57P01', '57P03'].includes(code)) {
      return true;
    }
    if (code.startsWith('08')) return true;
  }
  return /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|connection is closed|Client has encountered a connection error/i.test(
    error.message,
  );
}

/** Whether an error says PostgreSQL could not be reached: the driver's own, or the 503 the pool turned it into. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  return error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE' && error.message === serviceUnavailable('PostgreSQL');
}
