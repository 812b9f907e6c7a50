import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { lockHolder } from '../player-accounts/queries';
import { clearLink, setBattlenetLink } from '../player-accounts/save-queries';
import { clearBattlenetId, insertAccountOfDiscordUser, lockAccountOfDiscordUser } from './account-queries';
import type { ConnectionRow } from './connection-queries';

/** The member as their player account is found and named: their Discord id and the name Discord shows. */
export interface MemberIdentity {
  discordId: string;
  displayName: string;
}

/** Player account names are 2-100 characters (0007). */
const accountName = (name: string, fallback: string) => {
  const trimmed = name.trim().slice(0, 100);
  return trimmed.length >= 2 ? trimmed : fallback;
};

async function lockOrCreateAccount(tx: Queryable, member: MemberIdentity, battletag: string, by: string) {
  const existing = await lockAccountOfDiscordUser(tx, member.discordId);
  if (existing) return { ...existing, isNew: false };
  const id = await insertAccountOfDiscordUser(tx, accountName(member.displayName, battletag), member.discordId, by);
  return { id, battlenet_id: null, isNew: true };
}

/**
 * Gives the member's player account (found by Discord id, created when there is none) the verified Battle.net
 * account. An account that held this Battle.net id unverified loses it: the OAuth proved whose it is. Audited.
 */
export async function linkPlayerAccount(tx: Queryable, member: MemberIdentity, connection: ConnectionRow, requester: Requester) {
  const by = 'name' in requester.actor && requester.actor.name ? requester.actor.name : requester.actor.type;
  const account = await lockOrCreateAccount(tx, member, connection.battletag, by);
  if (account.isNew) {
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'player_account.created',
      target: { type: 'player_account', id: account.id },
      details: { discordId: member.discordId, reason: 'Battle.net connected by the member' },
      ip: requester.ip,
    });
  }
  const holder = await lockHolder(tx, 'battlenet_id', connection.battlenet_id, account.id);
  if (holder) {
    await clearLink(tx, holder.id, 'battlenet', by);
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'player_account.battlenet_unlinked',
      target: { type: 'player_account', id: holder.id },
      details: {
        battlenetId: connection.battlenet_id,
        movedTo: account.id,
        reason: 'Verified by another member through Battle.net',
      },
      ip: requester.ip,
    });
  }
  const link = { battlenetId: connection.battlenet_id, battletag: connection.battletag, region: connection.region };
  await setBattlenetLink(tx, account.id, link, by);
  await recordAudit(tx, {
    actor: requester.actor,
    action: 'player_account.battlenet_linked',
    target: { type: 'player_account', id: account.id },
    details: {
      battlenetId: connection.battlenet_id,
      battletag: connection.battletag,
      region: connection.region,
      verified: true,
      ...(account.battlenet_id && account.battlenet_id !== connection.battlenet_id ? { replaced: account.battlenet_id } : {}),
      ...(holder ? { movedFrom: holder.id, movedFromName: holder.display_name } : {}),
    },
    ip: requester.ip,
  });
}

/** On disconnect: the account that holds this Battle.net id through the connection loses it, audited. */
export async function unlinkPlayerAccount(tx: Queryable, battlenetId: string, requester: Requester) {
  const by = 'name' in requester.actor && requester.actor.name ? requester.actor.name : requester.actor.type;
  const accountIds = await clearBattlenetId(tx, battlenetId, by);
  for (const accountId of accountIds) {
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'player_account.battlenet_unlinked',
      target: { type: 'player_account', id: accountId },
      details: { battlenetId, reason: 'Battle.net disconnected by the member' },
      ip: requester.ip,
    });
  }
}
