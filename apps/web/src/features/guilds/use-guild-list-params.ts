import { guildListQuery } from '@guildhall/contract';
import { useCallback } from 'react';
import { useUrlQuery } from '../../ui/use-url-query';

/**
 * The list's filters, page and page size, kept in the URL through the contract's query (ui/use-url-query), so a
 * reload or a shared link shows the same view. A new filter goes back to page 1; typing in the search replaces the
 * history entry instead of adding one.
 */
export function useGuildListParams() {
  const { query: filters, set: update, search } = useUrlQuery(guildListQuery);
  const setSearch = useCallback((text: string) => update({ search: text || undefined }, { replace: true }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  return { filters, update, setSearch, setPage, search };
}
