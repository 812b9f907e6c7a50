import { describe, expect, it } from 'vitest';
import { parseUrlQuery, urlQuerySearch } from '../../ui/use-url-query';
import {
  type CharacterQuery,
  characterQuerySchema,
  DEFAULT_CHARACTER_QUERY,
  filterOptions,
  matchesQuery,
  parseLevel,
  queryCharacters,
  sortCharacters,
} from './character-query';
import type { SampleCharacter } from './linking-types';

const character = (name: string, fields: Partial<SampleCharacter> = {}): SampleCharacter => ({
  id: name,
  name,
  level: 80,
  class: 'Mage',
  spec: 'Frost',
  server: 'Stormrage',
  itemLevel: { overall: 640, equipped: 638 },
  armoryAvatarUrl: '',
  lastActivityDate: '2026-11-01T00:00:00.000Z',
  sources: [{ sourceType: 'raiderio', occurrenceCount: 3 }],
  ...fields,
});

const roster = [
  character('Élodie', { class: 'Priest', server: 'Area 52', level: 70, itemLevel: null, lastActivityDate: null }),
  character('bramble', { class: 'Druid', server: 'Moon Guard', level: 80, itemLevel: { overall: 660, equipped: 650 } }),
  character('Cinder', { class: 'Death Knight', level: 45, sources: [{ sourceType: 'wowaudit', occurrenceCount: 1 }] }),
  character('Arden', { lastActivityDate: '2026-11-15T00:00:00.000Z' }),
];
const names = (list: readonly SampleCharacter[]) => list.map((c) => c.name);
const query = (change: Partial<CharacterQuery>) => ({ ...DEFAULT_CHARACTER_QUERY, ...change });

describe('test page search and filters', () => {
  it('searches name, server and class, ignoring case and accents', () => {
    expect(names(queryCharacters(roster, query({ search: 'elod' })))).toEqual(['Élodie']);
    expect(names(queryCharacters(roster, query({ search: 'moon' })))).toEqual(['bramble']);
    expect(names(queryCharacters(roster, query({ search: 'death k' })))).toEqual(['Cinder']);
    expect(names(queryCharacters(roster, query({ search: '  ' })))).toHaveLength(4);
  });

  it('filters by class, server, source, level range and item level', () => {
    expect(names(queryCharacters(roster, query({ class: 'Mage' })))).toEqual(['Arden']);
    expect(names(queryCharacters(roster, query({ server: 'Stormrage' })))).toEqual(['Arden', 'Cinder']);
    expect(names(queryCharacters(roster, query({ source: 'wowaudit' })))).toEqual(['Cinder']);
    expect(names(queryCharacters(roster, query({ minLevel: 46, maxLevel: 79 })))).toEqual(['Élodie']);
    expect(names(queryCharacters(roster, query({ hasItemLevel: true })))).toEqual(['Arden', 'bramble', 'Cinder']);
    expect(matchesQuery(roster[0] as SampleCharacter, query({ class: 'Priest', server: 'Area 52' }))).toBe(true);
  });

  it('builds the filter menus from the data', () => {
    expect(filterOptions(roster)).toEqual({
      classes: ['Death Knight', 'Druid', 'Mage', 'Priest'],
      servers: ['Area 52', 'Moon Guard', 'Stormrage'],
      sources: ['wowaudit', 'raiderio'],
    });
  });

  it('reads levels within 1-80', () => {
    expect(parseLevel('0')).toBe(1);
    expect(parseLevel('95')).toBe(80);
    expect(parseLevel('42')).toBe(42);
    expect(parseLevel('4.5')).toBeNull();
    expect(parseLevel('')).toBeNull();
  });
});

describe('test page sorting', () => {
  it('sorts by name either way, ignoring case', () => {
    expect(names(sortCharacters(roster, 'name', 'asc'))).toEqual(['Arden', 'bramble', 'Cinder', 'Élodie']);
    expect(names(sortCharacters(roster, 'name', 'desc'))).toEqual(['Élodie', 'Cinder', 'bramble', 'Arden']);
  });

  it('sorts numbers as numbers with ties by name', () => {
    expect(names(sortCharacters(roster, 'level', 'asc'))).toEqual(['Cinder', 'Élodie', 'Arden', 'bramble']);
    expect(names(sortCharacters(roster, 'level', 'desc'))).toEqual(['Arden', 'bramble', 'Élodie', 'Cinder']);
  });

  it('sorts class and server', () => {
    expect(names(sortCharacters(roster, 'class', 'asc'))).toEqual(['Cinder', 'bramble', 'Arden', 'Élodie']);
    expect(names(sortCharacters(roster, 'server', 'desc'))).toEqual(['Arden', 'Cinder', 'bramble', 'Élodie']);
  });

  it('puts missing item levels and never-active characters last in both directions', () => {
    expect(names(sortCharacters(roster, 'itemLevel', 'desc'))).toEqual(['bramble', 'Arden', 'Cinder', 'Élodie']);
    expect(names(sortCharacters(roster, 'itemLevel', 'asc'))).toEqual(['Arden', 'Cinder', 'bramble', 'Élodie']);
    expect(names(sortCharacters(roster, 'lastActive', 'desc'))).toEqual(['Arden', 'bramble', 'Cinder', 'Élodie']);
    expect(sortCharacters(roster, 'lastActive', 'asc').at(-1)?.name).toBe('Élodie');
  });
});

describe('test page URL state', () => {
  it('round-trips a query and leaves defaults out', () => {
    const full = query({
      search: 'a',
      class: 'Mage',
      server: 'Area 52',
      source: 'manual',
      minLevel: 10,
      maxLevel: 70,
      hasItemLevel: true,
      sort: 'itemLevel',
      direction: 'desc',
    });
    expect(parseUrlQuery(characterQuerySchema, urlQuerySearch(characterQuerySchema, full))).toEqual(full);
    expect(urlQuerySearch(characterQuerySchema, DEFAULT_CHARACTER_QUERY).toString()).toBe('');
    expect(parseUrlQuery(characterQuerySchema, new URLSearchParams('sort=bogus&class=Bard&minLevel=x'))).toEqual(
      DEFAULT_CHARACTER_QUERY,
    );
  });
});
