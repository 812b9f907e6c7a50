import { BATTLENET_MESSAGES } from '@guildhall/contract';
import type { UserRow } from '../../auth/community-user-queries';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { BattlenetDeps } from './battlenet-deps';
import { deleteConnectionOfUser } from './connection-queries';
import { memberRequester } from './import-connection';
import { unlinkPlayerAccount } from './link-player-account';

/**
 * Disconnects the member's Battle.net account: the connection and its imported characters go, and the player
 * account loses the Battle.net link it got from it. Character links already made stay: they are roster facts
 * an admin can see and undo. 404 when nothing is connected.
 */
export async function disconnect(deps: BattlenetDeps, user: UserRow, ip: string): Promise<void> {
  const requester = memberRequester(user, ip);
  await deps.db.transaction(async (tx) => {
    const removed = await deleteConnectionOfUser(tx, user.id);
    if (!removed) throw AppError.notFound(BATTLENET_MESSAGES.notConnected);
    await unlinkPlayerAccount(tx, removed.battlenet_id, requester);
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'battlenet.disconnected',
      target: { type: 'battlenet_connection', id: removed.id },
      details: { battlenetId: removed.battlenet_id, battletag: removed.battletag, region: removed.region },
      ip,
    });
  });
}
