import { DISCOVERY_MESSAGES } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import { AppError } from '../../http/app-error';
import type { MemberSyncRunner } from '../../jobs/member-sync';
import type { Db } from '../../services/db/db';
import { findGuildOr404 } from './find-guild';
import type { Requester } from './linking-deps';
import { presentSyncJob } from './presenters';
import { failStaleSync, insertSyncJob, selectSyncJob } from './sync-queries';

/**
 * Starts a member sync of the guild and returns its job at once; the runner does the work. Refused when
 * the guild has no Discord server (400), the server no bot token (503), or a sync is running (409).
 */
export async function startMemberSync(deps: { db: Db; runner: MemberSyncRunner | null }, guildId: string, requester: Requester) {
  const guild = await findGuildOr404(deps.db, guildId);
  if (!guild.discord_guild_id) throw AppError.invalidField('guildId', DISCOVERY_MESSAGES.noDiscordServer);
  if (!deps.runner) throw new AppError(503, 'DISCORD_NOT_CONFIGURED', DISCOVERY_MESSAGES.botTokenMissing);
  await failStaleSync(deps.db, guildId);
  const startedBy = requester.actor.type === 'admin' ? requester.actor.name : null;
  const job = await insertSyncJob(deps.db, guildId, startedBy);
  if (!job) throw new AppError(409, 'CONFLICT', DISCOVERY_MESSAGES.syncAlreadyRunning);
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'guild.member_sync_started',
    target: { type: 'guild', id: guildId },
    details: { jobId: job.id, discordGuildId: guild.discord_guild_id },
    ip: requester.ip,
  });
  deps.runner.start({ jobId: job.id, guildId, discordGuildId: guild.discord_guild_id, requester });
  return { jobId: job.id, job: presentSyncJob(job), message: DISCOVERY_MESSAGES.syncStarted };
}

/** One sync job; 404 when there is none. */
export async function readSyncJob(db: Db, jobId: string) {
  const job = await selectSyncJob(db, jobId);
  if (!job) throw AppError.notFound(DISCOVERY_MESSAGES.syncJobNotFound);
  return presentSyncJob(job);
}
