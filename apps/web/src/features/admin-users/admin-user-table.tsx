import type { AdminUserRow, AdminUserSort } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Badge } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { formatDate, formatDateTime, formatRelative } from '../../ui/format-date';
import type { SortOrder } from '../../ui/sort-header';
import { AdminUserActions } from './admin-user-actions';
import type { AdminUserAction } from './admin-user-rules';
import { AdminUserStatus } from './admin-user-status';

interface AdminUserTableProps {
  /** Each with the server's answer of what the signed-in admin may do to it: their own row is marked '(you)'. */
  users: AdminUserRow[];
  sortBy: AdminUserSort;
  sortOrder: SortOrder;
  isLoading: boolean;
  onSort: (sortBy: AdminUserSort, sortOrder: SortOrder) => void;
  onAction: (action: AdminUserAction, user: AdminUserRow) => void;
}

const column = (id: string, header: string, isSortable: boolean, cell: ColumnDef<AdminUserRow>['cell'], className?: string) =>
  ({ id, header, cell, meta: { isSortable, className } }) as ColumnDef<AdminUserRow>;

const when = (iso: string | null) =>
  iso ? (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso)}
    </time>
  ) : (
    <span className="muted">Never</span>
  );

/**
 * One page of admin users, sorted and paged by the server: a header click asks for the other
 * order (or the new column ascending) through the URL.
 */
export function AdminUserTable({ users, sortBy, sortOrder, isLoading, onSort, onAction }: AdminUserTableProps) {
  const columns = useMemo(
    () => [
      column('username', 'Username', true, ({ row }) => (
        <span className="admin-user-name">
          <strong>{row.original.username}</strong>
          {row.original.abilities.isSelf && <span className="muted"> (you)</span>}
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
        ({ row }) => <AdminUserActions user={row.original} onAction={onAction} />,
        'table__actions',
      ),
    ],
    [onAction],
  );

  return (
    <DataTable<AdminUserRow, AdminUserSort>
      columns={columns}
      rows={users}
      getRowId={(user) => user.id}
      label="Admin users"
      testId="admin-user-table"
      rowAttributes={(user) => ({ 'data-testid': 'admin-user-row', 'data-username': user.username })}
      sort={{ by: sortBy, order: sortOrder, onSort }}
      isStacked
      isBusy={isLoading}
    />
  );
}
