import { TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import { removeTwoFactor } from '../admin-auth/two-factor-queries';
import { conflict, lockTarget, refuseOutOfReach } from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';

/**
 * Turns off another admin's two-factor sign-in (a lost device): their secret, recovery codes and passkeys go, and
 * they sign in with the password alone until they enrol again. Not one's own (that asks for the password and a code), and only
 * within reach (the subset rule), or a weaker admin could strip a stronger one's second factor.
 */
export async function resetAdminTwoFactor(deps: AdminUserDeps, id: string, by: AdminRequester): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    if (target.id === by.actor.id) throw conflict(TWO_FACTOR_MESSAGES.notYourself);
    await refuseOutOfReach(tx, by, target);
    const removed = await removeTwoFactor(tx, id);
    if (!removed.hadTotp && removed.passkeys === 0) throw conflict(TWO_FACTOR_MESSAGES.targetNotEnabled);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'admin.two_factor_reset',
      target: { type: 'admin_user', id },
      details: { username: target.username, authenticatorApp: removed.hadTotp, passkeys: removed.passkeys },
      ip: by.ip,
    });
  });
}
