import type { Queryable } from '../../services/db/db';
import { READONLY_HIDDEN_TABLES } from '../../services/db/readonly-grants';

/** Schemas PostgreSQL keeps for itself: left out of the schema list unless asked for. */
export const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'] as const;

/** Relation kinds the browser lists: ordinary and partitioned tables, views, materialised views. */
const TABLE_KINDS = "('r', 'p', 'v', 'm')";

/**
 * Tables the browser never lists, shows or exports: app_meta holds the generated community token secret (the
 * read-only role cannot read it either). The names are constants, written into the SQL.
 */
const NOT_HIDDEN = `NOT (n.nspname = 'public' AND c.relname IN (${READONLY_HIDDEN_TABLES.map((name) => `'${name}'`).join(', ')}))`;

/** pg_class.relkind as the contract names it. */
export const RELATION_KINDS = { r: 'table', p: 'partitioned table', v: 'view', m: 'materialized view' } as const;
/** A listed pg_class.relkind. */
export type RelKind = keyof typeof RELATION_KINDS;

/**
 * An identifier as SQL, with quote_ident's semantics but always quoted: doubled quotes inside, so a name
 * from the browser is data, never SQL. Only ever applied to names read back from the catalogue.
 */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A table (or view) as the catalogue knows it. */
export interface TableRow {
  oid: number;
  schema: string;
  name: string;
  kind: RelKind;
}

export async function selectSchemas(db: Queryable, includeSystem: boolean) {
  const { rows } = await db.query<{ schema_name: string }>(
    `SELECT nspname AS schema_name FROM pg_namespace
     WHERE $1::boolean OR (nspname <> ALL($2::text[]) AND nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%')
     ORDER BY nspname`,
    [includeSystem, SYSTEM_SCHEMAS],
  );
  return rows;
}

export async function schemaExists(db: Queryable, schema: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return rows.length > 0;
}

export async function selectTable(db: Queryable, schema: string, table: string): Promise<TableRow | null> {
  const { rows } = await db.query<TableRow>(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ${TABLE_KINDS} AND ${NOT_HIDDEN}`,
    [schema, table],
  );
  return rows[0] ?? null;
}

/**
 * A table of a schema with the planner's row estimate (-1: never analysed; a partitioned table's is the sum of
 * its partitions') and its sizes.
 */
export interface TableStatsRow {
  oid: number;
  schema: string;
  name: string;
  kind: RelKind;
  reltuples: number;
  total_bytes: number;
  table_bytes: number;
  index_bytes: number;
}

const TABLE_STATS = `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
    CASE WHEN c.relkind = 'p' THEN coalesce((SELECT sum(greatest(p.reltuples, 0)) FROM pg_partition_tree(c.oid) t
      JOIN pg_class p ON p.oid = t.relid WHERE t.isleaf), 0) ELSE c.reltuples END::float8 AS reltuples,
    pg_total_relation_size(c.oid)::float8 AS total_bytes, pg_table_size(c.oid)::float8 AS table_bytes,
    pg_indexes_size(c.oid)::float8 AS index_bytes
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace`;

export async function selectTableStats(db: Queryable, schema: string) {
  const { rows } = await db.query<TableStatsRow>(
    `${TABLE_STATS} WHERE n.nspname = $1 AND c.relkind IN ${TABLE_KINDS} AND ${NOT_HIDDEN} ORDER BY c.relname`,
    [schema],
  );
  return rows;
}

export async function selectOneTableStats(db: Queryable, oid: number) {
  const { rows } = await db.query<TableStatsRow>(`${TABLE_STATS} WHERE c.oid = $1`, [oid]);
  return rows[0]!;
}

/** count(*) of a table found in the catalogue. */
export async function countRows(db: Queryable, table: { schema: string; name: string }): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`,
  );
  return rows[0]!.n;
}

/** A column with what the browser shows and what paging and rendering need. */
export interface ColumnRow {
  attnum: number;
  name: string;
  type: string;
  type_name: string;
  type_category: string;
  is_nullable: boolean;
  default: string | null;
}

