import type { PGlite, Transaction } from '@electric-sql/pglite';
import { DATABASE_QUERY_MESSAGES, QUERY_RESULT_MAX_BYTES } from '@guildhall/contract';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { READONLY_ROLE } from '../../config';
import { AppError } from '../../core/app-error';
import { type Db, isConnectionError } from '../../services/db/db';
import { pgTypes } from '../../services/db/postgres-db';
import type { ReadonlyAccess } from '../../services/db/readonly-access';
import { cancelQuery, forgetRunningQuery, rememberRunningQuery } from './cancel-query';
import { statementRefusal } from './statement-audit';
import { lexSql, SqlLexError } from './statement-lexer';

/** Where statements run: the app's database, and the read-only connection with what the start-up check found. */
export interface QueryTarget {
  db: Db;
  readonlyAccess: ReadonlyAccess;
}

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
 * One statement inside the run's transaction, read a batch at a time. PostgreSQL: a pg-cursor over the extended
 * protocol, which refuses several statements in one text. PGlite: a SQL cursor (DECLARE … FETCH) for a statement
 * that can have one (SELECT, VALUES, TABLE, WITH), so a huge result is never whole in memory either; any other
 * statement's result comes whole from query(), and is refused past QUERY_RESULT_MAX_BYTES.
 */
export interface StatementReader {
  /** The next batch of at most n (> 0) rows; fewer only at the end of the result. */
  read(n: number): Promise<Record<string, unknown>[]>;
  fields(): RawField[];
  /** Rows a command without a result changed (INSERT, UPDATE, DELETE). */
  commandRowCount(): number | null;
  close(): Promise<void>;
  /** Type names of the given type oids, read in the same transaction. */
  typeNames(oids: number[]): Promise<Map<number, string>>;
}

/** Roughly how many bytes a value takes: what a result's budget is counted in. */
export function approximateBytes(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof Date) return 8;
  if (typeof value === 'object') {
    if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + approximateBytes(item), 2);
    let sum = 2;
    for (const [key, item] of Object.entries(value)) sum += key.length + approximateBytes(item);
    return sum;
  }
  return 8;
}

/** 400: the result is past what one answer may hold. */
export const resultTooLarge = () =>
  new AppError('VALIDATION_FAILED', DATABASE_QUERY_MESSAGES.resultTooLarge(QUERY_RESULT_MAX_BYTES / 1024 / 1024), {
    fields: { query: DATABASE_QUERY_MESSAGES.resultTooLarge(QUERY_RESULT_MAX_BYTES / 1024 / 1024) },
  });

// Checked once per process: whether PGlite has the read-only role (migration 0006 makes it there).
let pgliteHasRole: boolean | null = null;

const TYPE_NAMES_SQL = 'SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::int[])';

function toMap(rows: { oid: number; name: string }[]) {
  return new Map(rows.map((row) => [row.oid, row.name]));
}

/** 400: the statement ran past its statement_timeout. */
const timedOut = (timeoutMs: number) =>
  new AppError('VALIDATION_FAILED', DATABASE_QUERY_MESSAGES.timedOut(timeoutMs), {
    details: { sqlState: '57014', position: null },
  });

/** PostgreSQL's answer to anything sent in a transaction an earlier error aborted. */
const IN_FAILED_TRANSACTION = '25P02';

/** What a COMMIT that rolled back stands for, as PostgreSQL would have put it. */
const rolledBack = () =>
  Object.assign(new Error('current transaction is aborted: the statement failed after its first rows, nothing was committed'), {
    code: IN_FAILED_TRANSACTION,
  });

/**
 * Reads through pg-cursor. Each fetch is watched by a timer of its own: PostgreSQL arms statement_timeout per
 * fetch from the current setting, which the statement itself may have set to 0 (set_config(…, true) in a read
 * with writes allowed), so past the timeout the server cancels the backend from the app's pool.
 *
 * The statement can also fail between fetches or while its cursor closes (the timeout firing while the app is
 * still taking the last rows apart): pg-cursor then keeps the error to itself, or drops it once closed, and the
 * transaction is aborted. afterwards() turns what such a transaction answers next into the statement's own error.
 */
