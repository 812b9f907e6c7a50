import type { GuildListFilters } from '../../api/guilds';
import type { FilterField } from '../../ui/filter-bar';
import { REGION_FILTERS, STATUS_FILTERS } from './guild-list-params';

const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  all: 'All statuses',
  active: 'Active',
  inactive: 'Inactive',
};

/** Search by name or server (debounced), the status filter and the region filter. */
export const GUILD_FILTER_FIELDS: FilterField<GuildListFilters>[] = [
  {
    kind: 'search',
    name: 'search',
    label: 'Search guilds',
    placeholder: 'Search by guild name or server',
    testId: 'guild-search',
  },
  {
    kind: 'select',
    name: 'status',
    label: 'Filter by status',
    options: STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    testId: 'guild-status-filter',
  },
  {
    kind: 'select',
    name: 'region',
    label: 'Filter by region',
    options: REGION_FILTERS.map((region) => ({ value: region, label: region === 'all' ? 'All regions' : region })),
    testId: 'guild-region-filter',
  },
];
