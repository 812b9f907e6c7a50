import { playerAccountListQuery } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../ui/use-url-query';
import { hasActiveFilters } from './account-list-query';

const read = (search: string) => parseUrlQuery(playerAccountListQuery, new URLSearchParams(search));

describe('the account list in the URL', () => {
  it('reads a plain address as page 1 of 25, newest change first, with no filter', () => {
    const filters = read('');
    expect(filters).toMatchObject({ page: 1, limit: 25, status: 'all', linkedTo: 'all', sortBy: 'updated_at' });
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('counts a search, status or link as a filter, not the sort', () => {
    expect(hasActiveFilters(read('search=ana&status=inactive&linkedTo=both&page=3'))).toBe(true);
    expect(hasActiveFilters(read('sortOrder=asc&sortBy=displayName'))).toBe(false);
  });
});
