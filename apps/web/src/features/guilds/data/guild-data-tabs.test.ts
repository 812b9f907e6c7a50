import { fileSlug } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../../ui/use-url-query';
import { dataTabListQuery, dataTabQuery, GUILD_DATA_TABS } from './guild-data-tabs';

const tabOf = (search: string) => parseUrlQuery(dataTabQuery, new URLSearchParams(search)).tab;

describe('the data view URL', () => {
  it('knows the eight tabs of the spec and Sources and falls back to Overview', () => {
    expect(GUILD_DATA_TABS.map((tab) => tab.label)).toEqual([
      'Overview',
      'Characters',
      'Loot Entries',
      'Raid Events',
      'Combat Logs',
      'Discord Data',
      'Analytics',
      'Raw Data',
      'Sources',
    ]);
    expect(tabOf('tab=raw')).toBe('raw');
    expect(tabOf('tab=nope')).toBe('overview');
    expect(tabOf('')).toBe('overview');
  });

  it("reads a tab's page, page size and search", () => {
    expect(parseUrlQuery(dataTabListQuery, new URLSearchParams('tab=discord&page=2&limit=50&q=%20ash'))).toEqual({
      page: 2,
      limit: 50,
      q: 'ash',
    });
    expect(parseUrlQuery(dataTabListQuery, new URLSearchParams('page=0&limit=500'))).toEqual({ page: 1, limit: 25 });
  });
});

describe('fileSlug', () => {
  it('makes a safe file name part', () => {
    expect(fileSlug('Nightfall Raiders!')).toBe('nightfall-raiders');
    expect(fileSlug('Ünïcödé Guild')).toBe('unicode-guild');
    expect(fileSlug('龍')).toBe('guild');
  });
});
