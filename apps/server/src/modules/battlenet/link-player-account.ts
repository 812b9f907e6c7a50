import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { lockHolder } from '../player-accounts/queries';
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
  // Serialises two first connects of one Discord user, so one account is created.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`player_accounts.discord_id:${member.discordId}`]);
  const { rows } = await tx.query<{ id: string; battlenet_id: string | null }>(
    'SELECT id, battlenet_id FROM player_accounts WHERE discord_id = $1 FOR UPDATE',
    [member.discordId],
  );
  if (rows[0]) return { ...rows[0], isNew: false };
  const created = await tx.query<{ id: string }>(
    `INSERT INTO player_accounts (display_name, discord_id, discord_linked_at, created_by, updated_by)
     VALUES ($1, $2, now(), $3, $3) RETURNING id`,
    [accountName(member.displayName, battletag), member.discordId, by],
  );
  return { id: created.rows[0]!.id, battlenet_id: null, isNew: true };
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
    await tx.query(
      `UPDATE player_accounts SET battlenet_id = NULL, battletag = NULL, battlenet_region = NULL, battlenet_linked_at = NULL,
              updated_by = $2, updated_at = now() WHERE id = $1`,
      [holder.id, by],
    );
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
  await tx.query(
    `UPDATE player_accounts SET battlenet_id = $2, battletag = $3, battlenet_region = $4, battlenet_linked_at = now(),
            updated_by = $5, updated_at = now() WHERE id = $1`,
    [account.id, connection.battlenet_id, connection.battletag, connection.region, by],
  );
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
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE player_accounts SET battlenet_id = NULL, battletag = NULL, battlenet_region = NULL, battlenet_linked_at = NULL,
            updated_by = $2, updated_at = now() WHERE battlenet_id = $1 RETURNING id`,
    [battlenetId, by],
  );
  for (const row of rows) {
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'player_account.battlenet_unlinked',
      target: { type: 'player_account', id: row.id },
      details: { battlenetId, reason: 'Battle.net disconnected by the member' },
      ip: requester.ip,
    });
  }
}
