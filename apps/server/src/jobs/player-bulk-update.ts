import type { BulkUpdateJob } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../core/audit';
import type { EventBus } from '../core/event-bus';
import type { Requester } from '../modules/guilds/guild-deps';
import {
  BULK_STALE_ERROR,
  type BulkJobProgress,
  type BulkJobRow,
  finishBulkJob,
  lockAccountStatus,
  setAccountStatus,
  updateBulkProgress,
} from '../modules/player-accounts/bulk-queries';
import { presentBulkJob } from '../modules/player-accounts/presenters';
import type { Db } from '../services/db/db';

/** What a bulk update needs from the app. */
export interface PlayerBulkUpdateDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/** One job to run: its row as created, and who started it (each account's audit record names them). */
export interface PlayerBulkUpdateTask {
  job: BulkJobRow;
  requester: Requester;
  /** updated_by of each account changed. */
  updatedBy: string;
}

/** Progress pushes at most this often; the finished event always carries the final figures. */
const PROGRESS_EVERY_MS = 100;

/** Why one account was not updated; the job goes on with the others. */
export const BULK_ACCOUNT_ERRORS = {
  notFound: 'The account no longer exists',
  merged: 'The account was merged into another; its status is kept',
  failed: 'The update failed (see the server log)',
} as const;

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
async function updateOneAccount(db: Db, task: PlayerBulkUpdateTask, accountId: string): Promise<void> {
  return db.transaction(async (tx) => {
    const account = await lockAccountStatus(tx, accountId);
    if (!account) throw new AccountRefused(BULK_ACCOUNT_ERRORS.notFound);
    if (account.account_status === 'merged') throw new AccountRefused(BULK_ACCOUNT_ERRORS.merged, account.display_name);
    const to = task.job.account_status;
    await setAccountStatus(tx, accountId, to, task.updatedBy);
    await recordAudit(tx, {
      actor: task.requester.actor,
      action: 'player_account.bulk_updated',
      target: { type: 'player_account', id: accountId },
      details: { jobId: task.job.id, displayName: account.display_name, from: account.account_status, to },
      ip: task.requester.ip,
    });
  });
}

/** Writes the latest progress to the job row one write at a time, so an older figure never lands after a newer one. */
function progressWriter(db: Db, jobId: string, log: FastifyBaseLogger) {
  let latest: BulkJobProgress | null = null;
  let writing: Promise<void> | null = null;
  const drain = async () => {
    while (latest) {
      const progress = latest;
      latest = null;
      await updateBulkProgress(db, jobId, progress).catch((error) =>
        log.warn({ err: error, jobId }, 'could not record bulk update progress'),
      );
    }
    writing = null;
  };
  return {
    write(progress: BulkJobProgress) {
      latest = progress;
      writing ??= drain();
    },
    settled: () => writing ?? Promise.resolve(),
  };
}

/**
 * Runs one bulk update: `max_concurrency` workers take the next account until none is left. A failing account
 * is listed in failures with its reason and the others go on; progress is pushed after accounts finish.
 */
export async function runPlayerBulkUpdate(deps: PlayerBulkUpdateDeps, task: PlayerBulkUpdateTask, signal?: AbortSignal) {
  const { db, bus, log } = deps;
  const { job } = task;
  const progress: BulkJobProgress = { done: 0, updated: 0, failures: [] };
  const writer = progressWriter(db, job.id, log);
  const snapshot = (): BulkUpdateJob => ({ ...presentBulkJob(job), ...progress, failures: [...progress.failures] });
  let lastPush = 0;
  let next = 0;

  const worker = async () => {
    while (next < job.account_ids.length && !signal?.aborted) {
      const accountId = job.account_ids[next++]!;
      try {
        await updateOneAccount(db, task, accountId);
        progress.updated++;
      } catch (error) {
        if (error instanceof AccountRefused) {
          progress.failures.push({ accountId, displayName: error.displayName, error: error.message });
        } else {
          log.error({ err: error, jobId: job.id, accountId }, 'bulk update of an account failed');
          progress.failures.push({ accountId, displayName: null, error: BULK_ACCOUNT_ERRORS.failed });
        }
      }
      progress.done++;
      writer.write({ ...progress, failures: [...progress.failures] });
      if (Date.now() - lastPush >= PROGRESS_EVERY_MS) {
        lastPush = Date.now();
        bus.publish({ type: 'player-bulk.progressed', job: snapshot() });
      }
    }
  };

  await Promise.all(Array.from({ length: Math.min(job.max_concurrency, job.account_ids.length) }, worker));
  await writer.settled();
  const error = progress.done < job.total ? BULK_STALE_ERROR : null;
  try {
    const finished = await finishBulkJob(db, job.id, progress, error);
    bus.publish({ type: 'player-bulk.finished', job: finished ? presentBulkJob(finished) : { ...snapshot(), status: 'failed' } });
  } catch (failure) {
    // The row stays running and stops moving, so a later read marks it failed (bulk-queries.ts).
    log.error({ err: failure, jobId: job.id }, 'could not record the end of a bulk update');
    bus.publish({ type: 'player-bulk.finished', job: { ...snapshot(), status: 'failed' } });
  }
}

/** The bulk updates this process runs; closing the app stops them between accounts and records how each ended. */
export class PlayerBulkUpdateRunner {
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(private readonly deps: PlayerBulkUpdateDeps) {}

  /** Runs the job in the background; the HTTP answer does not wait for it. */
  start(task: PlayerBulkUpdateTask): void {
    const run = runPlayerBulkUpdate(this.deps, task, this.stop.signal)
      .catch((error) => this.deps.log.error({ err: error, jobId: task.job.id }, 'bulk update failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Stops every running job after the accounts in hand and waits until each has recorded its end. */
  async close(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([...this.running]);
  }
}
