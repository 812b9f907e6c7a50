import { guildListQuery } from '@guildhall/contract';
import { useCallback } from 'react';
import { useUrlQuery } from '../../ui/use-url-query';

/**
 * The list's filters, page and page size, kept in the URL through the contract's query (ui/use-url-query), so a
 * reload or a shared link shows the same view. A new filter goes back to page 1; typing in the search replaces the
 * history entry instead of adding one (ui/filter-bar).
 */
export function useGuildListParams() {
  const { query: filters, set: update } = useUrlQuery(guildListQuery);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  return { filters, update, setPage };
}
