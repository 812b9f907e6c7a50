import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPagedList, pageSizeField } from './page-size';
import { parseUrlQuery, urlQuerySearch } from './use-url-query';

const list = z.object({ page: z.coerce.number().int().min(1).default(1), limit: pageSizeField(25) });
const read = (search: string) => parseUrlQuery(list, new URLSearchParams(search));

describe('a list page size in the URL', () => {
  it('reads one of the kit sizes, and the default for anything else, which stays out of the URL', () => {
    expect(read('limit=50')).toEqual({ page: 1, limit: 50 });
    expect(read('limit=7')).toEqual({ page: 1, limit: 25 });
    expect(read('limit=lots')).toEqual({ page: 1, limit: 25 });
    expect(urlQuerySearch(list, { page: 1, limit: 25 }).toString()).toBe('');
    expect(urlQuerySearch(list, { page: 2, limit: 100 }).toString()).toBe('page=2&limit=100');
  });

  it('shows a pager once a list is longer than the smallest page', () => {
    expect(isPagedList(10)).toBe(false);
    expect(isPagedList(11)).toBe(true);
  });
});
