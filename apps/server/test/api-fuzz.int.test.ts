import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import {
  BATTLENET_MESSAGES,
  BOT_INGEST_MESSAGES,
  COMMUNITY_MESSAGES,
  CSRF_HEADER,
  DISCOVERY_MESSAGES,
  GUILD_GRANT_MESSAGES,
  MAX_NESTING_DEPTH,
  PLAYER_ACCOUNT_MESSAGES,
  seededRandom,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits } from './helpers/community';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

/**
 * A bounded fuzz of every operation of the OpenAPI document (issue 25), read from /api/docs/json: path and query
 * parameters get NUL, control and bidi characters, 100 KB (path) and 8 KB (query) texts, '../..', huge and negative
 * numbers, "NaN", repeated parameters and broken percent-encoding; JSON bodies, built from the operation's schema with
 * plausible values around the hostile one, get NUL in every text and key, and in one field each: control and bidi
 * characters, a 100 KB text (with every array grown to 10,000 items), a wrong type, a huge, negative, 1e999 or
 * 400-digit number, an unpaired surrogate, 100-deep nesting; bodies of operations without parameters also get
 * __proto__ and constructor.prototype keys. The choices are deterministic from FUZZ_SEED, at most about six requests
 * an operation, four at a time. No answer may be a 5xx, except a 503 saying an outside service is not configured in
 * the test, and every 4xx is the app's { success: false, error, code } (Node's own 431 for a head past 16 KB aside).
 * Every fault is collected first and printed together (method, path, input kind, status, body), so one run shows them
 * all.
 *
 * The caller is the superadmin owner (past every permission guard) and, on the same requests, a community user signed
 * in with Discord (the fake) who owns the guild named by X-Guild-ID, so community and guild routes are reached too;
 * the plausible path parameters name real things (a guild, an admin and their session, a role, a player, a template).
 *
 * By hand: FUZZ_SEED=<n> for other choices, FUZZ_EXHAUSTIVE=1 for every kind in every parameter and field (about
 * 5,000 requests, a minute), FUZZ_REPORT=<file> to write every request's status and the start of its body as JSON.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 25);
/** FUZZ_EXHAUSTIVE=1: every kind in every path and query parameter and body field (thousands of requests; by hand). */
const EXHAUSTIVE = process.env.FUZZ_EXHAUSTIVE === '1';
const CONCURRENCY = 4;
/** A request that takes longer than this is reported as hanging. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Operations that end the fuzz's own sign-in (or could): run last, one at a time, after every other operation. They are
 * fuzzed all the same; only their order is special.
 */
const RUN_LAST: Record<string, string> = {
  'POST /auth/logout': "ends the community user's session",
  'POST /auth/change-password': "wrong current passwords count towards the community user's lock-out",
  'POST /api/admin/auth/change-password': "wrong current passwords count towards the owner's lock-out",
  'POST /api/admin/auth/logout': "ends the owner's session",
};

/** Operations that still answer 5xx to some input, with the reason the fix was left out. Empty: none. */
const KNOWN_5XX: Record<string, string> = {};

/** 503s a route documents for an outside service the test does not configure. */
const NOT_CONFIGURED_MESSAGES = new Set<string>([
  BATTLENET_MESSAGES.notConfigured,
  BOT_INGEST_MESSAGES.notConfigured,
  COMMUNITY_MESSAGES.discordNotConfigured,
  COMMUNITY_MESSAGES.discordBotNotConfigured,
  DISCOVERY_MESSAGES.botTokenMissing,
  GUILD_GRANT_MESSAGES.discordNotConfigured,
  PLAYER_ACCOUNT_MESSAGES.discordNotConfigured,
]);

// ---- deterministic randomness ---------------------------------------------------------------------------------------

const random = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// ---- hostile values -------------------------------------------------------------------------------------------------

const NUL = 'fuzz\u0000value';
const CONTROL = 'fuzz\u0001\u0007\u001b[2J\r\nX-Injected: 1\t\u007f\u0085\u2028\u2029';
/** A lone surrogate: JSON carries it ("\\ud800"), PostgreSQL's json refuses it. */
const LONE_SURROGATE_TEXT = 'fuzz\ud800value';
const BIDI = '\u202Efuzz\u2066evil\u2069\u200B\u200D\uFEFF\u00AD';
const HUGE_TEXT = 'A'.repeat(100_000);
const HUGE_NUMBER_TEXT = '99999999999999999999999999999999';

