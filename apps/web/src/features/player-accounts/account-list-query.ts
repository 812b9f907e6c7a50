import type { PlayerAccountFilters } from '../../api/player-accounts';

/** True when a search or filter narrows the list (the sort does not): the empty state then suggests changing them. */
export const hasActiveFilters = (filters: Pick<PlayerAccountFilters, 'search' | 'status' | 'linkedTo'>): boolean =>
  Boolean(filters.search) || filters.status !== 'all' || filters.linkedTo !== 'all';
