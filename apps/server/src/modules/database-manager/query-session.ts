import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { AppError } from '../../http/app-error';
import { type Db, isConnectionError } from '../../services/db/db';
import { pgTypes } from '../../services/db/postgres-db';
import { forgetRunningQuery, rememberRunningQuery } from './cancel-query';

/** The role without write privileges that read-only runs switch to (migration 0006). */
export const READONLY_ROLE = 'guildhall_readonly';

/** How one statement runs: its id, read-only or not, its statement_timeout. */
export interface QueryRunOptions {
  queryId: string;
  isReadOnly: boolean;
  timeoutMs: number;
}

/** A column as the driver describes it. */
export interface RawField {
  name: string;
  dataTypeID: number;
}

/**
 * One statement inside the run's transaction. PostgreSQL: a pg-cursor over the extended protocol, which refuses
 * several statements in one text and fetches rows in batches. PGlite: its query() (also the extended protocol)
 * returns the whole result at once, so batches are sliced from it.
 */
export interface StatementReader {
  /** The next batch of at most n rows; an empty batch once the result is exhausted. */
  read(n: number): Promise<Record<string, unknown>[]>;
  fields(): RawField[];
  /** Rows a command without a result changed (INSERT, UPDATE, DELETE). */
  commandRowCount(): number | null;
  close(): Promise<void>;
  /** Type names of the given type oids, read in the same transaction. */
  typeNames(oids: number[]): Promise<Map<number, string>>;
}

// Checked once per process: whether the connecting user may SET ROLE to the read-only role.
let canUseReadonlyRole: boolean | null = null;

async function postgresCan(client: pg.PoolClient): Promise<boolean> {
  if (canUseReadonlyRole === null) {
    const { rows } = await client.query(
      `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1 AND pg_has_role(current_user, oid, 'USAGE')) AS ok`,
      [READONLY_ROLE],
    );
    canUseReadonlyRole = rows[0]?.ok === true;
  }
  return canUseReadonlyRole;
}

const TYPE_NAMES_SQL = 'SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::int[])';

function toMap(rows: { oid: number; name: string }[]) {
  return new Map(rows.map((row) => [row.oid, row.name]));
}

function postgresReader(client: pg.PoolClient, sql: string): StatementReader {
  const cursor = client.query(new Cursor(sql, [], { types: pgTypes }));
  let result: pg.QueryResult | null = null;
  return {
    read: (n) =>
      new Promise((resolve, reject) => {
        cursor.read(n, (error, rows, last) => {
          if (error) return reject(error);
          result = last;
          resolve(rows);
        });
      }),
    fields: () => (result?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    commandRowCount: () => result?.rowCount ?? null,
    close: () => cursor.close(),
    typeNames: async (oids) => toMap((await client.query(TYPE_NAMES_SQL, [oids])).rows),
  };
}

async function pgliteReader(tx: Transaction | PGlite, sql: string): Promise<StatementReader> {
  const result = await tx.query<Record<string, unknown>>(sql, []);
  let offset = 0;
  return {
    async read(n) {
      const batch = result.rows.slice(offset, offset + n);
      offset += batch.length;
      return batch;
    },
    fields: () => result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    commandRowCount: () => (result.fields.length === 0 ? (result.affectedRows ?? 0) : null),
    close: async () => undefined,
    typeNames: async (oids) => toMap((await tx.query<{ oid: number; name: string }>(TYPE_NAMES_SQL, [oids])).rows),
  };
}

/** A database error becomes a 400 with PostgreSQL's text, position and SQLSTATE; an unreachable server a 503. */
export function queryFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isConnectionError(error)) return AppError.serviceUnavailable('PostgreSQL');
  const code = (error as { code?: unknown }).code;
  if (error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    const position = Number((error as { position?: unknown }).position);
    return new AppError(400, 'VALIDATION_FAILED', error.message, {
      details: { sqlState: code, position: Number.isFinite(position) && position > 0 ? position : null },
    });
  }
  return error;
}

/**
 * Drops what a statement leaves on its connection past the end of a transaction: prepared statements made with
 * SQL PREPARE (the driver's own are not from_sql) and session advisory locks. SET, LISTEN and cursors WITH HOLD
 * end with a rolled-back transaction; a committed run's connection is closed instead (isTainted).
 */
async function dropLeftovers(run: (sql: string) => Promise<{ rows: { name: string }[] }>) {
  const { rows } = await run('SELECT name FROM pg_prepared_statements WHERE from_sql');
  for (const { name } of rows) await run(`DEALLOCATE "${name.replaceAll('"', '""')}"`);
  await run('SELECT pg_advisory_unlock_all()');
}

/**
 * Runs fn over one statement in a transaction of its own: READ ONLY (under the read-only role where it exists)
 * and rolled back, or READ WRITE and committed; statement_timeout set for this transaction only. While the
 * statement runs, the query id names its backend and transaction so cancel can reach it, and only it.
 */
export async function runInQueryTransaction<T>(
  db: Db,
  sql: string,
  options: QueryRunOptions,
  fn: (reader: StatementReader) => Promise<T>,
): Promise<T> {
  try {
    // A committed statement may have changed the session for good (SET, LISTEN, a cursor WITH HOLD): that
    // connection is closed, not pooled. A rolled-back one can only leave what dropLeftovers drops.
    return await db.rawSession(
      async (session) => {
        const timeout = String(options.timeoutMs);
        if (session.kind === 'pglite') {
          const { tx } = session;
          await tx.query(options.isReadOnly ? 'SET TRANSACTION READ ONLY' : 'SET TRANSACTION READ WRITE');
          await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [timeout]);
          rememberRunningQuery(options.queryId, null);
          try {
            const result = await fn(await pgliteReader(tx, sql));
            // PGlite's one connection is the app's: nothing may outlive the run, committed or not.
            await dropLeftovers((text) => tx.query<{ name: string }>(text));
            if (options.isReadOnly) await tx.rollback();
            return result;
          } finally {
            forgetRunningQuery(options.queryId);
          }
        }
        const { client } = session;
        const useRole = options.isReadOnly && (await postgresCan(client));
        // Only this run's own entry is forgotten: a 409 for an id already running leaves that run's alone.
        let isRemembered = false;
        const forget = () => {
          if (isRemembered) forgetRunningQuery(options.queryId);
          isRemembered = false;
        };
        try {
          await client.query(options.isReadOnly ? 'BEGIN READ ONLY' : 'BEGIN READ WRITE');
          const { rows } = await client.query<{ pid: number; xact_start: string }>(
            'SELECT pg_backend_pid() AS pid, now()::text AS xact_start',
          );
          rememberRunningQuery(options.queryId, { pid: rows[0]!.pid, xactStart: rows[0]!.xact_start });
          isRemembered = true;
          await client.query(`SELECT set_config('statement_timeout', $1, true)`, [timeout]);
          if (useRole) await client.query(`SET LOCAL ROLE ${READONLY_ROLE}`);
          const result = await fn(postgresReader(client, sql));
          // The statement is over: from here a cancel finds nothing to stop.
          forget();
          await client.query(options.isReadOnly ? 'ROLLBACK' : 'COMMIT');
          if (options.isReadOnly) await dropLeftovers((text) => client.query<{ name: string }>(text));
          return result;
        } catch (error) {
          forget();
          await client.query('ROLLBACK').catch(() => undefined);
          if (options.isReadOnly) await dropLeftovers((text) => client.query<{ name: string }>(text)).catch(() => undefined);
          throw error;
        }
      },
      { isTainted: !options.isReadOnly },
    );
  } catch (error) {
    throw queryFailure(error);
  }
}
