import { ADMIN_USER_MESSAGES, type Permission, type UpdateAdminUserBody } from '@guildhall/contract';
import { revokeSessionsOfAdmin } from '../../auth/session-queries';
import { recordAudit } from '../../core/audit';
import {
  alertSuperadminMade,
  announceEnded,
  keepOneSuperadmin,
  lockTarget,
  readPresented,
  refuseEscalation,
  refuseOutOfReach,
  refuseSelf,
  requireRole,
} from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';
import { updateAdminUser } from './queries';

/**
 * Changes an admin's full name, role, extra permissions or enabled state. Nobody disables or demotes
 * themselves, nor the last active superadmin; disabling ends the admin's sessions at once.
 */
export async function updateAdminUserAccount(deps: AdminUserDeps, id: string, body: UpdateAdminUserBody, by: AdminRequester) {
  const { data, ended, action, isPromotion } = await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    const isRoleChange = body.role !== undefined && body.role !== target.role;
    const isDisabling = body.isActive === false && target.is_active;
    await refuseOutOfReach(tx, by, target);
    if (isRoleChange || isDisabling) {
      refuseSelf(by, target);
      await keepOneSuperadmin(tx, target);
    }
    if (isRoleChange) await requireRole(tx, body.role!);
    const permissions = body.permissions ? ([...new Set(body.permissions)] as Permission[]) : undefined;
    // The account as it will be must be within the requester's reach too (the unchanged role was checked above).
    await refuseEscalation(tx, by, { role: isRoleChange ? body.role : undefined, permissions });
    await updateAdminUser(tx, id, { fullName: body.fullName, role: body.role, permissions, isActive: body.isActive });
    const revoked = isDisabling ? await revokeSessionsOfAdmin(tx, id, null, 'account_disabled') : [];
    const isEnabling = body.isActive === true && !target.is_active;
    const auditAction = isDisabling ? 'admin.disabled' : isEnabling ? 'admin.enabled' : 'admin.updated';
    await recordAudit(tx, {
      actor: by.actor,
      action: auditAction,
      target: { type: 'admin_user', id },
      details: {
        username: target.username,
        changes: {
          ...(body.fullName !== undefined ? { fullName: { from: target.full_name, to: body.fullName } } : {}),
          ...(isRoleChange ? { role: { from: target.role, to: body.role } } : {}),
          ...(permissions ? { permissions: { from: target.permissions, to: permissions } } : {}),
          ...(body.isActive !== undefined && body.isActive !== target.is_active ? { isActive: body.isActive } : {}),
        },
        endedSessions: revoked.length,
      },
      ip: by.ip,
    });
    return {
      data: await readPresented(tx, id, by),
      ended: revoked,
      action: auditAction,
      isPromotion: isRoleChange && body.role === 'superadmin',
    };
  });
  announceEnded(deps, ended, 'account_disabled');
  if (isPromotion) await alertSuperadminMade(deps, by, data.username);
  const message =
    action === 'admin.disabled'
      ? ADMIN_USER_MESSAGES.disabled
      : action === 'admin.enabled'
        ? ADMIN_USER_MESSAGES.enabled
        : ADMIN_USER_MESSAGES.saved;
  return { data, message };
}
