import { request as httpRequest } from 'node:http';
import {
  METRICS_STREAM_PATH,
  type MetricSample,
  type MetricsHistory,
  metricSample,
  metricsOfType,
  type RouteStats,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMetricsRollup } from '../src/modules/metrics/metrics-rollup';
import { SLOWEST_STATEMENTS_SQL } from '../src/modules/metrics/slow-queries';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

const BASE = '/api/admin/metrics';
const INSTANCE = 'metrics-test-1';
const SAMPLE_MS = 200;

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  // No INFLUX_URL: history goes to PostgreSQL.
  environment = await createTestEnvironment({ INFLUX_URL: '', INSTANCE_ID: INSTANCE });
  server = await startTestApp(environment.env, (config) => {
    config.metrics.sampleMs = SAMPLE_MS;
  });
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  // A few samples into history.
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS * 6));
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

const seriesOf = (history: MetricsHistory, instance: string) => history.series.filter((one) => one.instance === instance);

describe('metrics on PostgreSQL', () => {
  it('answers the latest sample of every metric this process measures, labelled with the instance', async () => {
    const answer = await owner.get<{ success: true; sample: MetricSample }>(`${BASE}/current`);
    expect(answer.status).toBe(200);
    const sample = metricSample.parse(answer.body.sample);
    expect(sample.instance).toBe(INSTANCE);
    expect(Date.now() - Date.parse(sample.timestamp)).toBeLessThan(5000);
    const { values } = sample;
    expect(values['system.cpu_percent']).toBeGreaterThanOrEqual(0);
    expect(values['system.memory_percent']).toBeGreaterThan(0);
    expect(values['system.rss_bytes']).toBeGreaterThan(10 * 1024 * 1024);
    expect(values['system.heap_used_bytes']).toBeGreaterThan(0);
    expect(values['system.load_1m']).toBeGreaterThanOrEqual(0);
    expect(values['system.event_loop_lag_ms']).toBeGreaterThan(0);
    expect(values['http.requests_per_second']).toBeGreaterThanOrEqual(0);
    expect(values['services.database_ms']).toBeGreaterThanOrEqual(0);
    expect(values['services.redis_ms']).toBeGreaterThanOrEqual(0);
    // InfluxDB is not configured here: no round trip to report.
    expect(values['services.influxdb_ms']).toBeUndefined();
    expect(values['sockets.connected']).toBe(0);
    // PostgreSQL through a pg pool: its connection counts.
    expect(values['database.pool_total']).toBeGreaterThanOrEqual(1);
    expect(values['database.pool_idle']).toBeGreaterThanOrEqual(0);
    expect(values['database.pool_waiting']).toBe(0);
  });

  it('reads the history of a group as one line per metric and process, at 5 s for an hour', async () => {
    const answer = await owner.get<MetricsHistory>(`${BASE}/history?type=system&duration=3600`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, type: 'system', duration: 3600, resolution: 5, backend: 'postgresql' });
    const mine = seriesOf(answer.body, INSTANCE);
    expect(mine.map((one) => one.metric).sort()).toEqual(metricsOfType('system').sort());
    const cpu = mine.find((one) => one.metric === 'system.cpu_percent')!;
    expect(cpu).toMatchObject({ label: 'CPU', unit: 'percent' });
    expect(cpu.points.length).toBeGreaterThan(0);
    const [time] = cpu.points[0]!;
    expect(time).toBeGreaterThanOrEqual(Date.parse(answer.body.from) - 5000);
    expect(time % 5000).toBe(0);
  });

  it('defaults to the system group over an hour, and refuses a duration out of range', async () => {
    const answer = await owner.get<MetricsHistory>(`${BASE}/history`);
    expect(answer.body).toMatchObject({ type: 'system', duration: 3600 });
    const refused = await owner.get(`${BASE}/history?type=system&duration=99999999`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false });
    expect((await owner.get(`${BASE}/history?type=nothing`)).status).toBe(400);
  });

  it('shows a fresh server’s samples on the 7-day and 30-day ranges, binned from the finer rows', async () => {
    for (const [duration, resolution] of [
      [604_800, 60],
      [2_592_000, 600],
    ] as const) {
      const answer = await owner.get<MetricsHistory>(`${BASE}/history?type=system&duration=${duration}`);
      expect(answer.body.resolution).toBe(resolution);
      const rss = seriesOf(answer.body, INSTANCE).find((one) => one.metric === 'system.rss_bytes')!;
      expect(rss.points.length).toBeGreaterThan(0);
      expect(rss.points[0]![0] % (resolution * 1000)).toBe(0);
    }
  });

  it('aggregates one catalogued metric over a range, overall and per process', async () => {
    for (const aggregation of ['avg', 'min', 'max', 'sum', 'count', 'p95'] as const) {
      const answer = await owner.post<{ value: number; points: number; byInstance: { instance: string; value: number }[] }>(
        `${BASE}/custom-query`,
        { metric: 'system.rss_bytes', aggregation, timeRange: 3600 },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.points).toBeGreaterThan(0);
      expect(answer.body.value).toBeGreaterThan(0);
      expect(answer.body.byInstance.map((one) => one.instance)).toContain(INSTANCE);
    }
    const count = await owner.post<{ value: number; points: number }>(`${BASE}/custom-query`, {
      metric: 'system.rss_bytes',
      aggregation: 'count',
    });
    expect(count.body.value).toBe(count.body.points);
    const [min, max] = await Promise.all(
      ['min', 'max'].map((aggregation) =>
        owner.post<{ value: number }>(`${BASE}/custom-query`, { metric: 'system.rss_bytes', aggregation }),
      ),
    );
    expect(min!.body.value).toBeLessThanOrEqual(max!.body.value);
  });

  it('refuses a metric outside the catalog and an unknown aggregation, so no free text reaches the database', async () => {
    const unknown = await owner.post(`${BASE}/custom-query`, { metric: 'pg_sleep(10)', aggregation: 'avg' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, fields: { metric: expect.any(String) } });
    const aggregation = await owner.post(`${BASE}/custom-query`, { metric: 'system.cpu_percent', aggregation: 'median' });
    expect(aggregation.status).toBe(400);
    const nothing = await owner.post<{ value: number | null; points: number }>(`${BASE}/custom-query`, {
      metric: 'database.pool_waiting',
      aggregation: 'max',
      timeRange: 60,
    });
    expect(nothing.status).toBe(200);
  });

  it('says where history is kept, how much of it, and what sampling costs', async () => {
    const answer = await owner.get<{
      backend: string;
      instance: string;
      instances: string[];
      sampleIntervalMs: number;
      resolutions: { seconds: number; keepSeconds: number; points: number; oldest: string | null }[];
      sampling: { samples: number; lastDurationMs: number; averageDurationMs: number };
      streams: { metrics: number; logs: number };
    }>(`${BASE}/stats`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ backend: 'postgresql', instance: INSTANCE, sampleIntervalMs: SAMPLE_MS });
    expect(answer.body.instances).toContain(INSTANCE);
    expect(answer.body.resolutions.map(({ seconds, keepSeconds }) => [seconds, keepSeconds])).toEqual([
      [5, 86_400],
      [60, 604_800],
      [600, 2_592_000],
    ]);
    expect(answer.body.resolutions[0]!.points).toBeGreaterThan(0);
    expect(answer.body.sampling.samples).toBeGreaterThanOrEqual(3);
    expect(answer.body.sampling.averageDurationMs).toBeGreaterThan(0);
    expect(answer.body.sampling.averageDurationMs).toBeLessThan(50);
    expect(answer.body.streams.metrics).toBe(0);
  });

  it('lists routes by their route template with rate, error rate and percentiles, slowest p95 first', async () => {
    for (let i = 0; i < 5; i++) await owner.get(`${BASE}/current`);
    await owner.get(`/api/admin/users/${crypto.randomUUID()}`);
    const answer = await owner.get<{ windowSeconds: number; routes: RouteStats[] }>(`${BASE}/routes`);
    expect(answer.status).toBe(200);
    expect(answer.body.windowSeconds).toBe(300);
    const current = answer.body.routes.find((one) => one.route === `${BASE}/current` && one.method === 'GET')!;
    expect(current.count).toBeGreaterThanOrEqual(5);
    expect(current.requestsPerSecond).toBeGreaterThan(0);
    expect(current.errorRate).toBe(0);
    expect(current.p50).toBeGreaterThan(0);
    expect(current.p99).toBeGreaterThanOrEqual(current.p50);
    // A path with an id is counted under its template, never per id.
    expect(answer.body.routes.some((one) => one.route === '/api/admin/users/:id')).toBe(true);
    expect(answer.body.routes.some((one) => /[0-9a-f]{8}-/.test(one.route))).toBe(false);
    const p95s = answer.body.routes.map((one) => one.p95);
    expect(p95s).toEqual([...p95s].sort((a, b) => b - a));
  });

  it('explains why slow queries are not available and gives the fix, while pg_stat_statements is not loaded', async () => {
    const answer = await owner.get<{ available: boolean; reason: string; fix: string; queries: unknown[] }>(
      `${BASE}/slow-queries`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.available).toBe(false);
    expect(answer.body.queries).toEqual([]);
    expect(answer.body.reason).toMatch(/shared_preload_libraries/);
    expect(answer.body.fix).toContain("shared_preload_libraries = 'pg_stat_statements'");
    expect(answer.body.fix).toContain('CREATE EXTENSION pg_stat_statements;');
    // Created but not preloaded, the view cannot answer: still unavailable, with the same fix.
    await sql(server.app, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const created = await owner.get<{ available: boolean; fix: string }>(`${BASE}/slow-queries?limit=5`);
    expect(created.body.available).toBe(false);
    expect(created.body.fix).toContain('shared_preload_libraries');
    // The statement the screen runs once it is loaded fits the installed extension's columns: planning it needs no
    // preload, so a renamed column (max_time before PostgreSQL 13) fails here rather than on an operator's server.
    const plan = await sql(server.app, `EXPLAIN ${SLOWEST_STATEMENTS_SQL}`, [5]);
    expect(plan.length).toBeGreaterThan(0);
  });

  it('refuses an admin without a monitoring permission', async () => {
    const support = await createTestAdmin(server.app, { role: 'support', permissions: [] });
    const client = new HttpClient(server.url);
    await client.signIn(support.username, support.password);
    expect((await client.get(`${BASE}/current`)).status).toBe(403);
    const monitor = await createTestAdmin(server.app, { role: 'viewer' });
    const allowed = new HttpClient(server.url);
    await allowed.signIn(monitor.username, monitor.password);
    expect((await allowed.get(`${BASE}/history`)).status).toBe(200);
  });
});

