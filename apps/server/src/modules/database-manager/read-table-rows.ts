import { DATABASE_MANAGER_MESSAGES, DATABASE_ROWS_PAGE_SIZE } from '@guildhall/contract';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../services/db/db';
import { findTable } from './find-table';
import { decodeCursor, encodeCursor, isBadCursorValue, keyColumns, keysetClauses, keyValuesOf, planKeyset } from './keyset';
import { BYTEA_PREVIEW_BYTES, presentBytea } from './present-value';
import { type ColumnRow, quoteIdent, selectColumns } from './queries';

const isBytea = (column: ColumnRow) => column.type_name === 'bytea';

/**
 * A cell: bytea as its first 1 KiB and its length (presented by presentBytea, as the query runner does), bigint
 * and numeric as text (no precision lost in JavaScript), everything else as PostgreSQL's to_json (json kept as
 * json, timestamps ISO 8601 with their zone).
 */
function renderExpressions(column: ColumnRow, i: number): string {
  const c = quoteIdent(column.name);
  if (isBytea(column)) return `substring(${c} FROM 1 FOR ${BYTEA_PREVIEW_BYTES}) AS c${i}, octet_length(${c}) AS l${i}`;
  if (['int8', 'numeric', 'money'].includes(column.type_name)) return `to_json(${c}::text) AS c${i}`;
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
  after?: string;
}

/** One keyset page of 50 rows of a table, rendered safely, with the cursor of the next page. */
export async function readTableRows(db: Queryable, request: RowsRequest) {
  const table = await findTable(db, request.schema, request.table);
  const columns = await selectColumns(db, table.oid);
  const plan = await planKeyset(db, table, columns, request.sort);
  const after = request.after === undefined ? null : decodeCursor(request.after, plan);
  const { where, order, params } = keysetClauses(plan, request.direction, after);
  const rendered = columns.map(renderExpressions);
  const sql = `SELECT ${[...rendered, keyColumns(plan)].join(', ')}
    FROM ${quoteIdent(table.schema)}.${quoteIdent(table.name)} WHERE ${where} ORDER BY ${order} LIMIT ${DATABASE_ROWS_PAGE_SIZE + 1}`;
  const result = await db.query(sql, params).catch((error: unknown) => {
    if (after && isBadCursorValue(error)) throw AppError.invalidField('after', DATABASE_MANAGER_MESSAGES.invalidCursor);
    throw error;
  });
  const rows = result.rows.slice(0, DATABASE_ROWS_PAGE_SIZE);
  const last = rows[rows.length - 1];
  return {
    columns: columns.map((column) => ({ name: column.name, type: column.type })),
    rows: rows.map((row) => columns.map((column, i) => cellOf(row, column, i))),
    sort: plan.sort,
    direction: request.direction,
    nextCursor: result.rows.length > DATABASE_ROWS_PAGE_SIZE && last ? encodeCursor(keyValuesOf(plan, last)) : null,
    note: plan.note,
  };
}
