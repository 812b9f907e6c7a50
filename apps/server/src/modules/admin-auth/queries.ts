import type { Queryable } from '../../services/db/db';

/**
 * Whether an admin must replace their password before using the console: set for a first admin made with a
 * generated password, cleared when the admin changes it.
 */
export async function setPasswordChangeRequired(db: Queryable, adminUserId: string, isRequired: boolean): Promise<void> {
  await db.query('UPDATE admin_users SET must_change_password = $2 WHERE id = $1', [adminUserId, isRequired]);
}