/** Reads server-sent events from GET /metrics/stream until told to stop. */
function openStream(query: string) {
  const events: { event: string; data: unknown; at: number }[] = [];
  let status = 0;
  let body = '';
  const request = httpRequest(new URL(`${METRICS_STREAM_PATH}${query}`, server.url), {
    headers: { cookie: owner.cookieHeader() },
  });
  const opened = new Promise<void>((resolve, reject) => {
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('error', () => undefined);
      resolve();
    });
    request.on('error', reject);
  });
  request.end();
  return {
    events,
    opened,
    get status() {
      return status;
    },
    get body() {
      return body;
    },
    close: () => request.destroy(),
  };
}

const openMetricStreams = async () => (await owner.get<{ streams: { metrics: number } }>(`${BASE}/stats`)).body.streams.metrics;

describe('the metrics event stream', () => {
  it('sends a sample at once, then one per interval, and counts itself until the client goes', async () => {
    const stream = openStream('?interval=1000');
    await stream.opened;
    expect(stream.status).toBe(200);
    await until(() => stream.events.length >= 1, 1000);
    const first = stream.events[0]!;
    expect(first.event).toBe('metrics');
    expect(metricSample.parse(first.data).instance).toBe(INSTANCE);
    await until(() => stream.events.length >= 2, 3000);
    expect(stream.events[1]!.at - first.at).toBeGreaterThanOrEqual(900);
    expect(await openMetricStreams()).toBe(1);
    stream.close();
    await until(async () => (await openMetricStreams()) === 0);
  });

  it('refuses an interval outside 1000-60000 ms with the error envelope', async () => {
    for (const interval of ['999', '60001', 'soon']) {
      const stream = openStream(`?interval=${interval}`);
      await stream.opened;
      expect(stream.status).toBe(400);
      await until(() => stream.body.length > 0);
      expect(JSON.parse(stream.body)).toMatchObject({ success: false, fields: { interval: expect.any(String) } });
    }
  });
});

