import {
  type BattlenetRegion,
  battlenetSlug,
  DATA_SOURCE_MESSAGES,
  type RosterSyncJob as RosterSyncView,
  type rosterSyncBody,
} from '@guildhall/contract';
import type { z } from 'zod';
import { AppError } from '../../core/app-error';
import { type Requester, recordAudit } from '../../core/audit';
import type { DataSourcesDeps } from './data-sources-deps';
import { guildOr404 } from './find-guild';
import { presentRosterSync, type RosterSyncInput } from './roster-sync-job';

/**
 * Queues a sync of the guild's Battle.net roster (each part of it defaults to the guild's own name, realm and region)
 * and returns its job at once. 503 without a Battle.net client, 400 for a region Battle.net has no API for, 409 while
 * one is queued or running.
 */
export async function startRosterSync(
  deps: DataSourcesDeps,
  guildId: string,
  body: z.infer<typeof rosterSyncBody>,
  requester: Requester,
): Promise<RosterSyncView> {
  const guild = await guildOr404(deps.db, guildId);
  if (!deps.isBattlenetConfigured) throw new AppError('SERVICE_UNAVAILABLE', DATA_SOURCE_MESSAGES.battlenetNotConfigured);
  const region = body.region ?? guild.region.toLowerCase();
  if (!['us', 'eu', 'kr', 'tw'].includes(region)) throw AppError.invalidField('region', DATA_SOURCE_MESSAGES.regionUnsupported);
  const realm = body.realm ?? guild.server;
  const guildName = body.guildName ?? guild.guild_name;
  const input: RosterSyncInput = {
    region: region as BattlenetRegion,
    realmSlug: battlenetSlug(realm),
    guildSlug: battlenetSlug(guildName),
    subject: `${guildName} (${realm}, ${region.toUpperCase()})`,
    guildName,
    realm,
  };
  const job = await deps.jobs.enqueue(deps.rosterSync, { input, requester, tenantId: guildId, target: guildId });
  if (!job) throw new AppError('CONFLICT', DATA_SOURCE_MESSAGES.rosterSyncRunning);
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'guild.roster_sync_started',
    target: { type: 'guild', id: guildId },
    details: { jobId: job.id, subject: input.subject },
    ip: requester.ip,
  });
  return presentRosterSync(job);
}

/** One roster sync of the guild; 404 when the guild has none of that id. */
export async function readRosterSync(deps: DataSourcesDeps, guildId: string, jobId: string): Promise<RosterSyncView> {
  const job = await deps.jobs.read(deps.rosterSync, jobId);
  if (!job || job.tenantId !== guildId) throw AppError.notFound(DATA_SOURCE_MESSAGES.rosterSyncNotFound);
  return presentRosterSync(job);
}
