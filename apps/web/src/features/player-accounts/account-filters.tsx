import type { PlayerAccountListQuery } from '@guildhall/contract';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import type { PlayerAccountFilters } from '../../api/player-accounts';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
import type { UrlQueryChangeOptions } from '../../ui/use-url-query';

/** Spec 2 §9: the account search waits for typing to settle this long. */
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 500;

type Status = NonNullable<PlayerAccountListQuery['status']>;
type LinkedTo = NonNullable<PlayerAccountListQuery['linkedTo']>;
type SortBy = NonNullable<PlayerAccountListQuery['sortBy']>;

const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'linked', label: 'Linked' },
  { value: 'unlinked', label: 'Unlinked' },
];
const LINK_OPTIONS: { value: LinkedTo; label: string }[] = [
  { value: 'all', label: 'All links' },
  { value: 'discord', label: 'Discord linked' },
  { value: 'battlenet', label: 'Battle.net linked' },
  { value: 'both', label: 'Fully linked' },
  { value: 'none', label: 'Not linked' },
];
const SORT_OPTIONS: { value: SortBy; label: string }[] = [
  { value: 'updated_at', label: 'Last updated' },
  { value: 'displayName', label: 'Display name' },
  { value: 'created_at', label: 'Created' },
  { value: 'last_login_at', label: 'Last login' },
];

const FIELDS: FilterField<PlayerAccountFilters>[] = [
  {
    kind: 'search',
    name: 'search',
    label: 'Search accounts',
    placeholder: 'Search by name, email or Discord',
    testId: 'account-search',
    debounceMs: ACCOUNT_SEARCH_DEBOUNCE_MS,
  },
  { kind: 'select', name: 'status', label: 'Filter by status', options: STATUS_OPTIONS, testId: 'account-status-filter' },
  {
    kind: 'select',
    name: 'linkedTo',
    label: 'Filter by linked accounts',
    options: LINK_OPTIONS,
    testId: 'account-link-filter',
  },
  { kind: 'select', name: 'sortBy', label: 'Sort by', options: SORT_OPTIONS, testId: 'account-sort' },
];

interface AccountFiltersProps {
  filters: PlayerAccountFilters;
  onChange: (change: Partial<PlayerAccountFilters>, options?: UrlQueryChangeOptions) => void;
}

/** Search over name, e-mail and Discord (debounced 500 ms), status, link filter, sort field and direction. */
export function AccountFilters({ filters, onChange }: AccountFiltersProps) {
  const isAscending = filters.sortOrder === 'asc';
  return (
    <FilterBar values={filters} onChange={onChange} fields={FIELDS}>
      <button
        type="button"
        className="button button--secondary account-sort-order"
        onClick={() => onChange({ sortOrder: isAscending ? 'desc' : 'asc' })}
        data-testid="account-sort-order"
        data-order={filters.sortOrder}
      >
        {isAscending ? <ArrowUpNarrowWide size={16} aria-hidden="true" /> : <ArrowDownWideNarrow size={16} aria-hidden="true" />}
        <span>
          <span className="visually-hidden">Sort order: </span>
          {isAscending ? 'Ascending' : 'Descending'}
        </span>
      </button>
    </FilterBar>
  );
}
