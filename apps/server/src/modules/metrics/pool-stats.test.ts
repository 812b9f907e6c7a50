import { describe, expect, it } from 'vitest';
import type { Db } from '../../services/db/db';
import { poolStatsOf } from './pool-stats';

describe('poolStatsOf', () => {
  it('reads the pg pool’s counts on PostgreSQL, and nothing on PGlite or without a pool', () => {
    const pool = { totalCount: 4, idleCount: 3, waitingCount: 1 };
    expect(poolStatsOf({ kind: 'postgresql', pool } as unknown as Db)).toEqual({ total: 4, idle: 3, waiting: 1 });
    expect(poolStatsOf({ kind: 'pglite', pool } as unknown as Db)).toBeNull();
    expect(poolStatsOf({ kind: 'postgresql' } as unknown as Db)).toBeNull();
  });
});
