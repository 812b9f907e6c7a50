import type { Queryable } from '../../services/db/db';
import { selectSchemas } from './queries';

/** The database's schemas by name; pg_catalog, information_schema, pg_toast and temp schemas only when asked. */
export async function listSchemas(db: Queryable, includeSystem: boolean) {
  return selectSchemas(db, includeSystem);
}