describe('metrics history over the /admin socket', () => {
  it('answers the same history as HTTP through the acknowledgement, and keeps the dashboard’s snapshots', async () => {
    const socket = connectAdmin(server.url, owner.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      const snapshots = nextEvent(socket, 'metrics:history');
      socket.emit('request:metrics-history');
      expect(Array.isArray(await snapshots)).toBe(true);

      const answer = await new Promise<unknown>((resolve) =>
        socket.emit('request:metrics-history', { type: 'system', duration: 3600 }, resolve),
      );
      const overHttp = await owner.get<MetricsHistory>(`${BASE}/history?type=system&duration=3600`);
      const history = answer as MetricsHistory;
      expect(history).toMatchObject({ success: true, type: 'system', duration: 3600, resolution: 5, backend: 'postgresql' });
      expect(history.series.map((one) => `${one.metric} ${one.instance}`)).toEqual(
        overHttp.body.series.map((one) => `${one.metric} ${one.instance}`),
      );
      const refused = await new Promise<unknown>((resolve) =>
        socket.emit('request:metrics-history', { type: 'system', duration: 1 }, resolve),
      );
      expect(refused).toMatchObject({ success: false });
      // The open socket is counted in the next sample.
      await until(async () => {
        const current = await owner.get<{ sample: MetricSample }>(`${BASE}/current`);
        return current.body.sample.values['sockets.connected'] === 1;
      });
    } finally {
      socket.disconnect();
    }
  });
});