function postgresReader(
  client: pg.PoolClient,
  sql: string,
  watch: { db: Db; queryId: string; timeoutMs: number },
): StatementReader & { afterwards(error: unknown): unknown } {
  const startedAt = performance.now();
  const cursor = client.query(new Cursor(sql, [], { types: pgTypes }));
  let result: pg.QueryResult | null = null;
  // The statement's own failure, however it came: a fetch's answer, or an error with no fetch waiting for it.
  let failure: unknown = null;
  cursor.on('error', (error: unknown) => {
    failure ??= error;
  });
  const afterwards = (error: unknown) => {
    if ((error as { code?: unknown }).code !== IN_FAILED_TRANSACTION) return error;
    if (failure) return failure;
    // The error came while the cursor closed, which pg-cursor drops: the timeout is the one thing that fails a
    // statement whose rows were all read so far.
    return performance.now() - startedAt >= watch.timeoutMs ? timedOut(watch.timeoutMs) : error;
  };
  return {
    read: (n) =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        let isTimedOut = false;
        // A little past the timeout, so PostgreSQL's own one fires first when it still can.
        const timer = setTimeout(() => {
          isTimedOut = true;
          void cancelQuery(watch.db, watch.queryId).catch(() => undefined);
        }, watch.timeoutMs + 250);
        cursor.read(n, (error, rows, last) => {
          clearTimeout(timer);
          if (error) {
            failure = isTimedOut ? timedOut(watch.timeoutMs) : error;
            return reject(failure);
          }
          result = last;
          resolve(rows);
        });
      }),
    fields: () => (result?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    commandRowCount: () => result?.rowCount ?? null,
    // A cursor that failed has ended with its error (closing it again would wait for nothing), which is the answer.
    close: async () => {
      if (!failure) await cursor.close();
      if (failure) throw failure;
    },
    typeNames: async (oids) => {
      try {
        return toMap((await client.query(TYPE_NAMES_SQL, [oids])).rows);
      } catch (error) {
        throw afterwards(error);
      }
    },
    afterwards,
  };
}

/** Statements PostgreSQL can open a cursor over, by their first token. */
function canHaveCursor(sql: string): boolean {
  try {
    const first = lexSql(sql)[0];
    return first?.value === '(' || (first?.kind === 'word' && ['select', 'with', 'values', 'table'].includes(first.value));
  } catch (error) {
    if (error instanceof SqlLexError) return false;
    throw error;
  }
}

const PGLITE_CURSOR = 'guildhall_result';

async function pgliteReader(tx: Transaction | PGlite, sql: string): Promise<StatementReader> {
  const typeNames = async (oids: number[]) => toMap((await tx.query<{ oid: number; name: string }>(TYPE_NAMES_SQL, [oids])).rows);
  if (canHaveCursor(sql)) {
    await tx.query('SAVEPOINT guildhall_cursor');
    let isOpen = false;
    try {
      // On its own line: a statement ending in a -- comment cannot swallow what follows it.
      await tx.query(`DECLARE ${PGLITE_CURSOR} NO SCROLL CURSOR FOR\n${sql}`, []);
      isOpen = true;
    } catch {
      // Not a query a cursor takes (SELECT … INTO, a data-modifying WITH), or a wrong one: run as it is below,
      // which answers the statement's own error at its own position.
      await tx.query('ROLLBACK TO SAVEPOINT guildhall_cursor');
    }
    if (isOpen) {
      let fields: RawField[] = [];
      return {
        async read(n) {
          const result = await tx.query<Record<string, unknown>>(
            `FETCH FORWARD ${Math.max(1, Math.floor(n))} FROM ${PGLITE_CURSOR}`,
          );
          fields = result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
          return result.rows;
        },
        fields: () => fields,
        commandRowCount: () => null,
        close: async () => {
          await tx.query(`CLOSE ${PGLITE_CURSOR}`).catch(() => undefined);
        },
        typeNames,
      };
    }
  }
  const result = await tx.query<Record<string, unknown>>(sql, []);
  // Held whole by PGlite already: refused past the budget rather than passed on.
  let bytes = 0;
  for (const row of result.rows) {
    bytes += approximateBytes(row);
    if (bytes > QUERY_RESULT_MAX_BYTES) throw resultTooLarge();
  }
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
    typeNames,
  };
}

