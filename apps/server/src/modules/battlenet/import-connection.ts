import type { UserRow } from '../../auth/community-user-queries';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { BattlenetRegion, BattlenetUser } from '../../services/battlenet/battlenet-oauth';
import type { WowCharacter } from '../../services/battlenet/wow-profile';
import type { BattlenetDeps } from './battlenet-deps';
import { type ClaimChange, claimCharacters } from './claim-characters';
import { lockConnectionOfAccount, replaceCharacters, selectImportedCharacters, upsertConnection } from './connection-queries';
import { linkPlayerAccount } from './link-player-account';

/** How an import ended, as the settings page is told. */
export type ImportResult = 'connected' | 'taken';

/** The member acting on their own account, for the audit. */
export const memberRequester = (user: UserRow, ip: string): Requester => ({
  actor: { type: 'user', id: user.id, name: user.global_name ?? user.username },
  ip,
});

/**
 * Stores the verified account and its characters for the member, in one transaction: a Battle.net account
 * another member connected is refused (`taken`). With Discord linked, the member's roster characters are
 * claimed and their player account gets the Battle.net link. The links are published once committed.
 */
export async function importConnection(
  deps: BattlenetDeps,
  user: UserRow,
  reading: { user: BattlenetUser; characters: WowCharacter[]; region: BattlenetRegion },
  ip: string,
): Promise<ImportResult> {
  const requester = memberRequester(user, ip);
  let changes: ClaimChange[] = [];
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const holder = await lockConnectionOfAccount(tx, reading.user.id);
      if (holder && holder.user_id !== user.id) return 'taken' as const;
      const connection = await upsertConnection(tx, {
        userId: user.id,
        battlenetId: reading.user.id,
        battletag: reading.user.battletag,
        region: reading.region,
      });
      await replaceCharacters(tx, connection.id, reading.characters);
      const imported = await selectImportedCharacters(tx, connection.id);
      if (user.discord_id) {
        changes = await claimCharacters(tx, user.discord_id, imported, requester);
        const displayName = user.global_name ?? user.username;
        await linkPlayerAccount(tx, { discordId: user.discord_id, displayName }, connection, requester);
      }
      await recordAudit(tx, {
        actor: requester.actor,
        action: 'battlenet.connected',
        target: { type: 'battlenet_connection', id: connection.id },
        details: {
          battlenetId: connection.battlenet_id,
          battletag: connection.battletag,
          region: connection.region,
          characters: imported.length,
          claims: changes.filter((change) => change.type === 'character.linked').length,
        },
        ip,
      });
      return 'connected' as const;
    });
    if (outcome === 'connected') for (const change of changes) deps.bus.publish(change);
    return outcome;
  } catch (error) {
    // Another member connected the same account between the check and the insert.
    if ((error as { constraint?: string } | null)?.constraint === 'battlenet_connections_battlenet_id_key') return 'taken';
    throw error;
  }
}
