import { ADMIN_USER_MESSAGES, type CreateAdminUserBody } from '@guildhall/contract';
import { hashPassword } from '../../auth/passwords';
import { recordAudit } from '../../core/audit';
import { alertSuperadminMade, conflict, readPresented, refuseEscalation, requireRole } from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';
import { insertAdminUser } from './queries';

/** Creates an admin with an initial password; the role must exist and the username be free in any case. */
export async function createAdminUser(deps: AdminUserDeps, body: CreateAdminUserBody, by: AdminRequester) {
  const passwordHash = await hashPassword(body.password);
  const permissions = [...new Set(body.permissions ?? [])];
  const created = await deps.db.transaction(async (tx) => {
    await requireRole(tx, body.role);
    await refuseEscalation(tx, by, { role: body.role, permissions });
    const id = await insertAdminUser(tx, {
      username: body.username,
      fullName: body.fullName || null,
      passwordHash,
      role: body.role,
      permissions,
    });
    if (!id) throw conflict(ADMIN_USER_MESSAGES.usernameTaken, { username: ADMIN_USER_MESSAGES.usernameTaken });
    await recordAudit(tx, {
      actor: by.actor,
      action: 'admin.created',
      target: { type: 'admin_user', id },
      details: { username: body.username, role: body.role, permissions },
      ip: by.ip,
    });
    return readPresented(tx, id, by);
  });
  if (body.role === 'superadmin') await alertSuperadminMade(deps, by, created.username);
  return created;
}
