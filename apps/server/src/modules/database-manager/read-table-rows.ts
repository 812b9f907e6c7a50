import { DATABASE_MANAGER_MESSAGES, DATABASE_VIEW_ROWS_LIMIT, LONG_TEXT_PREVIEW_CHARS } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findTable } from './find-table';
import { decodeCursor, encodeCursor, isBadCursorValue, keyColumns, keysetClauses, keyValuesOf, planKeyset } from './keyset';
import { BYTEA_PREVIEW_BYTES, presentBytea } from './present-value';
import { type ColumnRow, quoteIdent, selectColumns, type TableRow } from './queries';

const isBytea = (column: ColumnRow) => column.type_name === 'bytea';

/** Types whose values can be long texts: strings, json and xml. */
const isLongText = (column: ColumnRow) => column.type_category === 'S' || ['json', 'jsonb', 'xml'].includes(column.type_name);

/**
 * A cell: bytea as its first 1 KiB and its length (presented by presentBytea, as the query runner does), bigint
 * and numeric as text (no precision lost in JavaScript), everything else as PostgreSQL's to_json (json kept as
 * json, timestamps ISO 8601 with their zone). A text (json's, xml's) longer than LONG_TEXT_PREVIEW_CHARS comes
 * as the contract's TruncatedText, cut in SQL so a huge value never leaves the database whole.
 */
function renderExpressions(column: ColumnRow, i: number): string {
  const c = quoteIdent(column.name);
  if (isBytea(column)) return `substring(${c} FROM 1 FOR ${BYTEA_PREVIEW_BYTES}) AS c${i}, octet_length(${c}) AS l${i}`;
  if (['int8', 'numeric', 'money'].includes(column.type_name)) return `to_json(${c}::text) AS c${i}`;
  if (isLongText(column)) {
    const text = `${c}::text`;
    return `CASE WHEN char_length(${text}) > ${LONG_TEXT_PREVIEW_CHARS}
      THEN json_build_object('truncatedText', left(${text}, ${LONG_TEXT_PREVIEW_CHARS}), 'length', char_length(${text}))
      ELSE to_json(${c}) END AS c${i}`;
  }
  return `to_json(${c}) AS c${i}`;
}

function cellOf(row: Record<string, unknown>, column: ColumnRow, i: number): unknown {
  const value = row[`c${i}`] ?? null;
  if (value === null || !isBytea(column)) return value;
  return presentBytea(value as Uint8Array, Number(row[`l${i}`]));
}

/** The row view's request. */
export interface RowsRequest {
  schema: string;
  table: string;
  sort?: string;
  direction: 'asc' | 'desc';
  /** Rows a page. */
  limit: number;
  after?: string;
}

/** A view's page cursor: the offset of its first row, within DATABASE_VIEW_ROWS_LIMIT. */
function viewOffsetOf(after: string | undefined): number {
  if (after === undefined) return 0;
  const [text] = decodeCursor(after, { sort: 'none', parts: [{ sql: '', cast: '', isNullable: false }], note: null });
  const offset = /^\d{1,9}$/.test(text!) ? Number(text) : Number.NaN;
  if (!(offset < DATABASE_VIEW_ROWS_LIMIT)) throw AppError.invalidField('after', DATABASE_MANAGER_MESSAGES.invalidCursor);
  return offset;
}

/**
 * A page of a view. A view has neither an index nor a ctid to page by, and sorting its whole result for every
 * page could cost as much as the view itself: pages follow the view's own order by OFFSET, unsorted, capped at
 * DATABASE_VIEW_ROWS_LIMIT rows so a deep page never re-reads an unbounded prefix (the note says so; the query
 * runner or an export reads more).
 */
async function readViewRows(db: Queryable, table: TableRow, columns: ColumnRow[], request: RowsRequest) {
  if (request.sort !== undefined) throw AppError.invalidField('sort', DATABASE_MANAGER_MESSAGES.columnNotSortable(request.sort));
  const offset = viewOffsetOf(request.after);
  const pageSize = Math.min(request.limit, DATABASE_VIEW_ROWS_LIMIT - offset);
  const { rows: read } = await db.query(
    `SELECT ${columns.map(renderExpressions).join(', ')} FROM ${quoteIdent(table.schema)}.${quoteIdent(table.name)}
     OFFSET $1 LIMIT $2`,
    [offset, pageSize + 1],
  );
  const rows = read.slice(0, pageSize);
  const hasNext = read.length > pageSize && offset + pageSize < DATABASE_VIEW_ROWS_LIMIT;
  return {
    columns: columns.map((column) => ({ name: column.name, type: column.type })),
    rows: rows.map((row) => columns.map((column, i) => cellOf(row, column, i))),
    sort: 'none',
    direction: 'asc' as const,
    nextCursor: hasNext ? encodeCursor([String(offset + pageSize)]) : null,
    note: DATABASE_MANAGER_MESSAGES.viewPaging(DATABASE_VIEW_ROWS_LIMIT),
  };
}

/** One keyset page of `limit` rows of a table (or an OFFSET page of a view), rendered safely, with the next cursor. */
export async function readTableRows(db: Queryable, request: RowsRequest) {
  const table = await findTable(db, request.schema, request.table);
  const columns = await selectColumns(db, table.oid);
  if (table.kind === 'v') return readViewRows(db, table, columns, request);
  const plan = await planKeyset(db, table, columns, request.sort);
  const after = request.after === undefined ? null : decodeCursor(request.after, plan);
  const { where, order, params } = keysetClauses(plan, request.direction, after);
  const rendered = columns.map(renderExpressions);
  const sql = `SELECT ${[...rendered, keyColumns(plan)].join(', ')}
    FROM ${quoteIdent(table.schema)}.${quoteIdent(table.name)} WHERE ${where} ORDER BY ${order} LIMIT ${request.limit + 1}`;
  const result = await db.query(sql, params).catch((error: unknown) => {
    if (after && isBadCursorValue(error)) throw AppError.invalidField('after', DATABASE_MANAGER_MESSAGES.invalidCursor);
    throw error;
  });
  const rows = result.rows.slice(0, request.limit);
  const last = rows[rows.length - 1];
  return {
    columns: columns.map((column) => ({ name: column.name, type: column.type })),
    rows: rows.map((row) => columns.map((column, i) => cellOf(row, column, i))),
    sort: plan.sort,
    direction: request.direction,
    nextCursor: result.rows.length > request.limit && last ? encodeCursor(keyValuesOf(plan, last)) : null,
    note: plan.note,
  };
}
