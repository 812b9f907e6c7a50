import { REGIONS } from '@guildhall/contract';
import type { GuildListFilters } from '../../api/guilds';

/** Status filter choices of the list (spec 1 §2). */
export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
/** Region filter choices of the list (spec 1 §2). */
export const REGION_FILTERS = ['all', ...REGIONS] as const;

/** The export call's query: the list's filters without paging. */
export function exportQuery(filters: GuildListFilters): Record<string, string | undefined> {
  return {
    search: filters.search || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    region: filters.region === 'all' ? undefined : filters.region,
  };
}
