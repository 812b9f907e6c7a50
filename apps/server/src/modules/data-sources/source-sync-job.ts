import {
  type BattlenetRegion,
  CHARACTER_SOURCE_LABELS,
  type CharacterSourceType,
  type DataSourceCounts,
  GAME_DATA_MESSAGES,
  type SourceSyncJob as SourceSyncView,
  type SyncedSource,
  sourceGuildNotFound,
  sourceUnavailable,
} from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { GameDataError } from '../../services/game-data/game-data-error';
import { JobFailure, type JobKind, type JobRecord, type RunningJob } from '../../services/job-queue';
import { CharacterIndex, type Observation, type PlannedCharacter, planCharacter } from './plan-characters';
import { addSourceSightings, insertRun, lockGuild, selectKnownCharacters } from './queries';
import { recordSucceededRun } from './record-run';
import { selectJobEnd } from './roster-queries';
import { touchedIds, type WrittenPlans, writePlans } from './write-plans';

// A sync of Raider.IO or WoWAudit, or an import of Warcraft Logs reports, as a job: fetch everything from the source
// (progress saved as it goes), then merge and write it in one transaction with its run and audit record. A sync that
// stops midway runs again from the start: what it fetched is not kept, and writing twice changes nothing.

/** What to sync: the guild as the source names it, and for Warcraft Logs which reports. */
export interface SourceSyncInput {
  region: BattlenetRegion;
  realm: string;
  guildName: string;
  /** 'Guild Name (realm, EU)' or the report's code, as the runs list names it. */
  subject: string;
  /** Warcraft Logs: one report's code, or the guild's latest this many. */
  reportCode?: string;
  latest?: number;
}

export type SourceSyncResult = DataSourceCounts & { conflicts: string[] };

export interface SourceSyncProgress {
  phase: 'fetching' | 'saving' | 'done';
  fetched: number;
  total: number | null;
  result?: SourceSyncResult;
}

export type SourceSyncRecord = JobRecord<SourceSyncInput, SourceSyncProgress, SourceSyncResult>;
export type RunningSourceSync = RunningJob<SourceSyncInput, SourceSyncProgress, SourceSyncResult>;
export type SourceSyncKind = JobKind<SourceSyncInput, SourceSyncProgress, SourceSyncResult> & { source: SyncedSource };

/** A source's part: fetch (saving progress), then write in the transaction the job gives it. */
export interface SourceSyncBody<Fetched> {
  /** `save` saves how far the fetch got (and announces it). */
  fetch(job: RunningSourceSync, save: (progress: SourceSyncProgress) => Promise<void>): Promise<Fetched>;
  save(tx: Queryable, job: SourceSyncRecord, fetched: Fetched, at: Date): Promise<SourceSyncResult>;
}

/** A source's failure in the product's words; every one is final (the client already retried). */
function failureOf(error: unknown, source: SyncedSource, input: SourceSyncInput): unknown {
  if (!(error instanceof GameDataError)) return error;
  const service = CHARACTER_SOURCE_LABELS[source];
  if (error.failure === 'not_found') {
    return new JobFailure(sourceGuildNotFound(service, input.guildName, input.realm, input.region));
  }
  if (error.failure === 'credentials') {
    return new JobFailure(
      source === 'wowaudit' ? GAME_DATA_MESSAGES.keyRefused : GAME_DATA_MESSAGES.warcraftLogsCredentialsRefused,
    );
  }
  return new JobFailure(sourceUnavailable(service, error.message));
}

/** The merge of what a source says, against the guild's characters as they are (in the save's transaction). */
export async function planObservations(
  tx: Queryable,
  guildId: string,
  source: CharacterSourceType,
  observations: readonly Observation[],
): Promise<PlannedCharacter[]> {
  const index = new CharacterIndex(await selectKnownCharacters(tx, guildId));
  return observations.map((observation) => planCharacter(index, observation, source));
}

