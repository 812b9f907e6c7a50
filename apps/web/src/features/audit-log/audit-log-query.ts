import { AUDIT_LOG_MESSAGES, type AuditLogFilters, auditLogListQuery } from '@guildhall/contract';
import { z } from 'zod';
import type { AuditLogQuery } from '../../api/audit-log';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
/** A time as the datetime-local inputs hold it ('2026-03-14T09:30', the browser's zone). */
const localTime = z
  .string()
  .regex(LOCAL_TIME)
  .refine((value) => !Number.isNaN(new Date(value).getTime()));

/**
 * What the screen keeps in its URL: the list query's filters and page, the times as the inputs hold them. The
 * target's id comes from links (a player account's history) and is cleared from the bar.
 */
export const auditLogUrlQuery = z
  .object(auditLogListQuery.shape)
  .pick({ actor: true, action: true, targetType: true, targetId: true, page: true, limit: true })
  .extend({ from: localTime.optional(), to: localTime.optional() });
/** The screen's state, as the URL holds it. */
export type AuditLogParams = z.output<typeof auditLogUrlQuery>;

/** A datetime-local value ('2026-03-14T09:30', the browser's zone) as an ISO instant. */
export const localToIso = (local: string | undefined): string | undefined => (local ? new Date(local).toISOString() : undefined);

/** The filters as the list and the export take them (times as instants). */
export function auditLogFilters(state: AuditLogParams): AuditLogFilters {
  return {
    actor: state.actor,
    action: state.action,
    targetType: state.targetType,
    targetId: state.targetId,
    from: localToIso(state.from),
    to: localToIso(state.to),
  };
}

/** The list's query for a screen state. */
export const auditLogQuery = (state: AuditLogParams): AuditLogQuery => ({
  ...auditLogFilters(state),
  page: state.page,
  limit: state.limit,
});

/** The contract's message when the range ends before it starts, else null. */
export function rangeError(state: AuditLogParams): string | null {
  const { from, to } = auditLogFilters(state);
  return from && to && new Date(from) >= new Date(to) ? AUDIT_LOG_MESSAGES.rangeInvalid : null;
}

/** True when any filter narrows the log. */
export const hasAuditFilters = (state: AuditLogParams): boolean =>
  Boolean(state.actor || state.action || state.targetType || state.targetId || state.from || state.to);
