import {
  ADMIN_SESSION_COOKIE,
  INFLUX_DEBUG_MESSAGES,
  INFLUX_DEBUG_NAMESPACE,
  type InfluxDebugClientEvents,
  type InfluxDebugServerEvents,
  influxQuickQueries,
  TEXT_RULE_MESSAGES,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runningDebugStreams } from '../src/modules/influx-manager/debug-stream';
import { csvObjects } from './helpers/csv';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createInfluxDatabase, writeInfluxLines } from './helpers/influx';
import { startSignedInApp, stopTestApp, TEST_INFLUX_URL, type TestApp, type TestEnvironment } from './helpers/test-app';

type DebugClient = Socket<InfluxDebugServerEvents, InfluxDebugClientEvents>;
type Payload<E extends keyof InfluxDebugServerEvents> = Parameters<InfluxDebugServerEvents[E]>[0];

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let database: string;
const sockets: DebugClient[] = [];

function connect(cookieHeader?: string): DebugClient {
  const socket: DebugClient = io(`${server.url}${INFLUX_DEBUG_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookieHeader ? { cookie: cookieHeader } : {},
  });
  sockets.push(socket);
  return socket;
}

/** Resolves once connected; rejects with the server's refusal. */
function connected(socket: DebugClient): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The next payload of a server event, or a rejection after timeoutMs. */
function next<E extends keyof InfluxDebugServerEvents>(socket: DebugClient, event: E, timeoutMs = 8000): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    (socket as unknown as { once(name: string, fn: (payload: unknown) => void): void }).once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload as Payload<E>);
    });
  });
}

/** Collects every payload of an event until stopped. */
function collect<E extends keyof InfluxDebugServerEvents>(socket: DebugClient, event: E) {
  const seen: Payload<E>[] = [];
  const listener = (payload: unknown) => seen.push(payload as Payload<E>);
  (socket as unknown as { on(name: string, fn: (payload: unknown) => void): void }).on(event, listener);
  return seen;
}

const write = (lines: string[]) => writeInfluxLines(database, lines);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  database = environment.env.INFLUX_DATABASE!;
  await createInfluxDatabase(database);
  const now = Date.now();
  await write([
    ...Array.from(
      { length: 5 },
      (_, i) => `combat_events,guild_id=g1,event_type=SPELL_DAMAGE amount=${100 + i}i,target="Boss" ${now - 60_000 * (i + 1)}`,
    ),
    `bot_health,shard=0 latency_ms=42,is_connected=true ${now - 30_000}`,
    `bot_health,shard=0 latency_ms=41,is_connected=true ${now - 3 * 86_400_000}`,
  ]);
}, 60_000);

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  if (database)
    await fetch(`${TEST_INFLUX_URL}/query?q=${encodeURIComponent(`DROP DATABASE "${database}"`)}`, { method: 'POST' });
  await stopTestApp(server, environment);
});

describe('the /influx-debug socket', () => {
  it('refuses a connection without a session, with a forged one, and without full access', async () => {
    await expect(connected(connect())).rejects.toThrow(INFLUX_DEBUG_MESSAGES.authenticationFailed);
    await expect(connected(connect(`${ADMIN_SESSION_COOKIE}=forged`))).rejects.toThrow(
      INFLUX_DEBUG_MESSAGES.authenticationFailed,
    );
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    await expect(connected(connect(client.cookieHeader()))).rejects.toThrow(INFLUX_DEBUG_MESSAGES.adminPermissionsRequired);
  });

  it('answers a health check with status, response time, URL and bucket', async () => {
    const socket = connect(owner.cookieHeader());
    await connected(socket);
    const answer = next(socket, 'debug:health-response');
    socket.emit('debug:health-check');
    expect(await answer).toMatchObject({
      status: 'healthy',
      url: TEST_INFLUX_URL,
      bucket: database,
      languages: ['influxql'],
      responseTime: expect.any(Number),
    });
  });

  it('lists measurements and statistics of the bucket the bot writes to', async () => {
    const socket = connect(owner.cookieHeader());
    await connected(socket);
    const measurements = next(socket, 'measurements-response');
    socket.emit('debug:get-measurements');
    expect(await measurements).toEqual({ success: true, measurements: ['bot_health', 'combat_events'] });
    const statistics = next(socket, 'statistics-response');
    socket.emit('debug:get-statistics');
    const { data } = await statistics;
    expect(data).toMatchObject({
      measurementCount: 2,
      totalRecords: 7,
      isEstimate: false,
      measurements: ['bot_health', 'combat_events'],
    });
    expect(data!.daysOfData).toBeGreaterThanOrEqual(2.9);
    expect(Date.parse(data!.oldestRecord!)).toBeLessThan(Date.now() - 2 * 86_400_000);
  });

  it('runs the quick queries and a custom query, and says why one failed', async () => {
    const socket = connect(owner.cookieHeader());
    await connected(socket);
    const [recent, counts, health] = influxQuickQueries('influxql', `${database}/autogen`);
    const answer = next(socket, 'query-response');
    socket.emit('debug:query', { query: recent!.query, queryId: 'q1' });
    const first = await answer;
    expect(first).toMatchObject({ success: true, queryId: 'q1', metadata: { rowCount: 10, isCapped: false } });
    expect(first.data[0]).toMatchObject({ _measurement: 'combat_events', guild_id: 'g1', event_type: 'SPELL_DAMAGE' });
    expect(first.metadata.executionTime).toBeGreaterThan(0);

    const counted = next(socket, 'query-response');
    socket.emit('debug:query', { query: counts!.query, queryId: 'q2' });
    expect((await counted).data).toEqual([expect.objectContaining({ _field: 'count', _value: 5, event_type: 'SPELL_DAMAGE' })]);

    const healthy = next(socket, 'query-response');
    socket.emit('debug:query', { query: health!.query, queryId: 'q3' });
    expect((await healthy).data.map((row) => row._field).sort()).toEqual(['is_connected', 'latency_ms']);

    const failed = next(socket, 'query-response');
    socket.emit('debug:query', { query: 'SELECT FROM', queryId: 'q4' });
    expect(await failed).toMatchObject({
      success: false,
      queryId: 'q4',
      error: expect.stringMatching(/^Query failed: error parsing query/),
    });

    const empty = next(socket, 'query-response');
    socket.emit('debug:query', { query: '   ', queryId: 'q5' } as never);
    expect(await empty).toMatchObject({ success: false, error: `Query failed: ${INFLUX_DEBUG_MESSAGES.enterQuery}` });

    const nul = next(socket, 'query-response');
    socket.emit('debug:query', { query: 'SHOW DATABASES\u0000', queryId: 'q7' });
    expect(await nul).toMatchObject({
      success: false,
      queryId: 'q7',
      error: INFLUX_DEBUG_MESSAGES.queryFailed(TEXT_RULE_MESSAGES.nulCharacter('query')),
    });

    const write = next(socket, 'query-response');
    socket.emit('debug:query', { query: `DROP DATABASE "${database}"`, queryId: 'q6' });
    expect((await write).success).toBe(false);
    const audited = await sql(server.app, "SELECT 1 FROM audit_log WHERE action = 'influx.debug_query_run'");
    expect(audited.length).toBeGreaterThanOrEqual(4);
  });

  it('streams a point written during the test, and stops on debug:stop-stream', async () => {
    const socket = connect(owner.cookieHeader());
    await connected(socket);
    const refused = next(socket, 'stream-error');
    socket.emit('debug:start-stream', { measurement: 'bot_health', interval: 500, timeRange: '-1m', limit: 50 });
    expect((await refused).error).toBe('Stream error: Interval must be between 1000 and 60000 ms');

    const ticks = collect(socket, 'stream-data');
    const started = next(socket, 'stream-started');
    socket.emit('debug:start-stream', { measurement: 'bot_health', interval: 1000 });
    const { streamId, settings } = await started;
    expect(settings).toEqual({ measurement: 'bot_health', interval: 1000, timeRange: '-1m', limit: 50 });
    await sleep(1200);
    await write([`bot_health,shard=7 latency_ms=99.5,is_connected=true ${Date.now()}`]);
    for (let i = 0; i < 40 && !ticks.some((tick) => tick.data.some((row) => row.shard === '7')); i++) await sleep(100);
    const delivered = ticks.flatMap((tick) => tick.data).filter((row) => row.shard === '7');
    expect(delivered.map((row) => row._field).sort()).toEqual(['is_connected', 'latency_ms']);
    expect(ticks.every((tick) => tick.streamId === streamId)).toBe(true);
    // Each point is sent once: later ticks only carry what is newer.
    await sleep(1200);
    expect(ticks.flatMap((tick) => tick.data).filter((row) => row.shard === '7')).toHaveLength(2);

    const stopped = next(socket, 'stream-stopped');
    socket.emit('debug:stop-stream');
    expect(await stopped).toEqual({ streamId });
    const count = ticks.length;
    await sleep(2200);
    expect(ticks.length).toBe(count);
  });

  it('keeps at most one stream per socket, and stops it when the socket disconnects', async () => {
    const socket = connect(owner.cookieHeader());
    await connected(socket);
    const stoppedIds = collect(socket, 'stream-stopped');
    const first = next(socket, 'stream-started');
    socket.emit('debug:start-stream', { measurement: null, interval: 1000 });
    const one = await first;
    const second = next(socket, 'stream-started');
    socket.emit('debug:start-stream', { measurement: 'combat_events', interval: 1000, timeRange: '-1h', limit: 10 });
    const two = await second;
    expect(stoppedIds).toEqual([{ streamId: one.streamId }]);
    expect(two.streamId).not.toBe(one.streamId);

    expect(runningDebugStreams()).toBe(1);
    const audited = await sql<{ n: number }>(
      server.app,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'influx.debug_query_streamed'",
    );
    expect(audited[0]!.n).toBeGreaterThanOrEqual(2);
    socket.disconnect();
    for (let i = 0; i < 30 && runningDebugStreams() > 0; i++) await sleep(50);
    expect(runningDebugStreams()).toBe(0);
  });

  it('ends the connection, and its stream, once the admin logs out', async () => {
    (server.app.config.live as { sessionCheckMs: number }).sessionCheckMs = 200;
    const admin = await createTestAdmin(server.app);
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    const socket = connect(client.cookieHeader());
    await connected(socket);
    const started = next(socket, 'stream-started');
    socket.emit('debug:start-stream', { interval: 1000 });
    await started;
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await client.post('/api/admin/auth/logout');
    expect(await ended).toBe('io server disconnect');
    for (let i = 0; i < 30 && runningDebugStreams() > 0; i++) await sleep(50);
    expect(runningDebugStreams()).toBe(0);
  });

  it('ends the connection, and its stream, once the admin loses the InfluxDB manager permission', async () => {
    (server.app.config.live as { sessionCheckMs: number }).sessionCheckMs = 200;
    const admin = await createTestAdmin(server.app, { role: 'admin' });
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    const socket = connect(client.cookieHeader());
    await connected(socket);
    const started = next(socket, 'stream-started');
    socket.emit('debug:start-stream', { interval: 1000 });
    await started;
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await sql(server.app, 'UPDATE admin_users SET role = $2 WHERE id = $1', [admin.id, 'viewer']);
    expect(await ended).toBe('io server disconnect');
    for (let i = 0; i < 30 && runningDebugStreams() > 0; i++) await sleep(50);
    expect(runningDebugStreams()).toBe(0);
  });

  it('exports a debug query as JSON and CSV over HTTP', async () => {
    const json = await owner.post<string>('/api/admin/influx-debug/export', {
      query: 'SELECT * FROM combat_events',
      format: 'json',
    });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toHaveLength(10);
    const csv = await owner.post<string>('/api/admin/influx-debug/export', {
      query: 'SELECT * FROM combat_events',
      format: 'csv',
    });
    expect(csvObjects(csv.text)).toHaveLength(10);
    const missing = await owner.post('/api/admin/influx-debug/export', { query: '', format: 'csv' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(INFLUX_DEBUG_MESSAGES.enterQuery);
  });
});
