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
  /** The tokens of its links are hidden: the links may still work, and the reader lacks admin.full_access. */
  isMasked: z.boolean(),
});
/** An outbox e-mail. */
export type OutboxMail = z.infer<typeof outboxMail>;

/** What stands in a mail's link for a token that may still work, for admins without admin.full_access. */
export const MASKED_MAIL_TOKEN = 'hidden-until-expired';

/** What the Mail Outbox screen says. */
export const MAIL_OUTBOX_MESSAGES = {
  /** Under a mail whose link tokens are hidden. */
  masked: 'The token of this link is hidden while the link may still work; admins with full access see it.',
} as const;

/** The outbox list's filters; newest first. */
export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Any part of the recipient's address. */
  to: z.string().trim().max(254).optional(),
});

/**
 * The dev mail outbox, for admins with admin.full_access or admin.system_config. A mail whose reset or verification
 * link may still work shows its token to admins with admin.full_access only (the link would take over the account).
 */
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
