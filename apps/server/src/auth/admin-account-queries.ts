import type { Queryable } from '../services/db/db';

// An admin's account row, which signing in, the own-account screen and Admin Users all read and change: it lives
// beside the admin sessions, below both modules.

/** An admin account as signing in and managing admins read it. */
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

/** The account with this id, locked for the rest of the transaction (a change decides on what it read). */
export async function lockAdminById(db: Queryable, id: string): Promise<AdminAccountRow | null> {
  const { rows } = await db.query<AdminAccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM admin_users WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/**
 * Whether an admin must replace their password before using the console: set for a first admin made with a
 * generated password, cleared when the admin changes it.
 */
export async function setPasswordChangeRequired(db: Queryable, adminUserId: string, isRequired: boolean): Promise<void> {
  await db.query('UPDATE admin_users SET must_change_password = $2 WHERE id = $1', [adminUserId, isRequired]);
}