export async function selectColumns(db: Queryable, oid: number) {
  const { rows } = await db.query<ColumnRow>(
    `SELECT a.attnum::int AS attnum, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            t.typname AS type_name, t.typcategory::text AS type_category, NOT a.attnotnull AS is_nullable,
            pg_get_expr(d.adbin, d.adrelid) AS default
     FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  return rows;
}

/** An index with its key columns (expressions as text), the first key's column number and whether it is a plain btree. */
export interface IndexRow {
  name: string;
  is_unique: boolean;
  is_primary: boolean;
  columns: string[];
  first_attnum: number;
  is_plain_btree: boolean;
  definition: string;
  size_bytes: number;
}

export async function selectIndexes(db: Queryable, oid: number) {
  const { rows } = await db.query<IndexRow>(
    `SELECT ic.relname AS name, i.indisunique AS is_unique, i.indisprimary AS is_primary,
            ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts::int) AS k ORDER BY k) AS columns,
            i.indkey[0]::int AS first_attnum, (am.amname = 'btree' AND i.indpred IS NULL) AS is_plain_btree,
            pg_get_indexdef(i.indexrelid) AS definition, pg_relation_size(i.indexrelid)::float8 AS size_bytes
     FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
     WHERE i.indrelid = $1 ORDER BY i.indisprimary DESC, ic.relname`,
    [oid],
  );
  return rows;
}

/** The primary key's column names in key order; empty without one. */
export async function selectPrimaryKey(db: Queryable, oid: number): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
     CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
     WHERE i.indrelid = $1 AND i.indisprimary ORDER BY k.position`,
    [oid],
  );
  return rows.map((row) => row.name);
}

/** A view's or materialised view's SELECT as PostgreSQL prints it. */
export async function selectViewDefinition(db: Queryable, oid: number): Promise<string | null> {
  const { rows } = await db.query<{ definition: string | null }>('SELECT pg_get_viewdef($1::oid, true) AS definition', [oid]);
  return rows[0]?.definition ?? null;
}

export async function selectConstraints(db: Queryable, oid: number) {
  const { rows } = await db.query<{ name: string; type: string; definition: string }>(
    `SELECT conname AS name, contype::text AS type, pg_get_constraintdef(oid, true) AS definition
     FROM pg_constraint WHERE conrelid = $1 ORDER BY contype, conname`,
    [oid],
  );
  return rows;
}

export async function selectForeignKeys(db: Queryable, oid: number) {
  const { rows } = await db.query<{
    name: string;
    columns: string[];
    referenced_schema: string;
    referenced_table: string;
    referenced_columns: string[];
  }>(
    `SELECT c.conname AS name,
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, position)
                  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.position) AS columns,
            rn.nspname AS referenced_schema, rc.relname AS referenced_table,
            ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, position)
                  JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.position) AS referenced_columns
     FROM pg_constraint c JOIN pg_class rc ON rc.oid = c.confrelid JOIN pg_namespace rn ON rn.oid = rc.relnamespace
     WHERE c.conrelid = $1 AND c.contype = 'f' ORDER BY c.conname`,
    [oid],
  );
  return rows;
}

/** Client connections of the whole server by state, and the server's limit. */
export async function selectConnectionCounts(db: Queryable) {
  const { rows } = await db.query<{
    active: number;
    idle: number;
    idle_in_transaction: number;
    waiting_on_locks: number;
    max_connections: number;
  }>(
    `SELECT count(*) FILTER (WHERE state = 'active' AND wait_event_type IS DISTINCT FROM 'Lock')::int AS active,
            count(*) FILTER (WHERE state = 'idle')::int AS idle,
            count(*) FILTER (WHERE state IN ('idle in transaction', 'idle in transaction (aborted)'))::int AS idle_in_transaction,
            count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock')::int AS waiting_on_locks,
            current_setting('max_connections')::int AS max_connections
     FROM pg_stat_activity WHERE backend_type = 'client backend'`,
  );
  return rows[0]!;
}

export async function selectDatabaseSize(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT pg_database_size(current_database())::float8 AS n');
  return rows[0]!.n;
}

