import {
  CHARACTER_SOURCE_TYPES,
  LINKING_TEST_LIMITS,
  LINKING_TEST_SORTS,
  type LinkingTestSort,
  WOW_CLASSES,
} from '@guildhall/contract';
import { z } from 'zod';
import type { SampleCharacter } from './linking-types';

/** Sort direction. */
export type SortDirection = 'asc' | 'desc';

/** A level within 1-80 (a whole number outside it is brought in). */
const clampLevel = (level: number) => Math.min(LINKING_TEST_LIMITS.maxLevel, Math.max(LINKING_TEST_LIMITS.minLevel, level));
const level = z.coerce.number().int().transform(clampLevel).nullable().default(null);
const none = <T extends z.ZodType>(field: T) => field.nullable().default(null);

/** The test page's search, filters and sort (spec 2 §5), as its URL holds them; null is no filter. */
export const characterQuerySchema = z.object({
  search: z.string().default(''),
  class: none(z.enum(WOW_CLASSES)),
  server: none(z.string()),
  source: none(z.enum(CHARACTER_SOURCE_TYPES)),
  minLevel: level,
  maxLevel: level,
  hasItemLevel: z.stringbool().default(false),
  sort: z.enum(LINKING_TEST_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
/** The test page's search, filters and sort. */
export type CharacterQuery = z.output<typeof characterQuerySchema>;

/** No filters, by name A-Z. */
export const DEFAULT_CHARACTER_QUERY: CharacterQuery = characterQuerySchema.parse({});

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
  const parsed = level.safeParse(value);
  return parsed.success ? parsed.data : null;
}
