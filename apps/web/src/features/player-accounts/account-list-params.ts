import { PLAYER_ACCOUNT_PAGE, playerAccountListQuery } from '@guildhall/contract';
import type { PlayerAccountFilters } from '../../api/player-accounts';

/** The filters kept in the URL. */
export type AccountListParams = Pick<PlayerAccountFilters, 'page' | 'search' | 'status' | 'linkedTo' | 'sortBy' | 'sortOrder'>;

const KEYS = ['page', 'search', 'status', 'linkedTo', 'sortBy', 'sortOrder'] as const;
const DEFAULTS = playerAccountListQuery.parse({});

/** The URL's filters and page as the list call takes them; a value that does not fit falls back to its default. */
export function parseAccountParams(params: URLSearchParams): PlayerAccountFilters {
  const picked: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    const parsed = playerAccountListQuery.shape[key].safeParse(value);
    if (parsed.success) picked[key] = parsed.data;
  }
  return playerAccountListQuery.parse({ ...picked, limit: PLAYER_ACCOUNT_PAGE.size });
}

/** The URL search of a list view; defaults are left out so a plain address stays plain. */
export function accountSearchParams(filters: AccountListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status !== DEFAULTS.status) params.set('status', filters.status);
  if (filters.linkedTo !== DEFAULTS.linkedTo) params.set('linkedTo', filters.linkedTo);
  if (filters.sortBy !== DEFAULTS.sortBy) params.set('sortBy', filters.sortBy);
  if (filters.sortOrder !== DEFAULTS.sortOrder) params.set('sortOrder', filters.sortOrder);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when a search or filter narrows the list (the sort does not): the empty state then suggests changing them. */
export const hasActiveFilters = (filters: PlayerAccountFilters): boolean =>
  Boolean(filters.search) || filters.status !== 'all' || filters.linkedTo !== 'all';
