import type { Queryable } from '../../services/db/db';

/** Any number: the advisory lock that lets one process at a time roll up, so concurrent upserts never deadlock. */
const ROLLUP_LOCK = 7_714_014;

/** Takes the rollup's lock for the transaction; false when another process holds it. */
export async function tryRollupLock(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [ROLLUP_LOCK]);
  return rows[0]?.locked === true;
}

/**
 * Averages the finer rows of [start, end) into rows of the coarser resolution, per metric and process, windows
 * aligned to the epoch as the history read bins them; recomputed windows are replaced. Answers the rows written.
 */
export async function rollUpPoints(db: Queryable, finer: number, coarser: number, start: Date, end: Date): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO metric_points (resolution, metric, instance, bucket, value)
     SELECT $1::int, metric, instance, date_bin(make_interval(secs => $1::int), bucket, TIMESTAMPTZ '1970-01-01Z'), round(avg(value)::numeric, 3)
     FROM metric_points
     WHERE resolution = $2 AND bucket >= $3 AND bucket < $4
     GROUP BY metric, instance, 4
     ON CONFLICT (resolution, metric, bucket, instance) DO UPDATE SET value = EXCLUDED.value`,
    [coarser, finer, start, end],
  );
  return rowCount;
}

/** Deletes the points of a resolution older than `before`; answers how many. */
export async function deletePointsBefore(db: Queryable, resolution: number, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM metric_points WHERE resolution = $1 AND bucket < $2', [resolution, before]);
  return rowCount;
}
