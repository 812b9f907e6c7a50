import { z } from 'zod';
import { endpoint } from './common';

/*
 * The cache manager (spec 2 §7 "Cache admin", base /api/admin/database/redis), admin.full_access.
 *
 * Binary safety. Redis keys and values are bytes; JSON carries text. So:
 * - A KEY travels as `key` (string) with `keyEncoding`: 'utf8' when its bytes are valid UTF-8 (`key` is the text
 *   itself), 'hex' otherwise (`key` is the bytes in lowercase hex). Requests send the pair back as they got it
 *   (query string or body); `keyEncoding` defaults to 'utf8', so a typed key needs no encoding.
 * - A VALUE (a string's content, a hash field or value, a list item, a set or zset member, a stream field or
 *   value) travels as RedisBytes: a plain string when valid UTF-8, else `{ hex }`. Writes accept the same.
 * `redisKeyLabel` and `redisBytesLabel` render either for display (non-UTF-8 bytes as \xNN).
 */

/** The databases the manager offers (spec 2 §9: 0-15). */
export const REDIS_DATABASES = 16;
/** Keys the key browser asks for per page (SCAN runs until it has this many or the database is done). */
export const REDIS_KEYS_PAGE_SIZE = 500;
/** The largest page the key browser may ask for. */
export const REDIS_KEYS_PAGE_MAX = 5000;
/** Elements of a list, set, zset, hash or stream shown per page. */
export const REDIS_VALUE_PAGE_SIZE = 500;
/** Bytes of a string shown per page (64 KiB). */
export const REDIS_STRING_PAGE_BYTES = 65_536;
/** Most elements a Create New Key may carry (a hash's fields, a list's items...). */
export const REDIS_CREATE_MAX_ELEMENTS = 1000;
/** The longest key accepted, in characters as sent. */
export const REDIS_KEY_MAX_LENGTH = 16_384;
/** The longest value accepted in one write, in characters as sent (16 MiB). */
export const REDIS_VALUE_MAX_LENGTH = 16 * 1024 * 1024;

/** Key types Redis reports; 'unknown' for a module type (ReJSON-RL and such), shown but not opened. */
export const REDIS_KEY_TYPES = ['string', 'list', 'set', 'hash', 'zset', 'stream', 'unknown'] as const;
/** A key type. */
export type RedisKeyType = (typeof REDIS_KEY_TYPES)[number];
/** The types Create New Key makes. */
export const REDIS_CREATE_TYPES = ['string', 'hash', 'list', 'set', 'zset'] as const;
/** A type Create New Key makes. */
export type RedisCreateType = (typeof REDIS_CREATE_TYPES)[number];

/** How long a flush confirmation token serves, in seconds: long enough to type the database number. */
export const REDIS_FLUSH_CONFIRMATION_SECONDS = 120;

/** The settings that connect a Redis, for the screens that say how to connect one. */
export const REDIS_SETTINGS = ['REDIS_URL', 'REDIS_PREFIX'] as const;

