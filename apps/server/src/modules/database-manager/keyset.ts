import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { type ColumnRow, quoteIdent, selectIndexes, selectPrimaryKey, type TableRow } from './queries';

/** One part of a keyset: an expression, the type its cursor value is cast back to, whether it may be NULL. */
interface KeyPart {
  sql: string;
  cast: string;
  isNullable: boolean;
}

/** How a table is paged: the sort column's name, the key parts (sort first, then tie-breakers), a note. */
export interface KeysetPlan {
  sort: string;
  parts: KeyPart[];
  note: string | null;
}

const CTID: KeyPart = { sql: 'ctid', cast: 'tid', isNullable: false };
// A ctid is unique only within one partition: a partitioned table's rows are told apart by partition, then ctid.
const TABLEOID: KeyPart = { sql: 'tableoid', cast: 'oid', isNullable: false };

const partOf = (column: ColumnRow): KeyPart => ({
  sql: quoteIdent(column.name),
  cast: column.type,
  isNullable: column.is_nullable,
});

/**
 * Picks the key to page by: the requested column when a plain btree index leads with it, else the primary
 * key; the primary key (or, without one, ctid) breaks ties so every row has one place in the order. A table
 * without a primary key and no sort is paged by ctid (a TID range scan: no OFFSET, no full sort); a
 * partitioned one by partition and ctid. A materialised view pages as a table does (it has a ctid); a view
 * does not come here (see readViewRows).
 */
export async function planKeyset(
  db: Queryable,
  table: TableRow,
  columns: readonly ColumnRow[],
  sort: string | undefined,
): Promise<KeysetPlan> {
  const primaryKey = (await selectPrimaryKey(db, table.oid)).map((name) => columns.find((column) => column.name === name)!);
  const tie = primaryKey.length > 0 ? primaryKey.map(partOf) : table.kind === 'p' ? [TABLEOID, CTID] : [CTID];
  const note = primaryKey.length > 0 ? null : DATABASE_MANAGER_MESSAGES.ctidPaging;
  if (sort === undefined || (primaryKey.length === 1 && primaryKey[0]!.name === sort)) {
    return { sort: primaryKey.length > 0 ? primaryKey[0]!.name : 'ctid', parts: tie, note };
  }
  const column = columns.find((candidate) => candidate.name === sort);
  const indexes = column ? await selectIndexes(db, table.oid) : [];
  if (!column || !indexes.some((index) => index.is_plain_btree && index.first_attnum === column.attnum)) {
    throw AppError.invalidField('sort', DATABASE_MANAGER_MESSAGES.columnNotSortable(sort));
  }
  return { sort: column.name, parts: [partOf(column), ...tie.filter((part) => part.sql !== quoteIdent(column.name))], note };
}

/** The cursor of the row after which the next page starts: its key values as text, base64url JSON. */
export const encodeCursor = (values: readonly (string | null)[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

export function decodeCursor(cursor: string, plan: KeysetPlan): (string | null)[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === plan.parts.length &&
      values.every((value, index) => typeof value === 'string' || (value === null && plan.parts[index]!.isNullable))
    ) {
      return values as (string | null)[];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw AppError.invalidField('after', DATABASE_MANAGER_MESSAGES.invalidCursor);
}

/** The WHERE and ORDER BY of a keyset page, with its parameters (numbered from 1). */
export function keysetClauses(plan: KeysetPlan, direction: 'asc' | 'desc', after: (string | null)[] | null) {
  const order = plan.parts.map((part) => `${part.sql} ${direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
  if (!after) return { where: 'TRUE', order, params: [] as (string | null)[] };
  const op = direction === 'asc' ? '>' : '<';
  const row = (parts: KeyPart[], from: number) => [
    `(${parts.map((part) => part.sql).join(', ')})`,
    `(${parts.map((part, i) => `$${from + i}::${part.cast}`).join(', ')})`,
  ];
  const [first, ...rest] = plan.parts;
  if (!first!.isNullable) {
    const [left, right] = row(plan.parts, 1);
    return { where: `${left} ${op} ${right}`, order, params: after };
  }
  // A nullable sort column: NULLs come last ascending and first descending, as the index keeps them.
  const [restLeft, restRight] = row(rest, 2);
  const [value, ...restValues] = after;
  const s = first!.sql;
  const cast = `$1::${first!.cast}`;
  let where: string;
  if (direction === 'asc') {
    where =
      value === null
        ? `(${cast} IS NULL AND ${s} IS NULL AND ${restLeft} > ${restRight})`
        : `(${s} > ${cast} OR ${s} IS NULL OR (${s} = ${cast} AND ${restLeft} > ${restRight}))`;
  } else {
    where =
      value === null
        ? `(${cast} IS NULL AND (${s} IS NOT NULL OR ${restLeft} < ${restRight}))`
        : `(${s} < ${cast} OR (${s} = ${cast} AND ${restLeft} < ${restRight}))`;
  }
  return { where, order, params: [value ?? null, ...restValues] };
}

/** The key values of a row as text, selected beside the row as k0, k1, ... */
export const keyColumns = (plan: KeysetPlan) => plan.parts.map((part, i) => `${part.sql}::text AS k${i}`).join(', ');

/** Reads a row's key values back (k0, k1, ...) for the next cursor. */
export const keyValuesOf = (plan: KeysetPlan, row: Record<string, unknown>) =>
  plan.parts.map((_, i) => (row[`k${i}`] ?? null) as string | null);

/** Whether an error is PostgreSQL refusing a cursor value as its type (a forged cursor): 22xxx data exceptions. */
export function isBadCursorValue(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('22');
}
