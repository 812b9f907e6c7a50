import { useCallback, useMemo } from 'react';
import type { GuildListFilters } from '../../api/guilds';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { listSearchParams, parseListParams } from './guild-list-params';

type FilterChange = Partial<Pick<GuildListFilters, 'page' | 'search' | 'status' | 'region'>>;

/**
 * The list's filters and page, kept in the URL so a reload or a shared link shows the same view.
 * Changing a filter goes back to page 1; typing in the search replaces the history entry instead of adding one.
 */
export function useGuildListParams() {
  const [params, setParams] = useLiveSearchParams();
  const filters = useMemo(() => parseListParams(params), [params]);

  const update = useCallback(
    (change: FilterChange, options: { replace?: boolean } = {}) => {
      setParams((current) => listSearchParams({ ...parseListParams(current), page: 1, ...change }), options);
    },
    [setParams],
  );

  const setSearch = useCallback((search: string) => update({ search: search || undefined }, { replace: true }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);

  return { filters, update, setSearch, setPage, search: params.toString() };
}
