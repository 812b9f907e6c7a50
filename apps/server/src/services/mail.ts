import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Queryable } from './db/db';

/** One e-mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: through SMTP_URL, or into the mail_outbox table (and the log) without it. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Writes mail to the outbox so verification and reset links work without any mail server. */
function createOutboxMailer(db: Queryable, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.query('INSERT INTO mail_outbox (to_address, subject, text, html) VALUES ($1, $2, $3, $4)', [
        mail.to,
        mail.subject,
        mail.text,
        mail.html ?? null,
      ]);
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail written to the outbox (SMTP_URL is unset)');
    },
  };
}

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}

/** The mailer the configuration asks for. */
export function createMailer(config: Config['mail'], db: Queryable, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from, log) : createOutboxMailer(db, log);
}
