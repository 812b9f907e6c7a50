import {
  INFLUX_DISPLAY_ROWS,
  INFLUX_MESSAGES,
  INFLUX_QUERY_ROW_CAP,
  type InfluxBucket,
  type InfluxField,
  type InfluxMeasurement,
  type InfluxPoint,
  type InfluxQueryResult,
  type InfluxRow,
  type InfluxStats,
  type InfluxTag,
  influxPointOf,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBucket } from '../src/modules/influx-manager/buckets';
import { detectEngine } from '../src/modules/influx-manager/engine';
import { countPoints } from '../src/modules/influx-manager/explore';
import { csvObjects } from './helpers/csv';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createInfluxDatabase, writeInfluxLines } from './helpers/influx';
import {
  startSignedInApp,
  startTestApp,
  stopTestApp,
  TEST_INFLUX_URL,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';

/** A query answer's rows (spec 2 §3: _time, _measurement, _field, _value and the tags) read back as points. */
const pointsOf = (answer: { data: InfluxRow[] }) => answer.data.map(influxPointOf);

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let database: string;
let bucket: string;

const BASE = '/api/admin/database/influxdb';
const GUILDS = Array.from({ length: 13 }, (_, i) => `guild-${String(i + 1).padStart(2, '0')}`);
const BULK_POINTS = INFLUX_QUERY_ROW_CAP + 500;

/** Writes line protocol straight to the test's InfluxDB database, as the bot would. */
const write = (lines: string[]) => writeInfluxLines(database, lines);

async function influxql(q: string) {
  await fetch(`${TEST_INFLUX_URL}/query?q=${encodeURIComponent(q)}`, { method: 'POST' });
}

type Answer<T> = { success: true; configured: true } & T;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp({ QUERY_TIMEOUT_MS: '10000' }));
  database = environment.env.INFLUX_DATABASE!;
  bucket = `${database}/autogen`;
  await createInfluxDatabase(database);
  const now = Date.now() - 60_000;
  // 26 combat events over 13 guilds: every guild twice, two event types.
  const combat = GUILDS.flatMap((guild, i) => [
    `combat_events,guild_id=${guild},event_type=SPELL_DAMAGE amount=${1000 + i}i,source="Thrall",crit=true,ratio=0.5 ${now - i * 1000}`,
    `combat_events,guild_id=${guild},event_type=SPELL_HEAL amount=${2000 + i}i,source="=cmd|calc",crit=false,ratio=1.25 ${now - i * 1000 - 500}`,
  ]);
  const health = [0, 1, 2].map((i) => `bot_health,shard=0 latency_ms=${40 + i},guilds=3i,is_connected=true ${now - i * 10_000}`);
  const bulk = Array.from({ length: BULK_POINTS }, (_, i) => `bulk_points value=${i} ${now - 3_000_000 + i}`);
  const weird = [`we\\"ird\\ m,ta\\ g=it's v=1 ${now}`];
  await write([...combat, ...health, ...weird]);
  for (let i = 0; i < bulk.length; i += 5000) await write(bulk.slice(i, i + 5000));
}, 60_000);

afterAll(async () => {
  if (database) await influxql(`DROP DATABASE "${database}"`);
  await stopTestApp(server, environment);
});

