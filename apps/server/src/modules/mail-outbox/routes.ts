import { findAdminScreen, hasAnyAdminPermission, mailOutboxApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { maskLinkTokens, mayHoldLiveLink } from './mask-live-links';
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
      // A live reset or verification link takes over the account: only full access sees its token.
      const seesLiveLinks = hasAnyAdminPermission(adminSessionOf(request).admin, ['admin.full_access']);
      const now = new Date();
      return {
        success: true as const,
        mails: rows.map((row) => {
          const isMasked = !seesLiveLinks && mayHoldLiveLink(row.created_at, now);
          const shown = (text: string) => (isMasked ? maskLinkTokens(text) : text);
          return {
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            text: shown(row.text),
            html: row.html === null ? null : shown(row.html),
            createdAt: row.created_at.toISOString(),
            isMasked,
          };
        }),
        total,
        page,
        limit,
      };
    },
  });
};
