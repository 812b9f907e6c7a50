import { useId } from 'react';
import type { GuildListFilters } from '../../api/guilds';
import { SearchInput } from '../../ui/search-input';
import { REGION_FILTERS, STATUS_FILTERS } from './guild-list-params';

const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  all: 'All statuses',
  active: 'Active',
  inactive: 'Inactive',
};

interface GuildFiltersProps {
  filters: GuildListFilters;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: GuildListFilters['status']) => void;
  onRegionChange: (region: GuildListFilters['region']) => void;
}

/** Search by name or server (debounced), the status filter and the region filter. */
export function GuildFilters({ filters, onSearchChange, onStatusChange, onRegionChange }: GuildFiltersProps) {
  const id = useId();
  return (
    <search className="filter-bar">
      <SearchInput
        value={filters.search ?? ''}
        onSearch={onSearchChange}
        label="Search guilds"
        placeholder="Search by guild name or server"
        testId="guild-search"
      />
      <label htmlFor={`${id}-status`} className="visually-hidden">
        Filter by status
      </label>
      <select
        id={`${id}-status`}
        className="input filter-bar__select"
        value={filters.status}
        onChange={(event) => onStatusChange(event.target.value as GuildListFilters['status'])}
        data-testid="guild-status-filter"
      >
        {STATUS_FILTERS.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-region`} className="visually-hidden">
        Filter by region
      </label>
      <select
        id={`${id}-region`}
        className="input filter-bar__select"
        value={filters.region}
        onChange={(event) => onRegionChange(event.target.value as GuildListFilters['region'])}
        data-testid="guild-region-filter"
      >
        {REGION_FILTERS.map((region) => (
          <option key={region} value={region}>
            {region === 'all' ? 'All regions' : region}
          </option>
        ))}
      </select>
    </search>
  );
}
