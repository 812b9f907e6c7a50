import { CHARACTER_SOURCE_LABELS, characterRanksText, type SourcedCharacter } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type SourcesScope, useSourcedCharacters } from '../../../../api/data-sources';
import { DataTable } from '../../../../ui/data-table';
import { formatDateTime } from '../../../../ui/format-date';
import { EmptyHint } from '../../../../ui/query-state';
import { characterColumns } from '../character-columns';
import { DataTabPagination } from '../data-tab-pagination';
import { DataTabState } from '../data-tab-state';
import { useTabQuery } from '../use-tab-query';

const statusOf = (character: SourcedCharacter) =>
  character.retiredAt ? 'Retired' : character.leftGuildAt ? `Left ${formatDateTime(character.leftGuildAt)}` : 'In the guild';

const COLUMNS: ColumnDef<SourcedCharacter>[] = [
  ...characterColumns<SourcedCharacter>(true),
  {
    id: 'itemLevel',
    header: 'Item level',
    meta: { className: 'table__number' },
    cell: ({ row }) => row.original.itemLevel ?? '—',
  },
  {
    id: 'rank',
    header: 'Rank',
    cell: ({ row }) => characterRanksText(row.original.guildRank, row.original.teamRank) ?? '—',
  },
  {
    id: 'sources',
    header: 'Sources',
    // Badges side by side, a space between them (the kit's .badge is inline).
    cell: ({ row }) =>
      row.original.sources.map((source, at) => (
        <span key={source.sourceType}>
          {at > 0 && ' '}
          <span className="badge" title={`Last seen ${formatDateTime(source.lastSeenAt)}`} data-source-type={source.sourceType}>
            {CHARACTER_SOURCE_LABELS[source.sourceType]} ×{source.occurrenceCount}
          </span>
        </span>
      )),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => statusOf(row.original) },
];

/** The guild's characters with the sources that saw each one, paged in the URL. */
export function SourcedCharacters({ scope }: { scope: SourcesScope }) {
  const tab = useTabQuery();
  const query = useSourcedCharacters(scope, tab.list);
  return (
    <section className="panel" aria-labelledby="sourced-characters-title">
      <h3 id="sourced-characters-title" className="panel__title">
        Characters and their sources
      </h3>
      <DataTabState query={query} loading="Loading characters..." testId="sourced-characters-state">
        {({ characters, total }) =>
          characters.length === 0 ? (
            <EmptyHint>No source has written a character of this guild yet.</EmptyHint>
          ) : (
            <>
              <DataTable
                columns={COLUMNS}
                rows={characters}
                getRowId={(character) => character.id}
                label="Characters and their sources"
                testId="sourced-characters"
                isBusy={query.isFetching}
              />
              <DataTabPagination paging={tab} total={total} testId="sourced-characters-pagination" />
            </>
          )
        }
      </DataTabState>
    </section>
  );
}
