import { ADMIN_USER_MESSAGES } from '@guildhall/contract';
import { setPasswordChangeRequired, updatePasswordHash } from '../../auth/admin-account-queries';
import { hashPassword } from '../../auth/passwords';
import { revokeSessionsOfAdmin } from '../../auth/session-queries';
import { recordAudit } from '../../core/audit';
import { announceEnded, conflict, lockTarget, refuseOutOfReach, refuseWeakPassword } from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';

/**
 * Sets a new password and ends every session of the admin, who must replace it at the next sign-in: a password
 * another admin chose (and knows) never stays in use. Not one's own: changing that asks for the current password
 * (POST /api/admin/auth/change-password), so a borrowed session cannot lock its owner out.
 */
export async function resetAdminPassword(deps: AdminUserDeps, id: string, newPassword: string, by: AdminRequester) {
  const passwordHash = await hashPassword(newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    if (target.id === by.actor.id) throw conflict(ADMIN_USER_MESSAGES.ownPassword);
    await refuseOutOfReach(tx, by, target);
    refuseWeakPassword(newPassword, target.username);
    await updatePasswordHash(tx, id, passwordHash);
    await setPasswordChangeRequired(tx, id, true);
    const revoked = await revokeSessionsOfAdmin(tx, id, null, 'password_reset');
    await recordAudit(tx, {
      actor: by.actor,
      action: 'admin.password_reset',
      target: { type: 'admin_user', id },
      details: { username: target.username, endedSessions: revoked.length },
      ip: by.ip,
    });
    return revoked;
  });
  announceEnded(deps, ended, 'password_reset');
}
