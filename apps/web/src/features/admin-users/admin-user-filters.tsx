import { ADMIN_USER_STATUSES, type AdminRole, type AdminUserStatus } from '@guildhall/contract';
import type { AdminUserFilters } from '../../api/admin-users';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';

const STATUS_LABELS: Record<AdminUserStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  locked: 'Locked',
  deleted: 'Deleted',
};
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses (not deleted)' },
  ...ADMIN_USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

interface AdminUserFilterBarProps {
  filters: AdminUserFilters;
  roles: readonly AdminRole[];
  onSearchChange: (search: string) => void;
  onChange: (change: Partial<AdminUserFilters>) => void;
}

/** Search over username and full name (debounced), the role and the status. */
export function AdminUserFilterBar({ filters, roles, onSearchChange, onChange }: AdminUserFilterBarProps) {
  const roleOptions = [{ value: '', label: 'All roles' }, ...roles.map((role) => ({ value: role.name, label: role.label }))];
  // A role in the URL that the list does not (yet) hold still shows as chosen.
  if (filters.role && !roles.some((role) => role.name === filters.role)) {
    roleOptions.push({ value: filters.role, label: filters.role });
  }
  return (
    <search className="filter-bar">
      <SearchInput
        value={filters.search ?? ''}
        onSearch={onSearchChange}
        label="Search admin users"
        placeholder="Search by username or full name"
        testId="admin-user-search"
      />
      <FilterSelect
        label="Filter by role"
        value={filters.role ?? ''}
        options={roleOptions}
        onChange={(role) => onChange({ role: role || undefined })}
        testId="admin-user-role-filter"
      />
      <FilterSelect
        label="Filter by status"
        value={filters.status ?? ''}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status: (status || undefined) as AdminUserStatus | undefined })}
        testId="admin-user-status-filter"
      />
    </search>
  );
}
