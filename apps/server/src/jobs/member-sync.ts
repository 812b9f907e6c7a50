import { DISCOVERY_MESSAGES, type MemberSyncResult, type SyncProgress } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../core/audit';
import type { EventBus } from '../core/event-bus';
import {
  type FetchedMember,
  failSyncJob,
  finishSyncJob,
  lockStoredMembers,
  markMembersLeft,
  type StoredMember,
  updateSyncProgress,
  upsertMembers,
} from '../modules/character-linking/sync-queries';
import type { Requester } from '../modules/guilds/guild-deps';
import type { Db, Queryable } from '../services/db/db';
import { type DiscordGuildMember, fetchGuildMembers, MemberListError } from '../services/discord/guild-members';

/** What a member sync needs from the app. */
export interface MemberSyncDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  discord: { apiBase: string; botToken: string; retryDelayMs?: number };
}

/** One sync to run: the job row and the guild's Discord server. */
export interface MemberSyncTask {
  jobId: string;
  guildId: string;
  discordGuildId: string;
  requester: Requester;
}

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

const isChanged = (stored: StoredMember, fetched: FetchedMember) =>
  stored.left_at !== null ||
  stored.username !== fetched.username ||
  stored.global_name !== fetched.global_name ||
  stored.nickname !== fetched.nickname ||
  stored.avatar !== fetched.avatar ||
  stored.roles.join(',') !== fetched.roles.join(',');

/**
 * Stores what Discord listed, in one transaction: new members added, known ones refreshed (a member who
 * came back is current again), current members Discord no longer lists marked as left.
 */
async function saveMembers(tx: Queryable, task: MemberSyncTask, fetched: FetchedMember[]): Promise<MemberSyncResult> {
  const stored = new Map((await lockStoredMembers(tx, task.guildId)).map((member) => [member.discord_user_id, member]));
  const seen = new Set(fetched.map((member) => member.discord_user_id));
  let added = 0;
  let updated = 0;
  for (const member of fetched) {
    const before = stored.get(member.discord_user_id);
    if (!before) added++;
    else if (isChanged(before, member)) updated++;
  }
  const gone = [...stored.values()]
    .filter((member) => member.left_at === null && !seen.has(member.discord_user_id))
    .map((member) => member.discord_user_id);
  const now = new Date();
  await upsertMembers(tx, task.guildId, fetched, now);
  await markMembersLeft(tx, task.guildId, gone, now);
  const result = { added, updated, left: gone.length, total: fetched.length };
  await recordAudit(tx, {
    actor: task.requester.actor,
    action: 'guild.members_synced',
    target: { type: 'guild', id: task.guildId },
    details: { jobId: task.jobId, ...result },
    ip: task.requester.ip,
  });
  return result;
}

/**
 * Runs one member sync: every page first (progress after each), then one transaction that saves them.
 * A failure anywhere leaves the members as they were; the job records why and watchers hear it.
 */
export async function runMemberSync(deps: MemberSyncDeps, task: MemberSyncTask, signal?: AbortSignal): Promise<void> {
  const { db, bus } = deps;
  const progress = (update: Omit<SyncProgress, 'guildId' | 'jobId'>) =>
    bus.publish({ type: 'member-sync.progressed', progress: { guildId: task.guildId, jobId: task.jobId, ...update } });
  try {
    const members = await fetchGuildMembers({
      apiBase: deps.discord.apiBase,
      botToken: deps.discord.botToken,
      discordGuildId: task.discordGuildId,
      retryDelayMs: deps.discord.retryDelayMs,
      signal,
      onPage: async (page, fetched) => {
        await updateSyncProgress(db, task.jobId, { phase: 'fetching', fetched });
        progress({ phase: 'fetching', fetched, processed: 0, total: null, message: `Fetched ${fetched} members (page ${page})` });
      },
    });
    const fetched = toStored(members);
    await updateSyncProgress(db, task.jobId, { phase: 'saving', fetched: members.length });
    progress({
      phase: 'saving',
      fetched: members.length,
      processed: 0,
      total: fetched.length,
      message: `Saving ${fetched.length} members`,
    });
    const result = await db.transaction((tx) => saveMembers(tx, task, fetched));
    await finishSyncJob(db, task.jobId, { ...result, processed: fetched.length });
    progress({
      phase: 'done',
      fetched: members.length,
      processed: fetched.length,
      total: fetched.length,
      message: DISCOVERY_MESSAGES.membersSynced,
    });
    bus.publish({
      type: 'member-sync.completed',
      completed: { guildId: task.guildId, jobId: task.jobId, result, message: DISCOVERY_MESSAGES.membersSynced },
    });
  } catch (error) {
    const reason =
      error instanceof MemberListError ? error.message : 'Saving the members failed; nothing was changed (see the server log)';
    if (!(error instanceof MemberListError)) deps.log.error({ err: error, jobId: task.jobId }, 'member sync failed');
    await failSyncJob(db, task.jobId, reason).catch((failure) =>
      deps.log.error({ err: failure, jobId: task.jobId }, 'could not record the failed member sync'),
    );
    bus.publish({ type: 'member-sync.failed', failed: { guildId: task.guildId, jobId: task.jobId, error: reason } });
  }
}

/** The syncs this process runs; closing the app stops their waits and lets each record how it ended. */
export class MemberSyncRunner {
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(private readonly deps: MemberSyncDeps) {}

  /** Runs the sync in the background; the HTTP answer does not wait for it. */
  start(task: MemberSyncTask): void {
    const run = runMemberSync(this.deps, task, this.stop.signal).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Stops every running sync and waits until each has recorded its end. */
  async close(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([...this.running]);
  }
}