/** The cache manager's messages (spec 2 §5, §8) and the server's own answers. */
export const REDIS_MESSAGES = {
  notConfigured:
    "Redis is not configured. Set REDIS_URL (for example redis://127.0.0.1:6379) and restart the server; Guildhall's own keys go under REDIS_PREFIX (default 'guildhall:').",
  unavailable: 'Redis is not reachable right now. Try again shortly.',
  loadKeysFailed: (reason: string) => `Failed to load keys: ${reason}`,
  loadKeyValueFailed: (reason: string) => `Failed to load key value: ${reason}`,
  deleteKeyFailed: (reason: string) => `Failed to delete key: ${reason}`,
  setTtlFailed: (reason: string) => `Failed to set TTL: ${reason}`,
  updateKeyFailed: (reason: string) => `Failed to update key: ${reason}`,
  createKeyFailed: (reason: string) => `Failed to create key: ${reason}`,
  flushFailed: (reason: string) => `Failed to flush database: ${reason}`,
  keyAndValueRequired: 'Key and value are required',
  noKeyOrValue: 'No key selected or value is empty',
  invalidDatabase: 'Database must be a whole number from 0 to 15',
  invalidTtl: 'TTL must be a whole number of seconds greater than 0 (or -1 to remove it)',
  invalidNewKeyTtl: 'TTL must be a whole number of seconds greater than 0, or empty for a key that does not expire',
  invalidHex: 'Hex must be an even number of 0-9 and a-f digits',
  invalidCursor: 'Invalid page cursor',
  invalidScore: "Score must be a number (or 'inf', '-inf')",
  keyNotFound: (key: string) => `Key not found: ${key}`,
  keyExists: (key: string) => `Key already exists: ${key}`,
  wrongType: (key: string, type: string, expected: string) => `${key} is a ${type}, not a ${expected}`,
  listIndexOutOfRange: (index: number) => `No list item at index ${index}`,
  unknownType: (type: string) => `Keys of type ${type} cannot be opened here`,
  keyDeleted: (key: string) => `Key deleted: ${key}`,
  ttlSet: (seconds: number) => `TTL set to ${seconds} s`,
  ttlRemoved: 'TTL removed: the key no longer expires',
  keyUpdated: 'Key updated',
  keyCreated: (key: string) => `Key created: ${key}`,
  flushed: (database: number) => `Database ${database} flushed`,
  patternMatches: (count: number, pattern: string) => `${count.toLocaleString('en-US')} keys match ${pattern}`,
  patternDeleted: (count: number, pattern: string) => `${count.toLocaleString('en-US')} keys matching ${pattern} deleted`,
  /** The second flush confirmation asks to type the database number. */
  flushConfirm: (database: number, prefix: string) =>
    `Type ${database} to flush database ${database}. This deletes every key under ${prefix} in it.`,
  /** What the manager reaches, said on screen: keys are named and shown without the prefix. */
  prefixScope: (prefix: string) =>
    prefix === ''
      ? 'REDIS_PREFIX is empty: the manager reaches every key of each database.'
      : `The manager reaches only Guildhall's keys: those under ${prefix}, in every database. Keys are shown and named without it.`,
  flushTokenRequired: 'Ask for a flush confirmation first: a flush needs the token it gives.',
  flushTokenInvalid:
    'This flush confirmation is not valid: it expired, was used, or is for another database or admin. Ask again.',
  flushConfirmationIssued: (database: number, seconds: number) =>
    `Confirm the flush of database ${database} within ${seconds} seconds.`,
} as const;

const hexString = z
  .string()
  .max(REDIS_VALUE_MAX_LENGTH)
  .regex(/^(?:[0-9a-fA-F]{2})*$/, REDIS_MESSAGES.invalidHex);

/** Bytes: text when valid UTF-8, else `{ hex }`. */
export const redisBytes = z.union([z.string().max(REDIS_VALUE_MAX_LENGTH), z.object({ hex: hexString })]);
/** Bytes of a key's value. */
export type RedisBytes = z.infer<typeof redisBytes>;

/** How a key is spelt on the wire. */
export const redisKeyEncoding = z.enum(['utf8', 'hex']).default('utf8');
/** How a key is spelt on the wire. */
export type RedisKeyEncoding = z.output<typeof redisKeyEncoding>;

/**
 * A database number in a query string or a body: 0-15. '16', '-1', 'abc' and '' are a 400 with invalidDatabase
 * (an empty string is never read as 0: a flush must name its database).
 */
export const redisDatabase = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: REDIS_MESSAGES.invalidDatabase })
    .int(REDIS_MESSAGES.invalidDatabase)
    .min(0, REDIS_MESSAGES.invalidDatabase)
    .max(REDIS_DATABASES - 1, REDIS_MESSAGES.invalidDatabase),
);

const keyText = z.string().min(1, REDIS_MESSAGES.noKeyOrValue).max(REDIS_KEY_MAX_LENGTH);

/** A key and its database, as every single-key call names them (query string or body). */
export const redisKeyRef = z.object({
  key: keyText,
  keyEncoding: redisKeyEncoding,
  database: redisDatabase.default(0),
});
/** A key and its database. */
export type RedisKeyRef = z.input<typeof redisKeyRef>;

/** The spelling of a key on the wire. */
const wireKey = { key: z.string(), keyEncoding: z.enum(['utf8', 'hex']) };

/** One key of the key browser (spec 2 §3: key, type, ttl). ttl in seconds, -1 when it does not expire. */
export const redisKeyEntry = z.object({ ...wireKey, type: z.enum(REDIS_KEY_TYPES), ttl: z.number() });
/** One key of the key browser. */
export type RedisKeyEntry = z.infer<typeof redisKeyEntry>;

