import { describe, expect, it } from 'vitest';
import { adminUserSearchParams, hasAdminUserFilters, parseAdminUserParams } from './admin-user-params';

describe('the Admin Users screen URL', () => {
  it('reads a plain address as the first page by username, and writes it back plain', () => {
    const filters = parseAdminUserParams(new URLSearchParams());
    expect(filters).toMatchObject({ page: 1, limit: 25, sortBy: 'username', sortOrder: 'asc' });
    expect(filters.status).toBeUndefined();
    expect(adminUserSearchParams(filters).toString()).toBe('');
    expect(hasAdminUserFilters(filters)).toBe(false);
  });

  it('round-trips the search, role, status, sort and page', () => {
    const search = 'search=ali&role=operator&status=locked&sortBy=lastLoginAt&sortOrder=desc&page=2';
    const filters = parseAdminUserParams(new URLSearchParams(search));
    expect(filters).toMatchObject({ search: 'ali', role: 'operator', status: 'locked', sortBy: 'lastLoginAt', page: 2 });
    expect(adminUserSearchParams(filters).toString()).toBe(search);
    expect(hasAdminUserFilters(filters)).toBe(true);
  });

  it('ignores values that do not fit', () => {
    const filters = parseAdminUserParams(new URLSearchParams('status=gone&sortBy=password&sortOrder=up&page=-1&search=%20'));
    expect(filters).toMatchObject({ page: 1, sortBy: 'username', sortOrder: 'asc' });
    expect(filters.status).toBeUndefined();
    expect(filters.search).toBeUndefined();
  });
});
