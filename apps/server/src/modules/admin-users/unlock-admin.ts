import type { AdminUserRow } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import { lockTarget, readPresented, refuseOutOfReach } from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';
import { unlockAdminUser } from './queries';

/** Clears the failed sign-in count and any lock. */
export async function unlockAdmin(deps: AdminUserDeps, id: string, by: AdminRequester): Promise<AdminUserRow> {
  return deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    await refuseOutOfReach(tx, by, target);
    await unlockAdminUser(tx, id);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'admin.unlocked',
      target: { type: 'admin_user', id },
      details: { username: target.username, failedAttempts: target.failed_attempts, lockedUntil: target.locked_until },
      ip: by.ip,
    });
    return readPresented(tx, id, by);
  });
}
