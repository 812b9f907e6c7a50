import { type GuildCharacter, MESSAGES } from '@guildhall/contract';
import type { ReactNode } from 'react';
import { GUILD_DATA_PAGE_SIZE, useGuildCharacters } from '../../../api/guild-data';
import { DataTable } from '../../../ui/data-table';
import { Pagination } from '../../../ui/pagination';
import { EmptyHint, QueryState } from '../../../ui/query-state';
import { SearchInput } from '../../../ui/search-input';
import { formatCount } from '../../dashboard/format';
import { characterColumns } from './character-columns';

const COLUMNS = characterColumns<GuildCharacter>(true);

interface AllCharactersProps {
  guildId: string;
  page: number;
  search: string;
  onPage: (page: number) => void;
  onSearch: (search: string) => void;
  /** The way back to the first 10. */
  back: ReactNode;
}

/** '40 characters', '1 character matches'. */
function totalText(total: number, isSearch: boolean): string {
  const count = `${formatCount(total)} ${total === 1 ? 'character' : 'characters'}`;
  if (!isSearch) return count;
  return `${count} ${total === 1 ? 'matches' : 'match'}`;
}

/** Every character of the guild by name, 25 a page, searched by a part of the name or realm on the server. */
export function AllCharacters({ guildId, page, search, onPage, onSearch, back }: AllCharactersProps) {
  const query = useGuildCharacters(guildId, page, search);
  return (
    <div className="data-tab">
      <div className="data-tab__bar">
        {back}
        <SearchInput
          value={search}
          onSearch={onSearch}
          label="Search characters"
          placeholder="Search by name or realm"
          maxLength={100}
          testId="characters-search"
        />
      </div>
      <QueryState
        query={query}
        loading="Loading characters..."
        errorText={MESSAGES.loadGuildDataFailed}
        testId="characters-state"
      >
        {({ characters, total }) => (
          <>
            <p className="data-tab__lead" data-testid="characters-total">
              {totalText(total, search !== '')}
            </p>
            {characters.length === 0 ? (
              <EmptyHint>{search ? 'No characters match this search.' : 'This guild has no characters yet.'}</EmptyHint>
            ) : (
              <DataTable
                columns={COLUMNS}
                rows={characters}
                getRowId={(character) => character.id}
                label="All characters"
                testId="guild-all-characters"
                rowAttributes={() => ({ 'data-testid': 'guild-character' })}
                isBusy={query.isFetching}
              />
            )}
            {total > GUILD_DATA_PAGE_SIZE && (
              <Pagination
                page={page}
                pageSize={GUILD_DATA_PAGE_SIZE}
                total={total}
                onPageChange={onPage}
                testId="characters-pagination"
                noun="characters"
              />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
