import { describe, expect, it } from 'vitest';
import { exportQuery } from './guild-list-params';

describe('exportQuery', () => {
  it('sends only the filters that narrow the list', () => {
    expect(exportQuery({ page: 3, limit: 10, status: 'all', region: 'EU' })).toEqual({
      search: undefined,
      status: undefined,
      region: 'EU',
    });
  });
});
