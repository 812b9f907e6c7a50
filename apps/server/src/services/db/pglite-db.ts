import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';
import type { Db, Queryable } from './db';
import { createCluster, hasCluster } from './pglite-initdb';
import { afterOneTurn, createTurnQueue, type TurnQueue } from './turn-queue';

/**
 * postgres settings for one small community in one process. PostgreSQL's defaults (128 MB of shared
 * buffers, 64 MB for index builds) are sized for a dedicated server; inside WebAssembly every page of
 * them stays resident once touched. The demo data set with its indexes is 9 MB, and the OS caches the files.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/** Statements on `target`, each run when `turn` lets it. */
function over(target: PGlite | Transaction, turn: TurnQueue): Queryable {
  return {
    query: <Row>(sql: string, params?: readonly unknown[]) =>
      turn(async () => {
        const result = await target.query<Row>(sql, params ? [...params] : undefined);
        return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
      }),
    exec: (sql) =>
      turn(async () => {
        await target.exec(sql);
      }),
  };
}

/** Embedded PostgreSQL (PGlite) stored in {dataDir}/pglite; one process owns the folder at a time. */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  const folder = path.join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    if (!hasCluster(folder)) await createCluster(folder, START_PARAMS);
    const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm }, startParams: START_PARAMS });
    // One statement or one whole transaction at a time, first come first served (see createTurnQueue);
    // a transaction holds the queue, and its own statements still give the event loop a turn each.
    const queue = createTurnQueue();
    const live = over(pglite, queue);
    return {
      kind: 'pglite',
      ...live,
      transaction: (fn) => queue(() => pglite.transaction((tx) => fn(over(tx, afterOneTurn)))),
      readOnlySnapshot: (fn) => fn(live),
      rawSession: (fn, options) =>
        queue(async () => {
          try {
            return await pglite.transaction((tx) => fn({ kind: 'pglite', tx }));
          } finally {
            if (options?.isTainted) {
              await pglite.exec('RESET ROLE; RESET SESSION AUTHORIZATION; RESET ALL; SELECT pg_advisory_unlock_all()');
            }
          }
        }),
      async close() {
        try {
          await queue(() => pglite.close());
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
