import {
  CHARACTER_SOURCE_TYPES,
  type CharacterSourceType,
  LINKING_TEST_LIMITS,
  LINKING_TEST_SORTS,
  type LinkingTestSort,
  WOW_CLASSES,
  type WowClass,
} from '@guildhall/contract';
import type { SampleCharacter } from './linking-types';

/** Sort direction. */
export type SortDirection = 'asc' | 'desc';

/** The test page's search, filters and sort (spec 2 §5). */
export interface CharacterQuery {
  search: string;
  class: WowClass | null;
  server: string | null;
  source: CharacterSourceType | null;
  minLevel: number | null;
  maxLevel: number | null;
  hasItemLevel: boolean;
  sort: LinkingTestSort;
  direction: SortDirection;
}

/** No filters, by name A-Z. */
export const DEFAULT_CHARACTER_QUERY: CharacterQuery = {
  search: '',
  class: null,
  server: null,
  source: null,
  minLevel: null,
  maxLevel: null,
  hasItemLevel: false,
  sort: 'name',
  direction: 'asc',
};

/** Text folded for comparison: case and accents do not matter. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a character passes the search (name, server, class) and every filter. */
export function matchesQuery(character: SampleCharacter, query: CharacterQuery): boolean {
  const search = fold(query.search.trim());
  if (search && ![character.name, character.server, character.class].some((field) => fold(field).includes(search))) return false;
  if (query.class && character.class !== query.class) return false;
  if (query.server && character.server !== query.server) return false;
  if (query.source && !character.sources.some((source) => source.sourceType === query.source)) return false;
  if (query.minLevel !== null && character.level < query.minLevel) return false;
  if (query.maxLevel !== null && character.level > query.maxLevel) return false;
  if (query.hasItemLevel && character.itemLevel === null) return false;
  return true;
}

const byName = (a: SampleCharacter, b: SampleCharacter) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** The value a sort compares; null (no item level, never active) always sorts last. */
function sortValue(character: SampleCharacter, sort: LinkingTestSort): string | number | null {
  switch (sort) {
    case 'name':
      return character.name;
    case 'level':
      return character.level;
    case 'class':
      return character.class;
    case 'server':
      return character.server;
    case 'itemLevel':
      return character.itemLevel?.overall ?? null;
    case 'lastActive':
      return character.lastActivityDate ? Date.parse(character.lastActivityDate) : null;
  }
}

/** The characters sorted by one field in one direction; ties go by name A-Z, missing values last. */
export function sortCharacters(characters: readonly SampleCharacter[], sort: LinkingTestSort, direction: SortDirection) {
  const sign = direction === 'asc' ? 1 : -1;
  return [...characters].sort((a, b) => {
    const left = sortValue(a, sort);
    const right = sortValue(b, sort);
    if (left === null || right === null) return left === right ? byName(a, b) : left === null ? 1 : -1;
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right), 'en', { sensitivity: 'base' });
    return order === 0 ? byName(a, b) : sign * order;
  });
}

/** The characters that pass the query, in its order. */
export function queryCharacters(characters: readonly SampleCharacter[], query: CharacterQuery) {
  return sortCharacters(
    characters.filter((character) => matchesQuery(character, query)),
    query.sort,
    query.direction,
  );
}

/** The filter menus, built from the data. */
export function filterOptions(characters: readonly SampleCharacter[]) {
  const classes = WOW_CLASSES.filter((name) => characters.some((character) => character.class === name));
  const servers = [...new Set(characters.map((character) => character.server))].sort((a, b) => a.localeCompare(b));
  const sources = CHARACTER_SOURCE_TYPES.filter((type) => characters.some((c) => c.sources.some((s) => s.sourceType === type)));
  return { classes, servers, sources };
}

/** A level from a text box: a whole number within 1-80, else no limit. */
export function parseLevel(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const level = Number(value);
  if (!Number.isInteger(level)) return null;
  return Math.min(LINKING_TEST_LIMITS.maxLevel, Math.max(LINKING_TEST_LIMITS.minLevel, level));
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The query from the page's URL; anything that does not fit is left at its default. */
export function parseCharacterQuery(params: URLSearchParams): CharacterQuery {
  return {
    search: params.get('search') ?? '',
    class: oneOf(WOW_CLASSES, params.get('class')),
    server: params.get('server') || null,
    source: oneOf(CHARACTER_SOURCE_TYPES, params.get('source')),
    minLevel: parseLevel(params.get('minLevel')),
    maxLevel: parseLevel(params.get('maxLevel')),
    hasItemLevel: params.get('hasItemLevel') === 'true',
    sort: oneOf(LINKING_TEST_SORTS, params.get('sort')) ?? DEFAULT_CHARACTER_QUERY.sort,
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
  };
}

/** The URL search of a query; defaults are left out. */
export function characterQueryParams(query: CharacterQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.class) params.set('class', query.class);
  if (query.server) params.set('server', query.server);
  if (query.source) params.set('source', query.source);
  if (query.minLevel !== null) params.set('minLevel', String(query.minLevel));
  if (query.maxLevel !== null) params.set('maxLevel', String(query.maxLevel));
  if (query.hasItemLevel) params.set('hasItemLevel', 'true');
  if (query.sort !== DEFAULT_CHARACTER_QUERY.sort) params.set('sort', query.sort);
  if (query.direction !== DEFAULT_CHARACTER_QUERY.direction) params.set('direction', query.direction);
  return params;
}
