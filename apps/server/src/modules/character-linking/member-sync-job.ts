import { DISCOVERY_MESSAGES, type MemberSyncResult, type SyncProgress } from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { DomainEvent } from '../../core/event-bus';
import type { DiscordRest } from '../../services/discord/discord-rest';
import { type DiscordGuildMember, fetchGuildMembers, MemberListError } from '../../services/discord/guild-members';
import { JobFailure, type JobKind, type JobRecord, type JobRow, jobRecordOf, type RunningJob } from '../../services/job-queue';
import { countStagedMembers, discardStagedMembers, type FetchedMember, saveStagedMembers, stageMembers } from './sync-queries';

/** What a member sync reads: the guild's Discord server (its tenant is the job's guild). */
export interface MemberSyncInput {
  discordGuildId: string;
}

/** How far a sync got: each page is saved with the page number and the member to read after, so a resumed sync goes on. */
export interface MemberSyncProgress {
  phase: 'fetching' | 'saving' | 'done';
  page: number;
  /** Members Discord listed so far, bots included. */
  fetched: number;
  after: string;
  /** Members to save (bots left out), known once every page is fetched. */
  total: number | null;
  /** Set with phase done: the save and its counts committed together. */
  result?: MemberSyncResult;
}

export type MemberSyncJob = JobRecord<MemberSyncInput, MemberSyncProgress, MemberSyncResult>;

/** A jobs row of this kind as its record. */
export const memberSyncJobOf = (row: JobRow): MemberSyncJob => jobRecordOf(row);

const START: MemberSyncProgress = { phase: 'fetching', page: 0, fetched: 0, after: '0', total: null };

/** Bots are not players: no character is ever theirs, so they are not stored. */
function toStored(members: readonly DiscordGuildMember[]): FetchedMember[] {
  return members
    .filter((member) => !member.user.bot)
    .map((member) => ({
      discord_user_id: member.user.id,
      username: member.user.username,
      global_name: member.user.global_name ?? null,
      nickname: member.nick ?? null,
      avatar: member.user.avatar ?? null,
      roles: member.roles ?? [],
      joined_at: member.joined_at ?? null,
    }));
}

/** Discord's side of a sync: the bot's one REST client (its buckets and 429 waits are shared with every other call). */
export interface MemberSyncDiscord {
  rest: DiscordRest;
  retryDelayMs?: number;
}

/**
 * Runs one member sync: every page saved as it arrives (resumable from the next page), then one transaction that
 * stores them, audits and records the counts. A Discord failure changes nothing and is not tried again (the pages
 * were already retried); the job records why and watchers hear it.
 */
async function syncMembers(discord: MemberSyncDiscord, job: RunningJob<MemberSyncInput, MemberSyncProgress, MemberSyncResult>) {
  const { id, tenantId, input } = job.record;
  let progress = job.record.progress ?? START;
  if (progress.phase === 'fetching') {
    if (!discord.rest.hasBotToken) throw new JobFailure(DISCOVERY_MESSAGES.botTokenMissing);
    try {
      await fetchGuildMembers({
        rest: discord.rest,
        discordGuildId: input.discordGuildId,
        retryDelayMs: discord.retryDelayMs,
        signal: job.signal,
        after: progress.after,
        firstPage: progress.page + 1,
        onPage: async (page, members) => {
          const at = progress;
          progress = await job.step(async (tx) => {
            await stageMembers(tx, id, toStored(members));
            return { ...at, page, fetched: at.fetched + members.length, after: members.at(-1)?.user.id ?? at.after };
          });
        },
      });
    } catch (error) {
      throw error instanceof MemberListError ? new JobFailure(error.message) : error;
    }
    const fetched = progress;
    progress = await job.step(async (tx) => ({ ...fetched, phase: 'saving', total: await countStagedMembers(tx, id) }));
  }
  if (progress.phase === 'saving') {
    const saving = progress;
    const requester = job.record.requester as Requester;
    progress = await job.step(async (tx) => {
      const result = await saveStagedMembers(tx, tenantId!, id, new Date());
      await recordAudit(tx, {
        actor: requester.actor,
        action: 'guild.members_synced',
        target: { type: 'guild', id: tenantId! },
        details: { jobId: id, ...result },
        ip: requester.ip,
      });
      return { ...saving, phase: 'done', result };
    });
  }
  return progress.result!;
}

/** A running sync as its watchers see it. */
function syncProgressOf(job: MemberSyncJob): SyncProgress {
  const { phase, fetched, page, total } = job.progress ?? START;
  const base = { guildId: job.tenantId!, jobId: job.id, phase, fetched };
  if (phase === 'fetching') return { ...base, processed: 0, total: null, message: `Fetched ${fetched} members (page ${page})` };
  if (phase === 'saving') return { ...base, processed: 0, total, message: `Saving ${total} members` };
  return { ...base, processed: total ?? 0, total, message: DISCOVERY_MESSAGES.membersSynced };
}

/** Progress per page and at the save, then the completion or the failure, to the guild's member-sync room. */
function announceMemberSync(job: MemberSyncJob): DomainEvent[] {
  const ids = { guildId: job.tenantId!, jobId: job.id };
  if (job.status === 'running') return [{ type: 'member-sync.progressed', progress: syncProgressOf(job) }];
  if (job.status === 'failed') return [{ type: 'member-sync.failed', failed: { ...ids, error: job.error ?? '' } }];
  if (job.status === 'succeeded') {
    const completed = { ...ids, result: job.result!, message: DISCOVERY_MESSAGES.membersSynced };
    return [{ type: 'member-sync.completed', completed }];
  }
  return [];
}

/** Stored in jobs.kind. */
export const MEMBER_SYNC_KIND = 'member_sync';

/** The member sync as a job kind: one queued or running per guild, resumed per page after a restart. */
export function memberSyncJob(discord: MemberSyncDiscord): JobKind<MemberSyncInput, MemberSyncProgress, MemberSyncResult> {
  return {
    name: MEMBER_SYNC_KIND,
    maxAttempts: 3,
    interruptedError: 'The server stopped before this sync finished; nothing was changed',
    failedError: 'Saving the members failed; nothing was changed (see the server log)',
    run: (job) => syncMembers(discord, job),
    discard: (job, tx) => discardStagedMembers(tx, job.id),
    announce: announceMemberSync,
  };
}
