import {
  ADMIN_ALERTS,
  ADMIN_USER_MESSAGES,
  type AdminUserRow,
  adminPasswordProblem,
  type CreateAdminUserBody,
  canActOnAdmin,
  maySetSuperadmin,
  type Permission,
  type PermissionHolder,
  permissionsBeyond,
  TWO_FACTOR_MESSAGES,
  type UpdateAdminUserBody,
} from '@guildhall/contract';
import {
  type AdminAccountRow,
  lockAdminById,
  setPasswordChangeRequired,
  updatePasswordHash,
} from '../../auth/admin-account-queries';
import { holderPermissions } from '../../auth/admin-sessions';
import { hashPassword } from '../../auth/passwords';
import { revokeSessionsOfAdmin } from '../../auth/session-queries';
import type { SessionEndReason } from '../../auth/session-rules';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import type { Db, Queryable } from '../../services/db/db';
import { removeTwoFactor } from '../admin-auth/two-factor-queries';
import { notifyUserManagers } from '../admin-notifications/notify-user-managers';
import { selectAdminUser } from './list-queries';
import { presentAdminUser } from './presenters';
import {
  hardDeleteAdminUser,
  insertAdminUser,
  lockActiveSuperadmins,
  roleExists,
  rolePermissionsOf,
  softDeleteAdminUser,
  unlockAdminUser,
  updateAdminUser,
} from './queries';

/** What managing admin users needs from the app. */
export interface AdminUserDeps {
  db: Db;
  bus: EventBus;
  /** The admin session idle timeout in force (a System Setting): which sessions still count as open. */
  idleMs: () => Promise<number>;
}

/** Who asks: the signed-in admin (and their session, role and permissions), and from where. */
export interface AdminRequester {
  actor: Extract<AuditActor, { type: 'admin' }>;
  holder: PermissionHolder;
  sessionId: string;
  ip: string;
}

const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, fields ? { fields } : {});
const notFound = () => AppError.notFound(ADMIN_USER_MESSAGES.notFound);
const isActiveSuperadmin = (account: AdminAccountRow) =>
  account.role === 'superadmin' && account.is_active && account.deleted_at === null;

async function requireRole(db: Queryable, role: string) {
  if (!(await roleExists(db, role))) throw AppError.invalidField('role', ADMIN_USER_MESSAGES.unknownRole);
}

const forbidden = (message: string, field: string) => new AppError('FORBIDDEN', message, { fields: { [field]: message } });

/**
 * Nobody hands out more than they hold: the role's permissions and the extra ones must pass the requester's own
 * check, and only a superadmin gives the superadmin role. Otherwise admin.manage_users could mint a stronger
 * account and sign in as it.
 */
async function refuseEscalation(db: Queryable, by: AdminRequester, grant: { role?: string; permissions?: readonly string[] }) {
  if (grant.role !== undefined) {
    if (grant.role === 'superadmin' && !maySetSuperadmin(by.holder)) throw forbidden(ADMIN_USER_MESSAGES.superadminOnly, 'role');
    const rolePermissions = await rolePermissionsOf(db, grant.role);
    if (permissionsBeyond(by.holder, rolePermissions).length > 0) throw forbidden(ADMIN_USER_MESSAGES.beyondYourOwn, 'role');
  }
  if (grant.permissions && permissionsBeyond(by.holder, grant.permissions).length > 0) {
    throw forbidden(ADMIN_USER_MESSAGES.beyondYourOwn, 'permissions');
  }
}

/** What an account holds: its role's permissions (as admin_roles holds them now) and its extra ones. */
async function holderOf(db: Queryable, account: AdminAccountRow): Promise<PermissionHolder> {
  return { role: account.role, permissions: holderPermissions(await rolePermissionsOf(db, account.role), account.permissions) };
}

/**
 * The subset rule (canActOnAdmin) before any action on an admin: only a superadmin touches a superadmin, and
 * nobody edits, disables, enables, unlocks, resets, deletes or ends the sessions of an admin who holds a
 * permission they lack. Otherwise admin.manage_users could reset a full-access admin's password and sign in as them.
 */
export async function refuseOutOfReach(db: Queryable, by: Pick<AdminRequester, 'holder'>, target: AdminAccountRow) {
  if (target.role === 'superadmin' && !maySetSuperadmin(by.holder)) {
    throw new AppError('FORBIDDEN', ADMIN_USER_MESSAGES.superadminOnly);
  }
  if (!canActOnAdmin(by.holder, await holderOf(db, target))) {
    throw new AppError('FORBIDDEN', ADMIN_USER_MESSAGES.outOfReach);
  }
}

/** The admin password rule, knowing whose password it is (the contract has checked the rest). */
function refuseWeakPassword(password: string, username: string) {
  const problem = adminPasswordProblem(password, { username });
  if (problem) throw AppError.invalidField('newPassword', problem);
}

/** The account to change, locked; soft-deleted ones only where allowDeleted (a hard delete). */
async function lockTarget(db: Queryable, id: string, allowDeleted = false): Promise<AdminAccountRow> {
  const account = await lockAdminById(db, id);
  if (!account || (account.deleted_at && !allowDeleted)) throw notFound();
  return account;
}

/** Refuses taking away the last active superadmin (by disabling, deleting or demoting it). */
async function keepOneSuperadmin(db: Queryable, target: AdminAccountRow) {
  if (!isActiveSuperadmin(target)) return;
  const superadmins = await lockActiveSuperadmins(db);
  if (superadmins.filter((id) => id !== target.id).length === 0) throw conflict(ADMIN_USER_MESSAGES.lastSuperadmin);
}

function refuseSelf(by: AdminRequester, target: AdminAccountRow) {
  if (target.id === by.actor.id) throw conflict(ADMIN_USER_MESSAGES.notYourself);
}

async function readPresented(db: Queryable, id: string): Promise<AdminUserRow> {
  const row = await selectAdminUser(db, id);
  if (!row) throw notFound();
  return presentAdminUser(row);
}

/** Tells the admins who manage users that someone was given the role that passes every check. */
function alertSuperadminMade(deps: AdminUserDeps, by: AdminRequester, username: string) {
  return notifyUserManagers(deps, ADMIN_ALERTS.superadminMade(by.actor.name ?? 'An admin', username));
}

/** Tells every process the sessions ended, so their sockets get admin:forced_logout wherever they are connected. */
function announceEnded(deps: AdminUserDeps, sessionIds: string[], reason: SessionEndReason) {
  if (sessionIds.length > 0) deps.bus.publish({ type: 'admin-sessions.ended', sessionIds, reason });
}

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
    return readPresented(tx, id);
  });
  if (body.role === 'superadmin') await alertSuperadminMade(deps, by, created.username);
  return created;
}

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
      data: await readPresented(tx, id),
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
    return readPresented(tx, id);
  });
}

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