/** Counts of a written merge. */
export function countsOf(plans: readonly PlannedCharacter[], written: WrittenPlans, rejected: number): SourceSyncResult {
  return {
    new: written.created.length,
    changed: written.changed.length,
    unchanged: plans.length - written.created.length - written.changed.length,
    rejected,
    conflicts: plans.flatMap((plan) => (plan.conflict ? [plan.conflict] : [])),
  };
}

/**
 * A roster-like source (Raider.IO, WoWAudit): each character it lists is one sighting; a character it lists with
 * nothing new is not written (its source row neither), so a second sync of the same team writes nothing.
 */
export async function saveRosterLike(
  tx: Queryable,
  guildId: string,
  source: CharacterSourceType,
  observations: readonly Observation[],
  rejected: number,
  at: Date,
): Promise<SourceSyncResult> {
  const plans = await planObservations(tx, guildId, source, observations);
  const written = await writePlans(tx, guildId, plans, at);
  await addSourceSightings(
    tx,
    source,
    touchedIds(written).map((id) => ({ character_id: id, count: 1, seen_at: at })),
    true,
  );
  return countsOf(plans, written, rejected);
}

/** The run and the audit record of a sync that succeeded. */
async function recordSync(tx: Queryable, job: SourceSyncRecord, source: SyncedSource, result: SourceSyncResult) {
  const { conflicts, ...counts } = result;
  const subject = job.input.subject;
  await recordSucceededRun(tx, {
    guildId: job.tenantId!,
    source,
    counts,
    subject,
    requester: job.requester as Requester,
    startedAt: job.startedAt ?? new Date(),
    jobId: job.id,
    action: 'guild.source_synced',
    details: { source, jobId: job.id, subject, ...counts, conflicts: conflicts.length },
  });
}

/** A sync as its watchers see it. */
export function presentSourceSync(source: SyncedSource, job: SourceSyncRecord): SourceSyncView {
  const progress = job.progress ?? { phase: 'fetching', fetched: 0, total: null };
  const result = job.result ?? progress.result ?? null;
  const { conflicts = [], ...counts } = result ?? {};
  return {
    id: job.id,
    sourceType: source,
    status: job.status,
    phase: progress.phase,
    fetched: progress.fetched,
    total: progress.total,
    counts: result ? (counts as DataSourceCounts) : null,
    conflicts,
    error: job.error,
  };
}

/** The job kind of one source: one queued or running per guild; a failure leaves a run saying why, and no writes. */
export function sourceSyncKind<Fetched>(
  name: string,
  source: SyncedSource,
  body: SourceSyncBody<Fetched> | null,
  notConfigured: string,
): SourceSyncKind {
  return {
    name,
    source,
    maxAttempts: 2,
    interruptedError: GAME_DATA_MESSAGES.syncInterrupted,
    failedError: GAME_DATA_MESSAGES.syncFailed,
    run: async (job) => {
      if (!body) throw new JobFailure(notConfigured);
      let at: SourceSyncProgress = { phase: 'fetching', fetched: 0, total: null };
      let fetched: Fetched;
      try {
        fetched = await body.fetch(job, async (progress) => {
          at = progress;
          await job.save(progress);
        });
      } catch (error) {
        throw failureOf(error, source, job.record.input);
      }
      const done = await job.step(async (tx) => {
        await lockGuild(tx, job.record.tenantId!);
        const result = await body.save(tx, job.record, fetched, new Date());
        await recordSync(tx, job.record, source, result);
        return { ...at, phase: 'done' as const, result };
      });
      return done.result!;
    },
    discard: async (job, tx) => {
      const end = await selectJobEnd(tx, job.id);
      const requester = job.requester as Requester;
      await insertRun(tx, {
        guildId: job.tenantId!,
        source,
        status: 'failed',
        counts: { new: 0, changed: 0, unchanged: 0, rejected: 0 },
        subject: job.input.subject,
        error: end?.error ?? null,
        jobId: job.id,
        actor: requester.actor,
        startedAt: end?.started_at ?? job.createdAt,
      });
    },
    announce: (job) => [
      { type: 'data-source.progressed', progress: { guildId: job.tenantId!, job: presentSourceSync(source, job) } },
    ],
  };
}
