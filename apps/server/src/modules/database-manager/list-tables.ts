import { DATABASE_EXACT_COUNT_LIMIT, DATABASE_MANAGER_MESSAGES, type DatabaseTable } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import {
  countRows,
  RELATION_KINDS,
  schemaExists,
  selectTableStats,
  setLocalStatementTimeout,
  type TableStatsRow,
} from './queries';

/** How long counting a view's rows on demand may take before the count is given up (null). */
const VIEW_COUNT_TIMEOUT_MS = 5000;
const QUERY_CANCELED = '57014';

/** count(*) of a view, which runs its query: bounded by a statement timeout, null when it takes longer. */
async function countViewRows(db: Db, table: TableStatsRow): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await setLocalStatementTimeout(tx, VIEW_COUNT_TIMEOUT_MS);
      return countRows(tx, table);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) return null;
    throw error;
  }
}

/**
 * The row count the browser shows: the planner's estimate (pg_class.reltuples) for a large table, so the
 * list stays fast at any size; count(*) for a small one, one never analysed, or when asked exactly. A view has
 * no estimate: null unless asked exactly.
 */
export async function rowCountOf(db: Db, table: TableStatsRow, isExact: boolean) {
  if (table.kind === 'v') return { rowCount: isExact ? await countViewRows(db, table) : null, isEstimate: false };
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

/** A schema's tables, views and materialised views with kinds, row counts and sizes; an unknown schema is 404. */
export async function listTables(db: Db, schema: string, isExact: boolean): Promise<DatabaseTable[]> {
  const rows = await selectTableStats(db, schema);
  if (rows.length === 0 && !(await schemaExists(db, schema))) {
    throw AppError.notFound(DATABASE_MANAGER_MESSAGES.schemaNotFound(schema));
  }
  const tables: DatabaseTable[] = [];
  for (const row of rows) {
    tables.push({
      schema: row.schema,
      name: row.name,
      kind: RELATION_KINDS[row.kind],
      ...(await rowCountOf(db, row, isExact)),
      sizes: sizesOf(row),
    });
  }
  return tables;
}
