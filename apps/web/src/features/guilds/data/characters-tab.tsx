import { CHARACTERS_EXPORT_NOTE, type GuildDataSummary } from '@guildhall/contract';
import { ArrowLeft, Info, List } from 'lucide-react';
import { DataTable } from '../../../ui/data-table';
import { formatCount } from '../../../ui/format';
import { EmptyHint } from '../../../ui/query-state';
import { useUrlQuery } from '../../../ui/use-url-query';
import { AllCharacters } from './all-characters';
import { characterColumns, lastSeenColumn } from './character-columns';
import { charactersTabQuery } from './guild-data-tabs';

type FirstCharacter = GuildDataSummary['characters'][number];
const FIRST_COLUMNS = [...characterColumns<FirstCharacter>(), lastSeenColumn<FirstCharacter>()];

/**
 * The first 10 characters and a note to export for the full list (spec 1 §2), and View all: every character,
 * paged and searched on the server, the view in the URL (`?view=all`).
 */
export function CharactersTab({ guildId, summary }: { guildId: string; summary: GuildDataSummary }) {
  const { query, set } = useUrlQuery(charactersTabQuery);
  const { characters, counts } = summary;
  if (query.view === 'all') {
    return (
      <AllCharacters
        guildId={guildId}
        paging={{
          list: { page: query.page, limit: query.limit, search: query.q ?? '' },
          setPage: (page) => set({ page }),
          setPageSize: (limit) => set({ limit }),
        }}
        onSearch={(q) => set({ q }, { replace: true })}
        back={
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => set({ view: undefined, q: undefined, page: undefined, limit: undefined })}
          >
            <ArrowLeft size={14} aria-hidden="true" />
            First {formatCount(characters.length)} characters
          </button>
        }
      />
    );
  }
  return (
    <div className="data-tab">
      <div className="data-tab__bar">
        <p className="data-tab__lead">
          {formatCount(characters.length)} of {formatCount(counts.characters)} characters
        </p>
        {counts.characters > characters.length && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => set({ view: 'all', page: undefined, q: undefined })}
            data-testid="characters-view-all"
          >
            <List size={14} aria-hidden="true" />
            View all {formatCount(counts.characters)} characters
          </button>
        )}
      </div>
      {characters.length === 0 ? (
        <EmptyHint>This guild has no characters yet.</EmptyHint>
      ) : (
        <DataTable
          columns={FIRST_COLUMNS}
          rows={characters}
          getRowId={(character) => String(character.id)}
          label="Characters"
          testId="guild-data-characters"
        />
      )}
      <p className="note" data-testid="characters-export-note">
        <Info size={16} aria-hidden="true" />
        {CHARACTERS_EXPORT_NOTE}
      </p>
    </div>
  );
}
