import { ADMIN_USER_PAGE, adminUserListQuery } from '@guildhall/contract';
import type { AdminUserFilters } from '../../api/admin-users';

/** The filters kept in the URL. */
export type AdminUserParams = Pick<AdminUserFilters, 'page' | 'search' | 'role' | 'status' | 'sortBy' | 'sortOrder'>;

const KEYS = ['page', 'search', 'role', 'status', 'sortBy', 'sortOrder'] as const;
const DEFAULTS = adminUserListQuery.parse({});

/** The URL's filters and page as the list call takes them; a value that does not fit falls back to its default. */
export function parseAdminUserParams(params: URLSearchParams): AdminUserFilters {
  const picked: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    const parsed = adminUserListQuery.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== '') picked[key] = parsed.data;
  }
  return adminUserListQuery.parse({ ...picked, limit: ADMIN_USER_PAGE.size });
}

/** The URL search of a list view; defaults are left out so a plain /admin/users stays plain. */
export function adminUserSearchParams(filters: AdminUserParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  if (filters.sortBy !== DEFAULTS.sortBy) params.set('sortBy', filters.sortBy);
  if (filters.sortOrder !== DEFAULTS.sortOrder) params.set('sortOrder', filters.sortOrder);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when a search or filter narrows the list: the empty state then says nothing matches. */
export const hasAdminUserFilters = (filters: AdminUserParams): boolean =>
  Boolean(filters.search) || Boolean(filters.role) || Boolean(filters.status);
