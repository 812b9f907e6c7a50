import { CHARACTERS_EXPORT_NOTE, type GuildDataSummary } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Info } from 'lucide-react';
import { DataTable } from '../../../ui/data-table';
import { formatDateTime, formatRelative } from '../../../ui/format-date';
import { EmptyHint } from '../../../ui/query-state';
import { formatCount } from '../../dashboard/format';

type Character = GuildDataSummary['characters'][number];

const COLUMNS: ColumnDef<Character>[] = [
  { id: 'name', header: 'Name', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.name },
  { id: 'class', header: 'Class', cell: ({ row }) => row.original.class },
  { id: 'level', header: 'Level', meta: { className: 'table__number' }, cell: ({ row }) => row.original.level },
  {
    id: 'lastSeen',
    header: 'Last seen',
    cell: ({ row: { original: character } }) => (
      <time dateTime={character.last_seen ?? undefined} title={formatDateTime(character.last_seen)}>
        {formatRelative(character.last_seen)}
      </time>
    ),
  },
];

/** The first 10 characters and a note to export for the full list (spec 1 §2). */
export function CharactersTab({ summary }: { summary: GuildDataSummary }) {
  const { characters, counts } = summary;
  return (
    <div className="data-tab">
      <p className="data-tab__lead">
        {formatCount(characters.length)} of {formatCount(counts.characters)} characters
      </p>
      {characters.length === 0 ? (
        <EmptyHint>This guild has no characters yet.</EmptyHint>
      ) : (
        <DataTable
          columns={COLUMNS}
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
