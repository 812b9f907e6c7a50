import type { ChatUser, DiscordUserSort } from '@guildhall/contract';
import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatRelative } from '../../ui/format-date';
import { SortHeader } from '../../ui/sort-header';
import { TableScroll } from '../../ui/table-scroll';
import { DiscordAvatar } from './discord-avatar';
import { DiscordUserStatus, discordHandle } from './discord-user-name';

interface DiscordUserTableProps {
  users: ChatUser[];
  sortBy: DiscordUserSort;
  sortOrder: 'asc' | 'desc';
  isLoading: boolean;
  onSort: (sortBy: DiscordUserSort, sortOrder: 'asc' | 'desc') => void;
  onOpen: (user: ChatUser) => void;
}

/**
 * How a column is laid out and whether the server sorts by it. The columns read the row whole, so TanStack's own
 * getCanSort (which wants an accessor) does not apply.
 */
interface ColumnMeta {
  numeric: boolean;
  sortable: boolean;
}

const metaOf = (columnDef: ColumnDef<ChatUser>) => columnDef.meta as ColumnMeta;

const column = (id: string, header: string, sortable: boolean, cell: ColumnDef<ChatUser>['cell'], numeric = false) =>
  ({ id, header, cell, meta: { numeric, sortable } }) as ColumnDef<ChatUser>;

/**
 * The Discord users of one page in a TanStack Table; the rows are sorted and paged by the server, so the table
 * sorts manually: a header click asks for the other order (or the new column ascending) through the URL.
 */
export function DiscordUserTable({ users, sortBy, sortOrder, isLoading, onSort, onOpen }: DiscordUserTableProps) {
  const columns = useMemo(
    () => [
      column('displayName', 'User', true, ({ row }) => {
        const user = row.original;
        const handle = discordHandle(user);
        return (
          <div className="discord-user-cell">
            <DiscordAvatar name={user.displayName} url={user.avatarUrl} />
            <span className="discord-user-cell__names">
              <button type="button" className="link-button discord-user-cell__name" onClick={() => onOpen(user)}>
                {user.displayName}
              </button>
              {handle && <span className="discord-user-cell__handle">{handle}</span>}
            </span>
          </div>
        );
      }),
      column('id', 'Discord ID', true, ({ row }) => <code>{row.original.id}</code>),
      column('status', 'Status', false, ({ row }) => <DiscordUserStatus user={row.original} />),
      column('lastLogin', 'Last login', true, ({ row }) => {
        const { lastLogin } = row.original;
        return lastLogin ? <time dateTime={lastLogin}>{formatRelative(lastLogin)}</time> : <span className="muted">Never</span>;
      }),
      column('linkedCharacters', 'Characters', true, ({ row }) => row.original.linkedCharacters, true),
      column('guilds', 'Guilds', false, ({ row }) => row.original.guilds, true),
    ],
    [onOpen],
  );
  const sorting: SortingState = [{ id: sortBy, desc: sortOrder === 'desc' }];
  const table = useReactTable({
    data: users,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { sorting },
    getRowId: (user) => user.id,
  });

  return (
    <TableScroll label="Discord users" isBusy={isLoading}>
      <table className="table" data-testid="discord-user-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const { numeric: isNumeric, sortable: isSortable } = metaOf(header.column.columnDef);
                return (
                  <SortHeader
                    key={header.id}
                    header={header}
                    sortBy={sortBy}
                    sortOrder={sortOrder}
                    isSortable={isSortable}
                    className={isNumeric ? 'table__number' : undefined}
                    onSort={onSort}
                  />
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="discord-user-row" data-discord-id={row.id}>
              {row.getVisibleCells().map((cell) => {
                const isNumeric = metaOf(cell.column.columnDef).numeric;
                return (
                  <td key={cell.id} className={isNumeric ? 'table__number' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
