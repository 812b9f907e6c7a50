import { ADMIN_USER_STATUSES, type AdminRole, type AdminUserStatus } from '@guildhall/contract';
import type { AdminUserFilters } from '../../api/admin-users';
import type { FilterField } from '../../ui/filter-bar';

const STATUS_LABELS: Record<AdminUserStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  locked: 'Locked',
  deleted: 'Deleted',
};

/** Search over username and full name (debounced), the role and the status. */
export const adminUserFilterFields = (roles: readonly AdminRole[]): FilterField<AdminUserFilters>[] => [
  {
    kind: 'search',
    name: 'search',
    label: 'Search admin users',
    placeholder: 'Search by username or full name',
    testId: 'admin-user-search',
  },
  {
    kind: 'select',
    name: 'role',
    label: 'Filter by role',
    all: 'All roles',
    options: roles.map((role) => ({ value: role.name, label: role.label })),
    testId: 'admin-user-role-filter',
  },
  {
    kind: 'select',
    name: 'status',
    label: 'Filter by status',
    all: 'All statuses (not deleted)',
    options: ADMIN_USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    testId: 'admin-user-status-filter',
  },
];