describe('several processes', () => {
  it('each write their own series, labelled by instance, into the same history', async () => {
    const second = await startTestApp({ ...environment.env, INSTANCE_ID: 'metrics-test-2' }, (config) => {
      config.metrics.sampleMs = SAMPLE_MS;
    });
    try {
      await until(async () => {
        const answer = await owner.get<MetricsHistory>(`${BASE}/history?type=sockets&duration=3600`);
        return answer.body.series.some((one) => one.instance === 'metrics-test-2');
      });
      const answer = await owner.get<MetricsHistory>(`${BASE}/history?type=sockets&duration=3600`);
      expect(answer.body.series.map((one) => one.instance).sort()).toEqual([INSTANCE, 'metrics-test-2']);
      const stats = await owner.get<{ instance: string; instances: string[] }>(`${BASE}/stats`);
      expect(stats.body.instance).toBe(INSTANCE);
      expect(stats.body.instances).toEqual(expect.arrayContaining([INSTANCE, 'metrics-test-2']));
    } finally {
      await second.close();
    }
  });
});

describe('downsampling and retention (injected clock)', () => {
  const MINUTE = 60_000;
  // A 10-minute window well in the past, so live samples do not mix in.
  const start = Math.floor((Date.now() - 3 * 3600_000) / (10 * MINUTE)) * 10 * MINUTE;
  const instance = 'rollup-test';

  const rowsAt = (resolution: number) =>
    sql<{ bucket: Date; value: number }>(
      server.app,
      `SELECT bucket, value FROM metric_points WHERE resolution = $1 AND instance = $2 AND metric = 'system.cpu_percent' ORDER BY bucket`,
      [resolution, instance],
    );

  it('averages completed minutes and 10-minute windows, idempotently, and deletes what is past its retention', async () => {
    // Minute m of the window holds twelve 5 s points of value m (and one of m + 1 in its middle, to be averaged).
    await sql(
      server.app,
      `INSERT INTO metric_points (resolution, metric, instance, bucket, value)
       SELECT 5, 'system.cpu_percent', $1, to_timestamp(($2::bigint + s * 5000) / 1000.0), floor(s / 12)
       FROM generate_series(0, 119) AS s`,
      [instance, start],
    );
    const now = new Date(start + 10 * MINUTE + 1000);
    // Rows past their retention at that time, and rows just inside it.
    const old = [
      [5, now.getTime() - 24 * 3600_000 - MINUTE],
      [5, now.getTime() - 23 * 3600_000],
      [60, now.getTime() - 7 * 86_400_000 - MINUTE],
      [60, now.getTime() - 6 * 86_400_000],
      [600, now.getTime() - 30 * 86_400_000 - 600_000],
      [600, now.getTime() - 29 * 86_400_000],
    ] as const;
    for (const [resolution, at] of old) {
      await sql(
        server.app,
        `INSERT INTO metric_points (resolution, metric, instance, bucket, value) VALUES ($1, 'system.load_1m', $2, $3, 1)`,
        [resolution, instance, new Date(at)],
      );
    }

    const result = await runMetricsRollup(server.app.services.db, now);
    expect(result).not.toBeNull();
    const minutes = await rowsAt(60);
    expect(minutes.map((row) => new Date(row.bucket).getTime())).toEqual(
      Array.from({ length: 10 }, (_, m) => start + m * MINUTE),
    );
    expect(minutes.map((row) => row.value)).toEqual(Array.from({ length: 10 }, (_, m) => m));
    const windows = await rowsAt(600);
    expect(windows).toHaveLength(1);
    expect(new Date(windows[0]!.bucket).getTime()).toBe(start);
    expect(windows[0]!.value).toBeCloseTo(4.5);

    const kept = await sql<{ resolution: number; bucket: Date }>(
      server.app,
      `SELECT resolution, bucket FROM metric_points WHERE instance = $1 AND metric = 'system.load_1m' ORDER BY resolution`,
      [instance],
    );
    expect(kept.map((row) => [row.resolution, new Date(row.bucket).getTime()])).toEqual(
      old.filter((_, i) => i % 2 === 1).map(([resolution, at]) => [resolution, at]),
    );
    expect(result!.deleted[5]).toBeGreaterThanOrEqual(1);
    expect(result!.deleted[60]).toBeGreaterThanOrEqual(1);
    expect(result!.deleted[600]).toBeGreaterThanOrEqual(1);

    // Run again, and a minute later: the same rows, the same values.
    await runMetricsRollup(server.app.services.db, now);
    await runMetricsRollup(server.app.services.db, new Date(now.getTime() + MINUTE));
    expect(await rowsAt(60)).toEqual(minutes);
    expect(await rowsAt(600)).toEqual(windows);
  });

  it('does not roll up the minute still running', async () => {
    const now = new Date(start + 10 * MINUTE + 30_000);
    await sql(
      server.app,
      `INSERT INTO metric_points (resolution, metric, instance, bucket, value) VALUES (5, 'system.cpu_percent', $1, $2, 50)`,
      [instance, new Date(start + 10 * MINUTE + 5000)],
    );
    await runMetricsRollup(server.app.services.db, now);
    expect((await rowsAt(60)).some((row) => new Date(row.bucket).getTime() === start + 10 * MINUTE)).toBe(false);
  });
});

