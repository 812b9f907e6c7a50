import { ADMIN_USER_MESSAGES, type AdminUserRow, adminUserListQuery } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useAdminRoles } from '../../api/admin-roles';
import { useAdminUserStatistics, useAdminUsers, useUnlockAdminUser } from '../../api/admin-users';
import { Card } from '../../ui/card';
import { FilterBar } from '../../ui/filter-bar';
import { PagedList } from '../../ui/paged-list';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { type AdminUserDialogState, AdminUserDialogs } from './admin-user-dialogs';
import { adminUserFilterFields } from './admin-user-filters';
import { hasAdminUserFilters } from './admin-user-query';
import type { AdminUserAction } from './admin-user-rules';
import { AdminUserStatCards } from './admin-user-stat-cards';
import { AdminUserTable } from './admin-user-table';
import '../../styles/admin-users.css';

/** Admin Users (spec 2 layout B /admin/users): the figures, the table with its filters in the URL, and the dialogs. */
export function AdminUsersPage() {
  useDocumentTitle('Admin Users');
  // Search, filters, sort and page in the URL; typing in the search replaces the history entry.
  const { query: filters, set: update } = useUrlQuery(adminUserListQuery);
  const list = useAdminUsers(filters);
  const statistics = useAdminUserStatistics();
  const roles = useAdminRoles();
  const unlock = useUnlockAdminUser();
  const [dialog, setDialog] = useState<AdminUserDialogState>({ kind: 'closed' });
  const roleList = roles.data?.data ?? [];
  const catalog = roles.data?.permissions ?? [];

  const goTo = useCallback((page: number) => update({ page }, { replace: true }), [update]);

  const handleAction = useCallback(
    (action: AdminUserAction, user: AdminUserRow) => {
      if (action === 'unlock') unlock.mutate(user.id);
      else setDialog({ kind: action, user });
    },
    [unlock.mutate],
  );
  const handleClose = useCallback(() => setDialog({ kind: 'closed' }), []);

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Admin Users</h1>
          <p className="page__lead">Who can sign in to the admin console, with which role, and their open sessions</p>
        </div>
        <div className="page__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog({ kind: 'create' })}
            disabled={!roles.data}
          >
            <Plus size={16} aria-hidden="true" />
            Create Admin User
          </button>
        </div>
      </header>

      <AdminUserStatCards statistics={statistics.data?.data} isLoading={statistics.isPending && !statistics.isError} />

      <Card className="admin-users">
        <FilterBar values={filters} onChange={update} fields={adminUserFilterFields(roleList)} />
        <PagedList
          query={list}
          page={filters}
          onPageChange={update}
          onPastLastPage={goTo}
          loading="Loading admin users..."
          errorText={ADMIN_USER_MESSAGES.loadFailed}
          empty={hasAdminUserFilters(filters) ? ADMIN_USER_MESSAGES.noUsersMatch : ADMIN_USER_MESSAGES.noUsers}
          testId="admin-users"
          pagerTestId="admin-user-pagination"
        >
          {(users) => (
            <AdminUserTable
              users={users}
              sortBy={filters.sortBy}
              sortOrder={filters.sortOrder}
              isLoading={list.isFetching}
              onSort={(sortBy, sortOrder) => update({ sortBy, sortOrder })}
              onAction={handleAction}
            />
          )}
        </PagedList>
      </Card>

      <AdminUserDialogs dialog={dialog} roles={roleList} catalog={catalog} onClose={handleClose} />
    </div>
  );
}
