import {
  INFLUX_MESSAGES,
  type InfluxBucket,
  type InfluxQueryResult,
  type InfluxRow,
  type InfluxStats,
  influxPointOf,
  influxQuickQueries,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLUX_ALLOWED_IMPORTS } from '../src/modules/influx-manager/flux-guard';
import { InfluxV2Fake } from './fakes/influx-v2-fake';
import { csvObjects } from './helpers/csv';
import { insertGuild } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

/** A query answer's rows (spec 2 §3: _time, _measurement, _field, _value and the tags) read back as points. */
const pointsOf = (answer: { data: InfluxRow[] }) => answer.data.map(influxPointOf);

let fake: InfluxV2Fake;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

const BASE = '/api/admin/database/influxdb';
const INTERPOLATION = ['$', '{x}'].join('');
type Answer<T> = { success: true; configured: true } & T;

beforeAll(async () => {
  fake = await new InfluxV2Fake().start();
  ({ environment, server, owner } = await startSignedInApp({
    INFLUX_URL: fake.baseUrl,
    INFLUX_TOKEN: fake.token,
    INFLUX_ORG: fake.org.name,
    INFLUX_BUCKET: 'guildhall',
  }));
  fake.points = [
    { measurement: 'bot_health', field: 'latency_ms', value: 42.5, tags: { shard: '0' }, time: '2026-11-23T10:00:00Z' },
    { measurement: 'bot_health', field: 'latency_ms', value: 40.25, tags: { shard: '0' }, time: '2026-11-23T10:00:05Z' },
    { measurement: 'bot_health', field: 'guilds', value: 3, isInteger: true, tags: { shard: '0' }, time: '2026-11-23T10:00:00Z' },
    { measurement: 'bot_health', field: 'is_connected', value: true, tags: { shard: '0' }, time: '2026-11-23T10:00:00Z' },
    {
      measurement: 'combat_events',
      field: 'target',
      value: 'Boss, "the big one"',
      tags: { event_type: 'SPELL_DAMAGE', guild_id: 'g1' },
      time: '2026-11-23T09:59:00.123456789Z',
    },
  ];
}, 60_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake?.stop();
});

