import type { AdminUserFilters } from '../../api/admin-users';

/** True when a search or filter narrows the list: the empty state then says nothing matches. */
export const hasAdminUserFilters = (filters: Pick<AdminUserFilters, 'search' | 'role' | 'status'>): boolean =>
  Boolean(filters.search) || Boolean(filters.role) || Boolean(filters.status);
