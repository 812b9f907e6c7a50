import {
  INFLUX_DEBUG_MESSAGES,
  INFLUX_DEBUG_NAMESPACE,
  INFLUX_MESSAGES,
  type InfluxDebugClientEvents,
  type InfluxDebugServerEvents,
  type InfluxQueryResult,
  type InfluxRow,
  influxPointOf,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './helpers/http-client';
import { createInfluxDatabase, writeInfluxLines } from './helpers/influx';
import { startSignedInApp, stopTestApp, TEST_INFLUX_URL, type TestApp, type TestEnvironment } from './helpers/test-app';

/** A query answer's rows (spec 2 §3: _time, _measurement, _field, _value and the tags) read back as points. */
const pointsOf = (answer: { data: InfluxRow[] }) => answer.data.map(influxPointOf);

/**
 * Issue 25 (medium 4): the InfluxDB runner's read-only check, attacked over HTTP (query and both exports) and over
 * the /influx-debug socket, against the real InfluxDB 1.x. Each attack ran a write on the old check, which took
 * `//` for a comment (it is an empty regex in InfluxQL) and did not know that a regex swallows quotes and `--`.
 */

type DebugClient = Socket<InfluxDebugServerEvents, InfluxDebugClientEvents>;
type Answer<T> = { success: true; configured: true } & T;

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let database: string;
let victim: string;
let user: string;
const sockets: DebugClient[] = [];

const BASE = '/api/admin/database/influxdb';
const ROUTES = [`${BASE}/query`, `${BASE}/export`, '/api/admin/influx-debug/export'];

/** One statement straight to InfluxDB (POST, as writes need), bypassing Guildhall. */
async function influx(q: string, method: 'GET' | 'POST' = 'GET') {
  const params = new URLSearchParams({ q, db: database });
  const answer = await fetch(`${TEST_INFLUX_URL}/query?${params}`, { method });
  return (await answer.json()) as { results: { series?: { name?: string; values?: unknown[][] }[]; error?: string }[] };
}

const firstColumn = async (q: string) =>
  (await influx(q)).results
    .flatMap((result) => result.series ?? [])
    .flatMap((series) => series.values ?? [])
    .map((row) => row[0]);

const databases = () => firstColumn('SHOW DATABASES');
const users = () => firstColumn('SHOW USERS');
const measurements = () => firstColumn('SHOW MEASUREMENTS');

/** Writes, schema changes and second statements, each hidden from the old filter, each of which InfluxDB ran. */
function attacks() {
  const createUser = `CREATE USER "${user}" WITH PASSWORD 'pw' WITH ALL PRIVILEGES`;
  return {
    dropDatabase: [
      `SELECT // FROM m; DROP DATABASE "${victim}"`,
      `SELECT * FROM // ; DROP DATABASE "${victim}"`,
      `SELECT * FROM /--/ ; DROP DATABASE "${victim}"`,
      `SELECT * FROM m WHERE tag =~ /--/ ; DROP DATABASE "${victim}"`,
      `SELECT * FROM m;;DROP DATABASE "${victim}"`,
    ],
    createUser: [
      `SELECT // FROM m; ${createUser}`,
      `SELECT * FROM /'/ ; ${createUser} -- '`,
      `SELECT * FROM /"/ ; ${createUser.replace(`"${user}"`, user)} -- "`,
      `SELECT * FROM /--/ ; ${createUser}`,
    ],
    into: [
      'SELECT * INTO copied FROM m',
      'SELECT // INTO copied FROM m',
      'select /.*/ into "copied" from "m"',
      'SELECT * FROM (SELECT * INTO copied FROM m)',
      'SELECT v FROM m WHERE v > 0.5into copied',
    ],
  };
}

function connect(): DebugClient {
  const socket: DebugClient = io(`${server.url}${INFLUX_DEBUG_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: owner.cookieHeader() },
  });
  sockets.push(socket);
  return socket;
}

/** Runs one query over the debug socket and answers its response. */
function debugQuery(socket: DebugClient, query: string, queryId: string) {
  return new Promise<Parameters<InfluxDebugServerEvents['query-response']>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${queryId}`)), 10_000);
    const listener = (payload: Parameters<InfluxDebugServerEvents['query-response']>[0]) => {
      if (payload.queryId !== queryId) return;
      clearTimeout(timer);
      socket.off('query-response', listener);
      resolve(payload);
    };
    socket.on('query-response', listener);
    socket.emit('debug:query', { query, queryId });
  });
}

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp({ QUERY_TIMEOUT_MS: '10000' }));
  database = environment.env.INFLUX_DATABASE!;
  victim = `${database}_victim`;
  user = `${database}_intruder`;
  await createInfluxDatabase(database);
  await createInfluxDatabase(victim);
  await writeInfluxLines(database, [`m,tag=a/b v=1 ${Date.now() - 1000}`, `m,tag=x;y v=2 ${Date.now() - 500}`]);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  if (database) {
    await influx(`DROP USER "${user}"`, 'POST').catch(() => undefined);
    await influx(`DROP DATABASE "${victim}"`, 'POST');
    await influx(`DROP DATABASE "${database}"`, 'POST');
  }
  await stopTestApp(server, environment);
});