/** A SCAN cursor: '0' starts (and, answered, means the database is done). */
const scanCursor = z
  .string()
  .regex(/^\d{1,20}$/, REDIS_MESSAGES.invalidCursor)
  .default('0');

/** The key browser's page request: a glob pattern (SCAN MATCH), the database, the cursor, the page size. */
export const redisKeysQuery = z.object({
  pattern: z.string().max(REDIS_KEY_MAX_LENGTH).default('*'),
  database: redisDatabase.default(0),
  cursor: scanCursor,
  count: z.coerce.number().int().min(1).max(REDIS_KEYS_PAGE_MAX).default(REDIS_KEYS_PAGE_SIZE),
});
/** The key browser's page request. */
export type RedisKeysQuery = z.input<typeof redisKeysQuery>;

/**
 * A page of keys. `cursor` is where the next page starts ('0' = the database is done: no 'Load more').
 * `scanned` counts the keys SCAN looked at for this page (an upper bound: Redis examines about COUNT per call),
 * `totalKeys` the database's size (DBSIZE). A page may hold fewer than `count` entries (or none) with a cursor
 * other than '0' when the pattern is rare: SCAN stops after a short time budget rather than block Redis.
 */
export const redisKeysPage = z.object({
  entries: z.array(redisKeyEntry),
  cursor: z.string(),
  scanned: z.number(),
  totalKeys: z.number(),
  database: z.number(),
});
/** A page of keys. */
export type RedisKeysPage = z.infer<typeof redisKeysPage>;

/** A key-value request: the key, and for a big value where the next page starts (the `nextCursor` answered). */
export const redisKeyValueQuery = redisKeyRef.extend({
  cursor: z.string().max(256).optional(),
  count: z.coerce.number().int().min(1).max(REDIS_KEYS_PAGE_MAX).default(REDIS_VALUE_PAGE_SIZE),
});
/** A key-value request. */
export type RedisKeyValueQuery = z.input<typeof redisKeyValueQuery>;

/** A hash field with its value. */
export const redisHashEntry = z.object({ field: redisBytes, value: redisBytes });
/** A zset member with its score ('inf' and '-inf' as text; other scores as Redis prints them, e.g. '1.5'). */
export const redisZsetEntry = z.object({ member: redisBytes, score: z.string() });
/** A stream entry: its id and its field/value pairs in order. */
export const redisStreamEntry = z.object({ id: z.string(), fields: z.array(redisHashEntry) });

const valuePage = {
  ...wireKey,
  ttl: z.number().describe('Seconds; -1 when the key does not expire'),
  length: z.number().describe('Bytes of a string; elements of a list, set, zset, hash or stream'),
  nextCursor: z.string().nullable().describe('Pass back as `cursor` for the next page; null when this page reaches the end'),
};

/**
 * A key's value (spec 2 §3: value, type), one page of it. string: `value` is the bytes from `offset` (the first
 * 64 KiB, then more on request; a page never splits a UTF-8 character). list and zset: by index from `offset`.
 * hash and set: one HSCAN/SSCAN page. stream: entries after the cursor's id, oldest first.
 */
export const redisKeyValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('string'), value: redisBytes, offset: z.number(), ...valuePage }),
  z.object({ type: z.literal('list'), value: z.array(redisBytes), offset: z.number(), ...valuePage }),
  z.object({ type: z.literal('set'), value: z.array(redisBytes), ...valuePage }),
  z.object({ type: z.literal('zset'), value: z.array(redisZsetEntry), offset: z.number(), ...valuePage }),
  z.object({ type: z.literal('hash'), value: z.array(redisHashEntry), ...valuePage }),
  z.object({ type: z.literal('stream'), value: z.array(redisStreamEntry), ...valuePage }),
]);
/** A key's value, one page of it. */
export type RedisKeyValue = z.infer<typeof redisKeyValue>;

/** A zset score as sent: a number, or 'inf' / '+inf' / '-inf'. */
export const redisScore = z.union([
  z.number().refine(Number.isFinite, REDIS_MESSAGES.invalidScore),
  z.enum(['inf', '+inf', '-inf']),
]);

/**
 * An edit of one part of a key (Key Browser's Edit/Save on a hash field, a list item, a set or zset member).
 * list-set replaces the item at an index (negative counts from the end); list-push adds at the head or tail;
 * list-remove removes the item at an index.
 */
