import { RAW_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';

// The module's one call to the database: a page (or an export's batch) of a view, as build-query.ts wrote it from
// the contract's description and sources.ts.

/** A value PostgreSQL could not read back from a cursor (class 22: data exception) is the cursor's fault. */
export async function runPage<Row>(db: Queryable, sql: { sql: string; params: unknown[] }, hasCursor: boolean) {
  try {
    return (await db.query<Row>(sql.sql, sql.params)).rows;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (hasCursor && typeof code === 'string' && code.startsWith('22')) {
      throw AppError.invalidField('after', RAW_DATA_MESSAGES.invalidCursor);
    }
    throw error;
  }
}
