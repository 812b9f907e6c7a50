import {
  BATTLENET_CLASS_IDS,
  type BattlenetRegion,
  battlenetUnavailable,
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  type DataSourceCounts,
  type RosterSyncJob as RosterSyncView,
  rosterGuildNotFound,
  wowClassOf,
} from '@guildhall/contract';
import { type Requester, recordAudit } from '../../core/audit';
import { type CharacterProfile, type ProfileApi, ProfileApiError } from '../../services/battlenet/profile-api';
import type { Queryable } from '../../services/db/db';
import { JobFailure, type JobKind, type JobRecord, type RunningJob } from '../../services/job-queue';
import { eachLimited } from './each-limited';
import { CharacterIndex, type Observation, type PlannedCharacter, planCharacter } from './plan-characters';
import { addSourceSightings, insertRun, lockGuild, markLeftGuild, selectKnownCharacters } from './queries';
import {
  discardRoster,
  type StagedMember,
  saveProfiles,
  selectJobEnd,
  selectPendingMembers,
  selectStagedMembers,
  stageRoster,
} from './roster-queries';
import { touchedIds, writePlans } from './write-plans';

/** Which roster to sync. */
export interface RosterSyncInput {
  region: BattlenetRegion;
  realmSlug: string;
  guildSlug: string;
  /** 'Guild Name (realm, EU)', as the runs list names it. */
  subject: string;
  guildName: string;
  realm: string;
}

/** How far a sync got: the roster staged, then profiles fetched batch by batch, then the save with its counts. */
export interface RosterSyncProgress {
  phase: 'roster' | 'profiles' | 'saving' | 'done';
  fetched: number;
  total: number | null;
  counts?: DataSourceCounts & { conflicts: string[] };
}

export type RosterSyncResult = DataSourceCounts & { conflicts: string[] };

export type RosterSyncJob = JobRecord<RosterSyncInput, RosterSyncProgress, RosterSyncResult>;

/** Stored in jobs.kind. */
export const ROSTER_SYNC_KIND = 'roster_sync';

/** Profiles fetched between two saves of the progress. */
const PROFILE_BATCH = 20;

const START: RosterSyncProgress = { phase: 'roster', fetched: 0, total: null };

/** A Profile API failure in the product's words; every one is final (the client already retried). */
function failureOf(error: unknown, input: RosterSyncInput): unknown {
  if (!(error instanceof ProfileApiError)) return error;
  if (error.failure === 'not_found') return new JobFailure(rosterGuildNotFound(input.guildName, input.realm, input.region));
  if (error.failure === 'credentials') return new JobFailure(DATA_SOURCE_MESSAGES.battlenetCredentialsRefused);
  return new JobFailure(battlenetUnavailable(error.message));
}

/** What one roster member says, as the merge reads it; null without a class (nothing to make a character of). */
function observationOf(member: StagedMember, realmNames: ReadonlyMap<string, string>): Observation | null {
  const profile: CharacterProfile | null = member.profile && !member.profile.missing ? member.profile : null;
  const className =
    (profile?.className ? wowClassOf(profile.className) : null) ?? BATTLENET_CLASS_IDS[member.class_id ?? 0] ?? null;
  if (!className) return null;
  return {
    name: member.name,
    realm: profile?.realmName ?? realmNames.get(member.realm_slug) ?? member.realm_slug,
    realmSlug: member.realm_slug,
    battlenetId: member.battlenet_id,
    className,
    fields: {
      battlenet_id: member.battlenet_id,
      realm_slug: member.realm_slug,
      guild_rank: member.guild_rank,
      level: profile?.level ?? member.level ?? undefined,
      ...(profile
        ? {
            spec: profile.spec,
            race: profile.race,
            item_level: profile.itemLevel,
            item_level_equipped: profile.itemLevelEquipped,
            avatar_url: profile.avatarUrl,
            render_url: profile.renderUrl,
          }
        : {}),
    },
  };
}

/**
 * Writes the staged roster in one transaction: characters created or updated by Battle.net id (else name and realm),
 * the ones the roster no longer lists marked as left, the run recorded and audited. An unchanged roster writes no
 * character and no source row.
 */
