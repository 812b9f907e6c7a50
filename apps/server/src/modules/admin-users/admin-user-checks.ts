import {
  ADMIN_ALERTS,
  ADMIN_USER_MESSAGES,
  type AdminUserRow,
  adminPasswordProblem,
  canActOnAdmin,
  maySetSuperadmin,
  type PermissionHolder,
  permissionsBeyond,
} from '@guildhall/contract';
import { type AdminAccountRow, lockAdminById } from '../../auth/admin-account-queries';
import { holderPermissions } from '../../auth/admin-sessions';
import type { SessionEndReason } from '../../auth/session-rules';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { notifyUserManagers } from '../admin-notifications/notify-user-managers';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';
import { selectAdminUser } from './list-queries';
import { type AdminViewer, presentAdminUser } from './presenters';
import { lockActiveSuperadmins, roleExists, rolePermissionsOf } from './queries';

// What the admin user operations share: the checks before a change (reach, escalation, the last superadmin), the
// locked target, the answer read back, and the announcements after.

/** A 409 with the message, on the named fields when given. */
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, fields ? { fields } : {});
/** 404 'Admin user not found'. */
export const notFound = () => AppError.notFound(ADMIN_USER_MESSAGES.notFound);
/** A superadmin that can sign in (enabled, not deleted). */
export const isActiveSuperadmin = (account: AdminAccountRow) =>
  account.role === 'superadmin' && account.is_active && account.deleted_at === null;

/** 400 on role when no such role exists. */
export async function requireRole(db: Queryable, role: string) {
  if (!(await roleExists(db, role))) throw AppError.invalidField('role', ADMIN_USER_MESSAGES.unknownRole);
}

/** A 403 with the message on one field. */
export const forbidden = (message: string, field: string) => new AppError('FORBIDDEN', message, { fields: { [field]: message } });

/**
 * Nobody hands out more than they hold: the role's permissions and the extra ones must pass the requester's own
 * check, and only a superadmin gives the superadmin role. Otherwise admin.manage_users could mint a stronger
 * account and sign in as it.
 */
export async function refuseEscalation(
  db: Queryable,
  by: AdminRequester,
  grant: { role?: string; permissions?: readonly string[] },
) {
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
export async function holderOf(db: Queryable, account: AdminAccountRow): Promise<PermissionHolder> {
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
export function refuseWeakPassword(password: string, username: string) {
  const problem = adminPasswordProblem(password, { username });
  if (problem) throw AppError.invalidField('newPassword', problem);
}

/** The account to change, locked; soft-deleted ones only where allowDeleted (a hard delete). */
export async function lockTarget(db: Queryable, id: string, allowDeleted = false): Promise<AdminAccountRow> {
  const account = await lockAdminById(db, id);
  if (!account || (account.deleted_at && !allowDeleted)) throw notFound();
  return account;
}

/** Refuses taking away the last active superadmin (by disabling, deleting or demoting it). */
export async function keepOneSuperadmin(db: Queryable, target: AdminAccountRow) {
  if (!isActiveSuperadmin(target)) return;
  const superadmins = await lockActiveSuperadmins(db);
  if (superadmins.filter((id) => id !== target.id).length === 0) throw conflict(ADMIN_USER_MESSAGES.lastSuperadmin);
}

/** An admin does not disable or delete their own account. */
export function refuseSelf(by: AdminRequester, target: AdminAccountRow) {
  if (target.id === by.actor.id) throw conflict(ADMIN_USER_MESSAGES.notYourself);
}

/** The admin user as the API answers it to `by`, or 404. */
export async function readPresented(db: Queryable, id: string, by: AdminRequester): Promise<AdminUserRow> {
  const row = await selectAdminUser(db, id);
  if (!row) throw notFound();
  return presentAdminUser(row, viewerOf(by));
}

/** The requester as the presenter reads it: who they are and what they hold. */
export const viewerOf = (by: AdminRequester): AdminViewer => ({ id: by.actor.id, holder: by.holder });

/** Tells the admins who manage users that someone was given the role that passes every check. */
export function alertSuperadminMade(deps: AdminUserDeps, by: AdminRequester, username: string) {
  return notifyUserManagers(deps, ADMIN_ALERTS.superadminMade(by.actor.name ?? 'An admin', username));
}

/** Tells every process the sessions ended, so their sockets get admin:forced_logout wherever they are connected. */
export function announceEnded(deps: AdminUserDeps, sessionIds: string[], reason: SessionEndReason) {
  if (sessionIds.length > 0) deps.bus.publish({ type: 'admin-sessions.ended', sessionIds, reason });
}
