import { ADMIN_USER_MESSAGES } from '@guildhall/contract';
import { revokeSessionsOfAdmin } from '../../auth/session-queries';
import { recordAudit } from '../../core/audit';
import { announceEnded, keepOneSuperadmin, lockTarget, refuseOutOfReach, refuseSelf } from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';
import { hardDeleteAdminUser, softDeleteAdminUser } from './queries';

/**
 * Deletes an admin: soft (the row stays, marked deleted) or, when asked, hard (the row and its sessions go).
 * Either way the admin's sessions end first and their browsers are told.
 */
export async function deleteAdminUser(deps: AdminUserDeps, id: string, isHard: boolean, by: AdminRequester) {
  const ended = await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, id, isHard);
    refuseSelf(by, target);
    await refuseOutOfReach(tx, by, target);
    await keepOneSuperadmin(tx, target);
    const revoked = await revokeSessionsOfAdmin(tx, id, null, 'account_deleted');
    if (isHard) await hardDeleteAdminUser(tx, id);
    else await softDeleteAdminUser(tx, id);
    await recordAudit(tx, {
      actor: by.actor,
      action: isHard ? 'admin.permanently_deleted' : 'admin.deleted',
      target: { type: 'admin_user', id },
      details: { username: target.username, role: target.role, endedSessions: revoked.length },
      ip: by.ip,
    });
    return revoked;
  });
  announceEnded(deps, ended, 'account_deleted');
  return isHard ? ADMIN_USER_MESSAGES.deletedForever : ADMIN_USER_MESSAGES.deleted;
}
