import { useCallback } from 'react';
import { useUrlQuery } from '../../../ui/use-url-query';
import { dataTabListQuery } from './guild-data-tabs';

/** A tab's own page and search, kept in the URL beside ?tab= so a reload keeps the place. */
export function useTabQuery() {
  const { query, set } = useUrlQuery(dataTabListQuery);
  const setPage = useCallback((page: number) => set({ page }), [set]);
  // Typing replaces the history entry; a new search goes back to page 1.
  const setSearch = useCallback((q: string) => set({ q }, { replace: true }), [set]);
  return { page: query.page, search: query.q ?? '', setPage, setSearch };
}
