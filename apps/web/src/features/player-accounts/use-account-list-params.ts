import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type AccountListParams, accountSearchParams, parseAccountParams } from './account-list-params';

/**
 * The account list's filters, sort and page, kept in the URL so a reload or a shared link shows the same view.
 * Changing a filter goes back to page 1; typing in the search replaces the history entry instead of adding one.
 */
export function useAccountListParams() {
  const [params, setParams] = useLiveSearchParams();
  const filters = useMemo(() => parseAccountParams(params), [params]);

  const update = useCallback(
    (change: Partial<AccountListParams>, options: { replace?: boolean } = {}) => {
      setParams((current) => accountSearchParams({ ...parseAccountParams(current), page: 1, ...change }), options);
    },
    [setParams],
  );

  const setSearch = useCallback((search: string) => update({ search: search || undefined }, { replace: true }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);

  return { filters, update, setSearch, setPage };
}
