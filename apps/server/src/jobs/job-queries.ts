import type { Queryable } from '../services/db/db';
import type { JobRow, JobSpec } from '../services/job-queue';

/** The lease a runner holds on a running job: every write it makes is fenced by the token. */
export interface Lease {
  token: string;
  /** This process (config.instanceId), for the operator. */
  by: string;
  ms: number;
}

/**
 * Inserts a job: queued, or with a lease already running (a job this process runs at once). Null when the kind
 * already has a queued or running job for the target (the partial unique index refuses it).
 */
export async function insertJob(
  db: Queryable,
  kind: { name: string; maxAttempts: number },
  spec: JobSpec<unknown>,
  lease: Lease | null,
): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `INSERT INTO jobs (kind, guild_id, target, actor, actor_ip, input, max_attempts, expires_at, status, attempts,
                       lease_token, leased_by, lease_until, started_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8,
             CASE WHEN $9::uuid IS NULL THEN 'queued' ELSE 'running' END, CASE WHEN $9::uuid IS NULL THEN 0 ELSE 1 END,
             $9, $10, CASE WHEN $9::uuid IS NULL THEN NULL ELSE now() + $11 * interval '1 millisecond' END,
             CASE WHEN $9::uuid IS NULL THEN NULL ELSE now() END)
     ON CONFLICT (kind, target) WHERE target IS NOT NULL AND status IN ('queued', 'running') DO NOTHING
     RETURNING *`,
    [
      kind.name,
      spec.tenantId ?? null,
      spec.target ?? null,
      JSON.stringify(spec.requester.actor),
      spec.requester.ip,
      JSON.stringify(spec.input),
      kind.maxAttempts,
      spec.expiresAt ?? null,
      lease?.token ?? null,
      lease?.by ?? null,
      lease?.ms ?? 0,
    ],
  );
  return rows[0] ?? null;
}

/**
 * Claims the oldest job of these kinds that is due: queued, or running under a lease that ran out (its process
 * died). SKIP LOCKED lets runners claim side by side without waiting on each other or taking the same row.
 */
export async function claimNextJob(db: Queryable, kinds: readonly string[], lease: Lease): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `WITH next AS (
       SELECT id FROM jobs
        WHERE kind = ANY($1::text[])
          AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND lease_until < now()))
        ORDER BY created_at LIMIT 1
        FOR UPDATE SKIP LOCKED)
     UPDATE jobs j
        SET status = 'running', attempts = j.attempts + 1, lease_token = $2, leased_by = $3,
            lease_until = now() + $4 * interval '1 millisecond', started_at = coalesce(j.started_at, now()),
            updated_at = now()
       FROM next WHERE j.id = next.id
     RETURNING j.*`,
    [kinds, lease.token, lease.by, lease.ms],
  );
  return rows[0] ?? null;
}

/** Extends the lease; false when it is no longer this runner's (it ran out and another process claimed the job). */
export async function renewLease(db: Queryable, id: string, lease: Lease): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET lease_until = now() + $3 * interval '1 millisecond'
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [id, lease.token, lease.ms],
  );
  return rowCount > 0;
}

/** The fenced update every write of a running job goes through; null when the lease is lost. */
async function updateLeased(db: Queryable, id: string, token: string, set: string, values: unknown[]): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET ${set}, updated_at = now() WHERE id = $1 AND lease_token = $2 AND status = 'running' RETURNING *`,
    [id, token, ...values],
  );
  return rows[0] ?? null;
}

export const saveJobProgress = (db: Queryable, id: string, token: string, progress: unknown) =>
  updateLeased(db, id, token, 'progress = $3::jsonb', [JSON.stringify(progress)]);

const ENDED = 'lease_token = NULL, lease_until = NULL, finished_at = now()';

export const finishJob = (db: Queryable, id: string, token: string, result: unknown) =>
  updateLeased(db, id, token, `status = 'succeeded', result = $3::jsonb, error = NULL, ${ENDED}`, [JSON.stringify(result)]);

export const failJob = (db: Queryable, id: string, token: string, error: string) =>
  updateLeased(db, id, token, `status = 'failed', error = $3, ${ENDED}`, [error]);

/** Queues the job again after a retryable error, due after delayMs; the error stays until it ends. */
export const retryJob = (db: Queryable, id: string, token: string, error: string, delayMs: number) =>
  updateLeased(
    db,
    id,
    token,
    `status = 'queued', error = $3, run_after = now() + $4 * interval '1 millisecond', lease_token = NULL, lease_until = NULL`,
    [error, delayMs],
  );

export async function selectJob(db: Queryable, kind: string, id: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>('SELECT * FROM jobs WHERE id = $1 AND kind = $2', [id, kind]);
  return rows[0] ?? null;
}
