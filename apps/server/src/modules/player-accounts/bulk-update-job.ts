import type { BulkUpdateJob } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { DomainEvent } from '../../core/event-bus';
import type { Db } from '../../services/db/db';
import type { JobKind, JobRecord, RunningJob } from '../../services/job-queue';
import { lockAccountStatus, setAccountStatus } from './bulk-queries';
import { presentBulkJob } from './presenters';

/** What a bulk update sets, on which accounts, how many at a time, and who (each account's updated_by). */
export interface BulkUpdateInput {
  accountIds: string[];
  accountStatus: BulkUpdateJob['accountStatus'];
  maxConcurrency: number;
  startedBy: string;
}

/** How far it got: the accounts before `next` are done (a resumed job goes on from there). */
export interface BulkUpdateProgress {
  next: number;
  done: number;
  updated: number;
  failures: BulkUpdateJob['failures'];
}

export type BulkUpdateJobRecord = JobRecord<BulkUpdateInput, BulkUpdateProgress, BulkUpdateProgress>;

const START: BulkUpdateProgress = { next: 0, done: 0, updated: 0, failures: [] };

/** Why one account was not updated; the job goes on with the others. */
export const BULK_ACCOUNT_ERRORS = {
  notFound: 'The account no longer exists',
  merged: 'The account was merged into another; its status is kept',
  failed: 'The update failed (see the server log)',
} as const;

/** Why a job failed whose process stopped during its last attempt. */
export const BULK_STALE_ERROR = 'The server stopped before this bulk update finished; the accounts not reached kept their status';

/** What a bulk update needs from the app. */
export interface BulkUpdateDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/** A refusal of one account, with the reason its failure entry reports. */
class AccountRefused extends Error {
  constructor(
    message: string,
    readonly displayName: string | null = null,
  ) {
    super(message);
  }
}

/**
 * Updates one account in a transaction of its own, audited. A merged account is refused: merging is
 * final (its characters now belong to another account), and re-activating it by bulk would bring a
 * duplicate person back into the lists.
 */
async function updateOneAccount(db: Db, job: BulkUpdateJobRecord, accountId: string): Promise<void> {
  const requester = job.requester as Requester;
  return db.transaction(async (tx) => {
    const account = await lockAccountStatus(tx, accountId);
    if (!account) throw new AccountRefused(BULK_ACCOUNT_ERRORS.notFound);
    if (account.account_status === 'merged') throw new AccountRefused(BULK_ACCOUNT_ERRORS.merged, account.display_name);
    const to = job.input.accountStatus;
    await setAccountStatus(tx, accountId, to, job.input.startedBy);
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'player_account.bulk_updated',
      target: { type: 'player_account', id: accountId },
      details: { jobId: job.id, displayName: account.display_name, from: account.account_status, to },
      ip: requester.ip,
    });
  });
}

/**
 * Runs one bulk update in batches of `maxConcurrency` accounts updated side by side, its progress saved after each
 * batch. A failing account is listed in failures with its reason and the others go on. After a restart the job goes
 * on from the batch it was in (its accounts set again: a status set twice is the same status).
 */
async function updateAccounts(
  { db, log }: BulkUpdateDeps,
  job: RunningJob<BulkUpdateInput, BulkUpdateProgress, BulkUpdateProgress>,
) {
  const { record } = job;
  const ids = record.input.accountIds;
  let progress = record.progress ?? START;
  while (progress.next < ids.length) {
    if (job.signal.aborted) throw job.signal.reason;
    const batch = ids.slice(progress.next, progress.next + record.input.maxConcurrency);
    const outcomes = await Promise.all(
      batch.map(async (accountId) => {
        try {
          await updateOneAccount(db, record, accountId);
          return null;
        } catch (error) {
          if (error instanceof AccountRefused) return { accountId, displayName: error.displayName, error: error.message };
          log.error({ err: error, jobId: record.id, accountId }, 'bulk update of an account failed');
          return { accountId, displayName: null, error: BULK_ACCOUNT_ERRORS.failed };
        }
      }),
    );
    const failures = outcomes.filter((outcome) => outcome !== null);
    progress = {
      next: progress.next + batch.length,
      done: progress.done + batch.length,
      updated: progress.updated + batch.length - failures.length,
      failures: [...progress.failures, ...failures],
    };
    await job.save(progress);
  }
  return progress;
}

/** Progress after each batch and the end, to the clients watching player accounts. */
function announceBulkUpdate(job: BulkUpdateJobRecord): DomainEvent[] {
  if (job.status === 'running') return [{ type: 'player-bulk.progressed', job: presentBulkJob(job) }];
  if (job.status === 'queued') return [];
  return [{ type: 'player-bulk.finished', job: presentBulkJob(job) }];
}

/** The player-account bulk status update as a job kind. */
export function bulkUpdateJob(deps: BulkUpdateDeps): JobKind<BulkUpdateInput, BulkUpdateProgress, BulkUpdateProgress> {
  return {
    name: 'player_bulk_update',
    maxAttempts: 3,
    interruptedError: BULK_STALE_ERROR,
    run: (job) => updateAccounts(deps, job),
    announce: announceBulkUpdate,
  };
}
