import { bulkUpdateStarted, type playerAccountsApi } from '@guildhall/contract';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit';
import { AppError } from '../../http/app-error';
import type { PlayerBulkUpdateRunner } from '../../jobs/player-bulk-update';
import type { Db } from '../../services/db/db';
import type { Requester } from '../guilds/guild-deps';
import { failStaleBulkJobs, insertBulkJob, selectBulkJob } from './bulk-queries';
import { presentBulkJob } from './presenters';
import { actorName } from './save-account';

/** The bulk update's body after the contract's defaults. */
export type BulkUpdateRequest = z.output<typeof playerAccountsApi.bulkUpdate.body>;

/** Starts a bulk status update and returns its job at once; the runner updates the accounts. */
export async function startBulkUpdate(
  deps: { db: Db; runner: PlayerBulkUpdateRunner },
  request: BulkUpdateRequest,
  requester: Requester,
) {
  // An account selected twice is updated once.
  const accountIds = [...new Set(request.accountIds)];
  const { maxConcurrency } = request;
  await failStaleBulkJobs(deps.db);
  const startedBy = actorName(requester);
  const job = await insertBulkJob(deps.db, {
    accountIds,
    accountStatus: request.updateData.account_status,
    maxConcurrency,
    startedBy,
  });
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'player_account.bulk_update_started',
    target: { type: 'player_bulk_job', id: job.id },
    details: { accounts: accountIds.length, accountStatus: job.account_status, maxConcurrency },
    ip: requester.ip,
  });
  deps.runner.start({ job, requester, updatedBy: startedBy });
  return { data: presentBulkJob(job), message: bulkUpdateStarted(accountIds.length) };
}

/** One bulk update job (a running one that stopped moving reads as failed); 404 when there is none. */
export async function readBulkJob(db: Db, jobId: string) {
  await failStaleBulkJobs(db);
  const job = await selectBulkJob(db, jobId);
  if (!job) throw AppError.notFound(`Bulk update job not found: ${jobId}`);
  return presentBulkJob(job);
}