export const redisEdit = z.discriminatedUnion('op', [
  z.object({ op: z.literal('hash-set'), field: redisBytes, value: redisBytes }),
  z.object({ op: z.literal('hash-delete'), field: redisBytes }),
  z.object({ op: z.literal('list-set'), index: z.number().int(), value: redisBytes }),
  z.object({ op: z.literal('list-push'), value: redisBytes, end: z.enum(['head', 'tail']).default('tail') }),
  z.object({ op: z.literal('list-remove'), index: z.number().int() }),
  z.object({ op: z.literal('set-add'), member: redisBytes }),
  z.object({ op: z.literal('set-remove'), member: redisBytes }),
  z.object({ op: z.literal('zset-add'), member: redisBytes, score: redisScore }),
  z.object({ op: z.literal('zset-remove'), member: redisBytes }),
]);
/** An edit of one part of a key. */
export type RedisEdit = z.input<typeof redisEdit>;

/**
 * PUT key: either `value` (spec 2 §7: replaces a string's value, keeping its TTL) or `edit` (one part of a
 * hash, list, set or zset). The key must exist (404 otherwise; new keys are POSTed).
 */
export const redisUpdateKeyBody = redisKeyRef
  .extend({ value: redisBytes.optional(), edit: redisEdit.optional() })
  .refine((body) => (body.value === undefined) !== (body.edit === undefined), {
    message: REDIS_MESSAGES.noKeyOrValue,
    path: ['value'],
  })
  .refine((body) => body.value !== '', { message: REDIS_MESSAGES.noKeyOrValue, path: ['value'] });
/** PUT key's body. */
export type RedisUpdateKeyBody = z.input<typeof redisUpdateKeyBody>;

/** A TTL as sent: whole seconds > 0, or -1 / null to remove it (PERSIST). */
export const redisTtl = z
  .number({ error: REDIS_MESSAGES.invalidTtl })
  .int(REDIS_MESSAGES.invalidTtl)
  .refine((ttl) => ttl > 0 || ttl === -1, REDIS_MESSAGES.invalidTtl)
  .nullable();

/** PUT ttl's body (spec 2 §7: key, ttl, database). */
export const redisTtlBody = redisKeyRef.extend({ ttl: redisTtl });
/** PUT ttl's body. */
export type RedisTtlBody = z.input<typeof redisTtlBody>;

const nonEmptyBytes = redisBytes.refine(
  (value) => (typeof value === 'string' ? value.trim() !== '' : value.hex !== ''),
  REDIS_MESSAGES.keyAndValueRequired,
);
const elements = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, REDIS_MESSAGES.keyAndValueRequired).max(REDIS_CREATE_MAX_ELEMENTS);

const createBase = {
  key: z.string().trim().min(1, REDIS_MESSAGES.keyAndValueRequired).max(REDIS_KEY_MAX_LENGTH),
  keyEncoding: redisKeyEncoding,
  database: redisDatabase.default(0),
  ttl: z
    .number({ error: REDIS_MESSAGES.invalidNewKeyTtl })
    .int(REDIS_MESSAGES.invalidNewKeyTtl)
    .positive(REDIS_MESSAGES.invalidNewKeyTtl)
    .nullable()
    .default(null),
};

/**
 * POST key's body (spec 2 §7: key, value, type "string", ttl or null, database), and beyond the spec a hash
 * (field/value pairs), list (items, head first), set (members) or zset (members with scores). An existing key is
 * a 409: creating never overwrites.
 */
export const redisCreateKeyBody = z.discriminatedUnion('type', [
  z.object({ ...createBase, type: z.literal('string'), value: nonEmptyBytes }),
  z.object({ ...createBase, type: z.literal('hash'), value: elements(z.object({ field: redisBytes, value: redisBytes })) }),
  z.object({ ...createBase, type: z.literal('list'), value: elements(redisBytes) }),
  z.object({ ...createBase, type: z.literal('set'), value: elements(redisBytes) }),
  z.object({ ...createBase, type: z.literal('zset'), value: elements(z.object({ member: redisBytes, score: redisScore })) }),
]);
/** POST key's body. */
export type RedisCreateKeyBody = z.input<typeof redisCreateKeyBody>;

