import { z } from 'zod';
import { endpoint } from './common';

/** One e-mail the server wrote to its outbox instead of sending (no SMTP_URL). */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
/** An outbox e-mail. */
export type OutboxMail = z.infer<typeof outboxMail>;

/** The outbox list's filters; newest first. */
export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  to: z.string().trim().max(254).optional(),
});

/** The dev mail outbox, for admins with admin.full_access or admin.system_config. */
export const mailOutboxApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/mail/outbox',
    summary: 'E-mails written to the outbox, newest first',
    query: outboxQuery,
    response: z.object({
      success: z.literal(true),
      mails: z.array(outboxMail),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
    }),
  }),
} as const;
