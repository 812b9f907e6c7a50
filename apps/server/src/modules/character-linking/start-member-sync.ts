import { DISCOVERY_MESSAGES, type MemberSyncResult } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { JobKind, JobQueue } from '../../services/job-queue';
import { findGuildOr404 } from './find-guild';
import type { MemberSyncInput, MemberSyncProgress } from './member-sync-job';
import { presentSyncJob } from './presenters';

/** What starting and reading member syncs needs: the job queue, the kind, and whether Discord is configured. */
export interface MemberSyncDeps {
  db: Db;
  jobs: JobQueue;
  memberSync: JobKind<MemberSyncInput, MemberSyncProgress, MemberSyncResult>;
  hasBotToken: boolean;
}

/**
 * Queues a member sync of the guild and returns its job at once; a job runner does the work. Refused when
 * the guild has no Discord server (400), the server no bot token (503), or a sync is queued or running (409).
 */
export async function startMemberSync(deps: MemberSyncDeps, guildId: string, requester: Requester) {
  const guild = await findGuildOr404(deps.db, guildId);
  if (!guild.discord_guild_id) throw AppError.invalidField('guildId', DISCOVERY_MESSAGES.noDiscordServer);
  if (!deps.hasBotToken) throw new AppError('DISCORD_NOT_CONFIGURED', DISCOVERY_MESSAGES.botTokenMissing);
  const job = await deps.jobs.enqueue(deps.memberSync, {
    input: { discordGuildId: guild.discord_guild_id },
    requester,
    tenantId: guildId,
    target: guildId,
  });
  if (!job) throw new AppError('CONFLICT', DISCOVERY_MESSAGES.syncAlreadyRunning);
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'guild.member_sync_started',
    target: { type: 'guild', id: guildId },
    details: { jobId: job.id, discordGuildId: guild.discord_guild_id },
    ip: requester.ip,
  });
  return { jobId: job.id, job: presentSyncJob(job), message: DISCOVERY_MESSAGES.syncStarted };
}

/** One sync job; 404 when there is none. */
export async function readSyncJob(deps: MemberSyncDeps, jobId: string) {
  const job = await deps.jobs.read(deps.memberSync, jobId);
  if (!job) throw AppError.notFound(DISCOVERY_MESSAGES.syncJobNotFound);
  return presentSyncJob(job);
}