describe('30 days of history', () => {
  // The < 200 ms target itself is measured by bench/monitoring-cost.ts on a quiet machine; here, beside the other
  // test files running in parallel, a ceiling five times higher catches a plan that stopped using the index.
  it('answers the 30-day range at 10-minute resolution, quickly', async () => {
    const instance = 'month-test';
    const metrics = metricsOfType('system');
    const now = Date.now();
    // 30 days of 10-minute rows and 7 days of 1-minute rows for every system metric, as the rollup leaves them.
    await sql(
      server.app,
      `INSERT INTO metric_points (resolution, metric, instance, bucket, value)
       SELECT r.resolution, m.metric, $1, date_bin(make_interval(secs => r.resolution), to_timestamp($2 / 1000.0), TIMESTAMPTZ '1970-01-01Z')
                - make_interval(secs => r.resolution * (s + 1)), random() * 100
       FROM unnest($3::text[]) AS m(metric)
       CROSS JOIN (VALUES (600, 4319), (60, 10079)) AS r(resolution, steps)
       CROSS JOIN LATERAL generate_series(0, r.steps) AS s`,
      [instance, now, metrics],
    );
    await sql(server.app, 'ANALYZE metric_points');
    // The best of three calls: the machine running the tests is shared, and a neighbour's burst is not our cost.
    let elapsed = Number.POSITIVE_INFINITY;
    let answer: Awaited<ReturnType<typeof owner.get<MetricsHistory>>> | undefined;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      answer = await owner.get<MetricsHistory>(`${BASE}/history?type=system&duration=2592000`);
      elapsed = Math.min(elapsed, performance.now() - started);
    }
    answer = answer!;
    expect(answer.status).toBe(200);
    expect(answer.body.resolution).toBe(600);
    const seeded = seriesOf(answer.body, instance);
    expect(seeded).toHaveLength(metrics.length);
    expect(seeded[0]!.points.length).toBeGreaterThanOrEqual(4319);
    expect(elapsed).toBeLessThan(1000);
  });
});
