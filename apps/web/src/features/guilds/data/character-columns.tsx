import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, formatRelative } from '../../../ui/format-date';

/** What every character list of a guild shows first; the realm where the list spans realms. */
interface NamedCharacter {
  name: string;
  realm?: string;
  class: string;
  level: number;
}

/** Name, realm (with `withRealm`), class and level: the columns every character list of a guild starts with. */
export function characterColumns<Row extends NamedCharacter>(withRealm = false): ColumnDef<Row>[] {
  return [
    { id: 'name', header: 'Name', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.name },
    ...(withRealm ? [{ id: 'realm', header: 'Realm', cell: ({ row }) => row.original.realm } satisfies ColumnDef<Row>] : []),
    { id: 'class', header: 'Class', cell: ({ row }) => row.original.class },
    { id: 'level', header: 'Level', meta: { className: 'table__number' }, cell: ({ row }) => row.original.level },
  ];
}

/** When the guild's sources last saw a character, relative, the exact time on hover. */
export function lastSeenColumn<Row extends { last_seen: string | null }>(): ColumnDef<Row> {
  return {
    id: 'lastSeen',
    header: 'Last seen',
    cell: ({ row: { original: character } }) => (
      <time dateTime={character.last_seen ?? undefined} title={formatDateTime(character.last_seen)}>
        {formatRelative(character.last_seen)}
      </time>
    ),
  };
}
