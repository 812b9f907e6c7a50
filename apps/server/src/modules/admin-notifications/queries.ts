import { ADMIN_NOTIFICATION_DAYS } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** One stored notice as the bell lists it. */
export interface NotificationRow {
  id: string;
  message: string;
  created_at: Date;
}

/** Stores a notice; its id goes with the live push so the bell can mark it read. */
export async function insertNotification(db: Queryable, message: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO admin_notifications (message) VALUES ($1) RETURNING id', [
    message,
  ]);
  return rows[0]!.id;
}

/** The notices of the last ADMIN_NOTIFICATION_DAYS this admin has not marked read, newest first. */
export async function unreadNotifications(db: Queryable, adminUserId: string, limit: number): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT n.id, n.message, n.created_at
       FROM admin_notifications n
      WHERE n.created_at > now() - make_interval(days => $2)
        AND NOT EXISTS (SELECT 1 FROM admin_notification_reads r WHERE r.notification_id = n.id AND r.admin_user_id = $1)
      ORDER BY n.created_at DESC
      LIMIT $3`,
    [adminUserId, ADMIN_NOTIFICATION_DAYS, limit],
  );
  return rows;
}

/** Marks the notices read for this admin; returns how many were unread. Unknown ids are skipped. */
export async function markNotificationsRead(db: Queryable, adminUserId: string, ids: readonly string[]): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO admin_notification_reads (notification_id, admin_user_id)
     SELECT n.id, $1 FROM admin_notifications n WHERE n.id = ANY($2::uuid[])
     ON CONFLICT DO NOTHING`,
    [adminUserId, ids],
  );
  return rowCount ?? 0;
}
