import type { Queryable } from '../../services/db/db';

/** An admin account as the sign-in logic reads it. */
export interface AdminAccountRow {
  id: string;
  username: string;
  full_name: string | null;
  password_hash: string;
  role: string;
  permissions: string[];
  failed_attempts: number;
  locked_until: Date | null;
  last_login_at: Date | null;
  is_active: boolean;
  deleted_at: Date | null;
}

const ACCOUNT_COLUMNS =
  'id, username, full_name, password_hash, role, permissions, failed_attempts, locked_until, last_login_at, is_active, deleted_at';

/** The account with this username, ignoring case. */
export async function findAdminByUsername(db: Queryable, username: string): Promise<AdminAccountRow | null> {
  const { rows } = await db.query<AdminAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM admin_users WHERE lower(username) = lower($1)`,
    [username],
  );
  return rows[0] ?? null;
}

/** The account with this id. */
export async function findAdminById(db: Queryable, id: string): Promise<AdminAccountRow | null> {
  const { rows } = await db.query<AdminAccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM admin_users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Counts one failed sign-in and locks the account (until lockUntil) when the count reaches maxAttempts.
 * A lock that has run out starts the count again. Returns the new count and lock.
 */
export async function recordFailedSignIn(
  db: Queryable,
  id: string,
  maxAttempts: number,
  lockUntil: Date,
): Promise<{ failed_attempts: number; locked_until: Date | null }> {
  const { rows } = await db.query<{ failed_attempts: number; locked_until: Date | null }>(
    `WITH next AS (
       SELECT id, CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN 1 ELSE failed_attempts + 1 END AS attempts
         FROM admin_users WHERE id = $1
     )
     UPDATE admin_users u
        SET failed_attempts = next.attempts,
            locked_until = CASE WHEN next.attempts >= $2 THEN $3::timestamptz ELSE NULL END,
            last_failed_at = now(),
            updated_at = now()
       FROM next
      WHERE u.id = next.id
      RETURNING u.failed_attempts, u.locked_until`,
    [id, maxAttempts, lockUntil],
  );
  return rows[0]!;
}

/** A successful sign-in clears the failure count and any lock. */
export async function recordSuccessfulSignIn(db: Queryable, id: string): Promise<Date> {
  const { rows } = await db.query<{ last_login_at: Date }>(
    `UPDATE admin_users SET failed_attempts = 0, locked_until = NULL, last_login_at = now(), updated_at = now()
      WHERE id = $1 RETURNING last_login_at`,
    [id],
  );
  return rows[0]!.last_login_at;
}

/** Replaces an admin's password hash. */
export async function updatePasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE admin_users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE id = $1', [
    id,
    passwordHash,
  ]);
}

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

/** The account with this id, locked for the rest of the transaction (a change decides on what it read). */
export async function lockAdminById(db: Queryable, id: string): Promise<AdminAccountRow | null> {
  const { rows } = await db.query<AdminAccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM admin_users WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
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