describe('time-series manager on InfluxDB 2.x (loopback fake of its HTTP API)', () => {
  it('detects 2.x and offers Flux and InfluxQL', async () => {
    const answer = await owner.get<Answer<{ engine: Record<string, unknown> }>>(`${BASE}/status`);
    expect(answer.body.engine).toMatchObject({
      version: 'v2.7.4',
      major: 2,
      languages: ['flux', 'influxql'],
      defaultLanguage: 'flux',
      defaultBucket: 'guildhall',
      organization: 'guildhall-org',
    });
  });

  it('lists native buckets with retention and organization; system buckets are not editable', async () => {
    const answer = await owner.get<Answer<{ buckets: InfluxBucket[] }>>(`${BASE}/buckets`);
    expect(answer.body.buckets).toEqual([
      {
        name: 'guildhall',
        id: 'b000000000000001',
        retentionPolicy: '30d',
        retentionSeconds: 2_592_000,
        organization: 'guildhall-org',
        isDefault: true,
        isEditable: true,
      },
      expect.objectContaining({ name: '_monitoring', retentionPolicy: '7d', isEditable: false }),
      expect.objectContaining({ name: 'archive', retentionPolicy: 'infinite', retentionSeconds: 0 }),
    ]);
    const request = fake.requests.find((one) => one.path === '/api/v2/buckets')!;
    expect(request.authorization).toBe(`Token ${fake.token}`);
    expect(request.query.get('org')).toBe('guildhall-org');
  });

  it("turns a Flux query's annotated CSV into rows with typed values and tags", async () => {
    const query = influxQuickQueries('flux', 'guildhall')[2]!.query;
    const answer = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, { query, language: 'flux' });
    expect(answer.status).toBe(200);
    const result = answer.body;
    expect(result).toMatchObject({ totalPoints: 5, shownPoints: 5, isCapped: false, language: 'flux' });
    expect(pointsOf(result)).toEqual([
      { time: '2026-11-23T10:00:00Z', measurement: 'bot_health', field: 'latency_ms', value: 42.5, tags: { shard: '0' } },
      { time: '2026-11-23T10:00:05Z', measurement: 'bot_health', field: 'latency_ms', value: 40.25, tags: { shard: '0' } },
      { time: '2026-11-23T10:00:00Z', measurement: 'bot_health', field: 'guilds', value: 3, tags: { shard: '0' } },
      { time: '2026-11-23T10:00:00Z', measurement: 'bot_health', field: 'is_connected', value: true, tags: { shard: '0' } },
      {
        time: '2026-11-23T09:59:00.123456789Z',
        measurement: 'combat_events',
        field: 'target',
        value: 'Boss, "the big one"',
        tags: { event_type: 'SPELL_DAMAGE', guild_id: 'g1' },
      },
    ]);
    const sent = fake.requests.filter((one) => one.path === '/api/v2/query').at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ query, type: 'flux' });
  });

  it("passes on Flux's errors, whether as an HTTP status or as an error table", async () => {
    fake.nextHttpError = { status: 400, message: 'compilation failed: error at @1:1-1:5: undefined identifier frm' };
    const http = await owner.post(`${BASE}/query`, { query: 'frm(bucket: "x")', language: 'flux' });
    expect(http.status).toBe(400);
    expect(http.body.error).toBe('compilation failed: error at @1:1-1:5: undefined identifier frm');
    fake.nextFluxError = 'runtime error @2:6-2:29: range: bucket "nope" not found';
    const table = await owner.post(`${BASE}/query`, { query: 'from(bucket: "nope") |> range(start: -1h)', language: 'flux' });
    expect(table.status).toBe(400);
    expect(table.body.error).toBe('runtime error @2:6-2:29: range: bucket "nope" not found');
    const write = await owner.post(`${BASE}/query`, {
      query: 'from(bucket: "guildhall") |> range(start: -1h) |> to(bucket: "archive")',
      language: 'flux',
    });
    expect(write.status).toBe(400);
  });

  it("answers a guild's combat logs that InfluxDB refuses with 502 SERVICE_REFUSED, not as a service that is down", async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Refused Raiders' });
    fake.nextInfluxQLError = 'error parsing query: found EOF';
    const answer = await owner.get(`/api/admin/guilds/${guildId}/combat-logs`);
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      success: false,
      code: 'SERVICE_REFUSED',
      error: 'InfluxDB refused the query: error parsing query: found EOF',
    });
  });

  it('refuses Flux that writes, imports a network package or names another server, before InfluxDB sees it', async () => {
    const read = 'from(bucket: "guildhall") |> range(start: -1h)';
    const refused: [string, string][] = [
      [`t = to\n${read} |> t(bucket: "archive")`, INFLUX_MESSAGES.fluxRefusedName('to')],
      [`x = {f: to}\n${read} |> x.f(bucket: "archive")`, INFLUX_MESSAGES.fluxRefusedName('to')],
      [
        `import "experimental"\n${read} |> experimental.to(bucket: "archive")`,
        INFLUX_MESSAGES.fluxImport('experimental', FLUX_ALLOWED_IMPORTS),
      ],
      [
        'import "sql"\nsql.from(driverName: "postgres", dataSourceName: "postgres://x", query: "select 1")',
        INFLUX_MESSAGES.fluxImport('sql', FLUX_ALLOWED_IMPORTS),
      ],
      ['import "http"\nhttp.post(url: "http://127.0.0.1:1/")', INFLUX_MESSAGES.fluxImport('http', FLUX_ALLOWED_IMPORTS)],
      [
        'import "experimental/http"\nhttp.get(url: "http://169.254.169.254/")',
        INFLUX_MESSAGES.fluxImport('experimental/http', FLUX_ALLOWED_IMPORTS),
      ],
      ['import "socket"\nsocket.from(url: "tcp://127.0.0.1:6379")', INFLUX_MESSAGES.fluxImport('socket', FLUX_ALLOWED_IMPORTS)],
      [
        'import "array"\narray.from(rows: [{_value: 1}]) |> to(bucket: "x")',
        INFLUX_MESSAGES.fluxImport('array', FLUX_ALLOWED_IMPORTS),
      ],
      ['from(bucket: "b", host: "http://169.254.169.254")', INFLUX_MESSAGES.fluxRefusedName('host')],
      ['from(bucket: "b", "host": "http://169.254.169.254")', INFLUX_MESSAGES.fluxStringKey],
      [`${read} |> filter(fn: (r) => r._field == "\${to}")`, INFLUX_MESSAGES.fluxInterpolation],
    ];
    const before = fake.requests.filter((request) => request.path === '/api/v2/query').length;
    for (const [query, message] of refused) {
      for (const path of [`${BASE}/query`, `${BASE}/export`, '/api/admin/influx-debug/export']) {
        const answer = await owner.post(path, { query, language: 'flux', format: 'csv' });
        expect(answer.status, `${path}: ${query}`).toBe(400);
        expect(answer.body.error, query).toBe(message);
      }
    }
    expect(fake.requests.filter((request) => request.path === '/api/v2/query')).toHaveLength(before);
    // A read with a column named host, a regex and an allowed import still runs.
    const allowed = await owner.post(`${BASE}/query`, {
      query: `import "strings"\n${read} |> filter(fn: (r) => r.host =~ /^to\\/x$/ and strings.hasPrefix(v: r._field, prefix: "l"))`,
      language: 'flux',
    });
    expect(allowed.status).toBe(200);
  });

  it('stops a query at the server-side timeout and says so', async () => {
    const config = server.app.config as { queryTimeoutMs: number };
    const saved = config.queryTimeoutMs;
    config.queryTimeoutMs = 300;
    fake.nextDelayMs = 1500;
    try {
      const started = performance.now();
      const answer = await owner.post(`${BASE}/query`, {
        query: 'from(bucket: "guildhall") |> range(start: -1h)',
        language: 'flux',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('The query did not finish within 300 ms');
      expect(performance.now() - started).toBeLessThan(1400);
    } finally {
      config.queryTimeoutMs = saved;
    }
  });

  it('runs InfluxQL through the v1-compatible /query', async () => {
    const answer = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SELECT * FROM "bot_health"',
      language: 'influxql',
      bucket: 'guildhall',
    });
    expect(answer.status).toBe(200);
    expect(pointsOf(answer.body)).toContainEqual({
      time: '2026-11-23T10:00:00Z',
      measurement: 'bot_health',
      field: 'latency_ms',
      value: 42.5,
      tags: { shard: '0' },
    });
    const sent = fake.requests.filter((one) => one.path === '/query' && one.query.get('q')!.startsWith('SELECT')).at(-1)!;
    expect(sent.query.get('db')).toBe('guildhall');
    expect(sent.query.get('chunked')).toBe('true');
  });

  it('generates Flux with names as string literals', async () => {
    const answer = await owner.post<{ query: string }>(`${BASE}/generate-query`, {
      bucket: 'guildhall',
      measurement: 'bot"health',
      timeRange: '-6h',
      // Flux interpolates ${…} inside strings: a value holding it must stay text.
      tags: [{ name: 'shard', values: ['0', INTERPOLATION] }],
      fields: ['latency_ms'],
      language: 'flux',
    });
    expect(answer.body.query).toBe(
      [
        'from(bucket: "guildhall")',
        '  |> range(start: -6h)',
        '  |> filter(fn: (r) => r._measurement == "bot\\"health")',
        `  |> filter(fn: (r) => r["shard"] == "0" or r["shard"] == "\\${INTERPOLATION}")`,
        '  |> filter(fn: (r) => r._field == "latency_ms")',
        '  |> group()',
        '  |> sort(columns: ["_time"], desc: true)',
        '  |> limit(n: 1000)',
      ].join('\n'),
    );
  });

  it('exports a Flux result as CSV', async () => {
    const csv = await owner.post<string>(`${BASE}/export`, {
      query: 'from(bucket: "guildhall") |> range(start: -1h)',
      language: 'flux',
      format: 'csv',
    });
    expect(csv.status).toBe(200);
    const records = csvObjects(csv.text);
    expect(records).toHaveLength(5);
    expect(records[4]).toMatchObject({ measurement: 'combat_events', value: 'Boss, "the big one"' });
  });

  it('reads uptime from /metrics and changes a retention with PATCH', async () => {
    const stats = await owner.get<Answer<InfluxStats>>(`${BASE}/stats`);
    expect(stats.body).toMatchObject({ buckets: 3, uptimeSeconds: 93_785, uptime: '1d 2h 3m', version: 'v2.7.4' });
    const changed = await owner.request<{ bucket: InfluxBucket }>('PUT', `${BASE}/retention`, {
      body: { bucket: 'guildhall', retention: '90d' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.bucket).toMatchObject({ name: 'guildhall', retentionPolicy: '90d', organization: 'guildhall-org' });
    expect(fake.buckets[0]!.retentionRules).toEqual([{ type: 'expire', everySeconds: 90 * 86_400 }]);
    const system = await owner.request('PUT', `${BASE}/retention`, { body: { bucket: '_monitoring', retention: '1d' } });
    expect(system.status).toBe(409);
  });
});
