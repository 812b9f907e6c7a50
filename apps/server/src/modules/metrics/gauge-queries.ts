import type { Queryable } from '../../services/db/db';

/** Running jobs per kind, for the Prometheus gauge. */
export async function countRunningJobs(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ kind: string; running: number }>(
    `SELECT kind, count(*)::int AS running FROM jobs WHERE status = 'running' GROUP BY kind`,
  );
  return new Map(rows.map((row) => [row.kind, row.running]));
}
