import type { Queryable } from '../../services/db/db';

/** Changes a user's display username. */
export async function updateUsername(db: Queryable, userId: string, username: string): Promise<void> {
  await db.query('UPDATE users SET username = $2, updated_at = now() WHERE id = $1', [userId, username]);
}

/** Stores a user's notification settings (the whole merged object). */
export async function updateNotificationSettings(db: Queryable, userId: string, settings: object): Promise<void> {
  await db.query('UPDATE users SET notification_settings = $2::jsonb, updated_at = now() WHERE id = $1', [
    userId,
    JSON.stringify(settings),
  ]);
}