/** PostgreSQL's answer to a second statement sent through the extended protocol (SQLSTATE 42601). */
const MULTIPLE_STATEMENTS = /cannot insert multiple commands into a prepared statement/;

/** A database error becomes a 400 with PostgreSQL's text, position and SQLSTATE; an unreachable server a 503. */
export function queryFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isConnectionError(error)) return AppError.serviceUnavailable('PostgreSQL');
  const code = (error as { code?: unknown }).code;
  if (error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    const position = Number((error as { position?: unknown }).position);
    // The extended protocol's refusal of a second statement, in PostgreSQL's words about its own internals.
    const message = MULTIPLE_STATEMENTS.test(error.message) ? DATABASE_QUERY_MESSAGES.oneStatement : error.message;
    return new AppError('VALIDATION_FAILED', message, {
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
 * Runs fn over one statement in a transaction of its own: READ ONLY and rolled back, or READ WRITE and committed;
 * statement_timeout set for this transaction only. The statement is checked first (statementRefusal: refused
 * with a 400 before it reaches the database). Read-only, on PostgreSQL it runs on the read-only role's own
 * connection when the start-up check found it fit (login_role); otherwise on the app's connection under
 * SET LOCAL ROLE (set_role) or in the READ ONLY transaction alone, kept by the check; on PGlite under SET LOCAL
 * ROLE. While the statement runs, the query id names its backend and transaction so cancel can reach it, and only it.
 */
export async function runInQueryTransaction<T>(
  target: QueryTarget,
  sql: string,
  options: QueryRunOptions,
  fn: (reader: StatementReader) => Promise<T>,
): Promise<T> {
  const { db } = target;
  const refusal = statementRefusal(sql, { isReadOnly: options.isReadOnly, engine: db.kind });
  if (refusal) throw AppError.invalidField('query', refusal);
  const mode = target.readonlyAccess.current().readOnlyRunner;
  const signedIn = options.isReadOnly && mode === 'login_role' ? target.readonlyAccess.db : null;
  try {
    // A committed statement may have changed the session for good (SET, LISTEN, a cursor WITH HOLD): that
    // connection is closed, not pooled. A rolled-back one can only leave what dropLeftovers drops.
    return await (signedIn ?? db).rawSession(
      async (session) => {
        const timeout = String(options.timeoutMs);
        if (session.kind === 'pglite') {
          const { tx } = session;
          await tx.query(options.isReadOnly ? 'SET TRANSACTION READ ONLY' : 'SET TRANSACTION READ WRITE');
          await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [timeout]);
          if (options.isReadOnly) {
            // The check reads strings as standard-conforming; the role is the read-only one, which the check keeps.
            await tx.query(`SELECT set_config('standard_conforming_strings', 'on', true)`);
            if (pgliteHasRole === null) {
              const { rows } = await tx.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [READONLY_ROLE]);
              pgliteHasRole = rows.length > 0;
            }
            if (pgliteHasRole) await tx.query(`SET LOCAL ROLE ${READONLY_ROLE}`);
          }
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
        const useRole = options.isReadOnly && !signedIn && mode === 'set_role';
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
          if (options.isReadOnly) await client.query(`SELECT set_config('standard_conforming_strings', 'on', true)`);
          if (useRole) await client.query(`SET LOCAL ROLE ${READONLY_ROLE}`);
          const reader = postgresReader(client, sql, { db, queryId: options.queryId, timeoutMs: options.timeoutMs });
          // fn may stop reading early (a result past its budget): the open cursor would hold the connection.
          const result = await fn(reader).catch(async (error: unknown) => {
            await reader.close().catch(() => undefined);
            throw error;
          });
          // The statement is over: from here a cancel finds nothing to stop.
          forget();
          if (options.isReadOnly) await client.query('ROLLBACK');
          else {
            // COMMIT of an aborted transaction rolls back without an error: the statement failed after its rows.
            const commit = await client.query('COMMIT');
            if (commit.command === 'ROLLBACK') throw reader.afterwards(rolledBack());
          }
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
