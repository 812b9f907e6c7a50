import type { DatabaseTableDetails } from '@guildhall/contract';
import type { Db, Queryable } from '../../services/db/db';
import { findTable } from './find-table';
import { rowCountOf, sizesOf } from './list-tables';
import {
  RELATION_KINDS,
  selectColumns,
  selectConstraints,
  selectForeignKeys,
  selectIndexes,
  selectOneTableStats,
  selectViewDefinition,
} from './queries';

const CONSTRAINT_TYPES = { p: 'primary_key', u: 'unique', c: 'check', f: 'foreign_key', x: 'exclusion' } as const;

/** Presents the catalogue's indexes of a table. */
export async function readIndexes(db: Queryable, oid: number) {
  return (await selectIndexes(db, oid)).map((index) => ({
    name: index.name,
    isUnique: index.is_unique,
    isPrimary: index.is_primary,
    columns: index.columns,
    definition: index.definition,
    sizeBytes: index.size_bytes,
  }));
}

/** Spec 2's indexes of one table; an unknown schema or table is 404. */
export async function readTableIndexes(db: Queryable, schema: string, table: string) {
  return readIndexes(db, (await findTable(db, schema, table)).oid);
}

/** Everything the details panel shows about one table or view (with its definition); unknown: 404. */
export async function readTableDetails(db: Db, schema: string, table: string): Promise<DatabaseTableDetails> {
  const found = await findTable(db, schema, table);
  const stats = await selectOneTableStats(db, found.oid);
  const columns = await selectColumns(db, found.oid);
  const constraints = await selectConstraints(db, found.oid);
  const foreignKeys = await selectForeignKeys(db, found.oid);
  return {
    schema: found.schema,
    name: found.name,
    kind: RELATION_KINDS[found.kind],
    definition: found.kind === 'v' || found.kind === 'm' ? await selectViewDefinition(db, found.oid) : null,
    ...(await rowCountOf(db, stats, false)),
    sizes: sizesOf(stats),
    columns: columns.map((column) => ({
      name: column.name,
      type: column.type,
      isNullable: column.is_nullable,
      default: column.default,
    })),
    indexes: await readIndexes(db, found.oid),
    constraints: constraints.map((constraint) => ({
      name: constraint.name,
      type: CONSTRAINT_TYPES[constraint.type as keyof typeof CONSTRAINT_TYPES] ?? 'other',
      definition: constraint.definition,
    })),
    foreignKeys: foreignKeys.map((key) => ({
      name: key.name,
      columns: key.columns,
      referencedSchema: key.referenced_schema,
      referencedTable: key.referenced_table,
      referencedColumns: key.referenced_columns,
    })),
  };
}