describe('InfluxQL read-only check under attack (HTTP)', () => {
  it('refuses a DROP DATABASE hidden behind `//`, a regex or an empty statement, and the database survives', async () => {
    for (const route of ROUTES) {
      for (const query of attacks().dropDatabase) {
        const answer = await owner.post(route, { query, language: 'influxql', format: 'csv' });
        expect(answer.status, `${route}: ${query}`).toBe(400);
        expect(answer.body.error, query).toBe(INFLUX_MESSAGES.oneStatement);
      }
    }
    expect(await databases()).toContain(victim);
  });

  it('refuses a CREATE USER … WITH ALL PRIVILEGES hidden in regexes, strings and comments; no user appears', async () => {
    for (const route of ROUTES) {
      for (const query of attacks().createUser) {
        const answer = await owner.post(route, { query, language: 'influxql' });
        expect(answer.status, `${route}: ${query}`).toBe(400);
      }
    }
    expect(await users()).not.toContain(user);
  });

  it('tells a typo or an empty query as such, not as a refused write (issue 29)', async () => {
    for (const route of ROUTES) {
      const typo = await owner.post(route, { query: 'SELEC * FROM "m"', language: 'influxql' });
      expect(typo.status).toBe(400);
      expect(typo.body.error).toBe(INFLUX_MESSAGES.notAStatement('SELEC'));
      for (const query of ['   ', '-- only a comment', '/* nothing */ ']) {
        const empty = await owner.post(route, { query, language: 'influxql' });
        expect(empty.status, query).toBe(400);
        expect(empty.body.error, query).toBe(INFLUX_MESSAGES.emptyQuery);
      }
      const write = await owner.post(route, { query: 'DROP MEASUREMENT "m"', language: 'influxql' });
      expect(write.body.error).toBe(INFLUX_MESSAGES.readOnly);
    }
    expect(await measurements()).toEqual(['m']);
  });

  it('refuses SELECT … INTO however INTO is reached, and nothing is written', async () => {
    for (const route of ROUTES) {
      for (const query of attacks().into) {
        const answer = await owner.post(route, { query, language: 'influxql' });
        expect(answer.status, `${route}: ${query}`).toBe(400);
        expect(answer.body.error, query).toBe(INFLUX_MESSAGES.readOnly);
      }
    }
    expect(await measurements()).toEqual(['m']);
  });

  it('still runs reads with regexes holding an escaped slash and strings holding a semicolon', async () => {
    const regex = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SELECT * FROM "m" WHERE "tag" =~ /a\\/b/ LIMIT 1',
    });
    expect(regex.status).toBe(200);
    expect(pointsOf(regex.body)).toEqual([expect.objectContaining({ measurement: 'm', field: 'v', value: 1 })]);
    const semicolon = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: `SELECT * FROM "m" WHERE "tag" = 'x;y' -- a comment; DROP DATABASE "${victim}"`,
    });
    expect(semicolon.status).toBe(200);
    expect(pointsOf(semicolon.body)).toEqual([expect.objectContaining({ field: 'v', value: 2, tags: { tag: 'x;y' } })]);
    const all = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SELECT * FROM /.*/ WHERE time > now() - 1h;',
    });
    expect(all.status).toBe(200);
    expect(pointsOf(all.body)).toHaveLength(2);
    // InfluxDB's own refusal of a read stays a 400 with its words.
    const refused = await owner.post(`${BASE}/query`, { query: "select 'x;y' from m" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/field must contain at least one variable/);
    expect(await databases()).toContain(victim);
  });

  it('answers SHOW USERS and SHOW CONTINUOUS QUERIES (series without rows), and every SHOW, without a 500', async () => {
    const shownUsers = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, { query: 'SHOW USERS' });
    expect(shownUsers.status).toBe(200);
    expect(pointsOf(shownUsers.body).every((row) => row.field === 'user' || row.field === 'admin')).toBe(true);
    const continuous = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SHOW CONTINUOUS QUERIES',
    });
    expect(continuous.status).toBe(200);
    expect(pointsOf(continuous.body)).toEqual([]);
    for (const query of [
      'SHOW DATABASES',
      'SHOW RETENTION POLICIES',
      'SHOW MEASUREMENTS',
      'SHOW SERIES',
      'SHOW TAG KEYS',
      'SHOW FIELD KEYS',
      'SHOW SUBSCRIPTIONS',
      'SHOW SHARDS',
      'SHOW SHARD GROUPS',
      'SHOW QUERIES',
      'SHOW STATS',
      'SHOW DIAGNOSTICS',
      'SHOW CONTINUOUS QUERIES',
      'SHOW USERS',
    ]) {
      for (const route of ROUTES) {
        const answer = await owner.post(route, { query, language: 'influxql', format: 'json' });
        expect(answer.status, `${route}: ${query}`).toBe(200);
      }
    }
    const grants = await owner.post(`${BASE}/query`, { query: `SHOW GRANTS FOR "${user}_nobody"` });
    expect(grants.status).toBe(400);
    expect(grants.body.error).toMatch(/user not found/);
  });
});

describe('InfluxQL read-only check under attack (/influx-debug socket)', () => {
  it('refuses the same attacks as a debug query, and nothing is dropped, created or written', async () => {
    const socket = connect();
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const { dropDatabase, createUser, into } = attacks();
    let n = 0;
    for (const query of [...dropDatabase, ...createUser, ...into]) {
      const answer = await debugQuery(socket, query, `attack-${n++}`);
      expect(answer.success, query).toBe(false);
      expect(answer.error, query).toMatch(
        new RegExp(
          `^${INFLUX_DEBUG_MESSAGES.queryFailed('')}(${[INFLUX_MESSAGES.oneStatement, INFLUX_MESSAGES.readOnly]
            .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('|')})$`,
        ),
      );
    }
    const read = await debugQuery(socket, 'SELECT * FROM "m" WHERE "tag" =~ /a\\/b/ LIMIT 1', 'read');
    expect(read).toMatchObject({ success: true, metadata: { rowCount: 1 } });
    const shown = await debugQuery(socket, 'SHOW CONTINUOUS QUERIES', 'show');
    expect(shown).toMatchObject({ success: true, data: [] });
    expect(await databases()).toContain(victim);
    expect(await users()).not.toContain(user);
    expect(await measurements()).toEqual(['m']);
  });
});
