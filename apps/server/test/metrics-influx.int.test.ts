import { createServer } from 'node:net';
import type { MetricSample, MetricsHistory } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './helpers/http-client';
import {
  createTestEnvironment,
  OWNER,
  startTestApp,
  stopTestApp,
  TEST_INFLUX_URL,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';
import { until } from './helpers/wait';

const BASE = '/api/admin/metrics';
const INSTANCE = 'metrics-influx-1';
const SAMPLE_MS = 200;

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let metricsDatabase: string;

async function influxql(q: string) {
  const answer = await fetch(`${TEST_INFLUX_URL}/query?q=${encodeURIComponent(q)}`, { method: 'POST' });
  return (await answer.json()) as { results: { series?: { values: unknown[][] }[] }[] };
}

beforeAll(async () => {
  environment = await createTestEnvironment({ INSTANCE_ID: INSTANCE });
  metricsDatabase = `${environment.env.INFLUX_DATABASE}_metrics`;
  server = await startTestApp(environment.env, (config) => {
    config.metrics.sampleMs = SAMPLE_MS;
  });
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  // The first samples wait on the metrics database being created: under a loaded CI run that took past 5 s.
  await until(async () => {
    const answer = await owner.get<MetricsHistory>(`${BASE}/history?type=system&duration=3600`);
    return answer.body.series?.some((one) => one.instance === INSTANCE && one.points.length >= 2) ?? false;
  }, 20_000);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await influxql(`DROP DATABASE "${metricsDatabase}"`);
});

describe('metrics with InfluxDB 1.x configured', () => {
  it('writes each sample to a database of its own with a 30-day retention, tagged with the instance', async () => {
    const measurements = await influxql(`SHOW MEASUREMENTS ON "${metricsDatabase}"`);
    expect(measurements.results[0]!.series![0]!.values).toEqual([['guildhall_metrics']]);
    const policies = await influxql(`SHOW RETENTION POLICIES ON "${metricsDatabase}"`);
    expect(policies.results[0]!.series![0]!.values[0]![1]).toBe('720h0m0s');
    const tags = await influxql(`SHOW TAG VALUES ON "${metricsDatabase}" FROM "guildhall_metrics" WITH KEY = "instance"`);
    expect(tags.results[0]!.series![0]!.values).toEqual([['instance', INSTANCE]]);
    // The bot's database keeps only the bot's measurements.
    const bot = await influxql(`SHOW MEASUREMENTS ON "${environment.env.INFLUX_DATABASE}"`);
    expect(JSON.stringify(bot)).not.toContain('guildhall_metrics');
  });

  it('reports the InfluxDB round trip in the sample', async () => {
    const answer = await owner.get<{ sample: MetricSample }>(`${BASE}/current`);
    expect(answer.body.sample.values['services.influxdb_ms']).toBeGreaterThanOrEqual(0);
  });

  it('reads history from InfluxDB, grouped by time at the resolution of the range', async () => {
    for (const [duration, resolution] of [
      [3600, 5],
      [604_800, 60],
      [2_592_000, 600],
    ] as const) {
      const answer = await owner.get<MetricsHistory>(`${BASE}/history?type=system&duration=${duration}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ backend: 'influxdb', resolution, duration });
      const rss = answer.body.series.find((one) => one.instance === INSTANCE && one.metric === 'system.rss_bytes')!;
      expect(rss.points.length).toBeGreaterThan(0);
      expect(rss.points[0]![0] % (resolution * 1000)).toBe(0);
      expect(rss.points[0]![1]).toBeGreaterThan(10 * 1024 * 1024);
    }
    const http = await owner.get<MetricsHistory>(`${BASE}/history?type=http&duration=3600`);
    expect(http.body.series.some((one) => one.metric === 'http.requests_per_second')).toBe(true);
  });

  it('aggregates a metric with InfluxQL, overall and per process', async () => {
    const values: Record<string, number> = {};
    for (const aggregation of ['avg', 'min', 'max', 'sum', 'count', 'p95'] as const) {
      const answer = await owner.post<{ value: number; points: number; byInstance: { instance: string; value: number }[] }>(
        `${BASE}/custom-query`,
        { metric: 'system.rss_bytes', aggregation, timeRange: 3600 },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.points).toBeGreaterThan(0);
      expect(answer.body.byInstance).toEqual([{ instance: INSTANCE, value: expect.any(Number) }]);
      values[aggregation] = answer.body.value;
    }
    expect(values.min).toBeLessThanOrEqual(values.avg!);
    expect(values.avg).toBeLessThanOrEqual(values.max!);
    expect(values.p95).toBeLessThanOrEqual(values.max!);
    expect(values.sum).toBeCloseTo(values.avg! * values.count!, -3);
  });

  it('says the history is in InfluxDB, with the points and processes it holds', async () => {
    const answer = await owner.get<{
      backend: string;
      instances: string[];
      resolutions: { seconds: number; points: number; oldest: string | null }[];
    }>(`${BASE}/stats`);
    expect(answer.status).toBe(200);
    expect(answer.body.backend).toBe('influxdb');
    expect(answer.body.instances).toEqual([INSTANCE]);
    expect(answer.body.resolutions[0]!.points).toBeGreaterThanOrEqual(2);
    expect(Date.parse(answer.body.resolutions[0]!.oldest!)).toBeLessThanOrEqual(Date.now());
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('metrics with InfluxDB configured but down', () => {
  it('keeps sampling, logs the outage once, and answers history with 503', async () => {
    const down = await createTestEnvironment({ INFLUX_URL: `http://127.0.0.1:${await closedPort()}` });
    const app = await startTestApp(down.env, (config) => {
      // Long enough that the first write is tried after the spy is in place.
      config.metrics.sampleMs = 1000;
    });
    try {
      const warn = vi.spyOn(app.app.log, 'warn');
      const client = new HttpClient(app.url);
      await client.signIn(OWNER.username, OWNER.password);
      await new Promise((resolve) => setTimeout(resolve, 3300));
      const outage = warn.mock.calls.filter((call) => String(call[1]).startsWith('metrics history cannot be written'));
      expect(outage).toHaveLength(1);
      // Sampling goes on: the latest sample is from the last second or two.
      const current = await client.get<{ sample: MetricSample }>(`${BASE}/current`);
      expect(current.status).toBe(200);
      expect(Date.now() - Date.parse(current.body.sample.timestamp)).toBeLessThan(2500);
      expect(current.body.sample.values['services.influxdb_ms']).toBeUndefined();
      for (const path of ['/history', '/stats']) {
        const answer = await client.get(`${BASE}${path}`);
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      await stopTestApp(app, down);
    }
  });
});
