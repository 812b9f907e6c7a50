import type { BulkUpdateJob } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** A bulk update job as stored. */
export interface BulkJobRow {
  id: string;
  status: BulkUpdateJob['status'];
  account_status: BulkUpdateJob['accountStatus'];
  account_ids: string[];
  max_concurrency: number;
  total: number;
  done: number;
  updated: number;
  failures: BulkUpdateJob['failures'];
  error: string | null;
  started_by: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** What a job has reached, written after accounts finish. */
export interface BulkJobProgress {
  done: number;
  updated: number;
  failures: BulkUpdateJob['failures'];
}

/** A running job that has not moved for this long belongs to a process that died (each account takes milliseconds). */
const STALE_AFTER = '2 minutes';
/** Why a job that stopped moving failed. */
export const BULK_STALE_ERROR = 'The server stopped before this bulk update finished; the accounts not reached kept their status';

/** Fails running jobs that stopped moving, so a crashed process leaves no job "running" forever. */
export async function failStaleBulkJobs(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE player_bulk_jobs SET status = 'failed', error = $1, finished_at = now()
      WHERE status = 'running' AND updated_at < now() - $2::interval`,
    [BULK_STALE_ERROR, STALE_AFTER],
  );
}

/** Creates a running job for these accounts. */
export async function insertBulkJob(
  db: Queryable,
  job: { accountIds: readonly string[]; accountStatus: string; maxConcurrency: number; startedBy: string | null },
): Promise<BulkJobRow> {
  const { rows } = await db.query<BulkJobRow>(
    `INSERT INTO player_bulk_jobs (account_status, account_ids, max_concurrency, total, started_by)
     VALUES ($1, $2::uuid[], $3, $4, $5) RETURNING *`,
    [job.accountStatus, job.accountIds, job.maxConcurrency, job.accountIds.length, job.startedBy],
  );
  return rows[0]!;
}

export async function selectBulkJob(db: Queryable, jobId: string): Promise<BulkJobRow | null> {
  const { rows } = await db.query<BulkJobRow>('SELECT * FROM player_bulk_jobs WHERE id = $1', [jobId]);
  return rows[0] ?? null;
}

/** Records how far the job got; also keeps it from looking stale. */
export async function updateBulkProgress(db: Queryable, jobId: string, progress: BulkJobProgress): Promise<void> {
  await db.query(
    `UPDATE player_bulk_jobs SET done = $2, updated = $3, failures = $4::jsonb, updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [jobId, progress.done, progress.updated, JSON.stringify(progress.failures)],
  );
}

/** Ends the job: completed (failed accounts listed) or failed with why; returns it as stored. */
export async function finishBulkJob(
  db: Queryable,
  jobId: string,
  progress: BulkJobProgress,
  error: string | null,
): Promise<BulkJobRow | null> {
  const { rows } = await db.query<BulkJobRow>(
    `UPDATE player_bulk_jobs
        SET status = CASE WHEN $5::text IS NULL THEN 'completed' ELSE 'failed' END, error = $5,
            done = $2, updated = $3, failures = $4::jsonb, updated_at = now(), finished_at = now()
      WHERE id = $1 RETURNING *`,
    [jobId, progress.done, progress.updated, JSON.stringify(progress.failures), error],
  );
  return rows[0] ?? null;
}

/** One account as the bulk update finds it, locked for its transaction. */
export async function lockAccountStatus(tx: Queryable, accountId: string) {
  const { rows } = await tx.query<{ display_name: string; account_status: string }>(
    'SELECT display_name, account_status FROM player_accounts WHERE id = $1 FOR UPDATE',
    [accountId],
  );
  return rows[0] ?? null;
}

/** Sets one account's status (the statement the bulk job runs once per account). */
export async function setAccountStatus(tx: Queryable, accountId: string, status: string, updatedBy: string) {
  await tx.query('UPDATE player_accounts SET account_status = $2, updated_by = $3, updated_at = now() WHERE id = $1', [
    accountId,
    status,
    updatedBy,
  ]);
}
