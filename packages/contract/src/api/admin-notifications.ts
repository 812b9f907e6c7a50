import { z } from 'zod';
import { endpoint } from './common';

/** How long an unread account security notice stays in the bell, in days (issue 29: it used to vanish on reload). */
export const ADMIN_NOTIFICATION_DAYS = 30;

/**
 * An account security notice kept until its reader marks it read (a locked admin account, a new superadmin): each
 * admin who may open Admin Users reads it in the bell, and each marks it read for themselves.
 */
export const storedAdminNotification = z.object({
  id: z.string().uuid(),
  message: z.string(),
  createdAt: z.string(),
});
/** A stored admin notification. */
export type StoredAdminNotification = z.infer<typeof storedAdminNotification>;

/** The bell's stored notices (issue 29). */
export const adminNotificationsApi = {
  unread: endpoint({
    method: 'GET',
    path: '/api/admin/notifications',
    summary:
      "The signed-in admin's unread account security notices, newest first (none for an admin who may not open Admin Users)",
    response: z.object({ success: z.literal(true), notifications: z.array(storedAdminNotification) }),
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/admin/notifications/read',
    summary: 'Marks notices read for the signed-in admin only; unknown or already read ids change nothing',
    body: z.object({ ids: z.array(z.string().uuid()).min(1).max(100) }),
    response: z.object({ success: z.literal(true), marked: z.number() }),
  }),
} as const;
