import type { RawDataPage } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { decodeCursor, encodeCursor, pageSql, planRead, type RawPlan, type RawRequest } from './build-query';
import { runPage } from './queries';

/** Keyset values of a row read by pageSql. */
export function keysOf(plan: RawPlan, row: Record<string, unknown>): string[] {
  return plan.keyset.map((_, i) => String(row[`k${i}`]));
}

/**
 * One page of an entity: `limit` rows after the cursor, in the plan's order, read with limit + 1 so the last page
 * says so (nextCursor null). Each page is one index range scan whatever its depth.
 */
export async function readRawPage(
  db: Queryable,
  entityName: string,
  request: RawRequest & { limit: number },
): Promise<RawDataPage> {
  const plan = planRead(entityName, request);
  const after = request.after ? decodeCursor(plan, request.after) : null;
  const rows = await runPage<Record<string, unknown>>(db, pageSql(plan, after, request.limit + 1, 'json'), after !== null);
  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1];
  return {
    success: true,
    entity: plan.entity.name,
    sort: plan.sort,
    order: plan.order,
    limit: request.limit,
    rows: page.map((row) => JSON.parse(String(row.row)) as Record<string, unknown>),
    nextCursor: rows.length > request.limit && last ? encodeCursor(plan, keysOf(plan, last)) : null,
  };
}