/** DELETE flush's query: the database is required (never a default for a flush). */
export const redisFlushQuery = z.object({ database: redisDatabase });

const flushToken = z
  .string({ error: REDIS_MESSAGES.flushTokenRequired })
  .min(1, REDIS_MESSAGES.flushTokenRequired)
  .max(200, REDIS_MESSAGES.flushTokenInvalid);

/** DELETE flush's body: the token the confirmation call gave (a missing body reads as a missing token). */
export const redisFlushBody = z.preprocess((body) => body ?? {}, z.object({ token: flushToken }));

/** POST flush/confirmation's body: the database to flush. */
export const redisFlushConfirmationBody = z.object({ database: redisDatabase });

/** Delete by pattern: a dry run counts the matches by SCAN; the real run UNLINKs them in batches. */
export const redisPatternDeleteBody = z.object({
  pattern: z.string().min(1).max(REDIS_KEY_MAX_LENGTH),
  database: redisDatabase,
  dryRun: z.boolean().default(true),
});
/** Delete by pattern's body. */
export type RedisPatternDeleteBody = z.input<typeof redisPatternDeleteBody>;

/** Cache stats (spec 2 §3), as INFO prints them; total_keys over every database, database_keys of the one asked. */
export const redisStats = z.object({
  connected_clients: z.number(),
  total_keys: z.number(),
  database_keys: z.number(),
  used_memory_human: z.string(),
  used_memory_rss_human: z.string(),
  uptime_in_days: z.number(),
  uptime_in_seconds: z.number(),
  instantaneous_ops_per_sec: z.number(),
  redis_version: z.string(),
});
/** Cache stats. */
export type RedisStats = z.infer<typeof redisStats>;

/** One database of INFO keyspace: keys, keys with a TTL, their average TTL in ms. */
export const redisKeyspaceEntry = z.object({ keys: z.number(), expires: z.number(), avg_ttl: z.number() });

/** One database tile (Configuration tab): its number and counts, zero when INFO keyspace does not list it. */
export const redisDatabaseTile = redisKeyspaceEntry.extend({ database: z.number() });
/** One database tile. */
export type RedisDatabaseTile = z.infer<typeof redisDatabaseTile>;

/**
 * Cache info (spec 2 §3: server, memory, keyspace db0..db15 with keys). server and memory are INFO's sections as
 * name → value; keyspace has every db0..db15, zero when empty. `app` says where Guildhall's own keys live.
 */
export const redisInfo = z.object({
  server: z.record(z.string(), z.string()),
  memory: z.record(z.string(), z.string()),
  keyspace: z.record(z.string(), redisKeyspaceEntry),
  app: z.object({ prefix: z.string(), database: z.number() }),
});
/** Cache info. */
export type RedisInfo = z.infer<typeof redisInfo>;

/** How to connect a Redis, for a server without one. */
export const redisSetup = z.object({
  message: z.string().describe('REDIS_MESSAGES.notConfigured'),
  settings: z.array(z.string()).describe('REDIS_SETTINGS'),
});
/** How to connect a Redis. */
export type RedisSetup = z.infer<typeof redisSetup>;

/**
 * A read's answer: the data or, with no REDIS_URL, how to connect one (success, never an error). Writes without
 * REDIS_URL are a 503 with REDIS_MESSAGES.notConfigured; a configured Redis that does not answer is a 503 with
 * REDIS_MESSAGES.unavailable for every call.
 */
const redisAnswer = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion('configured', [
    z.object({ success: z.literal(true), configured: z.literal(false), setup: redisSetup }),
    z.object({ success: z.literal(true), configured: z.literal(true), ...shape }),
  ]);

/**
 * A key-value answer: the value page's own fields at the top, so `value` and `type` are where spec 2 §3's Key value
 * response names them; with no REDIS_URL, how to connect one.
 */
const redisKeyValueAnswer = z.union([
  z.object({ success: z.literal(true), configured: z.literal(false), setup: redisSetup }),
  z.intersection(z.object({ success: z.literal(true), configured: z.literal(true) }), redisKeyValue),
]);

const done = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), message: z.string(), ...shape });

const BASE = '/api/admin/database/redis';