/** A value sent as it is, not percent-encoded (broken escapes the server must decode itself). */
interface Raw {
  raw: string;
}

/** Hostile values of a path parameter (percent-encoded, so they reach the router as they are, unless Raw). */
const PATH_KINDS: Record<string, string | Raw> = {
  nul: NUL,
  control: CONTROL,
  bidi: BIDI,
  'dots ../..': '../../../../etc/passwd',
  'huge number': HUGE_NUMBER_TEXT,
  'negative number': '-9007199254740993',
  '100 KB text': HUGE_TEXT,
  '2 KB text': 'B'.repeat(2_000),
  'broken percent-encoding': { raw: 'fuzz%E0%A4%A' },
  'encoded lone surrogate and overlong slash': { raw: '%ED%A0%80%C0%AF' },
};

/** Hostile values of a query parameter (8 KB, not 100 KB: a request head longer than 16 KB never reaches a route). */
const QUERY_KINDS: Record<string, string | string[] | Raw> = {
  nul: NUL,
  control: CONTROL,
  bidi: BIDI,
  'dots ../..': '../../../../etc/passwd',
  'huge number': HUGE_NUMBER_TEXT,
  'negative number': '-1',
  'NaN text': 'NaN',
  '8 KB text': 'C'.repeat(8_000),
  'repeated parameter': ['a', 'b'],
  'broken percent-encoding': { raw: 'fuzz%E0%A4%A%' },
};

/** A value nested `depth` levels deep, alternating objects and arrays. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

/** A JSON literal JSON.stringify cannot write (1e999 parses to Infinity): a marker the sender swaps for the text. */
const rawJson = (literal: string) => `__fuzz_raw:${literal}__`;
const unmarkRawJson = (json: string) => json.replace(/"__fuzz_raw:([^"]*)__"/g, '$1');

/** Wrong types and out-of-range numbers for one field, by the type of its plausible value. */
function wrongTypesOf(valid: unknown): unknown[] {
  if (typeof valid === 'number') {
    return [1e308, rawJson('-9007199254740993'), 2 ** 64, 'NaN', -0.5, rawJson('1e999'), rawJson('1'.repeat(400))];
  }
  if (typeof valid === 'string') return [12345, true, { text: valid }, [valid], -1, LONE_SURROGATE_TEXT];
  if (typeof valid === 'boolean') return ['yes', 1, 'NaN'];
  if (Array.isArray(valid)) return [{ 0: valid[0] ?? 'x', length: 1 }, 'a,b', 10_000];
  if (valid === null) return ['NaN', 0, []];
  return [['not', 'an', 'object'], 'NaN', 12345];
}

// ---- schema-driven values ----------------------------------------------------------------------------------------------

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  default?: unknown;
  nullable?: boolean;
}

const FIXED_UUID = '7f1c1b8e-25aa-4e5f-9a6b-0d3c2e1f4a5b';

/**
 * A text the schema plausibly accepts, by its format and the field's name: the fields around a hostile one should
 * pass, so the hostile one is what the route judges.
 */
