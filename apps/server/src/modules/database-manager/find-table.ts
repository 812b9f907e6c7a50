import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { schemaExists, selectTable, type TableRow } from './queries';

/** The table the browser named, looked up in the catalogue first; an unknown schema or table is 404. */
export async function findTable(db: Queryable, schema: string, table: string): Promise<TableRow> {
  const found = await selectTable(db, schema, table);
  if (found) return found;
  if (!(await schemaExists(db, schema))) throw AppError.notFound(DATABASE_MANAGER_MESSAGES.schemaNotFound(schema));
  throw AppError.notFound(DATABASE_MANAGER_MESSAGES.tableNotFound(`${schema}.${table}`));
}

/** Spec 2's table parameter: `table` in the public schema, or `schema.table`. */
export function splitQualifiedName(name: string): { schema: string; table: string } {
  const dot = name.indexOf('.');
  return dot > 0 ? { schema: name.slice(0, dot), table: name.slice(dot + 1) } : { schema: 'public', table: name };
}
