import {
  type BattlenetRegion,
  GAME_DATA_MESSAGES,
  type logsImportBody,
  type raiderIoSyncBody,
  reportCodeOf,
  type SourceSyncJob as SourceSyncView,
} from '@guildhall/contract';
import type { z } from 'zod';
import { AppError } from '../../core/app-error';
import { type Requester, recordAudit } from '../../core/audit';
import type { DataSourcesDeps } from './data-sources-deps';
import { guildOr404 } from './find-guild';
import { selectSealedKey } from './source-key-queries';
import { presentSourceSync, type SourceSyncInput, type SourceSyncKind } from './source-sync-job';

/** The guild as a source names it: the tenant's own name, realm and region unless the call names others. */
async function inputOf(
  deps: DataSourcesDeps,
  guildId: string,
  body: Partial<z.infer<typeof raiderIoSyncBody>>,
): Promise<SourceSyncInput> {
  const guild = await guildOr404(deps.db, guildId);
  const region = body.region ?? guild.region.toLowerCase();
  if (!['us', 'eu', 'kr', 'tw'].includes(region)) throw AppError.invalidField('region', GAME_DATA_MESSAGES.regionUnsupported);
  const realm = body.realm ?? guild.server;
  const guildName = body.guildName ?? guild.guild_name;
  return {
    region: region as BattlenetRegion,
    realm,
    guildName,
    subject: `${guildName} (${realm}, ${region.toUpperCase()})`,
  };
}

/** Queues one sync of the kind for the guild (409 while one is queued or running) and audits it. */
async function enqueue(
  deps: DataSourcesDeps,
  kind: SourceSyncKind,
  guildId: string,
  input: SourceSyncInput,
  requester: Requester,
): Promise<SourceSyncView> {
  const job = await deps.jobs.enqueue(kind, { input, requester, tenantId: guildId, target: guildId });
  if (!job) throw new AppError('CONFLICT', GAME_DATA_MESSAGES.syncRunning);
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'guild.source_sync_started',
    target: { type: 'guild', id: guildId },
    details: { source: kind.source, jobId: job.id, subject: input.subject },
    ip: requester.ip,
  });
  return presentSourceSync(kind.source, job);
}

/** A Raider.IO sync of the guild's profile and members. */
export async function startRaiderIoSync(
  deps: DataSourcesDeps,
  guildId: string,
  body: z.infer<typeof raiderIoSyncBody>,
  requester: Requester,
): Promise<SourceSyncView> {
  return enqueue(deps, deps.raiderIoSync, guildId, await inputOf(deps, guildId, body), requester);
}

/** A WoWAudit sync with the guild's saved key (400 without one). */
export async function startWowAuditSync(deps: DataSourcesDeps, guildId: string, requester: Requester): Promise<SourceSyncView> {
  const input = await inputOf(deps, guildId, {});
  if (!(await selectSealedKey(deps.db, guildId, 'wowaudit'))) throw AppError.invalidField('key', GAME_DATA_MESSAGES.keyMissing);
  return enqueue(deps, deps.wowAuditSync, guildId, input, requester);
}

/** An import of one Warcraft Logs report, or of the guild's latest; 503 without a Warcraft Logs client. */
export async function startLogsImport(
  deps: DataSourcesDeps,
  guildId: string,
  body: z.infer<typeof logsImportBody>,
  requester: Requester,
): Promise<SourceSyncView> {
  const input = await inputOf(deps, guildId, {});
  if (!deps.isWarcraftLogsConfigured) throw new AppError('SERVICE_UNAVAILABLE', GAME_DATA_MESSAGES.warcraftLogsNotConfigured);
  const reportCode = body.report ? (reportCodeOf(body.report) ?? undefined) : undefined;
  return enqueue(
    deps,
    deps.logsImport,
    guildId,
    reportCode
      ? { ...input, reportCode, subject: `Report ${reportCode}` }
      : { ...input, latest: body.latest, subject: `Latest ${body.latest} of ${input.subject}` },
    requester,
  );
}

/** One sync of the guild, whichever of these sources; 404 when the guild has none of that id. */
export async function readSourceSync(deps: DataSourcesDeps, guildId: string, jobId: string): Promise<SourceSyncView> {
  for (const kind of [deps.raiderIoSync, deps.wowAuditSync, deps.logsImport]) {
    const job = await deps.jobs.read(kind, jobId);
    if (job && job.tenantId === guildId) return presentSourceSync(kind.source, job);
  }
  throw AppError.notFound(GAME_DATA_MESSAGES.syncNotFound);
}