function validText(schema: Schema, name: string, operation: Operation): string {
  if (schema.format === 'uuid') return /guild/i.test(name) ? fixtures.guildId : FIXED_UUID;
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz-${SEED}@example.com`;
  if (schema.format === 'date-time' || /^(from|to|startDate|endDate|timestamp)$/.test(name)) return '2026-01-02T03:04:05.000Z';
  if (schema.format === 'date') return '2026-01-02';
  if (schema.format === 'uri' || schema.format === 'url' || /url|website/i.test(name)) return 'https://example.com/fuzz';
  if (/password/i.test(name)) return `a long fuzz phrase ${SEED}`;
  if (name === 'query') return operation.path.includes('influx') ? 'SELECT * FROM fuzz LIMIT 1' : 'select 1';
  if (name === 'role') return 'viewer';
  if (name === 'retention') return '30d';
  if (name === 'discord_invite') return 'https://discord.gg/fuzz';
  if (/discord.*id|snowflake/i.test(name)) return '123456789012345678';
  if (schema.pattern && /\\d|\[0-9\]/.test(schema.pattern) && !/[a-z]/i.test(schema.pattern.replace(/\\d/g, ''))) {
    return '123456789012345678';
  }
  const length = Math.min(Math.max(schema.minLength ?? 0, 4), schema.maxLength ?? 64);
  return 'fuzz'.padEnd(length, 'z').slice(0, Math.max(length, 1));
}

function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** A value `schema` plausibly accepts (a union's first option, the contract's main shape). */
function validValue(schema: Schema, operation: Operation, name = '', depth = 0): unknown {
  if (depth > 12) return null;
  const options = (schema.anyOf ?? schema.oneOf ?? []).filter((option) => option.type !== 'null');
  if (options.length > 0) return validValue(options[0]!, operation, name, depth + 1);
  if (schema.allOf?.length) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) Object.assign(merged.properties!, part.properties ?? {});
    return validValue(merged, operation, name, depth + 1);
  }
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        result[key] = validValue(property, operation, key, depth + 1);
      }
      return result;
    }
    case 'array': {
      const item = validValue(schema.items ?? {}, operation, name.replace(/s$/, ''), depth + 1);
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => item);
    }
    case 'string':
      return validText(schema, name, operation);
    case 'integer':
    case 'number': {
      if (name === 'ttl') return 60;
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : minimum;
      return Math.max(minimum, exclusive, 0);
    }
    case 'boolean':
      return schema.default ?? false;
    default:
      return 'fuzz';
  }
}

/** Where a value's leaves are (texts, numbers, booleans, nulls, and arrays as a whole), with their plausible values. */
type Path = (string | number)[];
function leavesOf(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  if (Array.isArray(value))
    return [{ path, value }, ...value.slice(0, 1).flatMap((item, index) => leavesOf(item, [...path, index]))];
  return [{ path, value }];
}

/** A copy of `value` with the leaf at `path` replaced (the whole value when the path is empty); the rest is shared. */
function withLeaf(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[key] = withLeaf(copy[key], rest, replacement);
  return copy;
}

/** Every text of a value made hostile by `change`; every array, by `grow`. */
function mapLeaves(value: unknown, change: (text: string) => unknown, grow?: (items: unknown[]) => unknown[]): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => mapLeaves(item, change, grow));
    return grow ? grow(items) : items;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, change, grow)]));
  }
  return value;
}

const fieldName = (path: Path) => (path.length === 0 ? '(whole body)' : path.join('.'));

// ---- the document's operations ------------------------------------------------------------------------------------------

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  /** The document's path template, /api/x/{id}. */
  path: string;
  label: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | null;
}

/** One request of the fuzz. */
interface FuzzCase {
  operation: Operation;
  kind: string;
  url: string;
  body?: unknown;
  /** Sent as it is instead of `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** What the fuzz knows exists, so the fields around a hostile one point at something real. */
interface Fixtures {
  /** A guild tenant linked to the Discord server of the community user (the fake knows it). */
  guildId: string;
  discordGuildId: string;
  /** A viewer admin (never the owner), with one live session. */
  adminId: string;
  adminSessionId: string;
  roleName: string;
  playerId: string;
  templateId: string;
}

let fixtures: Fixtures;

/** A plausible value of a path or query parameter, real where the fuzz made one. */
function validParam(operation: Operation, parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  const { name } = parameter;
  if (operation.path.startsWith('/api/admin/users/') && name === 'id') return fixtures.adminId;
  if (operation.path.startsWith('/api/admin/roles/') && name === 'name') return fixtures.roleName;
  if (operation.path.startsWith('/api/admin/players/') && name === 'id') return fixtures.playerId;
  if (operation.path.startsWith('/api/admin/config/templates/') && name === 'id') return fixtures.templateId;
  if (name === 'sessionId') return fixtures.adminSessionId;
  if (name === '*') return 'fuzz.jsonl';
  const guildish = name === 'guildId' || (name === 'id' && /\/guilds\/\{id\}/.test(operation.path));
  if (guildish) return schema.format === 'uuid' ? fixtures.guildId : fixtures.discordGuildId;
  const value = validValue(schema, operation, name);
  return Array.isArray(value) ? String(value[0] ?? 'fuzz') : String(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encoded (a lone surrogate, which no URL can carry, as U+FFFD), or a Raw value as it is. */
const encoded = (value: string | Raw) =>
  typeof value === 'string' ? encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')) : value.raw;

function urlOf(operation: Operation, pathValue: (p: Parameter) => string | Raw, query: [string, string | Raw][]) {
  let url = operation.path;
  for (const parameter of operation.pathParams) url = url.replace(`{${parameter.name}}`, encoded(pathValue(parameter)));
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encoded(value)}`).join('&');
  return search ? `${url}?${search}` : url;
}

/** Required query parameters with plausible values (but `except`), for the cases that aim elsewhere. */
const requiredQuery = (operation: Operation, except?: Parameter): [string, string | Raw][] =>
  operation.queryParams.filter((p) => p.required && p !== except).map((p) => [p.name, validParam(operation, p)]);

/** Rotating through a kind list, so the operations together use every kind; the seed sets where it starts. */
function rotation<T>(items: readonly T[]) {
  let next = Math.floor(random() * items.length);
  return (count: number) =>
    Array.from({ length: EXHAUSTIVE ? count : Math.min(count, items.length) }, () => items[next++ % items.length]!);
}
const nextPathKinds = rotation(Object.keys(PATH_KINDS) as (keyof typeof PATH_KINDS)[]);
const nextQueryKinds = rotation(Object.keys(QUERY_KINDS) as (keyof typeof QUERY_KINDS)[]);

/** Every array of a value (not those inside another) grown to 10,000 items, repeating its own. */
function growArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? value : Array.from({ length: 10_000 }, (_, i) => value[i % value.length]);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, growArrays(item)]));
  }
  return value;
}

/**
 * The hostile bodies of an operation. NUL goes into every text at once (one rule refuses it for every route); the
 * other kinds go into one field each, chosen by the seed, the rest of the body plausible, so the field is what the
 * route judges and, if it passes, what the handler and the database get.
 */
function bodyCases(operation: Operation, validBody: unknown, url: string): FuzzCase[] {
  const leaves = leavesOf(validBody);
  const texts = leaves.filter((leaf) => typeof leaf.value === 'string');
  const start = Math.floor(random() * 1000);
  const at = (list: typeof leaves, i: number) => list[(start + i) % list.length] ?? { path: [], value: validBody };
  const isObject = validBody !== null && typeof validBody === 'object' && !Array.isArray(validBody);
  const nulBody = mapLeaves(validBody, (text) => `${text}\u0000`);
  const one = (leaf: (typeof leaves)[number], what: string, value: unknown, body = validBody): FuzzCase => ({
    operation,
    kind: `body.${fieldName(leaf.path)}: ${what}`,
    url,
    body: withLeaf(body, leaf.path, value),
  });
  const cases: FuzzCase[] = [
    {
      operation,
      kind: 'body: NUL in every text (and a key)',
      url,
      body: isObject ? { ...(nulBody as object), 'fuzz\u0000key': 'x' } : nulBody,
    },
  ];
  const controlText = (leaf: (typeof leaves)[number]) => `${String(leaf.value)}${CONTROL}${BIDI}`;
  const deepWhat = `100-deep nesting (past the ${MAX_NESTING_DEPTH} allowed)`;
  if (EXHAUSTIVE) {
    for (const leaf of texts) {
      cases.push(one(leaf, 'control and bidi characters', controlText(leaf)));
      cases.push(one(leaf, '100 KB text; every array 10,000 items', HUGE_TEXT, growArrays(validBody)));
    }
    for (const leaf of leaves.length > 0 ? leaves : [at(leaves, 0)]) {
      for (const [index, wrong] of wrongTypesOf(leaf.value).entries()) cases.push(one(leaf, `wrong value #${index}`, wrong));
      cases.push(one(leaf, deepWhat, nested(100)));
    }
    return cases;
  }
  const wrong = at(leaves, 2);
  cases.push(
    one(at(texts, 0), 'control and bidi characters', controlText(at(texts, 0))),
    one(at(texts, 1), '100 KB text; every array 10,000 items', HUGE_TEXT, growArrays(validBody)),
    one(wrong, 'wrong type or huge, negative, NaN number, unpaired surrogate', pick(wrongTypesOf(wrong.value))),
    one(at(leaves, 3), deepWhat, nested(100)),
  );
  return cases;
}