export async function selectAppliedMigrations(db: Queryable) {
  const { rows: exists } = await db.query(
    "SELECT 1 FROM pg_class WHERE oid = to_regclass('schema_migrations') AND relkind = 'r'",
  );
  if (exists.length === 0) return [];
  const { rows } = await db.query<{ name: string; applied_at: Date }>(
    'SELECT name, applied_at FROM schema_migrations ORDER BY name',
  );
  return rows;
}

/** A session of this database as pg_stat_activity shows it; the query text cut at maxLength characters. */
export interface SessionRow {
  pid: number;
  user: string | null;
  application: string | null;
  client_address: string | null;
  backend_type: string | null;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  backend_start: Date | null;
  xact_start: Date | null;
  xact_ms: number | null;
  query_start: Date | null;
  query_ms: number | null;
  query: string | null;
  is_query_truncated: boolean;
  is_current: boolean;
}

/** Every session connected to the current database, this request's own (is_current) included. */
export async function selectSessions(db: Queryable, maxLength: number) {
  const { rows } = await db.query<SessionRow>(
    `SELECT a.pid, a.usename AS user, NULLIF(a.application_name, '') AS application,
            COALESCE(host(a.client_addr) || ':' || a.client_port, CASE WHEN a.client_port = -1 THEN 'local socket' END) AS client_address,
            a.backend_type, a.state, a.wait_event_type, a.wait_event, a.backend_start,
            a.xact_start, (extract(epoch FROM clock_timestamp() - a.xact_start) * 1000)::float8 AS xact_ms,
            a.query_start, (extract(epoch FROM clock_timestamp() - a.query_start) * 1000)::float8 AS query_ms,
            left(a.query, $1) AS query, coalesce(length(a.query) > $1, false) AS is_query_truncated,
            a.pid = pg_backend_pid() AS is_current
     FROM pg_stat_activity a
     WHERE a.datname = current_database()
     ORDER BY a.backend_start, a.pid`,
    [maxLength],
  );
  return rows;
}

/**
 * Signals one session of this database in a single statement, so "the backend serving this request" is the one
 * running it: no row when the pid is not a session of this database, is_current (and nothing signalled) when it
 * is this very backend, else the signal function's answer.
 */
export async function signalSession(db: Queryable, pid: number, signal: 'cancel' | 'terminate') {
  const fn = signal === 'cancel' ? 'pg_cancel_backend' : 'pg_terminate_backend';
  const { rows } = await db.query<{ is_current: boolean; done: boolean; user: string | null; application: string | null }>(
    `SELECT a.pid = pg_backend_pid() AS is_current,
            CASE WHEN a.pid = pg_backend_pid() THEN false ELSE ${fn}(a.pid) END AS done,
            a.usename AS user, NULLIF(a.application_name, '') AS application
     FROM pg_stat_activity a
     WHERE a.pid = $1 AND a.datname = current_database()`,
    [pid],
  );
  return rows[0] ?? null;
}

/**
 * Cancels the statement of one run: the check and the signal are one statement, so it reaches the backend only
 * while it is still active in the run's own transaction. True when a signal was sent.
 */
export async function cancelRunningStatement(db: Queryable, pid: number, xactStart: string): Promise<boolean> {
  const { rows } = await db.query<{ cancelled: boolean }>(
    `SELECT pg_cancel_backend(pid) AS cancelled FROM pg_stat_activity
     WHERE pid = $1 AND xact_start = $2::timestamptz AND state = 'active'`,
    [pid, xactStart],
  );
  return rows[0]?.cancelled === true;
}

/** The backend answering this request: its pid, role and the time. */
export async function selectCurrentBackend(db: Queryable): Promise<{ pid: number; user: string; started: Date }> {
  const { rows } = await db.query<{ pid: number; user: string; started: Date }>(
    'SELECT pg_backend_pid() AS pid, current_user AS user, now() AS started',
  );
  return rows[0]!;
}

/** Bounds every statement of the transaction to `ms` milliseconds. */
export async function setLocalStatementTimeout(tx: Queryable, ms: number): Promise<void> {
  await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [String(ms)]);
}
