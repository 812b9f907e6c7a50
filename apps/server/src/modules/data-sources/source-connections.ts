import { GAME_DATA_MESSAGES, type SourceConnections } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type Requester, recordAudit } from '../../core/audit';
import type { DataSourcesDeps } from './data-sources-deps';
import { guildOr404 } from './find-guild';
import { presentRun } from './presenters';
import { selectLatestRunPerSource } from './queries';
import { deleteSourceKey, selectSourceKey, upsertSourceKey } from './source-key-queries';

/** What the guild has connected: which clients the server has, whether its WoWAudit key is set, each last run. */
export async function readConnections(deps: DataSourcesDeps, guildId: string): Promise<SourceConnections> {
  await guildOr404(deps.db, guildId);
  const key = await selectSourceKey(deps.db, guildId, 'wowaudit');
  return {
    battlenet: { isConfigured: deps.isBattlenetConfigured },
    raiderio: { isConfigured: true },
    wowaudit: {
      hasKey: key !== null,
      keySetAt: key ? new Date(key.set_at).toISOString() : null,
      keySetBy: key?.set_by.name ?? null,
      canStoreKeys: deps.secrets.available,
    },
    combat_log: { isConfigured: deps.isWarcraftLogsConfigured },
    lastRuns: (await selectLatestRunPerSource(deps.db, guildId)).map(presentRun),
  };
}

/** Seals and stores the guild's WoWAudit key (it is never shown again); audited without the key. */
export async function saveWowAuditKey(
  deps: DataSourcesDeps,
  guildId: string,
  key: string,
  requester: Requester,
): Promise<SourceConnections> {
  await guildOr404(deps.db, guildId);
  if (!deps.secrets.available) throw AppError.invalidField('key', GAME_DATA_MESSAGES.secretKeyMissing);
  const sealed = deps.secrets.encrypt(key);
  await deps.db.transaction(async (tx) => {
    await upsertSourceKey(tx, guildId, 'wowaudit', sealed, requester.actor);
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'guild.source_key_saved',
      target: { type: 'guild', id: guildId },
      details: { source: 'wowaudit' },
      ip: requester.ip,
    });
  });
  return readConnections(deps, guildId);
}

/** Removes the guild's WoWAudit key; audited when there was one. */
export async function clearWowAuditKey(deps: DataSourcesDeps, guildId: string, requester: Requester): Promise<SourceConnections> {
  await guildOr404(deps.db, guildId);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteSourceKey(tx, guildId, 'wowaudit'))) return;
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'guild.source_key_removed',
      target: { type: 'guild', id: guildId },
      details: { source: 'wowaudit' },
      ip: requester.ip,
    });
  });
  return readConnections(deps, guildId);
}
