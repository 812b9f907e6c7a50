import { auditLogApi, type auditLogListQuery } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from './endpoint';

/** The audit log's query, all filled in. */
export type AuditLogQuery = z.infer<typeof auditLogListQuery>;

/** Query keys of the Audit Log screen. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogQuery) => [...auditLogKeys.all, 'list', query] as const,
  facets: () => [...auditLogKeys.all, 'facets'] as const,
};

/**
 * One page of audit records, newest first; the previous page stays on screen while the next loads. Nothing is
 * asked while `enabled` is false (a range that ends before it starts).
 */
export function useAuditLog(query: AuditLogQuery, enabled = true) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(auditLogApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The target types recorded so far, for the target menu (the action menu is the contract's catalog). */
export function useAuditFacets() {
  return useQuery({
    queryKey: auditLogKeys.facets(),
    queryFn: ({ signal }) => callEndpoint(auditLogApi.facets, { signal }),
    staleTime: 60_000,
  });
}
