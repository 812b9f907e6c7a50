import {
  AUDIT_LOG_MESSAGES,
  AUDIT_LOG_PAGE,
  type AuditActionFilter,
  type AuditLogFilters,
  auditActionFilter,
} from '@guildhall/contract';
import type { AuditLogQuery } from '../../api/audit-log';

/** What the screen keeps in its URL; the times as the datetime-local inputs hold them ('2026-03-14T09:30', local). */
export interface AuditLogParams {
  actor?: string;
  /** An action of the catalog (or a subject and a dot, from a link). */
  action?: AuditActionFilter;
  targetType?: string;
  /** One target's records (a player account's history links here); set from links, cleared from the bar. */
  targetId?: string;
  from?: string;
  to?: string;
  page: number;
}

const TEXT_KEYS = ['actor', 'targetType', 'targetId'] as const;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The screen's state from its URL; a value that does not fit is left out. */
export function parseAuditLogParams(params: URLSearchParams): AuditLogParams {
  const state: AuditLogParams = { page: 1 };
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) state[key] = value.slice(0, 100);
  }
  const action = auditActionFilter.safeParse(params.get('action'));
  if (action.success) state.action = action.data;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && LOCAL_TIME.test(value) && !Number.isNaN(new Date(value).getTime())) state[key] = value;
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) state.page = page;
  return state;
}

/** The URL search of a screen state; empty filters and page 1 are left out. */
export function auditLogSearchParams(state: AuditLogParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

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
  limit: AUDIT_LOG_PAGE.size,
});

/** The contract's message when the range ends before it starts, else null. */
export function rangeError(state: AuditLogParams): string | null {
  const { from, to } = auditLogFilters(state);
  return from && to && new Date(from) >= new Date(to) ? AUDIT_LOG_MESSAGES.rangeInvalid : null;
}

/** True when any filter narrows the log. */
export const hasAuditFilters = (state: AuditLogParams): boolean =>
  Boolean(state.actor || state.action || state.targetType || state.targetId || state.from || state.to);
