import { fileSlug } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { GUILD_DATA_TABS, parseDataTab } from './guild-data-tabs';

describe('parseDataTab', () => {
  it('knows the eight tabs and falls back to Overview', () => {
    expect(GUILD_DATA_TABS.map((tab) => tab.label)).toEqual([
      'Overview',
      'Characters',
      'Loot Entries',
      'Raid Events',
      'Combat Logs',
      'Discord Data',
      'Analytics',
      'Raw Data',
    ]);
    expect(parseDataTab('raw')).toBe('raw');
    expect(parseDataTab('nope')).toBe('overview');
    expect(parseDataTab(null)).toBe('overview');
  });
});

describe('fileSlug', () => {
  it('makes a safe file name part', () => {
    expect(fileSlug('Nightfall Raiders!')).toBe('nightfall-raiders');
    expect(fileSlug('Ünïcödé Guild')).toBe('unicode-guild');
    expect(fileSlug('龍')).toBe('guild');
  });
});
