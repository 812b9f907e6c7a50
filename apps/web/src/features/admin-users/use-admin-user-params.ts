import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type AdminUserParams, adminUserSearchParams, parseAdminUserParams } from './admin-user-params';

/**
 * The admin users list's search, filters, sort and page, kept in the URL so a reload or a shared link shows the
 * same view. Changing a filter goes back to page 1; typing in the search replaces the history entry.
 */
export function useAdminUserParams() {
  const [params, setParams] = useLiveSearchParams();
  const filters = useMemo(() => parseAdminUserParams(params), [params]);

  const update = useCallback(
    (change: Partial<AdminUserParams>, options: { replace?: boolean } = {}) => {
      setParams((current) => adminUserSearchParams({ ...parseAdminUserParams(current), page: 1, ...change }), options);
    },
    [setParams],
  );

  const setSearch = useCallback((search: string) => update({ search: search || undefined }, { replace: true }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);

  return { filters, update, setSearch, setPage };
}
