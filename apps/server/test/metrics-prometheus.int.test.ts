import { createRequire } from 'node:module';
import { PROMETHEUS_PATH } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startIsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

/** One metric family as parse-prometheus-text-format reads the text format. */
interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
}
const parsePrometheusText = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => MetricFamily[];

const TOKEN = 'scrape-token-0123456789-abcdefghijklmnop';
let scraped: IsolatedApp & { owner: HttpClient };
let off: IsolatedApp;

beforeAll(async () => {
  [scraped, off] = await Promise.all([startSignedInApp({ METRICS_TOKEN: TOKEN }), startIsolatedApp()]);
});

afterAll(async () => {
  await Promise.all([stopTestApp(scraped?.server, scraped?.environment), stopTestApp(off?.server, off?.environment)]);
});

const scrape = (app: IsolatedApp, authorization?: string) =>
  new HttpClient(app.server.url).get(PROMETHEUS_PATH, { headers: authorization ? { authorization } : {} });

describe('GET /metrics (Prometheus)', () => {
  it('is off (404) while METRICS_TOKEN is unset', async () => {
    expect((await scrape(off)).status).toBe(404);
    expect((await scrape(off, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('asks for the bearer token: 401 without it or with a wrong one', async () => {
    const missing = await scrape(scraped);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await scrape(scraped, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(scraped, `Basic ${TOKEN}`)).status).toBe(401);
    // An admin cookie is not a scrape token.
    expect((await scraped.owner.get(PROMETHEUS_PATH)).status).toBe(401);
  });

  it('serves process, HTTP, database pool, socket and job metrics in the text format', async () => {
    for (let i = 0; i < 3; i++) await scraped.owner.get('/api/admin/metrics/current');
    await scraped.owner.get(`/api/admin/users/${crypto.randomUUID()}`);
    const answer = await scrape(scraped, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheusText(answer.text).map((family) => [family.name, family]));

    expect(Number(families.get('process_cpu_user_seconds_total')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(Number(families.get('process_resident_memory_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(families.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('GAUGE');

    const requests = families.get('http_requests_total')!;
    expect(requests.type).toBe('COUNTER');
    const current = requests.metrics.find(
      (metric) => metric.labels?.route === '/api/admin/metrics/current' && metric.labels.method === 'GET',
    );
    expect(Number(current?.value)).toBeGreaterThanOrEqual(3);
    expect(current?.labels?.status).toBe('200');
    // Routes by their template: an id in a path never becomes a label value.
    expect(requests.metrics.some((metric) => metric.labels?.route === '/api/admin/users/:id')).toBe(true);
    expect(requests.metrics.some((metric) => /[0-9a-f]{8}-/.test(metric.labels?.route ?? ''))).toBe(false);

    const duration = families.get('http_request_duration_seconds')!;
    expect(duration.type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets but not its labels: the labels are read from the text.
    expect(duration.metrics.length).toBeGreaterThan(0);
    expect(answer.text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/admin\/metrics\/current",status="200"\} [3-9]/m,
    );
    expect(families.get('http_route_latency_seconds')?.type).toBe('SUMMARY');

    for (const name of ['guildhall_db_pool_total', 'guildhall_db_pool_idle', 'guildhall_db_pool_waiting']) {
      expect(families.get(name)?.type).toBe('GAUGE');
    }
    expect(families.get('guildhall_admin_sockets')?.metrics[0]?.value).toBe('0');
    const jobs = families.get('guildhall_jobs_running')!;
    expect(jobs.metrics.map((metric) => [metric.labels?.job, metric.value]).sort()).toEqual([
      ['alert_delivery', '0'],
      ['dataset_export', '0'],
      ['discord_role_sync', '0'],
      ['loot_decay', '0'],
      ['member_sync', '0'],
      ['player_bulk_update', '0'],
      ['raid_reminder', '0'],
      ['raiderio_sync', '0'],
      ['roster_sync', '0'],
      ['warcraftlogs_import', '0'],
      ['wowaudit_sync', '0'],
    ]);
  });

  it('keeps a registry per app: another app in the same process does not see these requests', async () => {
    const otherScrape = await startSignedInApp({ METRICS_TOKEN: TOKEN });
    try {
      const answer = await scrape(otherScrape, `Bearer ${TOKEN}`);
      const requests = parsePrometheusText(answer.text).find((family) => family.name === 'http_requests_total');
      const current = requests?.metrics.find((metric) => metric.labels?.route === '/api/admin/metrics/current');
      expect(current).toBeUndefined();
    } finally {
      await stopTestApp(otherScrape.server, otherScrape.environment);
    }
  });
});
