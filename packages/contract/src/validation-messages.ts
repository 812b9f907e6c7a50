import { z } from 'zod';

/** A zod issue as an error map receives it. */
type RawIssue = z.core.$ZodRawIssue;

const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'a valid id',
  guid: 'a valid id',
  email: 'a valid email address',
  url: 'a valid URL',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM:SS)',
};

const TYPES: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const count = (n: number | bigint) => n.toLocaleString('en-US');
const isoDate = (time: number | bigint) => new Date(Number(time)).toISOString();
const plural = (n: number | bigint, one: string, many: string) => `${count(n)} ${Number(n) === 1 ? one : many}`;

/** What a size limit counts for each kind of value: characters of a text, items of a list. */
function sized(origin: string, n: number | bigint): string {
  if (origin === 'string') return plural(n, 'character', 'characters');
  if (origin === 'array' || origin === 'set') return plural(n, 'item', 'items');
  if (origin === 'file') return plural(n, 'byte', 'bytes');
  return count(n);
}

function tooBig(field: string, issue: Extract<RawIssue, { code: 'too_big' }>): string {
  const limit = issue.maximum as number | bigint;
  if (issue.origin === 'date') return `${field} must be ${issue.inclusive ? 'on or before' : 'before'} ${isoDate(limit)}`;
  if (issue.origin === 'number' || issue.origin === 'bigint') {
    return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${count(limit)}`;
  }
  const verb = issue.origin === 'string' ? 'be' : 'have';
  return `${field} must ${verb} ${issue.inclusive ? 'at most' : 'fewer than'} ${sized(issue.origin, limit)}`;
}

function tooSmall(field: string, issue: Extract<RawIssue, { code: 'too_small' }>): string {
  const limit = issue.minimum as number | bigint;
  if (issue.origin === 'date') return `${field} must be ${issue.inclusive ? 'on or after' : 'after'} ${isoDate(limit)}`;
  if (issue.origin === 'number' || issue.origin === 'bigint') {
    return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${count(limit)}`;
  }
  if (issue.origin === 'string' && Number(limit) === 1 && issue.inclusive) return `${field} must not be empty`;
  const verb = issue.origin === 'string' ? 'be' : 'have';
  return `${field} must ${verb} ${issue.inclusive ? 'at least' : 'more than'} ${sized(issue.origin, limit)}`;
}

function oneOf(field: string, values: readonly unknown[]): string {
  const shown = values.map((value) => String(value));
  return shown.length === 1 ? `${field} must be ${shown[0]}` : `${field} must be one of: ${shown.join(', ')}`;
}

/** The choices of a union of enums and literals, or null when a branch failed for another reason. */
function unionChoices(issue: Extract<RawIssue, { code: 'invalid_union' }>): unknown[] | null {
  if (!('errors' in issue) || issue.errors.length === 0) return null;
  const choices: unknown[] = [];
  for (const branch of issue.errors) {
    const [only, ...rest] = branch;
    if (!only || rest.length > 0 || only.code !== 'invalid_value') return null;
    choices.push(...only.values);
  }
  return choices;
}

function describe(field: string, issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${TYPES[issue.expected] ?? `of type ${issue.expected}`}`;
    case 'too_big':
      return tooBig(field, issue);
    case 'too_small':
      return tooSmall(field, issue);
    case 'invalid_format':
      return FORMATS[issue.format] ? `${field} must be ${FORMATS[issue.format]}` : `${field} is not in the expected format`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${count(issue.divisor as number | bigint)}`;
    case 'invalid_value':
      return oneOf(field, issue.values);
    case 'invalid_union': {
      const choices = unionChoices(issue);
      return choices ? oneOf(field, choices) : `${field} is not a valid value`;
    }
    case 'unrecognized_keys':
      return `${field} has unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return `${field} has an invalid key`;
    case 'invalid_element':
      return `${field} has an invalid value`;
    case 'custom':
      return `${field} is not valid`;
    default:
      return undefined;
  }
}

/**
 * A zod error map with sentences a person reads, naming the field by its path as the error's `fields`
 * map keys it ("limit must be at most 100", "page must be a whole number"). Pass it per parse
 * (`schema.safeParse(data, { error: readableIssue })`): a message written in a schema, such as the
 * form messages of spec 1 §5, still wins; an issue about the whole value keeps zod's wording.
 */
export const readableIssue: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? [];
  if (path.length === 0) {
    if (issue.code === 'unrecognized_keys') {
      return `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
    }
    return undefined;
  }
  return describe(path.map(String).join('.'), issue);
};

/** Words a field's key spells in a way a person does not write them. */
const WORDS: Readonly<Record<string, string>> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  ttl: 'TTL',
  ai: 'AI',
  api: 'API',
  sql: 'SQL',
  battlenet: 'Battle.net',
  battletag: 'BattleTag',
  email: 'e-mail',
};

/**
 * A field's key as a person reads it, in sentence case: `displayName` and `display_name` are "Display name",
 * `battlenetId` is "Battle.net ID".
 */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The error map of forms (issue 29: no machine text reaches a person): the same sentences as readableIssue,
 * naming the field as its label reads ("Display name must be at most 100 characters") by its last named key.
 * A message written in the schema still wins.
 */
export const formIssue: z.core.$ZodErrorMap = (issue) => {
  const key = [...(issue.path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  if (key === undefined) return readableIssue(issue);
  return describe(fieldLabel(key), issue);
};

/**
 * Makes formIssue the fallback of every parse in this process (the web app calls it once at start): a form that
 * checks its values with a contract schema then shows sentences, not zod's "Too big: expected string to have
 * <=2000 characters". Messages written in a schema, and a parse's own error map (the server's readableIssue),
 * come first.
 */
export function installFormMessages(): void {
  z.config({ customError: formIssue });
}

/**
 * A schema's message for a value that is missing or of the wrong type only, so its length and format checks keep
 * their own messages: `z.string(whenMissing(MESSAGES.nameRequired)).max(100)`. (zod gives a schema-wide `error`
 * to every check without a message of its own: an over-long name read "Display name is required".)
 */
export const whenMissing = (message: string) => ({
  error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined),
});
