import { type AuditAction, LINK_PROVIDER_LABELS, type LinkProvider, notLinked, playerAccountNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import type { DiscordProfile, PlayerAccountRow } from './queries';
import { lockHolder } from './queries';
import { actorName, heldByOtherError, presentSaved } from './save-account';
import { clearLink, lockAccountRow, setBattlenetLink, setDiscordLink } from './save-queries';

/** What a link sets: the id, for Discord the user as Discord answered (when it could be asked), for Battle.net the BattleTag and region. */
export type LinkTarget =
  | { provider: 'discord'; discordId: string; profile: DiscordProfile | null }
  | { provider: 'battlenet'; battlenetId: string; battletag: string; region: string };

async function lockAccount(tx: Queryable, id: string): Promise<PlayerAccountRow> {
  const row = await lockAccountRow(tx, id);
  if (!row) throw AppError.notFound(playerAccountNotFound(id));
  return row;
}

/** The audit actions of linking and unlinking each provider's account. */
const LINKED = {
  discord: 'player_account.discord_linked',
  battlenet: 'player_account.battlenet_linked',
} as const satisfies Record<LinkProvider, AuditAction>;
const UNLINKED = {
  discord: 'player_account.discord_unlinked',
  battlenet: 'player_account.battlenet_unlinked',
} as const satisfies Record<LinkProvider, AuditAction>;

/**
 * Links a Discord or Battle.net id to the account. The id belongs to one account: held by another, it is 409
 * naming that account, unless `forceLink` moves it here (both accounts audited).
 */
export async function linkAccount(db: Db, id: string, target: LinkTarget, forceLink: boolean, by: Requester) {
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    const value = target.provider === 'discord' ? target.discordId : target.battlenetId;
    const holder = await lockHolder(tx, target.provider === 'discord' ? 'discord_id' : 'battlenet_id', value, id);
    if (holder && !forceLink) throw heldByOtherError(target.provider, holder);
    if (holder) {
      await clearLink(tx, holder.id, target.provider, actorName(by));
      await recordAudit(tx, {
        actor: by.actor,
        action: UNLINKED[target.provider],
        target: { type: 'player_account', id: holder.id },
        details: { [`${target.provider}Id`]: value, movedTo: id, reason: 'Moved to another account by forceLink' },
        ip: by.ip,
      });
    }
    if (target.provider === 'discord') await setDiscordLink(tx, id, target.discordId, target.profile, actorName(by));
    else await setBattlenetLink(tx, id, target, actorName(by));
    const previous = target.provider === 'discord' ? before.discord_id : before.battlenet_id;
    await recordAudit(tx, {
      actor: by.actor,
      action: LINKED[target.provider],
      target: { type: 'player_account', id },
      details: {
        [`${target.provider}Id`]: value,
        ...(target.provider === 'battlenet' ? { battletag: target.battletag, region: target.region } : {}),
        ...(previous && previous !== value ? { replaced: previous } : {}),
        ...(holder ? { movedFrom: holder.id, movedFromName: holder.display_name } : {}),
      },
      ip: by.ip,
    });
    return presentSaved(tx, id);
  });
}

/** Unlinks the provider's account with the admin's reason, kept in the audit log; 409 when none is linked. */
export async function unlinkAccount(db: Db, id: string, provider: LinkProvider, reason: string, by: Requester) {
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    const value = provider === 'discord' ? before.discord_id : before.battlenet_id;
    if (value === null) throw new AppError('CONFLICT', notLinked(provider));
    await clearLink(tx, id, provider, actorName(by));
    await recordAudit(tx, {
      actor: by.actor,
      action: UNLINKED[provider],
      target: { type: 'player_account', id },
      details: { [`${provider}Id`]: value, provider: LINK_PROVIDER_LABELS[provider], reason },
      ip: by.ip,
    });
    return presentSaved(tx, id);
  });
}
