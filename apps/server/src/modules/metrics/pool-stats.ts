import type { Db } from '../../services/db/db';

/** What a `pg` pool says about its connections. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The pool's connection counts when the database is PostgreSQL through a `pg` pool that the Db exposes as `pool`;
 * null on PGlite, which has one connection and no pool.
 */
export function poolStatsOf(db: Db): PoolStats | null {
  if (db.kind !== 'postgresql') return null;
  const pool = (db as Db & { pool?: PoolLike }).pool;
  if (!pool || typeof pool.totalCount !== 'number') return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
