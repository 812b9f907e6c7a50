import type { GuildListFilters } from '../../api/guilds';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';
import { REGION_FILTERS, STATUS_FILTERS } from './guild-list-params';

const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  all: 'All statuses',
  active: 'Active',
  inactive: 'Inactive',
};

const STATUS_OPTIONS = STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const REGION_OPTIONS = REGION_FILTERS.map((region) => ({ value: region, label: region === 'all' ? 'All regions' : region }));

interface GuildFiltersProps {
  filters: GuildListFilters;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: GuildListFilters['status']) => void;
  onRegionChange: (region: GuildListFilters['region']) => void;
}

/** Search by name or server (debounced), the status filter and the region filter. */
export function GuildFilters({ filters, onSearchChange, onStatusChange, onRegionChange }: GuildFiltersProps) {
  return (
    <search className="filter-bar">
      <SearchInput
        value={filters.search ?? ''}
        onSearch={onSearchChange}
        label="Search guilds"
        placeholder="Search by guild name or server"
        testId="guild-search"
      />
      <FilterSelect
        label="Filter by status"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={onStatusChange}
        testId="guild-status-filter"
      />
      <FilterSelect
        label="Filter by region"
        value={filters.region}
        options={REGION_OPTIONS}
        onChange={onRegionChange}
        testId="guild-region-filter"
      />
    </search>
  );
}