/** The cache manager's calls (spec 2 §7 "Cache admin"), admin.full_access; every write audited. */
export const redisManagerApi = {
  keys: endpoint({
    method: 'GET',
    path: `${BASE}/keys`,
    summary: 'A page of keys matching a pattern (SCAN MATCH COUNT, never KEYS) with type and TTL; cursor for the next',
    query: redisKeysQuery,
    response: redisAnswer(redisKeysPage.shape),
  }),
  info: endpoint({
    method: 'GET',
    path: `${BASE}/info`,
    summary: 'INFO server and memory, the keyspace db0..db15, and where Guildhall keeps its own keys',
    response: redisAnswer(redisInfo.shape),
  }),
  stats: endpoint({
    method: 'GET',
    path: `${BASE}/stats`,
    summary: 'Clients, keys, memory, uptime, commands per second and version',
    query: z.object({ database: redisDatabase.default(0) }),
    response: redisAnswer(redisStats.shape),
  }),
  databases: endpoint({
    method: 'GET',
    path: `${BASE}/databases`,
    summary: 'The 16 database tiles with their key counts (INFO keyspace)',
    response: redisAnswer({ databases: z.array(redisDatabaseTile) }),
  }),
  keyValue: endpoint({
    method: 'GET',
    path: `${BASE}/key-value`,
    summary: "A key's type, TTL and one page of its value (500 elements or 64 KiB); 404 for a missing key",
    query: redisKeyValueQuery,
    response: redisKeyValueAnswer,
  }),
  deleteKey: endpoint({
    method: 'DELETE',
    path: `${BASE}/key`,
    summary: 'Deletes a key (UNLINK); audited; 404 for a missing key',
    query: redisKeyRef,
    response: done({}),
  }),
  setTtl: endpoint({
    method: 'PUT',
    path: `${BASE}/ttl`,
    summary: 'Sets a TTL in seconds (EXPIRE) or removes it with -1 or null (PERSIST); audited',
    body: redisTtlBody,
    response: done({ ttl: z.number() }),
  }),
  updateKey: endpoint({
    method: 'PUT',
    path: `${BASE}/key`,
    summary: "Replaces a string's value (keeping its TTL) or edits one part of a hash, list, set or zset; audited",
    body: redisUpdateKeyBody,
    response: done({}),
  }),
  createKey: endpoint({
    method: 'POST',
    path: `${BASE}/key`,
    summary: 'Creates a string, hash, list, set or zset key with an optional TTL; 409 if it exists; audited',
    body: redisCreateKeyBody,
    response: done({ ...wireKey }),
  }),
  flushConfirmation: endpoint({
    method: 'POST',
    path: `${BASE}/flush/confirmation`,
    summary: 'The first step of a flush: a token for this admin and database, good once for two minutes',
    body: redisFlushConfirmationBody,
    response: done({ database: z.number(), token: z.string(), expiresAt: z.string() }),
  }),
  flush: endpoint({
    method: 'DELETE',
    path: `${BASE}/flush`,
    summary:
      "The second step: with the confirmation's token, deletes every key under REDIS_PREFIX in one database (SCAN + UNLINK); audited with the count",
    query: redisFlushQuery,
    body: redisFlushBody,
    response: done({ database: z.number(), deletedKeys: z.number() }),
  }),
  deleteByPattern: endpoint({
    method: 'POST',
    path: `${BASE}/delete-by-pattern`,
    summary: 'Counts the keys matching a pattern (dryRun, the default) or UNLINKs them in batches; audited',
    body: redisPatternDeleteBody,
    response: done({ dryRun: z.boolean(), matched: z.number(), deleted: z.number() }),
  }),
} as const;

/** Renders bytes sent as hex for display: printable ASCII as is, other bytes as \xNN. */
export function hexLabel(hex: string): string {
  let label = '';
  for (let i = 0; i < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    label += byte >= 0x20 && byte < 0x7f && byte !== 0x5c ? String.fromCharCode(byte) : `\\x${hex.slice(i, i + 2)}`;
  }
  return label;
}

/** A key for display: its text, or its bytes with non-printable ones as \xNN. */
export function redisKeyLabel(entry: { key: string; keyEncoding: 'utf8' | 'hex' }): string {
  return entry.keyEncoding === 'hex' ? hexLabel(entry.key) : entry.key;
}

/** Bytes for display: the text, or the bytes with non-printable ones as \xNN. */
export function redisBytesLabel(value: RedisBytes): string {
  return typeof value === 'string' ? value : hexLabel(value.hex);
}
