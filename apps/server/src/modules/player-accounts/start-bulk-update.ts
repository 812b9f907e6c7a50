import { bulkUpdateStarted, type playerAccountsApi } from '@guildhall/contract';
import type { z } from 'zod';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { JobKind, JobQueue } from '../../services/job-queue';
import type { BulkUpdateInput, BulkUpdateProgress } from './bulk-update-job';
import { presentBulkJob } from './presenters';
import { actorName } from './save-account';

/** The bulk update's body after the contract's defaults. */
export type BulkUpdateRequest = z.output<typeof playerAccountsApi.bulkUpdate.body>;

/** What starting and reading bulk updates needs: the job queue and the kind. */
export interface BulkUpdateStartDeps {
  db: Db;
  jobs: JobQueue;
  bulkUpdate: JobKind<BulkUpdateInput, BulkUpdateProgress, BulkUpdateProgress>;
}

/** Queues a bulk status update and returns its job at once; a job runner updates the accounts. */
export async function startBulkUpdate(deps: BulkUpdateStartDeps, request: BulkUpdateRequest, requester: Requester) {
  // An account selected twice is updated once.
  const accountIds = [...new Set(request.accountIds)];
  const { maxConcurrency } = request;
  const accountStatus = request.updateData.account_status;
  const job = await deps.jobs.enqueue(deps.bulkUpdate, {
    input: { accountIds, accountStatus, maxConcurrency, startedBy: actorName(requester) },
    requester,
  });
  // No target: bulk updates never wait for one another.
  if (!job) throw new Error('A bulk update without a target was refused');
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'player_account.bulk_update_started',
    target: { type: 'player_bulk_job', id: job.id },
    details: { accounts: accountIds.length, accountStatus, maxConcurrency },
    ip: requester.ip,
  });
  return { data: presentBulkJob(job), message: bulkUpdateStarted(accountIds.length) };
}

/** One bulk update job; 404 when there is none. */
export async function readBulkJob(deps: BulkUpdateStartDeps, jobId: string) {
  const job = await deps.jobs.read(deps.bulkUpdate, jobId);
  if (!job) throw AppError.notFound(`Bulk update job not found: ${jobId}`);
  return presentBulkJob(job);
}