async function saveRoster(tx: Queryable, job: RosterSyncJob, at: Date): Promise<RosterSyncResult> {
  const guildId = job.tenantId!;
  await lockGuild(tx, guildId);
  const staged = await selectStagedMembers(tx, job.id);
  const realmPairs = staged.flatMap((member) =>
    member.profile?.realmName ? [{ name: member.profile.realmName, slug: member.realm_slug }] : [],
  );
  const known = await selectKnownCharacters(tx, guildId);
  const index = new CharacterIndex(known, realmPairs);
  // A member without a profile is named by its realm's slug only: its name comes from another character of that realm.
  const realmNames = new Map<string, string>([
    ...known.flatMap((character) => (character.realm_slug ? [[character.realm_slug, character.realm] as const] : [])),
    ...realmPairs.map((pair) => [pair.slug, pair.name] as const),
  ]);
  const plans: PlannedCharacter[] = [];
  let rejected = 0;
  for (const member of staged) {
    const observation = observationOf(member, realmNames);
    if (!observation) rejected++;
    else plans.push(planCharacter(index, observation, 'battlenet'));
  }
  const written = await writePlans(tx, guildId, plans, at);
  const { created, changed } = written;
  await addSourceSightings(
    tx,
    'battlenet',
    touchedIds(written).map((id) => ({ character_id: id, count: 1, seen_at: at })),
    true,
  );
  const left = await markLeftGuild(
    tx,
    guildId,
    staged.map((member) => member.battlenet_id),
    at,
  );
  const conflicts = plans.flatMap((plan) => (plan.conflict ? [plan.conflict] : []));
  const counts = {
    new: created.length,
    changed: changed.length,
    unchanged: plans.length - created.length - changed.length,
    rejected,
    left,
  };
  const requester = job.requester as Requester;
  const run = await insertRun(tx, {
    guildId,
    source: 'battlenet',
    status: 'succeeded',
    counts,
    subject: job.input.subject,
    jobId: job.id,
    actor: requester.actor,
    startedAt: job.startedAt ?? at,
  });
  await recordAudit(tx, {
    actor: requester.actor,
    action: 'guild.roster_synced',
    target: { type: 'guild', id: guildId },
    details: { jobId: job.id, runId: run.id, subject: job.input.subject, ...counts, conflicts: conflicts.length },
    ip: requester.ip,
  });
  await discardRoster(tx, job.id);
  return { ...counts, conflicts };
}

async function syncRoster(
  api: ProfileApi,
  db: Queryable,
  job: RunningJob<RosterSyncInput, RosterSyncProgress, RosterSyncResult>,
) {
  const { id, input } = job.record;
  let progress = job.record.progress ?? START;
  try {
    if (progress.phase === 'roster') {
      const members = await api.roster(input.region, input.realmSlug, input.guildSlug, job.signal);
      progress = await job.step(async (tx) => {
        await stageRoster(tx, id, members);
        return { phase: 'profiles', fetched: 0, total: members.length };
      });
    }
    while (progress.phase === 'profiles') {
      const pending = await selectPendingMembers(db, id, PROFILE_BATCH);
      if (pending.length === 0) {
        const at = progress;
        progress = await job.step(async () => ({ ...at, phase: 'saving' }));
        break;
      }
      const profiles = await eachLimited(pending, DATA_SOURCE_LIMITS.rosterConcurrency, async (member) => ({
        battlenetId: member.battlenet_id,
        profile: await api.character(input.region, member.realm_slug, member.name, job.signal),
      }));
      const at = progress;
      progress = await job.step(async (tx) => {
        await saveProfiles(tx, id, profiles);
        return { ...at, fetched: at.fetched + profiles.length };
      });
    }
  } catch (error) {
    throw failureOf(error, input);
  }
  if (progress.phase === 'saving') {
    const saving = progress;
    progress = await job.step(async (tx) => ({ ...saving, phase: 'done', counts: await saveRoster(tx, job.record, new Date()) }));
  }
  return progress.counts!;
}

/** A sync fails with a run of its own on the Sources tab, saying why; what it staged is dropped. */
async function discardSync(job: RosterSyncJob, tx: Queryable) {
  await discardRoster(tx, job.id);
  const end = await selectJobEnd(tx, job.id);
  const requester = job.requester as Requester;
  await insertRun(tx, {
    guildId: job.tenantId!,
    source: 'battlenet',
    status: 'failed',
    counts: { new: 0, changed: 0, unchanged: 0, rejected: 0 },
    subject: job.input.subject,
    error: end?.error ?? null,
    jobId: job.id,
    actor: requester.actor,
    startedAt: end?.started_at ?? job.createdAt,
  });
}

/** A sync as its watchers see it. */
export function presentRosterSync(job: JobRecord<RosterSyncInput, RosterSyncProgress, RosterSyncResult>): RosterSyncView {
  const progress = job.progress ?? { phase: 'roster', fetched: 0, total: null };
  const { conflicts: _conflicts, ...counts } = job.result ?? progress.counts ?? { conflicts: [] };
  return {
    id: job.id,
    status: job.status,
    phase: progress.phase,
    fetched: progress.fetched,
    total: progress.total,
    counts: 'new' in counts ? counts : null,
    error: job.error,
  };
}

/** The roster sync as a job kind: one queued or running per guild, resumed from its saved batch after a restart. */
export function rosterSyncJob(
  api: ProfileApi | null,
  db: Queryable,
): JobKind<RosterSyncInput, RosterSyncProgress, RosterSyncResult> {
  return {
    name: ROSTER_SYNC_KIND,
    maxAttempts: 3,
    interruptedError: DATA_SOURCE_MESSAGES.rosterSyncInterrupted,
    failedError: DATA_SOURCE_MESSAGES.rosterSyncFailed,
    run: async (job) => {
      if (!api) throw new JobFailure(DATA_SOURCE_MESSAGES.battlenetNotConfigured);
      return syncRoster(api, db, job);
    },
    discard: discardSync,
    announce: (job) => [{ type: 'data-source.progressed', progress: { guildId: job.tenantId!, job: presentRosterSync(job) } }],
  };
}
