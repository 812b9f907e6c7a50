import type { ChatUser, DiscordUserSort } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Avatar } from '../../ui/avatar';
import { DataTable } from '../../ui/data-table';
import { formatRelative } from '../../ui/format-date';
import type { SortOrder } from '../../ui/sort-header';
import { DiscordUserStatus, discordHandle } from './discord-user-name';

interface DiscordUserTableProps {
  users: ChatUser[];
  sortBy: DiscordUserSort;
  sortOrder: SortOrder;
  isLoading: boolean;
  onSort: (sortBy: DiscordUserSort, sortOrder: SortOrder) => void;
  onOpen: (user: ChatUser) => void;
}

const column = (id: string, header: string, isSortable: boolean, cell: ColumnDef<ChatUser>['cell'], isNumeric = false) =>
  ({ id, header, cell, meta: { isSortable, className: isNumeric ? 'table__number' : undefined } }) as ColumnDef<ChatUser>;

/**
 * The Discord users of one page; the rows are sorted and paged by the server, so a header click asks for the other
 * order (or the new column ascending) through the URL.
 */
export function DiscordUserTable({ users, sortBy, sortOrder, isLoading, onSort, onOpen }: DiscordUserTableProps) {
  const columns = useMemo(
    () => [
      column('displayName', 'User', true, ({ row }) => {
        const user = row.original;
        const handle = discordHandle(user);
        return (
          <div className="discord-user-cell">
            <Avatar name={user.displayName} url={user.avatarUrl} size={32} />
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

  return (
    <DataTable<ChatUser, DiscordUserSort>
      columns={columns}
      rows={users}
      getRowId={(user) => user.id}
      label="Discord users"
      testId="discord-user-table"
      rowAttributes={(user) => ({ 'data-testid': 'discord-user-row', 'data-discord-id': user.id })}
      sort={{ by: sortBy, order: sortOrder, onSort }}
      isStacked
      isBusy={isLoading}
    />
  );
}
