import {
  ADMIN_ROLE_MESSAGES,
  type AdminRole,
  type CreateAdminRoleBody,
  canActOnAdmin,
  PERMISSIONS,
  type PermissionHolder,
  permissionsBeyond,
  type UpdateAdminRoleBody,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { type AdminRoleRow, deleteRole, insertRole, selectRole, selectRoles, updateRole } from './queries';

/** Who asks (with their role and permissions), and from where. */
export interface RoleRequester {
  actor: AuditActor;
  holder: PermissionHolder;
  ip: string;
}

/** Nobody gives a role more than they hold themselves: its holders would get it. */
function refuseEscalation(by: RoleRequester, permissions: readonly string[] | undefined) {
  if (!permissions || permissionsBeyond(by.holder, permissions).length === 0) return;
  const message = ADMIN_ROLE_MESSAGES.beyondYourOwn;
  throw new AppError('FORBIDDEN', message, { fields: { permissions: message } });
}

const isWithinReach = (holder: PermissionHolder, role: AdminRoleRow) =>
  canActOnAdmin(holder, { role: role.name, permissions: role.permissions });

/**
 * The subset rule (canActOnAdmin) on a role as it stands: whoever changes, renames or deletes a role must hold
 * every permission it gives, or admin.manage_roles could empty the built-in admin role and demote every
 * full-access admin.
 */
function refuseOutOfReach(by: RoleRequester, role: AdminRoleRow) {
  if (isWithinReach(by.holder, role)) return;
  throw new AppError('FORBIDDEN', ADMIN_ROLE_MESSAGES.outOfReach);
}

const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, fields ? { fields } : {});

/** superadmin passes every check whatever it lists, so it is shown as it is and never edited. */
const isEditable = (name: string) => name !== 'superadmin';

/**
 * A role as the Permissions screen shows it; the abilities say what `viewer` may do to it, by the checks changeRole
 * and removeRole run (whether anyone still holds it is answered when a delete is asked).
 */
export function presentRole(row: AdminRoleRow, viewer: PermissionHolder): AdminRole {
  const canEdit = isEditable(row.name) && isWithinReach(viewer, row);
  return {
    name: row.name,
    label: row.label,
    description: row.description,
    permissions: row.permissions,
    isBuiltIn: row.is_built_in,
    isEditable: isEditable(row.name),
    holders: row.holders,
    updatedAt: row.updated_at.toISOString(),
    abilities: { canEdit, canDelete: canEdit && !row.is_built_in },
  };
}

/** Every role with what `viewer` may do to it, and the permission catalog the matrix has as columns. */
export async function listRoles(db: Queryable, viewer: PermissionHolder) {
  const rows = await selectRoles(db);
  return {
    data: rows.map((row) => presentRole(row, viewer)),
    permissions: Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })),
  };
}

async function lockRole(db: Queryable, name: string): Promise<AdminRoleRow> {
  const role = await selectRole(db, name, true);
  if (!role) throw AppError.notFound(ADMIN_ROLE_MESSAGES.notFound);
  return role;
}

/** Creates a custom role; the name must be free. */
export async function createRole(db: Db, body: CreateAdminRoleBody, by: RoleRequester): Promise<AdminRole> {
  const permissions = [...new Set(body.permissions ?? [])];
  refuseEscalation(by, permissions);
  return db.transaction(async (tx) => {
    const isNew = await insertRole(tx, {
      name: body.name,
      label: body.label,
      description: body.description || null,
      permissions,
    });
    if (!isNew) throw conflict(ADMIN_ROLE_MESSAGES.nameTaken, { name: ADMIN_ROLE_MESSAGES.nameTaken });
    await recordAudit(tx, {
      actor: by.actor,
      action: 'role.created',
      target: { type: 'admin_role', id: body.name },
      details: { label: body.label, permissions },
      ip: by.ip,
    });
    return presentRole((await selectRole(tx, body.name))!, by.holder);
  });
}

/**
 * Changes a role (not superadmin); its holders get the new permissions on their next request. The editor holds
 * every permission of the role before and after.
 */
export async function changeRole(db: Db, name: string, body: UpdateAdminRoleBody, by: RoleRequester): Promise<AdminRole> {
  return db.transaction(async (tx) => {
    const role = await lockRole(tx, name);
    if (!isEditable(role.name)) throw conflict(ADMIN_ROLE_MESSAGES.superadminLocked);
    refuseOutOfReach(by, role);
    const permissions = body.permissions ? [...new Set(body.permissions)] : undefined;
    refuseEscalation(by, permissions);
    await updateRole(tx, name, { label: body.label, description: body.description, permissions });
    await recordAudit(tx, {
      actor: by.actor,
      action: 'role.updated',
      target: { type: 'admin_role', id: name },
      details: {
        ...(body.label !== undefined ? { label: { from: role.label, to: body.label } } : {}),
        ...(body.description !== undefined ? { description: { from: role.description, to: body.description } } : {}),
        ...(permissions ? { permissions: { from: role.permissions, to: permissions } } : {}),
        holders: role.holders,
      },
      ip: by.ip,
    });
    return presentRole((await selectRole(tx, name))!, by.holder);
  });
}

/** Deletes a custom role nobody holds, when the requester holds every permission it gives; built-in roles stay. */
export async function removeRole(db: Db, name: string, by: RoleRequester): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await lockRole(tx, name);
    if (!isEditable(role.name)) throw conflict(ADMIN_ROLE_MESSAGES.superadminLocked);
    if (role.is_built_in) throw conflict(ADMIN_ROLE_MESSAGES.builtInKept);
    refuseOutOfReach(by, role);
    if (role.holders > 0) throw conflict(ADMIN_ROLE_MESSAGES.inUse);
    await deleteRole(tx, name);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'role.deleted',
      target: { type: 'admin_role', id: name },
      details: { label: role.label, permissions: role.permissions },
      ip: by.ip,
    });
  });
}
