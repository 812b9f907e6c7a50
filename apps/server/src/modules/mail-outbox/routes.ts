import { findAdminScreen, mailOutboxApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { listOutbox } from './queries';

/** The dev mail outbox for the admin console (mail written instead of sent while SMTP_URL is unset). */
export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same admins who may open the Mail Outbox screen.
  guardAdminRoutes(app, findAdminScreen('/admin/mail-outbox')?.anyOf ?? ['admin.full_access']);

  app.route({
    ...contractRoute(mailOutboxApi.list, 'Mail'),
    handler: async (request) => {
      const { page, limit, to } = request.query;
      const { rows, total } = await listOutbox(app.services.db, { to, limit, offset: (page - 1) * limit });
      return {
        success: true as const,
        mails: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.created_at.toISOString(),
        })),
        total,
        page,
        limit,
      };
    },
  });
};
