import {
  type ChatUser,
  DISCORD_ACCOUNT_MESSAGES,
  DISCORD_ACCOUNT_PAGE,
  DISCORD_USER_FILTER_LABELS,
  DISCORD_USER_FILTERS,
} from '@guildhall/contract';
import { useCallback } from 'react';
import { type DiscordUserFilters, useDiscordUsers } from '../../api/discord-accounts';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
import { ListPagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { useLastPage } from '../../ui/use-last-page';
import { DiscordUserTable } from './discord-user-table';

const FIELDS: FilterField<DiscordUserFilters>[] = [
  {
    kind: 'search',
    name: 'search',
    label: 'Search Discord users',
    placeholder: 'Search by id, username, global name or nickname',
    testId: 'discord-user-search',
  },
  {
    kind: 'select',
    name: 'filter',
    label: 'Which Discord users',
    options: DISCORD_USER_FILTERS.map((value) => ({ value, label: DISCORD_USER_FILTER_LABELS[value] })),
    testId: 'discord-user-filter',
  },
];

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

  const goTo = useCallback((page: number) => onChange({ page }, true), [onChange]);
  useLastPage({ isSuccess: list.isSuccess, rows: users.length, page: filters.page, pageSize: filters.limit, total }, goTo);

  return (
    <>
      <FilterBar values={filters} onChange={(change, { replace }) => onChange(change, replace)} fields={FIELDS} />

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
      <ListPagination
        pagination={list.data?.pagination}
        query={filters}
        onChange={onChange}
        buttons={DISCORD_ACCOUNT_PAGE.buttons}
        testId="discord-user-pagination"
      />
    </>
  );
}
