import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type AuditLogParams, auditLogSearchParams, parseAuditLogParams } from './audit-log-params';

/**
 * The audit log's filters and page, kept in the URL so a reload or a shared link shows the same records.
 * A new filter goes back to page 1; typing the actor replaces the history entry instead of adding one.
 */
export function useAuditLogParams() {
  const [params, setParams] = useLiveSearchParams();
  const state = useMemo(() => parseAuditLogParams(params), [params]);

  const update = useCallback(
    (change: Partial<AuditLogParams>, options: { replace?: boolean } = {}) => {
      setParams((current) => auditLogSearchParams({ ...parseAuditLogParams(current), page: 1, ...change }), options);
    },
    [setParams],
  );
  const setActor = useCallback((actor: string) => update({ actor: actor || undefined }, { replace: true }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { state, update, setActor, setPage, clear };
}
