import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';
import type { Db, Queryable } from './db';

function over(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const result = await target.query<Row>(sql, params ? [...params] : undefined);
      return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
    },
    async exec(sql) {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (PGlite) stored in {dataDir}/pglite; one process owns the folder at a time. */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  const folder = path.join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
    const live = over(pglite);
    return {
      kind: 'pglite',
      ...live,
      transaction: (fn) => pglite.transaction((tx) => fn(over(tx))),
      readOnlySnapshot: (fn) => fn(live),
      async close() {
        try {
          await pglite.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
