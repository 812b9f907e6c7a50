import type { SlowQuery } from '@guildhall/contract';
import type { Db } from '../../services/db/db';

/** The slow-query list, or why there is none and the line that fixes it. */
export type SlowQueryAnswer =
  | { available: true; reason: null; fix: null; queries: SlowQuery[] }
  | { available: false; reason: string; fix: string | null; queries: [] };

const PRELOAD_FIX =
  "shared_preload_libraries = 'pg_stat_statements' in postgresql.conf, restart PostgreSQL, then run CREATE EXTENSION pg_stat_statements;";

/** This database's statements by their slowest run ($1: how many); the column names are those of PostgreSQL 13+. */
export const SLOWEST_STATEMENTS_SQL = `SELECT query, max_exec_time AS max, calls, mean_exec_time AS mean, total_exec_time AS total
     FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
     ORDER BY max_exec_time DESC
     LIMIT $1`;

function unavailable(reason: string, fix: string | null): SlowQueryAnswer {
  return { available: false, reason, fix, queries: [] };
}

/**
 * The slowest statements of this database from pg_stat_statements, by their slowest run. The view answers only
 * when the library is preloaded at server start and the extension is created in this database: both are checked,
 * so the screen can say which step is missing.
 */
export async function findSlowQueries(db: Db, limit: number): Promise<SlowQueryAnswer> {
  if (db.kind === 'pglite') {
    return unavailable(
      'Slow queries come from pg_stat_statements, which the embedded database (PGlite) does not have.',
      'Set DATABASE_URL to a PostgreSQL server to see them.',
    );
  }
  const { rows } = await db.query<{ preload: string; installed: boolean }>(
    `SELECT current_setting('shared_preload_libraries') AS preload,
            EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements') AS installed`,
  );
  const isLoaded = /(^|[\s,])"?pg_stat_statements"?($|[\s,])/.test(rows[0]?.preload ?? '');
  if (!isLoaded) {
    return unavailable(
      'pg_stat_statements is not loaded: PostgreSQL loads it only at start, from shared_preload_libraries.',
      PRELOAD_FIX,
    );
  }
  if (!rows[0]?.installed) {
    return unavailable('pg_stat_statements is loaded but not created in this database.', 'CREATE EXTENSION pg_stat_statements;');
  }
  const { rows: statements } = await db.query<{ query: string; max: number; calls: number; mean: number; total: number }>(
    SLOWEST_STATEMENTS_SQL,
    [limit],
  );
  const timestamp = new Date().toISOString();
  const ms = (value: number) => Math.round(Number(value) * 100) / 100;
  return {
    available: true,
    reason: null,
    fix: null,
    queries: statements.map((row) => ({
      query: row.query,
      duration: ms(row.max),
      calls: Number(row.calls),
      avgDuration: ms(row.mean),
      totalDuration: ms(row.total),
      timestamp,
    })),
  };
}
