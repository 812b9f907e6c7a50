import { ADMIN_PUSH_ACCESS, adminNotificationsApi, NOTIFICATIONS } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { markNotificationsRead, unreadNotifications } from './queries';

/** The bell's stored account security notices: read by the admins who hear them live, marked read by each. */
export const adminNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The admins the live push reaches (ADMIN_PUSH_ACCESS): those who may open Admin Users.
  guardAdminRoutes(app, ADMIN_PUSH_ACCESS.accountAlerts);

  app.route({
    ...contractRoute(adminNotificationsApi.unread, 'Notifications'),
    handler: async (request) => {
      const { admin } = adminSessionOf(request);
      const rows = await unreadNotifications(app.services.db, admin.id, NOTIFICATIONS.max);
      return {
        success: true as const,
        notifications: rows.map((row) => ({ id: row.id, message: row.message, createdAt: row.created_at.toISOString() })),
      };
    },
  });

  app.route({
    ...contractRoute(adminNotificationsApi.markRead, 'Notifications'),
    handler: async (request) => {
      const { admin } = adminSessionOf(request);
      const marked = await markNotificationsRead(app.services.db, admin.id, request.body.ids);
      return { success: true as const, marked };
    },
  });
};
