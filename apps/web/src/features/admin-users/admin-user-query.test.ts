import { adminUserListQuery } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../ui/use-url-query';
import { hasAdminUserFilters } from './admin-user-query';

describe('the Admin Users screen URL', () => {
  it('reads a plain address as the first page by username, with no filter', () => {
    const filters = parseUrlQuery(adminUserListQuery, new URLSearchParams());
    expect(filters).toMatchObject({ page: 1, limit: 25, sortBy: 'username', sortOrder: 'asc' });
    expect(hasAdminUserFilters(filters)).toBe(false);
  });

  it('counts a search, role or status as a filter, not the sort or page', () => {
    const url = 'search=ali&role=operator&status=locked&sortBy=lastLoginAt&sortOrder=desc&page=2';
    expect(hasAdminUserFilters(parseUrlQuery(adminUserListQuery, new URLSearchParams(url)))).toBe(true);
    expect(hasAdminUserFilters(parseUrlQuery(adminUserListQuery, new URLSearchParams('sortBy=lastLoginAt&page=2')))).toBe(false);
  });
});
