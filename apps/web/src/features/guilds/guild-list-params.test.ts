import { describe, expect, it } from 'vitest';
import { exportQuery, listSearchParams, parseListParams } from './guild-list-params';

describe('parseListParams', () => {
  it('reads the filters and page from the URL', () => {
    const filters = parseListParams(new URLSearchParams('search=storm&status=active&region=EU&page=3'));
    expect(filters).toEqual({ search: 'storm', status: 'active', region: 'EU', page: 3, limit: 10 });
  });

  it('falls back to the defaults for missing or foreign values', () => {
    const filters = parseListParams(new URLSearchParams('status=deleted&region=XX&page=-2'));
    expect(filters).toEqual({ status: 'all', region: 'all', page: 1, limit: 10 });
  });
});

describe('listSearchParams', () => {
  it('leaves defaults out', () => {
    expect(listSearchParams({ page: 1, status: 'all', region: 'all' }).toString()).toBe('');
    expect(listSearchParams({ page: 2, search: 'a b', status: 'inactive', region: 'KR' }).toString()).toBe(
      'search=a+b&status=inactive&region=KR&page=2',
    );
  });

  it('round-trips through parseListParams', () => {
    const filters = { page: 4, search: 'Night', status: 'active', region: 'US', limit: 10 } as const;
    expect(parseListParams(listSearchParams(filters))).toEqual(filters);
  });
});

describe('exportQuery', () => {
  it('sends only the filters that narrow the list', () => {
    expect(exportQuery({ page: 3, limit: 10, status: 'all', region: 'EU' })).toEqual({
      search: undefined,
      status: undefined,
      region: 'EU',
    });
  });
});
