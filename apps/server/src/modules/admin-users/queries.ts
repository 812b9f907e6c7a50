import type { Queryable } from '../../services/db/db';

/** Creates the admin, or updates the one with this username (any case): role, grants, password; unlocks and restores it. */
export async function upsertAdmin(
  db: Queryable,
  admin: { username: string; fullName: string | null; passwordHash: string; role: string; permissions: readonly string[] },
): Promise<{ id: string; isNew: boolean }> {
  const { rows } = await db.query<{ id: string; is_new: boolean }>(
    `INSERT INTO admin_users (username, full_name, password_hash, role, permissions)
     VALUES ($1, $2, $3, $4, $5::text[])
     ON CONFLICT ((lower(username))) DO UPDATE
        SET full_name = COALESCE(EXCLUDED.full_name, admin_users.full_name),
            password_hash = EXCLUDED.password_hash,
            role = EXCLUDED.role,
            permissions = EXCLUDED.permissions,
            failed_attempts = 0,
            locked_until = NULL,
            is_active = true,
            deleted_at = NULL,
            password_changed_at = now(),
            updated_at = now()
     RETURNING id, (xmax = 0) AS is_new`,
    [admin.username, admin.fullName, admin.passwordHash, admin.role, [...admin.permissions]],
  );
  return { id: rows[0]!.id, isNew: rows[0]!.is_new };
}

/** True when admin_roles holds a role of this name. */
export async function roleExists(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM admin_roles WHERE name = $1', [name]);
  return rows.length > 0;
}

/** The permissions a role gives (none for an unknown role). */
export async function rolePermissionsOf(db: Queryable, name: string): Promise<string[]> {
  const { rows } = await db.query<{ permissions: string[] }>('SELECT permissions FROM admin_roles WHERE name = $1', [name]);
  return rows[0]?.permissions ?? [];
}

/**
 * The active superadmins (enabled, not soft-deleted), locked: two admins demoting the last two superadmins at
 * once wait for each other, so the second one sees that only one is left.
 */
export async function lockActiveSuperadmins(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM admin_users WHERE role = 'superadmin' AND is_active AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => row.id);
}

/** A new admin; null when the username (any case) is taken. */
export async function insertAdminUser(
  db: Queryable,
  admin: { username: string; fullName: string | null; passwordHash: string; role: string; permissions: readonly string[] },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO admin_users (username, full_name, password_hash, role, permissions)
     VALUES ($1, $2, $3, $4, $5::text[])
     ON CONFLICT ((lower(username))) DO NOTHING
     RETURNING id`,
    [admin.username, admin.fullName, admin.passwordHash, admin.role, [...admin.permissions]],
  );
  return rows[0]?.id ?? null;
}

/** Changes what is given of full name, role, extra permissions and enabled state. */
export async function updateAdminUser(
  db: Queryable,
  id: string,
  change: { fullName?: string | null; role?: string; permissions?: readonly string[]; isActive?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE admin_users
        SET full_name = CASE WHEN $2 THEN $3 ELSE full_name END,
            role = COALESCE($4, role),
            permissions = COALESCE($5::text[], permissions),
            is_active = COALESCE($6, is_active),
            updated_at = now()
      WHERE id = $1`,
    [
      id,
      change.fullName !== undefined,
      change.fullName ?? null,
      change.role ?? null,
      change.permissions ? [...change.permissions] : null,
      change.isActive ?? null,
    ],
  );
}

/** Soft-deletes an admin: the row stays (audit trail, username), signing in and sessions stop. */
export async function softDeleteAdminUser(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE admin_users SET deleted_at = COALESCE(deleted_at, now()), updated_at = now() WHERE id = $1', [id]);
}

/** Removes an admin's row; its sessions go with it (ON DELETE CASCADE). */
export async function hardDeleteAdminUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM admin_users WHERE id = $1', [id]);
}

/** Clears the failed sign-in count and any lock. */
export async function unlockAdminUser(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE admin_users SET failed_attempts = 0, locked_until = NULL, updated_at = now() WHERE id = $1', [id]);
}