/** The requests of one operation: at most about six (unless EXHAUSTIVE). */
function casesOf(operation: Operation): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const validBody = operation.body ? validValue(operation.body, operation) : undefined;
  const plainUrl = urlOf(operation, (p) => validParam(operation, p), requiredQuery(operation));
  const { pathParams, queryParams } = operation;
  // One parameter hostile at a time, in turn, the others plausible.
  const pathKinds = Object.keys(PATH_KINDS);
  const pathCount = EXHAUSTIVE ? pathKinds.length * pathParams.length : operation.body ? 1 : queryParams.length > 0 ? 2 : 4;
  for (const [index, kind] of (pathParams.length > 0 ? nextPathKinds(pathCount) : []).entries()) {
    const target = pathParams[(EXHAUSTIVE ? Math.floor(index / pathKinds.length) : index) % pathParams.length]!;
    const url = urlOf(operation, (p) => (p === target ? PATH_KINDS[kind]! : validParam(operation, p)), requiredQuery(operation));
    cases.push({ operation, kind: `path {${target.name}}: ${kind}`, url, body: validBody });
  }
  const queryKinds = Object.keys(QUERY_KINDS);
  const queryCount = EXHAUSTIVE ? queryKinds.length * queryParams.length : operation.body ? 1 : pathParams.length > 0 ? 2 : 4;
  const queryStart = Math.floor(random() * 100);
  for (const [index, kind] of (queryParams.length > 0 ? nextQueryKinds(queryCount) : []).entries()) {
    const target = queryParams[(EXHAUSTIVE ? Math.floor(index / queryKinds.length) : queryStart + index) % queryParams.length]!;
    const hostile = QUERY_KINDS[kind];
    const values = Array.isArray(hostile) ? hostile : [hostile as string | Raw];
    const query = [...requiredQuery(operation, target), ...values.map((v): [string, string | Raw] => [target.name, v])];
    const url = urlOf(operation, (p) => validParam(operation, p), query);
    cases.push({ operation, kind: `query ${target.name}: ${kind}`, url, body: validBody });
  }
  if (operation.body) cases.push(...bodyCases(operation, validBody, plainUrl));
  const isObjectBody = validBody !== null && typeof validBody === 'object' && !Array.isArray(validBody);
  if (isObjectBody && pathParams.length + queryParams.length === 0) {
    // Prototype pollution through the body's keys (a JS object literal cannot hold __proto__ as a key: sent as text).
    const polluting = '"__proto__":{"isSuperadmin":true},"constructor":{"prototype":{"polluted":true}}';
    const json = JSON.stringify(validBody);
    const rawBody = json === '{}' ? `{${polluting}}` : `{${polluting},${json.slice(1)}`;
    cases.push({ operation, kind: 'body: __proto__ and constructor.prototype keys', url: plainUrl, rawBody });
  }
  if (pathParams.length + queryParams.length === 0 && !operation.body) {
    cases.push({ operation, kind: 'plain', url: plainUrl });
    const guildHeader = pick(['../../etc/passwd', HUGE_NUMBER_TEXT, '-1', '0x10']);
    cases.push({ operation, kind: `X-Guild-ID: ${guildHeader}`, url: plainUrl, headers: { 'x-guild-id': guildHeader } });
  }
  return cases;
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = (raw.parameters ?? []) as Parameter[];
      const requestBody = raw.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

