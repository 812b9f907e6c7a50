import {
  type ChatUser,
  DISCORD_ACCOUNT_MESSAGES,
  DISCORD_ACCOUNT_PAGE,
  DISCORD_USER_FILTER_LABELS,
  DISCORD_USER_FILTERS,
} from '@guildhall/contract';
import { useCallback, useEffect } from 'react';
import { type DiscordUserFilters, useDiscordUsers } from '../../api/discord-accounts';
import { FilterSelect } from '../../ui/filter-select';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { SearchInput } from '../../ui/search-input';
import { DiscordUserTable } from './discord-user-table';

const FILTER_OPTIONS = DISCORD_USER_FILTERS.map((value) => ({ value, label: DISCORD_USER_FILTER_LABELS[value] }));

interface DiscordUsersPanelProps {
  filters: DiscordUserFilters;
  onChange: (change: Partial<DiscordUserFilters>, replace?: boolean) => void;
  onOpen: (user: ChatUser) => void;
}

/** The Users tab: search (debounced), filter, sort and direction, the table, its states and paging. */
export function DiscordUsersPanel({ filters, onChange, onOpen }: DiscordUsersPanelProps) {
  const list = useDiscordUsers(filters);
  const users = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const isFiltered = Boolean(filters.search) || filters.filter !== 'all';
  const handleSearch = useCallback((search: string) => onChange({ search: search || undefined }, true), [onChange]);

  // Past the last page (an old link, fewer users now): go to the last page that has rows.
  useEffect(() => {
    if (list.isSuccess && users.length === 0 && filters.page > 1 && total > 0) {
      onChange({ page: Math.ceil(total / DISCORD_ACCOUNT_PAGE.size) }, true);
    }
  }, [list.isSuccess, users.length, filters.page, total, onChange]);

  return (
    <>
      <search className="filter-bar">
        <SearchInput
          value={filters.search ?? ''}
          onSearch={handleSearch}
          label="Search Discord users"
          placeholder="Search by id, username, global name or nickname"
          testId="discord-user-search"
        />
        <FilterSelect
          label="Which Discord users"
          value={filters.filter}
          options={FILTER_OPTIONS}
          onChange={(filter) => onChange({ filter })}
          testId="discord-user-filter"
        />
      </search>

      <QueryState
        query={list}
        loading={DISCORD_ACCOUNT_MESSAGES.loadingUsers}
        errorText={DISCORD_ACCOUNT_MESSAGES.loadUsersFailed}
        isEmpty={() => users.length === 0}
        empty={isFiltered ? DISCORD_ACCOUNT_MESSAGES.noUsersMatch : DISCORD_ACCOUNT_MESSAGES.noUsers}
        testId="discord-users"
      >
        {() => (
          <DiscordUserTable
            users={users}
            sortBy={filters.sortBy}
            sortOrder={filters.sortOrder}
            isLoading={list.isFetching}
            onSort={(sortBy, sortOrder) => onChange({ sortBy, sortOrder })}
            onOpen={onOpen}
          />
        )}
      </QueryState>
      <Pagination
        // The page whose rows are shown: while the next page loads, the previous one stays on screen.
        page={list.data?.pagination.page ?? filters.page}
        pageSize={DISCORD_ACCOUNT_PAGE.size}
        total={total}
        buttons={DISCORD_ACCOUNT_PAGE.buttons}
        onPageChange={(page) => onChange({ page })}
        testId="discord-user-pagination"
      />
    </>
  );
}
