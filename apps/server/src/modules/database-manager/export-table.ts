import { Readable } from 'node:stream';
import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { AppError } from '../../http/app-error';
import type { Db } from '../../services/db/db';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { csvCell, csvRow } from '../guilds/csv';
import { findTable } from './find-table';
import { keyColumns, keysetClauses, keyValuesOf, planKeyset } from './keyset';
import { type ColumnRow, quoteIdent, selectColumns, type TableRow } from './queries';

/** Rows per read: few round trips, flat memory whatever the table's size. */
const BATCH_ROWS = 1000;

/** Alias of the table in the export's SELECT, unlikely to shadow a column for row_to_json. */
const ROW_ALIAS = '__guildhall_row';

/** The export's request and who asks. */
export interface ExportRequest {
  schema: string;
  table: string;
  format: 'csv' | 'json';
  actor: AuditActor;
  ip: string | null;
}

/** A started export: the file's name, its content type and its bytes as a stream. */
export interface TableExport {
  filename: string;
  contentType: string;
  stream: Readable;
}

/** Reads the table in batches of text rows (one text per column for CSV, one JSON text for JSON); [] at the end. */
type BatchReader = { read(): Promise<(string | null)[][]>; close(): Promise<void> };

/** The select list: each column as text (CSV) or the whole row as JSON text. */
function selectList(columns: readonly ColumnRow[], format: 'csv' | 'json') {
  if (format === 'json') return `row_to_json(${ROW_ALIAS})::text AS c0`;
  return columns.map((column, i) => `${quoteIdent(column.name)}::text AS c${i}`).join(', ');
}

/** PostgreSQL: one connection of its own, a read-only snapshot and pg-cursor, so rows are fetched as they are written. */
async function cursorReader(databaseUrl: string, from: string, list: string): Promise<BatchReader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect().catch(() => {
    throw AppError.serviceUnavailable('PostgreSQL');
  });
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cursor = client.query(new Cursor<(string | null)[]>(`SELECT ${list} FROM ${from}`, [], { rowMode: 'array' }));
    return {
      read: () => cursor.read(BATCH_ROWS),
      async close() {
        await cursor.close().catch(() => undefined);
        await client.end().catch(() => undefined);
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** PGlite: keyset batches by the primary key (or ctid), each a short query, so other requests run in between. */
async function keysetReader(db: Db, table: TableRow, columns: ColumnRow[], from: string, list: string, width: number) {
  const plan = await planKeyset(db, table, columns, undefined);
  let after: (string | null)[] | null = null;
  let isDone = false;
  const reader: BatchReader = {
    async read() {
      if (isDone) return [];
      const { where, order, params } = keysetClauses(plan, 'asc', after);
      const { rows } = await db.query<Record<string, string | null>>(
        `SELECT ${list}, ${keyColumns(plan)} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${BATCH_ROWS}`,
        params,
      );
      if (rows.length < BATCH_ROWS) isDone = true;
      if (rows.length > 0) after = keyValuesOf(plan, rows[rows.length - 1]!);
      return rows.map((row) => Array.from({ length: width }, (_, i) => row[`c${i}`] ?? null));
    },
    async close() {},
  };
  return reader;
}

/** Numbers are written as they are; every other cell goes through the guild CSV writer (formulas neutralised). */
function csvLine(values: readonly (string | null)[], isNumeric: readonly boolean[]) {
  return `${values.map((value, i) => (isNumeric[i] && value !== null ? value : csvCell(value))).join(',')}\r\n`;
}

/**
 * A whole table as CSV (header row, RFC 4180, formula cells neutralised) or a JSON array of row objects,
 * streamed: never more than one batch in memory, reads wait for the client (backpressure), and a client that
 * hangs up closes the cursor and its connection. The first batch is read before answering, so a failure is
 * an error status rather than a cut-off file. Audited.
 */
export async function exportTable(db: Db, databaseUrl: string | null, request: ExportRequest): Promise<TableExport> {
  const table = await findTable(db, request.schema, request.table);
  const columns = await selectColumns(db, table.oid);
  const from = `${quoteIdent(table.schema)}.${quoteIdent(table.name)} AS ${ROW_ALIAS}`;
  const list = selectList(columns, request.format);
  const reader =
    db.kind === 'postgresql' && databaseUrl
      ? await cursorReader(databaseUrl, from, list)
      : await keysetReader(db, table, columns, from, list, request.format === 'json' ? 1 : columns.length);
  let first: (string | null)[][];
  try {
    first = await reader.read();
    await recordAudit(db, {
      actor: request.actor,
      action: 'database.table_exported',
      target: { type: 'table', id: `${table.schema}.${table.name}` },
      details: { format: request.format },
      ip: request.ip,
    });
  } catch (error) {
    await reader.close();
    throw new AppError(500, 'INTERNAL', DATABASE_MANAGER_MESSAGES.exportFailed((error as Error).message));
  }
  const isNumeric = columns.map((column) => column.type_category === 'N');
  async function* chunks() {
    try {
      yield request.format === 'csv' ? csvRow(columns.map((column) => column.name)) : '[';
      let batch = first;
      let isFirstRow = true;
      while (batch.length > 0) {
        if (request.format === 'csv') {
          yield batch.map((values) => csvLine(values, isNumeric)).join('');
        } else {
          yield batch.map((values, i) => `${isFirstRow && i === 0 ? '' : ','}\n${values[0]}`).join('');
          isFirstRow = false;
        }
        batch = await reader.read();
      }
      if (request.format === 'json') yield '\n]\n';
    } finally {
      await reader.close();
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${table.schema}.${table.name}-${date}.${request.format}`,
    contentType: request.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    stream: Readable.from(chunks(), { objectMode: false }),
  };
}
