import { DATABASE_EXACT_COUNT_LIMIT, DATABASE_MANAGER_MESSAGES, type DatabaseTable } from '@guildhall/contract';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../services/db/db';
import { countRows, schemaExists, selectTableStats, type TableStatsRow } from './queries';

/**
 * The row count the browser shows: the planner's estimate (pg_class.reltuples) for a large table, so the
 * list stays fast at any size; count(*) for a small one, one never analysed, or when asked exactly.
 */
export async function rowCountOf(db: Queryable, table: TableStatsRow, isExact: boolean) {
  if (!isExact && table.reltuples >= DATABASE_EXACT_COUNT_LIMIT) {
    return { rowCount: Math.round(table.reltuples), isEstimate: true };
  }
  return { rowCount: await countRows(db, table), isEstimate: false };
}

/** Presents a table's sizes. */
export const sizesOf = (table: TableStatsRow) => ({
  totalBytes: table.total_bytes,
  tableBytes: table.table_bytes,
  indexBytes: table.index_bytes,
});

/** A schema's tables with row counts and sizes; an unknown schema is 404. */
export async function listTables(db: Queryable, schema: string, isExact: boolean): Promise<DatabaseTable[]> {
  const rows = await selectTableStats(db, schema);
  if (rows.length === 0 && !(await schemaExists(db, schema))) {
    throw AppError.notFound(DATABASE_MANAGER_MESSAGES.schemaNotFound(schema));
  }
  const tables: DatabaseTable[] = [];
  for (const row of rows) {
    tables.push({ schema: row.schema, name: row.name, ...(await rowCountOf(db, row, isExact)), sizes: sizesOf(row) });
  }
  return tables;
}
