import { useCallback } from 'react';
import type { GuildDataPage } from '../../../api/guild-data';
import { useUrlQuery } from '../../../ui/use-url-query';
import { dataTabListQuery } from './guild-data-tabs';

/** A tab's own page, page size and search, kept in the URL beside ?tab= so a reload keeps the place. */
export function useTabQuery() {
  const { query, set } = useUrlQuery(dataTabListQuery);
  const setPage = useCallback((page: number) => set({ page }), [set]);
  const setPageSize = useCallback((limit: number) => set({ limit }), [set]);
  // Typing replaces the history entry; a new search goes back to page 1.
  const setSearch = useCallback((q: string) => set({ q }, { replace: true }), [set]);
  const list: GuildDataPage = { page: query.page, limit: query.limit, search: query.q ?? '' };
  return { list, setPage, setPageSize, setSearch };
}
