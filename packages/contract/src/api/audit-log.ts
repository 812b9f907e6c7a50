import { z } from 'zod';
import { AUDIT_ACTION_NAMES, AUDIT_SUBJECTS, type AuditAction, type AuditSubject } from '../audit-actions';
import { endpoint } from './common';

/** Paging of the audit log. */
export const AUDIT_LOG_PAGE = { size: 50, maxSize: 200 } as const;

/** What the audit log screen and API say. */
export const AUDIT_LOG_MESSAGES = {
  loadFailed: 'Failed to load the audit log',
  noEntries: 'Nothing has been recorded yet',
  noEntriesMatch: 'No audit entries match these filters',
  rangeInvalid: 'The start of the range must be before its end',
  exportFailed: 'Export failed',
  unknownAction: 'Unknown action: choose one of the audit action catalog, or a subject followed by "." (admin.)',
} as const;

/** The action filter's values: one action of the catalog, or a subject and a dot for all of its actions. */
export type AuditActionFilter = AuditAction | `${AuditSubject}.`;

/** The action filter: only what the catalog holds, so an unknown action is a clear 400, not an empty page. */
export const auditActionFilter = z.enum(
  [...AUDIT_ACTION_NAMES, ...AUDIT_SUBJECTS.map((subject) => `${subject}.` as const)] as [
    AuditActionFilter,
    ...AuditActionFilter[],
  ],
  { error: AUDIT_LOG_MESSAGES.unknownAction },
);

/** One audit record: who did what to which target, when and from where. */
export const auditEntry = z.object({
  id: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target's name where it is a row that has one (a guild, an admin, a user, a player, a character). */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
/** An audit record. */
export type AuditEntry = z.infer<typeof auditEntry>;

const filterShape = z.object({
  actor: z.string().trim().max(100).optional().describe("The actor's name (exact, any case) or id"),
  action: auditActionFilter.optional().describe('An action of the catalog, or its subject followed by "." (admin.)'),
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || new Date(f.from) < new Date(f.to);
const rangeError = { message: AUDIT_LOG_MESSAGES.rangeInvalid, path: ['from'] };

/** Audit log filters, shared by the list and the export. */
export const auditLogFilters = filterShape.refine(rangeInOrder, rangeError);
/** Audit log filters. */
export type AuditLogFilters = z.input<typeof auditLogFilters>;

/** The list's query: filters and a page. */
export const auditLogListQuery = filterShape
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(AUDIT_LOG_PAGE.maxSize).default(AUDIT_LOG_PAGE.size),
  })
  .refine(rangeInOrder, rangeError);
/** The list's query. */
export type AuditLogListQuery = z.input<typeof auditLogListQuery>;

const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

/** The audit log API, `admin.audit_logs`: newest first, filtered and paged in SQL; the export streams CSV. */
export const auditLogApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/audit-logs',
    summary: 'Audit records, newest first, filtered by actor, action, target and time range',
    query: auditLogListQuery,
    response: z.object({ success: z.literal(true), data: z.array(auditEntry), pagination }),
  }),
  facets: endpoint({
    method: 'GET',
    path: '/api/admin/audit-logs/facets',
    summary: 'The target types recorded so far, for the filter menu (the actions are the catalog, AUDIT_ACTIONS)',
    response: z.object({ success: z.literal(true), targetTypes: z.array(z.string()) }),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/audit-logs/export',
    summary: 'Every record the filters match as CSV, streamed (id, time, actor, action, target, ip, details)',
    query: auditLogFilters,
    response: z.string(),
  }),
} as const;
