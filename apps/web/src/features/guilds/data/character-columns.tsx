import type { GuildCharacter, GuildDataSummary } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, formatRelative } from '../../../ui/format-date';

type Character = GuildDataSummary['characters'][number];

/** Name, class, level and last seen: the first 10's columns, which the whole list shares (with the realm). */
export function characterColumns<Row extends Character | GuildCharacter>(withRealm = false): ColumnDef<Row>[] {
  return [
    { id: 'name', header: 'Name', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.name },
    ...(withRealm
      ? [{ id: 'realm', header: 'Realm', cell: ({ row }) => (row.original as GuildCharacter).realm } satisfies ColumnDef<Row>]
      : []),
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
}
