import { z } from 'zod';
import { ALERT_SEVERITIES } from '../sockets/admin';
import { endpoint } from './common';

/** Where an alert can be sent (issue 34): a Discord channel webhook, an e-mail address, or a signed generic webhook. */
export const CONTACT_POINT_KINDS = ['discord', 'email', 'webhook'] as const;
/** A contact point's kind. */
export type ContactPointKind = (typeof CONTACT_POINT_KINDS)[number];

export const CONTACT_POINT_KIND_LABELS: Record<ContactPointKind, string> = {
  discord: 'Discord',
  email: 'E-mail',
  webhook: 'Webhook',
};

/** The headers a generic webhook's receiver verifies: HMAC-SHA256 of `${timestamp}.${body}` with the contact's secret. */
export const WEBHOOK_SIGNATURE = {
  signatureHeader: 'X-Guildhall-Signature',
  timestampHeader: 'X-Guildhall-Timestamp',
  /** The signature's form: 'sha256=' and the lower-case hex digest. */
  prefix: 'sha256=',
} as const;

/** What a delivery carries: the alert going off, ending, still going off, or a test from the screen. */
export const DELIVERY_EVENTS = ['firing', 'resolved', 'repeat', 'test'] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const CONTACT_POINT_LIMITS = { nameMax: 100, urlMax: 2000, secretMin: 16, secretMax: 200, repeatHoursMax: 168 } as const;

