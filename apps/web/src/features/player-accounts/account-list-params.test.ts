import { describe, expect, it } from 'vitest';
import { accountSearchParams, hasActiveFilters, parseAccountParams } from './account-list-params';

describe('the account list in the URL', () => {
  it('reads the defaults from a plain address: page 1 of 25, newest change first', () => {
    const filters = parseAccountParams(new URLSearchParams());
    expect(filters).toMatchObject({
      page: 1,
      limit: 25,
      status: 'all',
      linkedTo: 'all',
      sortBy: 'updated_at',
      sortOrder: 'desc',
    });
    expect(hasActiveFilters(filters)).toBe(false);
    expect(accountSearchParams(filters).toString()).toBe('');
  });

  it('keeps the filters, sort and page, and drops a value that does not fit', () => {
    const filters = parseAccountParams(
      new URLSearchParams('search=ana&status=inactive&linkedTo=both&sortBy=displayName&sortOrder=asc&page=3&limit=999'),
    );
    expect(filters).toMatchObject({
      search: 'ana',
      status: 'inactive',
      linkedTo: 'both',
      sortBy: 'displayName',
      page: 3,
      limit: 25,
    });
    expect(hasActiveFilters(filters)).toBe(true);
    expect(accountSearchParams(filters).toString()).toBe(
      'search=ana&status=inactive&linkedTo=both&sortBy=displayName&sortOrder=asc&page=3',
    );
    expect(parseAccountParams(new URLSearchParams('status=merged&page=-2&sortBy=email'))).toMatchObject({
      status: 'all',
      page: 1,
      sortBy: 'updated_at',
    });
  });

  it('does not count the sort as a filter', () => {
    expect(hasActiveFilters(parseAccountParams(new URLSearchParams('sortOrder=asc')))).toBe(false);
  });
});
