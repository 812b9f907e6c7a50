import type { Queryable } from '../../services/db/db';

/** A role with its holder count (admin users that are not soft-deleted). */
export interface AdminRoleRow {
  name: string;
  label: string;
  description: string | null;
  permissions: string[];
  is_built_in: boolean;
  holders: number;
  updated_at: Date;
}

const ROLE_SELECT = `SELECT r.name, r.label, r.description, r.permissions, r.is_built_in, r.updated_at,
         (SELECT count(*)::int FROM admin_users u WHERE u.role = r.name AND u.deleted_at IS NULL) AS holders
    FROM admin_roles r`;

/** Every role: the built-in ones first, in the order the contract lists them, then the custom ones by name. */
export async function selectRoles(db: Queryable): Promise<AdminRoleRow[]> {
  const { rows } = await db.query<AdminRoleRow>(
    `${ROLE_SELECT}
      ORDER BY r.is_built_in DESC,
               array_position(ARRAY['superadmin', 'admin', 'operator', 'support', 'viewer'], r.name), r.name`,
  );
  return rows;
}

/** One role, locked for the rest of the transaction when forUpdate. */
export async function selectRole(db: Queryable, name: string, forUpdate = false): Promise<AdminRoleRow | null> {
  const { rows } = await db.query<AdminRoleRow>(
    forUpdate ? `${ROLE_SELECT} WHERE r.name = $1 FOR UPDATE OF r` : `${ROLE_SELECT} WHERE r.name = $1`,
    [name],
  );
  return rows[0] ?? null;
}

/** A new custom role; false when the name is taken. */
export async function insertRole(
  db: Queryable,
  role: { name: string; label: string; description: string | null; permissions: readonly string[] },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO admin_roles (name, label, description, permissions, is_built_in)
     VALUES ($1, $2, $3, $4::text[], false)
     ON CONFLICT (name) DO NOTHING
     RETURNING name`,
    [role.name, role.label, role.description, [...role.permissions]],
  );
  return rows.length > 0;
}

/** Changes what is given of label, description and permissions. */
export async function updateRole(
  db: Queryable,
  name: string,
  change: { label?: string; description?: string | null; permissions?: readonly string[] },
): Promise<void> {
  await db.query(
    `UPDATE admin_roles
        SET label = COALESCE($2, label),
            description = CASE WHEN $3 THEN $4 ELSE description END,
            permissions = COALESCE($5::text[], permissions),
            updated_at = now()
      WHERE name = $1`,
    [
      name,
      change.label ?? null,
      change.description !== undefined,
      change.description ?? null,
      change.permissions ? [...change.permissions] : null,
    ],
  );
}

/** Removes a role. */
export async function deleteRole(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM admin_roles WHERE name = $1', [name]);
}
