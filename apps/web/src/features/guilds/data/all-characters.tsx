import type { GuildCharacter } from '@guildhall/contract';
import type { ReactNode } from 'react';
import { useGuildCharacters } from '../../../api/guild-data';
import { DataTable } from '../../../ui/data-table';
import { formatCount } from '../../../ui/format';
import { EmptyHint } from '../../../ui/query-state';
import { SearchInput } from '../../../ui/search-input';
import { characterColumns, lastSeenColumn } from './character-columns';
import { DataTabPagination, type DataTabPaging } from './data-tab-pagination';
import { DataTabState } from './data-tab-state';

const COLUMNS = [...characterColumns<GuildCharacter>(true), lastSeenColumn<GuildCharacter>()];

interface AllCharactersProps {
  guildId: string;
  paging: DataTabPaging;
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

/** Every character of the guild by name, a page at a time, searched by a part of the name or realm on the server. */
export function AllCharacters({ guildId, paging, onSearch, back }: AllCharactersProps) {
  const { list } = paging;
  const search = list.search ?? '';
  const query = useGuildCharacters(guildId, list);
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
      <DataTabState query={query} loading="Loading characters..." testId="characters-state">
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
            <DataTabPagination paging={paging} total={total} testId="characters-pagination" noun="characters" />
          </>
        )}
      </DataTabState>
    </div>
  );
}
