import { Readable } from 'node:stream';
import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { csvCell, csvRow } from '../guilds/csv';
import { crlfRecords, jsonArrayOfLines, startCopyExport } from './copy-export';
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

/** PGlite, a view (no key, no ctid): OFFSET batches in the view's own order, each a short query. */
function offsetReader(db: Db, from: string, list: string, width: number): BatchReader {
  let offset = 0;
  let isDone = false;
  return {
    async read() {
      if (isDone) return [];
      const { rows } = await db.query<Record<string, string | null>>(
        `SELECT ${list} FROM ${from} OFFSET $1 LIMIT ${BATCH_ROWS}`,
        [offset],
      );
      if (rows.length < BATCH_ROWS) isDone = true;
      offset += rows.length;
      return rows.map((row) => Array.from({ length: width }, (_, i) => row[`c${i}`] ?? null));
    },
    async close() {},
  };
}

/** PGlite: keyset batches by the primary key (or ctid), each a short query, so other requests run in between. */
async function keysetReader(db: Db, table: TableRow, columns: ColumnRow[], from: string, list: string, width: number) {
  if (table.kind === 'v') return offsetReader(db, from, list, width);
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

/**
 * Numbers are written as they are; every other cell goes through the guild CSV writer (formulas neutralised).
 * An empty text is `""` and NULL an empty cell, as COPY writes them, so both engines' files read back the same.
 */
function csvLine(values: readonly (string | null)[], isNumeric: readonly boolean[]) {
  const cell = (value: string | null, i: number) =>
    value === '' ? '""' : isNumeric[i] && value !== null ? value : csvCell(value);
  return `${values.map(cell).join(',')}\r\n`;
}

/** Cell starts a spreadsheet reads as a formula (the guild CSV writer's rule), as character codes: tab, CR, + - = @. */
const FORMULA_CODES = '9, 13, 43, 45, 61, 64';
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The COPY's select list for CSV: numbers and bytea (COPY writes `\x` hex) as they are, booleans as text; any other
 * value whose text starts a formula gets a leading quote in SQL, so the bytes go straight from PostgreSQL to
 * the client. Header names are neutralised the same way through their aliases.
 */
function copyCsvList(columns: readonly ColumnRow[]) {
  return columns
    .map((column) => {
      const name = quoteIdent(column.name);
      const alias = quoteIdent(FORMULA_START.test(column.name) ? `'${column.name}` : column.name);
      if (column.type_category === 'N' || column.type_name === 'bytea') return `${ROW_ALIAS}.${name} AS ${alias}`;
      // true/false as ::text writes them (COPY would write t/f), as the PGlite path does.
      if (column.type_category === 'B') return `${ROW_ALIAS}.${name}::text AS ${alias}`;
      const text = `${ROW_ALIAS}.${name}::text`;
      return `CASE WHEN ascii(${text}) IN (${FORMULA_CODES}) THEN '''' || ${text} ELSE ${text} END AS ${alias}`;
    })
    .join(', ');
}

/**
 * COPY of the whole table. JSON: one row_to_json text a line; CSV framing with delimiter and quote set to
 * control characters a JSON text never holds raw keeps COPY from escaping anything, and the line breaks a `json`
 * column may hold between tokens become spaces, so a line is a row.
 */
function copySql(columns: readonly ColumnRow[], from: string, format: 'csv' | 'json') {
  if (format === 'csv') return `COPY (SELECT ${copyCsvList(columns)} FROM ${from}) TO STDOUT WITH (FORMAT csv, HEADER)`;
  return `COPY (SELECT translate(row_to_json(${ROW_ALIAS})::text, E'\\n\\r', '  ') FROM ${from}) TO STDOUT WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')`;
}

/** PGlite (no streaming COPY TO STDOUT: its COPY writes a whole file to a blob): keyset batches of text rows. */
async function pgliteExport(db: Db, table: TableRow, columns: ColumnRow[], from: string, format: 'csv' | 'json') {
  const reader = await keysetReader(
    db,
    table,
    columns,
    from,
    selectList(columns, format),
    format === 'json' ? 1 : columns.length,
  );
  let first: (string | null)[][];
  try {
    first = await reader.read();
  } catch (error) {
    await reader.close();
    throw error;
  }
  const isNumeric = columns.map((column) => column.type_category === 'N');
  async function* chunks() {
    try {
      yield format === 'csv' ? csvRow(columns.map((column) => column.name)) : '[';
      let batch = first;
      let isFirstRow = true;
      while (batch.length > 0) {
        if (format === 'csv') {
          yield batch.map((values) => csvLine(values, isNumeric)).join('');
        } else {
          yield batch.map((values, i) => `${isFirstRow && i === 0 ? '' : ','}\n${values[0]}`).join('');
          isFirstRow = false;
        }
        batch = await reader.read();
      }
      if (format === 'json') yield '\n]\n';
    } finally {
      await reader.close();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * A whole table as CSV (header row, RFC 4180, formula cells neutralised) or a JSON array of row objects,
 * streamed with backpressure and flat memory; a client that hangs up stops the read and frees its connection.
 * PostgreSQL: COPY on a connection of its own, bytes passed through; PGlite: keyset batches. The first bytes are
 * read before answering, so a failure is an error status rather than a cut-off file. Audited.
 */
export async function exportTable(db: Db, databaseUrl: string | null, request: ExportRequest): Promise<TableExport> {
  const table = await findTable(db, request.schema, request.table);
  const columns = await selectColumns(db, table.oid);
  const from = `${quoteIdent(table.schema)}.${quoteIdent(table.name)} AS ${ROW_ALIAS}`;
  let stream: Readable;
  try {
    stream =
      db.kind === 'postgresql' && databaseUrl
        ? (
            await startCopyExport(
              databaseUrl,
              copySql(columns, from, request.format),
              request.format === 'csv' ? crlfRecords() : jsonArrayOfLines(),
            )
          ).stream
        : await pgliteExport(db, table, columns, from, request.format);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', DATABASE_MANAGER_MESSAGES.exportFailed((error as Error).message));
  }
  try {
    await recordAudit(db, {
      actor: request.actor,
      action: 'database.table_exported',
      target: { type: 'table', id: `${table.schema}.${table.name}` },
      details: { format: request.format },
      ip: request.ip,
    });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${table.schema}.${table.name}-${date}.${request.format}`,
    contentType: request.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    stream,
  };
}
