import type { MemberSyncJob, SyncCompleted, SyncFailed, SyncProgress } from '@guildhall/contract';

/** The job after a progress event; a finished job stays finished (a late event never reopens it). */
export function withProgress(job: MemberSyncJob | undefined, progress: SyncProgress, now: Date): MemberSyncJob {
  if (job && job.status !== 'running') return job;
  return {
    jobId: progress.jobId,
    guildId: progress.guildId,
    status: 'running',
    phase: progress.phase,
    fetched: progress.fetched,
    processed: progress.processed,
    result: null,
    error: null,
    startedAt: job?.startedAt ?? now.toISOString(),
    finishedAt: null,
  };
}

/** The job after it completed. */
export function withCompleted(job: MemberSyncJob | undefined, done: SyncCompleted, now: Date): MemberSyncJob {
  return {
    jobId: done.jobId,
    guildId: done.guildId,
    status: 'succeeded',
    phase: 'done',
    fetched: Math.max(job?.fetched ?? 0, done.result.total),
    processed: Math.max(job?.processed ?? 0, done.result.total),
    result: done.result,
    error: null,
    startedAt: job?.startedAt ?? now.toISOString(),
    finishedAt: now.toISOString(),
  };
}

/** The job after it failed; it changed nothing. */
export function withFailed(job: MemberSyncJob | undefined, failed: SyncFailed, now: Date): MemberSyncJob {
  return {
    jobId: failed.jobId,
    guildId: failed.guildId,
    status: 'failed',
    phase: 'failed',
    fetched: job?.fetched ?? 0,
    processed: job?.processed ?? 0,
    result: null,
    error: failed.error,
    startedAt: job?.startedAt ?? now.toISOString(),
    finishedAt: now.toISOString(),
  };
}

/** How far a sync has come, as its progress bar shows it: done of total, total null while it cannot be known. */
export function syncProgressFigures(job: MemberSyncJob): { label: string; done: number; total: number | null } {
  switch (job.phase) {
    case 'fetching':
      return { label: 'Fetching members from Discord', done: job.fetched, total: null };
    case 'saving':
      // The save is one transaction: until it reports a count, the bar runs open-ended over what was fetched.
      return job.processed > 0
        ? { label: 'Saving members', done: job.processed, total: Math.max(job.fetched, job.processed) }
        : { label: 'Saving members', done: job.fetched, total: null };
    case 'done':
      return { label: 'Members synced', done: job.fetched, total: Math.max(job.fetched, 1) };
    case 'failed':
      return { label: 'Sync failed', done: job.processed, total: Math.max(job.fetched, 1) };
  }
}
