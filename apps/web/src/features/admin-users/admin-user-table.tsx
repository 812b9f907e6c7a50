import type { AdminUserRow, AdminUserSort, PermissionHolder } from '@guildhall/contract';
import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Badge } from '../../ui/badge';
import { formatDate, formatDateTime, formatRelative } from '../../ui/format-date';
import { SortHeader } from '../../ui/sort-header';
import { TableScroll } from '../../ui/table-scroll';
import { AdminUserActions } from './admin-user-actions';
import { type AdminUserAction, viewerOf } from './admin-user-rules';
import { AdminUserStatus } from './admin-user-status';

interface AdminUserTableProps {
  users: AdminUserRow[];
  /** The signed-in admin: their row is marked '(you)', and rows they may not act on offer no actions. */
  currentAdmin: (PermissionHolder & { id: string }) | null;
  sortBy: AdminUserSort;
  sortOrder: 'asc' | 'desc';
  isLoading: boolean;
  onSort: (sortBy: AdminUserSort, sortOrder: 'asc' | 'desc') => void;
  onAction: (action: AdminUserAction, user: AdminUserRow) => void;
}

/** How a column is laid out and whether the server sorts by it (the cells read the row whole). */
interface ColumnMeta {
  className?: string;
  sortable: boolean;
}

const metaOf = (columnDef: ColumnDef<AdminUserRow>) => columnDef.meta as ColumnMeta;

const column = (id: string, header: string, sortable: boolean, cell: ColumnDef<AdminUserRow>['cell'], className?: string) =>
  ({ id, header, cell, meta: { sortable, className } }) as ColumnDef<AdminUserRow>;

const when = (iso: string | null) =>
  iso ? (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso)}
    </time>
  ) : (
    <span className="muted">Never</span>
  );

/**
 * One page of admin users in a TanStack Table, sorted and paged by the server: a header click asks for the other
 * order (or the new column ascending) through the URL.
 */
export function AdminUserTable({ users, currentAdmin, sortBy, sortOrder, isLoading, onSort, onAction }: AdminUserTableProps) {
  const columns = useMemo(
    () => [
      column('username', 'Username', true, ({ row }) => (
        <span className="admin-user-name">
          <strong>{row.original.username}</strong>
          {row.original.id === currentAdmin?.id && <span className="muted"> (you)</span>}
        </span>
      )),
      column('fullName', 'Full name', true, ({ row }) => row.original.fullName ?? <span className="muted">—</span>),
      column('role', 'Role', true, ({ row }) => row.original.roleLabel),
      column('permissions', 'Extra permissions', false, ({ row }) =>
        row.original.permissions.length > 0 ? (
          <ul className="permission-chips">
            {row.original.permissions.map((permission) => (
              <li key={permission}>
                <code>{permission}</code>
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">None</span>
        ),
      ),
      column('status', 'Status', false, ({ row }) => <AdminUserStatus user={row.original} />),
      column('twoFactor', 'Two-factor', false, ({ row }) => (
        <Badge tone={row.original.twoFactorEnabled ? 'good' : 'neutral'} data-testid="admin-user-two-factor">
          {row.original.twoFactorEnabled ? 'On' : 'Off'}
        </Badge>
      )),
      column('lastLoginAt', 'Last sign-in', true, ({ row }) => when(row.original.lastLoginAt)),
      column('failedAttempts', 'Failed attempts', true, ({ row }) => row.original.failedAttempts, 'table__number'),
      column('createdAt', 'Created', true, ({ row }) => (
        <time dateTime={row.original.createdAt}>{formatDate(row.original.createdAt)}</time>
      )),
      column(
        'actions',
        'Actions',
        false,
        ({ row }) => <AdminUserActions user={row.original} viewer={viewerOf(row.original, currentAdmin)} onAction={onAction} />,
        'table__actions',
      ),
    ],
    [currentAdmin, onAction],
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
    <TableScroll label="Admin users" isBusy={isLoading}>
      <table className="table" data-testid="admin-user-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const { sortable: isSortable, className } = metaOf(header.column.columnDef);
                return (
                  <SortHeader
                    key={header.id}
                    header={header}
                    sortBy={sortBy}
                    sortOrder={sortOrder}
                    isSortable={isSortable}
                    className={className}
                    onSort={onSort}
                  />
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="admin-user-row" data-username={row.original.username}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={metaOf(cell.column.columnDef).className}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