describe('time-series manager on InfluxDB 1.x', () => {
  it('says which engine it talks to and which languages it speaks', async () => {
    const answer = await owner.get<Answer<{ engine: { major: number; languages: string[]; defaultBucket: string } }>>(
      `${BASE}/status`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.configured).toBe(true);
    expect(answer.body.engine).toMatchObject({ major: 1, languages: ['influxql'], defaultBucket: bucket, organization: null });
  });

  it('lists buckets as database/retention-policy pairs with retention and no organization', async () => {
    const answer = await owner.get<Answer<{ buckets: InfluxBucket[] }>>(`${BASE}/buckets`);
    expect(answer.status).toBe(200);
    expect(answer.body.buckets[0]).toEqual({
      name: bucket,
      id: null,
      retentionPolicy: 'infinite',
      retentionSeconds: 0,
      organization: null,
      isDefault: true,
      isEditable: true,
    });
  });

  it('lists measurements with their point counts over the time range', async () => {
    const answer = await owner.get<Answer<{ measurements: InfluxMeasurement[] }>>(
      `${BASE}/measurements?bucket=${encodeURIComponent(bucket)}&timeRange=-24h`,
    );
    expect(answer.status).toBe(200);
    const byName = Object.fromEntries(answer.body.measurements.map((m) => [m.name, m]));
    expect(byName.combat_events).toEqual({ name: 'combat_events', count: 26, isEstimate: false });
    expect(byName.bot_health!.count).toBe(3);
    expect(byName.bulk_points!.count).toBe(BULK_POINTS);
    const recent = await owner.get<Answer<{ measurements: InfluxMeasurement[] }>>(
      `${BASE}/measurements?bucket=${encodeURIComponent(bucket)}&timeRange=-15m`,
    );
    expect(recent.body.measurements.find((m) => m.name === 'bulk_points')!.count).toBe(0);
  });

  it('marks counts as estimates when an exact count would take too long', async () => {
    const influx = server.app.services.influx!;
    const engine = await detectEngine(influx);
    const target = await resolveBucket(influx, engine, bucket);
    // A budget nobody can meet stands in for a bucket of ten million points: the newest 1/100 of the range is counted.
    const counts = await countPoints(influx, engine, target, '-24h', 1);
    expect(counts.isEstimate).toBe(true);
    expect(counts.counts.get('combat_events')).toBe(26 * 100);
    // Meanwhile the full count ran in the background: later calls answer it, still marked as an estimate.
    let later = counts;
    for (let i = 0; i < 50 && later.counts.get('combat_events') !== 26; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      later = await countPoints(influx, engine, target, '-24h', 1);
    }
    expect(later).toMatchObject({ isEstimate: true });
    expect(later.counts.get('combat_events')).toBe(26);
  });

  it('shows the first 10 values of a tag and how many more there are', async () => {
    const answer = await owner.get<Answer<{ tags: InfluxTag[] }>>(
      `${BASE}/tags?bucket=${encodeURIComponent(bucket)}&measurement=combat_events&timeRange=-1h`,
    );
    expect(answer.status).toBe(200);
    const guild = answer.body.tags.find((tag) => tag.name === 'guild_id')!;
    expect(guild.values).toEqual(GUILDS.slice(0, 10));
    expect(guild.moreCount).toBe(3);
    expect(answer.body.tags.find((tag) => tag.name === 'event_type')).toEqual({
      name: 'event_type',
      values: ['SPELL_DAMAGE', 'SPELL_HEAL'],
      moreCount: 0,
    });
  });

  it('lists fields with their types', async () => {
    const answer = await owner.get<Answer<{ fields: InfluxField[] }>>(
      `${BASE}/fields?bucket=${encodeURIComponent(bucket)}&measurement=combat_events&timeRange=-1h`,
    );
    expect(answer.body.fields).toEqual([
      { name: 'amount', type: 'integer' },
      { name: 'crit', type: 'boolean' },
      { name: 'ratio', type: 'float' },
      { name: 'source', type: 'string' },
    ]);
  });

  it('generates a query limited to 1000 points that runs and returns the ticked tags and fields', async () => {
    const generated = await owner.post<{ query: string; language: string }>(`${BASE}/generate-query`, {
      bucket,
      measurement: 'combat_events',
      timeRange: '-1h',
      tags: [{ name: 'guild_id', values: ['guild-01', 'guild-02'] }],
      fields: ['amount'],
    });
    expect(generated.status).toBe(200);
    expect(generated.body.query).toContain('LIMIT 1000');
    const run = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, { query: generated.body.query });
    expect(run.status).toBe(200);
    const result = run.body;
    expect(result.totalPoints).toBe(4);
    expect(result.isCapped).toBe(false);
    for (const row of pointsOf(result)) {
      expect(row.measurement).toBe('combat_events');
      expect(row.field).toBe('amount');
      expect(typeof row.value).toBe('number');
      expect(['guild-01', 'guild-02']).toContain(row.tags.guild_id);
      expect(row.tags.event_type).toMatch(/^SPELL_/);
      expect(Date.parse(row.time!)).toBeGreaterThan(Date.now() - 3_600_000);
    }
    // Newest first.
    const times = pointsOf(result).map((row) => Date.parse(row.time!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("answers as spec 2 §3's Query result: data rows of _time, _measurement, _field, _value and the tags, length, error and duration", async () => {
    const answer = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SELECT * FROM bot_health',
      language: 'influxql',
      bucket,
    });
    const result = answer.body;
    // 3 points × 3 fields; shard is a tag, not a field.
    expect(result.data).toHaveLength(9);
    expect(result.length).toBe(9);
    expect(result.error).toBeNull();
    expect(result.duration).toBeGreaterThan(0);
    expect(result.data[0]).toEqual({
      _time: expect.any(String),
      _measurement: 'bot_health',
      _field: expect.any(String),
      _value: expect.anything(),
      shard: '0',
    });
    expect(new Set(result.data.map((row) => row._field))).toEqual(new Set(['guilds', 'is_connected', 'latency_ms']));
    expect(result).toMatchObject({ totalPoints: 9, shownPoints: 9, isCapped: false, language: 'influxql' });
  });

  it('stops reading at the row cap and says there are more', async () => {
    const answer = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SELECT value FROM bulk_points',
    });
    expect(answer.status).toBe(200);
    const result = answer.body;
    expect(pointsOf(result)).toHaveLength(INFLUX_QUERY_ROW_CAP);
    expect(result).toMatchObject({ totalPoints: INFLUX_QUERY_ROW_CAP, shownPoints: INFLUX_DISPLAY_ROWS, isCapped: true });
    expect(INFLUX_MESSAGES.showingFirst(result.shownPoints, result.totalPoints, result.isCapped)).toBe(
      'Showing first 100 data points of more than 10,000',
    );
  });

  it('answers an empty result and a refused statement clearly', async () => {
    const empty = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, {
      query: 'SELECT * FROM combat_events WHERE time > now() + 1h',
    });
    expect(empty.body).toMatchObject({ data: [], length: 0, totalPoints: 0, shownPoints: 0 });
    const bad = await owner.post(`${BASE}/query`, { query: 'SELECT FROM' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/error parsing query/);
    const flux = await owner.post(`${BASE}/query`, { query: 'from(bucket: "x") |> range(start: -1h)', language: 'flux' });
    expect(flux.status).toBe(400);
    expect(flux.body.error).toBe(INFLUX_MESSAGES.fluxNotSupported);
    // Nor is a Flux query generated for a server that cannot run it.
    const generated = await owner.post(`${BASE}/generate-query`, { bucket, measurement: 'combat_events', language: 'flux' });
    expect(generated.status).toBe(400);
    expect(generated.body.error).toBe(INFLUX_MESSAGES.fluxNotSupported);
  });

  it('refuses writes and second statements, and treats names from the browser as data', async () => {
    for (const query of [
      'SELECT * INTO copy FROM combat_events',
      `DROP DATABASE "${database}"`,
      `SELECT * FROM combat_events; DROP DATABASE "${database}"`,
    ]) {
      const answer = await owner.post(`${BASE}/query`, { query });
      expect(answer.status, query).toBe(400);
    }
    const injected = encodeURIComponent(`combat_events"; DROP DATABASE "${database}`);
    const tags = await owner.get<Answer<{ tags: InfluxTag[] }>>(
      `${BASE}/tags?bucket=${encodeURIComponent(bucket)}&measurement=${injected}&timeRange=-1h`,
    );
    expect(tags.status).toBe(200);
    expect(tags.body.tags).toEqual([]);
    const unknownBucket = await owner.get(
      `${BASE}/measurements?bucket=${encodeURIComponent(`${database}" ; DROP`)}&timeRange=-1h`,
    );
    expect(unknownBucket.status).toBe(404);
    expect(unknownBucket.body.error).toBe(INFLUX_MESSAGES.bucketNotFound(`${database}" ; DROP`));
    // A measurement and tag whose names hold a quote and a space, and a value with an apostrophe, round-trip.
    const weirdTags = await owner.get<Answer<{ tags: InfluxTag[] }>>(
      `${BASE}/tags?bucket=${encodeURIComponent(bucket)}&measurement=${encodeURIComponent('we"ird m')}&timeRange=-1h`,
    );
    expect(weirdTags.body.tags).toEqual([{ name: 'ta g', values: ["it's"], moreCount: 0 }]);
    const generated = await owner.post<{ query: string }>(`${BASE}/generate-query`, {
      bucket,
      measurement: 'we"ird m',
      tags: [{ name: 'ta g', values: ["it's"] }],
    });
    const run = await owner.post<Answer<InfluxQueryResult>>(`${BASE}/query`, { query: generated.body.query });
    expect(pointsOf(run.body)).toEqual([
      { time: expect.any(String), measurement: 'we"ird m', field: 'v', value: 1, tags: { 'ta g': "it's" } },
    ]);
    // The database is still there.
    const still = await owner.get<Answer<{ buckets: InfluxBucket[] }>>(`${BASE}/buckets`);
    expect(still.body.buckets.some((b) => b.name === bucket)).toBe(true);
  });

  it('exports a whole result as CSV and JSON that parse back to the same points', async () => {
    const query = 'SELECT * FROM combat_events';
    const csv = await owner.post<string>(`${BASE}/export`, { query, format: 'csv', bucket });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="influx-export-.*\.csv"/);
    const records = csvObjects(csv.text);
    expect(records).toHaveLength(26 * 4);
    const heal = records.find((record) => record.field === 'source' && record.value !== 'Thrall')!;
    // A text that would start a spreadsheet formula is neutralised.
    expect(heal.value).toBe("'=cmd|calc");
    expect(JSON.parse(heal.tags!)).toMatchObject({ event_type: 'SPELL_HEAL' });
    const json = await owner.post<unknown>(`${BASE}/export`, { query, format: 'json' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const points = JSON.parse(json.text) as InfluxPoint[];
    expect(points).toHaveLength(26 * 4);
    expect(points.filter((point) => point.field === 'amount').every((point) => typeof point.value === 'number')).toBe(true);
    // More than the query cap: the export streams everything.
    const bulk = await owner.post<string>(`${BASE}/export`, { query: 'SELECT value FROM bulk_points', format: 'csv' });
    expect(csvObjects(bulk.text)).toHaveLength(BULK_POINTS);
    const refused = await owner.post(`${BASE}/export`, { query: '', format: 'csv' });
    expect(refused.status).toBe(400);
    const failing = await owner.post(`${BASE}/export`, { query: 'SELECT FROM', format: 'csv' });
    expect(failing.status).toBe(400);
  });

  it('audits every query and export', async () => {
    const rows = await sql<{ action: string; details: { query: string } }>(
      server.app,
      "SELECT action, details FROM audit_log WHERE action LIKE 'influx.%' ORDER BY created_at",
    );
    expect(rows.some((row) => row.action === 'influx.query_run' && row.details.query === 'SELECT * FROM bot_health')).toBe(true);
    expect(rows.some((row) => row.action === 'influx.query_exported')).toBe(true);
  });

  it('shows statistics: buckets, data points and uptime', async () => {
    const answer = await owner.get<Answer<InfluxStats>>(`${BASE}/stats`);
    expect(answer.status).toBe(200);
    const stats = answer.body;
    expect(stats.buckets).toBeGreaterThanOrEqual(1);
    expect(stats.totalPoints).toBe(26 + 3 + BULK_POINTS + 1);
    expect(stats.isEstimate).toBe(false);
    expect(stats.measurements).toBe(4);
    expect(stats.uptimeSeconds).toBeGreaterThan(0);
    expect(stats.uptime).toMatch(/\d+m/);
  });

  it('changes a retention period, audited, and passes on what InfluxDB refuses', async () => {
    const changed = await owner.request<{ bucket: InfluxBucket; message: string }>('PUT', `${BASE}/retention`, {
      body: { bucket, retention: '30d' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.bucket).toMatchObject({ name: bucket, retentionPolicy: '30d', retentionSeconds: 30 * 86_400 });
    expect(changed.body.message).toBe(`Retention of ${bucket} set to 30d`);
    const listed = await owner.get<Answer<{ buckets: InfluxBucket[] }>>(`${BASE}/retention`);
    expect(listed.body.buckets.find((b) => b.name === bucket)!.retentionPolicy).toBe('30d');
    const audit = await sql<{ details: { from: string; to: string } }>(
      server.app,
      "SELECT details FROM audit_log WHERE action = 'influx.retention_changed'",
    );
    expect(audit[0]!.details).toEqual({ from: 'infinite', to: '30d' });
    // Shorter than the shard group (7 days): InfluxDB refuses and the answer says why.
    const refused = await owner.request('PUT', `${BASE}/retention`, { body: { bucket, retention: '2h' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(INFLUX_MESSAGES.retentionBelowShardGroup(bucket, '7d'));
    expect(refused.body.fields).toEqual({ retention: refused.body.error });
    const invalid = await owner.request('PUT', `${BASE}/retention`, { body: { bucket, retention: 'forever and ever' } });
    expect(invalid.status).toBe(400);
    const back = await owner.request('PUT', `${BASE}/retention`, { body: { bucket, retention: 'infinite' } });
    expect(back.body).toMatchObject({ bucket: { retentionPolicy: 'infinite' } });
  });

  it('is for admins with full access only', async () => {
    const limited = await createTestAdmin(server.app, { role: 'operator' });
    const client = new HttpClient(server.url);
    await client.signIn(limited.username, limited.password);
    expect((await client.get(`${BASE}/buckets`)).status).toBe(403);
    expect((await client.post(`${BASE}/query`, { query: 'SHOW DATABASES' })).status).toBe(403);
    expect((await new HttpClient(server.url).get(`${BASE}/status`)).status).toBe(401);
  });
});

describe('time-series manager without a reachable InfluxDB', () => {
  it('answers 503 with a clear message when InfluxDB is configured but down, and the rest keeps working', async () => {
    const down = await startTestApp({ ...environment.env, INFLUX_URL: 'http://127.0.0.1:1' });
    try {
      const client = new HttpClient(down.url);
      await client.signIn('owner', 'owner-Password-123');
      for (const path of [`${BASE}/status`, `${BASE}/buckets`, `${BASE}/stats`]) {
        const answer = await client.get(path);
        expect(answer.status, path).toBe(503);
        expect(answer.body.error).toBe('InfluxDB is not reachable at http://127.0.0.1:1');
      }
      const query = await client.post(`${BASE}/query`, { query: 'SHOW DATABASES' });
      expect(query.status).toBe(503);
      expect((await client.get('/api/admin/auth/me')).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('says how to connect one when none is configured', async () => {
    const bare = await startTestApp({ ...environment.env, INFLUX_URL: '' });
    try {
      const client = new HttpClient(bare.url);
      await client.signIn('owner', 'owner-Password-123');
      for (const path of [`${BASE}/status`, `${BASE}/buckets`, `${BASE}/stats`, `${BASE}/retention`]) {
        const answer = await client.get<{ configured: boolean; setup: { message: string; settings: { v1: string[] } } }>(path);
        expect(answer.status, path).toBe(200);
        expect(answer.body.configured).toBe(false);
        expect(answer.body.setup.message).toBe(INFLUX_MESSAGES.notConfigured);
        expect(answer.body.setup.settings.v1).toContain('INFLUX_DATABASE');
      }
      const query = await client.post<{ configured: boolean }>(`${BASE}/query`, { query: 'SHOW DATABASES' });
      expect(query.body.configured).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
