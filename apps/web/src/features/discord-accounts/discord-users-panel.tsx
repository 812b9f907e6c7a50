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
import { PagedList } from '../../ui/paged-list';
import type { UrlQueryChangeOptions } from '../../ui/use-url-query';
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
  /** Writes a change to the URL (a new search or filter goes back to page 1 there). */
  onChange: (change: Partial<DiscordUserFilters>, options?: UrlQueryChangeOptions) => void;
  onOpen: (user: ChatUser) => void;
}

/** The Users tab: search (debounced), filter, sort and direction, the table, its states and paging. */
export function DiscordUsersPanel({ filters, onChange, onOpen }: DiscordUsersPanelProps) {
  const list = useDiscordUsers(filters);
  const isFiltered = Boolean(filters.search) || filters.filter !== 'all';

  const goTo = useCallback((page: number) => onChange({ page }, { replace: true }), [onChange]);

  return (
    <>
      <FilterBar values={filters} onChange={onChange} fields={FIELDS} />
      <PagedList
        query={list}
        page={filters}
        onPageChange={onChange}
        loading={DISCORD_ACCOUNT_MESSAGES.loadingUsers}
        errorText={DISCORD_ACCOUNT_MESSAGES.loadUsersFailed}
        empty={isFiltered ? DISCORD_ACCOUNT_MESSAGES.noUsersMatch : DISCORD_ACCOUNT_MESSAGES.noUsers}
        testId="discord-users"
        buttons={DISCORD_ACCOUNT_PAGE.buttons}
        pagerTestId="discord-user-pagination"
        onPastLastPage={goTo}
      >
        {(users) => (
          <DiscordUserTable
            users={users}
            sortBy={filters.sortBy}
            sortOrder={filters.sortOrder}
            isLoading={list.isFetching}
            onSort={(sortBy, sortOrder) => onChange({ sortBy, sortOrder })}
            onOpen={onOpen}
          />
        )}
      </PagedList>
    </>
  );
}
