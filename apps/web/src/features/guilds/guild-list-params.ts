import { GUILD_PAGE, guildListQuery, REGIONS } from '@guildhall/contract';
import type { GuildListFilters } from '../../api/guilds';

/** Status filter choices of the list (spec 1 §2). */
export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
/** Region filter choices of the list (spec 1 §2). */
export const REGION_FILTERS = ['all', ...REGIONS] as const;

/** The URL's filters and page as the list call takes them; a value that does not fit falls back to its default. */
export function parseListParams(params: URLSearchParams): GuildListFilters {
  const pick = (key: 'page' | 'search' | 'status' | 'region') => {
    const value = params.get(key);
    if (value === null || value === '') return {};
    const parsed = guildListQuery.shape[key].safeParse(value);
    return parsed.success ? { [key]: parsed.data } : {};
  };
  return guildListQuery.parse({
    ...pick('page'),
    ...pick('search'),
    ...pick('status'),
    ...pick('region'),
    limit: GUILD_PAGE.size,
  });
}

/** The URL search of a list view; defaults are left out so a plain /admin/guilds stays plain. */
export function listSearchParams(filters: Pick<GuildListFilters, 'page' | 'search' | 'status' | 'region'>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.region !== 'all') params.set('region', filters.region);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The export call's query: the list's filters without paging. */
export function exportQuery(filters: GuildListFilters): Record<string, string | undefined> {
  return {
    search: filters.search || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    region: filters.region === 'all' ? undefined : filters.region,
  };
}