// ---- sending ------------------------------------------------------------------------------------------------------------

interface Outcome {
  status: number | null;
  body: string;
  error?: string;
  ms: number;
}

/**
 * Sends one case with the owner's and the community user's cookies, never keeping a cookie the answer sets. A stream
 * (text/event-stream) is judged by its head; other bodies are read whole, up to the timeout.
 */
function send(fuzzCase: FuzzCase): Promise<Outcome> {
  const started = Date.now();
  const payload = fuzzCase.rawBody ?? (fuzzCase.body === undefined ? undefined : unmarkRawJson(JSON.stringify(fuzzCase.body)));
  const headers: Record<string, string> = {
    [CSRF_HEADER.name]: CSRF_HEADER.value,
    cookie: cookieHeader,
    'x-guild-id': fixtures.discordGuildId,
    ...(payload !== undefined
      ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
      : {}),
    ...(fuzzCase.operation.path.startsWith('/api/bot/') ? { authorization: `Bearer ${BOT_TOKEN}` } : {}),
    ...fuzzCase.headers,
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<Outcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, ms: Date.now() - started });
    };
    // A connection of its own (agent: false): a reused keep-alive socket the server closed would look like a fault.
    const options = { method: fuzzCase.operation.method, headers, agent: false };
    const req = httpRequest(`${server.url}${fuzzCase.url}`, options, (res) => {
      const status = res.statusCode ?? 0;
      if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        finish({ status, body: '(event stream)' });
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size - chunk.length < 1_000_000) chunks.push(chunk);
      });
      res.on('end', () => finish({ status, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => finish({ status, body: Buffer.concat(chunks).toString('utf8'), error: error.message }));
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: '', error: `no answer within ${REQUEST_TIMEOUT_MS} ms` });
      req.destroy();
    }, REQUEST_TIMEOUT_MS);
    req.on('error', (error) => finish({ status: null, body: '', error: error.message }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Whether an answer is a 503 the route documents for a service the test leaves unconfigured. */
function isNotConfigured(outcome: Outcome): boolean {
  if (outcome.status !== 503) return false;
  try {
    const body = JSON.parse(outcome.body) as { code?: string; error?: string };
    return body.code === 'DISCORD_NOT_CONFIGURED' || NOT_CONFIGURED_MESSAGES.has(body.error ?? '');
  } catch {
    return false;
  }
}

/** Whether a refusal is in the app's shape, { success: false, error, code }: a message from the contract, no internals. */
function isAppRefusal(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { success?: unknown; error?: unknown; code?: unknown };
    return parsed.success === false && typeof parsed.error === 'string' && typeof parsed.code === 'string';
  } catch {
    return false;
  }
}

/**
 * Why an outcome fails the fuzz, or null: no answer, a 5xx, or a 4xx not in the app's shape. A request head past 16 KB
 * is refused by Node's parser before the app (431, or the connection cut while the 100 KB head is still being sent).
 */
function faultOf(fuzzCase: FuzzCase, outcome: Outcome): string | null {
  if (outcome.status === null) {
    if (fuzzCase.kind.includes('100 KB') && /ECONNRESET|socket hang up|EPIPE/.test(outcome.error ?? '')) return null;
    return `no answer: ${outcome.error}`;
  }
  if (outcome.status >= 500 && !isNotConfigured(outcome)) return `status ${outcome.status}`;
  if (outcome.status >= 400 && outcome.status < 500 && outcome.status !== 431 && !isAppRefusal(outcome.body)) {
    return `status ${outcome.status} not in the app's error shape`;
  }
  return null;
}

async function runAll(cases: FuzzCase[], concurrency: number, results: { fuzzCase: FuzzCase; outcome: Outcome }[]) {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      results.push({ fuzzCase, outcome: await send(fuzzCase) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// ---- the run -----------------------------------------------------------------------------------------------------------

const SERVER_ID = '640000000000002501';
const leader: FakeDiscordUser = { id: '650000000000002501', username: 'fuzzleader', global_name: 'Fuzz Leader', avatar: null };
const BOT_TOKEN = `fuzz-bot-token-${uniqueSuffix()}-0123456789abcdef`;

let environment: TestEnvironment;
let server: TestApp;
let cookieHeader: string;
let documentOperations: Operation[];
const fake = new DiscordFake();

beforeAll(async () => {
  await fake.start();
  fake.addGuild(leader, { id: SERVER_ID, name: 'Fuzz Raiders', icon: null, owner: true, permissions: '8' }, { withBot: true });
  environment = await createTestEnvironment({
    DISCORD_CLIENT_ID: fake.clientId,
    DISCORD_CLIENT_SECRET: fake.clientSecret,
    DISCORD_BOT_TOKEN: fake.botToken,
    DISCORD_API_BASE: fake.baseUrl,
    CONFIG_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    BOT_API_TOKEN: BOT_TOKEN,
    BOT_RATE_LIMIT: '100000',
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);

  // One jar, both sessions: the owner (superadmin) and the community user (Discord sign-in through the fake).
  const client = new HttpClient(server.url);
  expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
  fake.loginAs = leader;
  const start = await client.get<{ authUrl: string }>('/auth/discord');
  expect(start.status, start.text).toBe(200);
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  expect((await client.get(`${back.pathname}${back.search}`)).status).toBe(302);
  cookieHeader = client.cookieHeader();

  // Real things for the plausible parameters, so a hostile field reaches the handler past its 404.
  const role = `fuzz_role_${SEED}`;
  expect((await client.post('/api/admin/roles', { name: role, label: 'Fuzz', permissions: [] })).status).toBe(200);
  // The community user's sign-in made the guild tenant of their Discord server.
  const [linked] = await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [SERVER_ID]);
  const guildId = linked?.id ?? (await insertGuild(server.app, { guild_name: 'Fuzz Covenant' }));
  const viewer = await createTestAdmin(server.app, { role: 'viewer' });
  const viewerClient = new HttpClient(server.url);
  expect((await viewerClient.signIn(viewer.username, viewer.password)).status).toBe(200);
  const sessions = await client.get<{ sessions: { id: string }[] }>(`/api/admin/users/${viewer.id}/sessions`);
  const player = await client.post<{ data: { id: string } }>('/api/admin/players', { displayName: 'Fuzz Player' });
  expect(player.status, player.text).toBe(200);
  const template = await client.post<{ data?: { id: string }; template?: { id: string } }>('/api/admin/config/templates', {
    name: 'Fuzz template',
    settings: { general: { prefix: '?' } },
  });
  expect(template.status, template.text).toBe(200);
  fixtures = {
    guildId,
    discordGuildId: SERVER_ID,
    adminId: viewer.id,
    adminSessionId: sessions.body.sessions?.[0]?.id ?? FIXED_UUID,
    roleName: role,
    playerId: player.body.data.id,
    templateId: (template.body.data ?? template.body.template)!.id,
  };

  const docs = await client.get<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('/api/docs/json');
  expect(docs.status).toBe(200);
  documentOperations = operationsOf(docs.body);
}, 60_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

describe('a bounded fuzz of every operation of the OpenAPI document', () => {
  it(
    'answers no 5xx to NUL, control characters, deep nesting, huge values and wrong types',
    async () => {
      expect(documentOperations.length).toBeGreaterThan(150);
      // Reads and writes first, deletes after them (they may remove the fixtures), what ends the sign-in last.
      const last = Object.keys(RUN_LAST).flatMap((label) => documentOperations.filter((o) => o.label === label));
      const deletes = documentOperations.filter((o) => !(o.label in RUN_LAST) && o.method === 'DELETE');
      const rest = documentOperations.filter((o) => !(o.label in RUN_LAST) && o.method !== 'DELETE');
      expect(last.map((o) => o.label)).toEqual(Object.keys(RUN_LAST));

      const results: { fuzzCase: FuzzCase; outcome: Outcome }[] = [];
      const started = Date.now();
      await runAll(rest.flatMap(casesOf), CONCURRENCY, results);
      await runAll(deletes.flatMap(casesOf), CONCURRENCY, results);
      // Still signed in as both: nothing before the end-of-session operations lost the fuzz its reach.
      const stillSignedIn = await Promise.all(
        ['/api/admin/auth/me', '/auth/user'].map(async (url) => {
          const read: Operation = { method: 'GET', path: url, label: `GET ${url}`, pathParams: [], queryParams: [], body: null };
          return (await send({ operation: read, kind: 'signed in?', url })).status;
        }),
      );
      await runAll(last.flatMap(casesOf), 1, results);
      const elapsed = Date.now() - started;

      if (process.env.FUZZ_REPORT) {
        const rows = results.map(({ fuzzCase, outcome }) => ({
          op: fuzzCase.operation.label,
          kind: fuzzCase.kind,
          status: outcome.status,
          body: outcome.body.slice(0, 300),
        }));
        writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(rows, null, 1));
      }
      const failures: string[] = [];
      const known: string[] = [];
      for (const { fuzzCase, outcome } of results) {
        const fault = faultOf(fuzzCase, outcome);
        if (!fault) continue;
        const line = `${fuzzCase.operation.label} [${fuzzCase.kind}] ${fault} (${outcome.ms} ms): ${outcome.body.slice(0, 400)}`;
        (fuzzCase.operation.label in KNOWN_5XX ? known : failures).push(line);
      }
      const slowest = [...results].sort((a, b) => b.outcome.ms - a.outcome.ms).slice(0, 5);
      console.info(
        `api fuzz (seed ${SEED}): ${documentOperations.length} operations, ${results.length} requests in ${elapsed} ms; slowest: ${slowest
          .map((r) => `${r.fuzzCase.operation.label} [${r.fuzzCase.kind}] ${r.outcome.ms} ms`)
          .join('; ')}${known.length ? `\nknown 5xx (KNOWN_5XX):\n${known.join('\n')}` : ''}`,
      );
      expect(failures, `${failures.length} faults:\n${failures.join('\n')}`).toEqual([]);
      expect(stillSignedIn, 'the owner and the community user were signed in until the end-of-session operations').toEqual([
        200, 200,
      ]);
    },
    EXHAUSTIVE ? 1_800_000 : 180_000,
  );
});