export const ALERT_DELIVERY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT_POINT_LIMITS.nameMax} characters`,
  urlRequired: 'Webhook URL is required',
  urlInvalid: 'Webhook URL must be an http or https address',
  urlTooLong: `Webhook URL must be at most ${CONTACT_POINT_LIMITS.urlMax} characters`,
  discordUrlInvalid: 'Discord webhook URL must look like https://discord.com/api/webhooks/<id>/<token>',
  emailRequired: 'E-mail address is required',
  emailInvalid: 'E-mail address is not valid',
  secretLength: `Signing secret must be ${CONTACT_POINT_LIMITS.secretMin} to ${CONTACT_POINT_LIMITS.secretMax} characters`,
  severitiesRequired: 'Choose at least one severity',
  repeatHours: `Repeat must be a whole number of hours from 1 to ${CONTACT_POINT_LIMITS.repeatHoursMax}`,
  notFound: 'Contact point not found',
  testSent: (name: string) => `Test sent to ${name}`,
  testFailed: (name: string, reason: string) => `The test to ${name} failed: ${reason}`,
  created: (name: string) => `Contact point ${name} created`,
  updated: (name: string) => `Contact point ${name} saved`,
  deleted: (name: string) => `Contact point ${name} deleted`,
} as const;

/** A Discord execute-webhook path: /api[/v10]/webhooks/<id>/<token> (the host is checked by the server). */
const DISCORD_WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d{17,20}\/[\w-]{20,}\/?$/;

const contactName = z
  .string()
  .trim()
  .min(1, ALERT_DELIVERY_MESSAGES.nameRequired)
  .max(CONTACT_POINT_LIMITS.nameMax, ALERT_DELIVERY_MESSAGES.nameTooLong);
const webhookUrl = z
  .string()
  .trim()
  .min(1, ALERT_DELIVERY_MESSAGES.urlRequired)
  .max(CONTACT_POINT_LIMITS.urlMax, ALERT_DELIVERY_MESSAGES.urlTooLong)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), ALERT_DELIVERY_MESSAGES.urlInvalid);
const contactEmail = z
  .string()
  .trim()
  .min(1, ALERT_DELIVERY_MESSAGES.emailRequired)
  .max(254, ALERT_DELIVERY_MESSAGES.emailInvalid)
  .pipe(z.email(ALERT_DELIVERY_MESSAGES.emailInvalid));
const signingSecret = z
  .string()
  .min(CONTACT_POINT_LIMITS.secretMin, ALERT_DELIVERY_MESSAGES.secretLength)
  .max(CONTACT_POINT_LIMITS.secretMax, ALERT_DELIVERY_MESSAGES.secretLength);
const routing = {
  severities: z.array(z.enum(ALERT_SEVERITIES)).min(1, ALERT_DELIVERY_MESSAGES.severitiesRequired),
  ruleIds: z.array(z.string().min(1).max(100)).max(100).nullable().default(null).describe('null: every rule'),
  repeatHours: z
    .number()
    .int(ALERT_DELIVERY_MESSAGES.repeatHours)
    .min(1, ALERT_DELIVERY_MESSAGES.repeatHours)
    .max(CONTACT_POINT_LIMITS.repeatHoursMax, ALERT_DELIVERY_MESSAGES.repeatHours)
    .nullable()
    .default(null),
  isEnabled: z.boolean().default(true),
};

/**
 * A contact point as written on the Alerts screen. The Discord webhook URL (it holds the channel's token), the
 * webhook URL and its signing secret are write-only: an edit without them keeps the stored ones.
 */
export const contactPointBody = z
  .object({
    name: contactName,
    kind: z.enum(CONTACT_POINT_KINDS),
    url: webhookUrl.optional(),
    email: contactEmail.optional(),
    secret: signingSecret.optional(),
    ...routing,
  })
  .superRefine((body, context) => {
    if (body.kind === 'email' && !body.email) {
      context.addIssue({ code: 'custom', path: ['email'], message: ALERT_DELIVERY_MESSAGES.emailRequired });
    }
    if (body.kind === 'discord' && body.url && URL.canParse(body.url) && !DISCORD_WEBHOOK_PATH.test(new URL(body.url).pathname)) {
      context.addIssue({ code: 'custom', path: ['url'], message: ALERT_DELIVERY_MESSAGES.discordUrlInvalid });
    }
  });
export type ContactPointBody = z.input<typeof contactPointBody>;

/** A contact point as the screen shows it: where it points without its secrets, its routing and its last delivery. */
export const contactPoint = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(CONTACT_POINT_KINDS),
  target: z.string().describe("Where it sends, secrets left out: the webhook's host, the e-mail address"),
  hasSecret: z.boolean().describe('A webhook: whether it signs its deliveries'),
  severities: z.array(z.enum(ALERT_SEVERITIES)),
  ruleIds: z.array(z.string()).nullable(),
  repeatHours: z.number().nullable(),
  isEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z.object({ status: z.enum(DELIVERY_STATUSES), at: z.string(), error: z.string().nullable() }).nullable(),
});
export type ContactPoint = z.infer<typeof contactPoint>;

/** One delivery of an alert to a contact point, and how it went. */
export const alertDelivery = z.object({
  id: z.uuid(),
  alertId: z.uuid().nullable(),
  contactPointId: z.uuid(),
  contactPointName: z.string(),
  event: z.enum(DELIVERY_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  error: z.string().nullable().describe("The receiver's answer when it refused, or why it could not be reached"),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDelivery>;

export const SILENCE_LIMITS = { reasonMax: 500, maxMinutes: 30 * 24 * 60 } as const;
export const MUTE_MESSAGES = {
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${SILENCE_LIMITS.reasonMax} characters`,
  duration: `Duration must be a whole number of minutes from 1 to ${SILENCE_LIMITS.maxMinutes.toLocaleString('en-US')} (30 days)`,
  weekday: 'Day must be a day of the week',
  startTime: 'Start must be a time of day such as 02:00',
  windowDuration: 'Length must be a whole number of minutes from 1 to 1,440 (a day)',
  windowNameRequired: 'Name is required',
  silenceTarget: 'Choose a rule, an instance or both to silence',
  unknownRule: (id: string) => `There is no alert rule ${id}`,
  silenceNotFound: 'Silence not found',
  windowNotFound: 'Maintenance window not found',
  /** A new silence's toast: its end to the minute in UTC, as the maintenance windows are written ('2026-11-28 09:30 UTC'). */
  silencedUntil: (endsAt: string) => `Silenced until ${new Date(endsAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  /** The muted_reason of an alert a silence kept from being sent. */
  silenced: (reason: string) => `Silenced: ${reason}`,
  /** The muted_reason of an alert a maintenance window kept from being sent. */
  inWindow: (name: string) => `Maintenance window: ${name}`,
} as const;

/** Silences a rule, an instance, or one rule on one instance, from now for a number of minutes. */
export const silenceBody = z
  .object({
    ruleId: z.string().min(1).max(100).nullable().default(null),
    instance: z.string().min(1).max(200).nullable().default(null),
    reason: z.string().trim().min(1, MUTE_MESSAGES.reasonRequired).max(SILENCE_LIMITS.reasonMax, MUTE_MESSAGES.reasonTooLong),
    minutes: z
      .number()
      .int(MUTE_MESSAGES.duration)
      .min(1, MUTE_MESSAGES.duration)
      .max(SILENCE_LIMITS.maxMinutes, MUTE_MESSAGES.duration),
  })
  .refine((body) => body.ruleId !== null || body.instance !== null, {
    path: ['ruleId'],
    message: MUTE_MESSAGES.silenceTarget,
  });
export const silence = z.object({
  id: z.uuid(),
  ruleId: z.string().nullable(),
  instance: z.string().nullable(),
  reason: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  createdBy: z.string(),
});
export type Silence = z.infer<typeof silence>;

/** The days of a maintenance window, Sunday first (0), as JavaScript's getUTCDay counts them. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A weekly maintenance window in UTC: 'Sunday 02:00 for 60 minutes'. */
export const maintenanceWindowBody = z.object({
  name: z.string().trim().min(1, MUTE_MESSAGES.windowNameRequired).max(100),
  weekday: z.number().int(MUTE_MESSAGES.weekday).min(0, MUTE_MESSAGES.weekday).max(6, MUTE_MESSAGES.weekday),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MUTE_MESSAGES.startTime),
  minutes: z
    .number()
    .int(MUTE_MESSAGES.windowDuration)
    .min(1, MUTE_MESSAGES.windowDuration)
    .max(1440, MUTE_MESSAGES.windowDuration),
  isEnabled: z.boolean().default(true),
});
export const maintenanceWindow = z.object({
  id: z.uuid(),
  name: z.string(),
  weekday: z.number(),
  start: z.string().describe('HH:MM, UTC'),
  minutes: z.number(),
  isEnabled: z.boolean(),
  isActive: z.boolean().describe('Whether delivery is muted by it now'),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

const idParams = z.object({ id: z.uuid() });

/** Contact points and deliveries (issue 34), beside the alerts under /api/admin/metrics. */
export const alertDeliveryApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/contact-points',
    summary: 'The contact points alerts are sent to',
    response: z.object({ success: z.literal(true), contactPoints: z.array(contactPoint) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/metrics/contact-points',
    summary: 'Adds a contact point; a webhook without a secret gets one, shown in this answer only',
    body: contactPointBody,
    response: z.object({
      success: z.literal(true),
      contactPoint,
      secret: z.string().nullable().describe('The generated signing secret, shown once'),
      message: z.string(),
    }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/metrics/contact-points/:id',
    summary: 'Edits a contact point; absent URL and secret keep the stored ones',
    params: idParams,
    body: contactPointBody,
    response: z.object({ success: z.literal(true), contactPoint, message: z.string() }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/metrics/contact-points/:id',
    summary: 'Deletes a contact point and its delivery history',
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/admin/metrics/contact-points/:id/test',
    summary: 'Sends a test message now and answers how the receiver took it',
    params: idParams,
    response: z.object({ success: z.literal(true), delivery: alertDelivery, message: z.string() }),
  }),
  silences: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/silences',
    summary: 'Silences in force or to come',
    response: z.object({ success: z.literal(true), silences: z.array(silence) }),
  }),
  createSilence: endpoint({
    method: 'POST',
    path: '/api/admin/metrics/silences',
    summary: 'Mutes delivery of a rule, an instance or both from now for some minutes, with a reason',
    body: silenceBody,
    response: z.object({ success: z.literal(true), silence, message: z.string() }),
  }),
  endSilence: endpoint({
    method: 'DELETE',
    path: '/api/admin/metrics/silences/:id',
    summary: 'Ends a silence now',
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  maintenanceWindows: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/maintenance-windows',
    summary: 'The weekly maintenance windows, and whether each mutes delivery now',
    response: z.object({ success: z.literal(true), windows: z.array(maintenanceWindow) }),
  }),
  createMaintenanceWindow: endpoint({
    method: 'POST',
    path: '/api/admin/metrics/maintenance-windows',
    summary: 'Adds a weekly maintenance window (UTC)',
    body: maintenanceWindowBody,
    response: z.object({ success: z.literal(true), window: maintenanceWindow, message: z.string() }),
  }),
  deleteMaintenanceWindow: endpoint({
    method: 'DELETE',
    path: '/api/admin/metrics/maintenance-windows/:id',
    summary: 'Deletes a maintenance window',
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/alerts/:id/deliveries',
    summary: "An alert's deliveries to each contact point, with their outcome",
    params: idParams,
    response: z.object({ success: z.literal(true), deliveries: z.array(alertDelivery) }),
  }),
};
