import type { AlertEvidence, ContactPoint, MetricSample, StoredAlert } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';
import { until } from './helpers/wait';
import { Receiver } from './helpers/webhook-receiver';

/**
 * An alert carries what caused it: its metric's values over the rule's window and, for error-rate and service
 * alerts, the failing requests of the minute before, in the message a receiver gets and on the alert's page.
 */

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  ({ environment, server, owner } = await startSignedInApp({
    OUTBOUND_ALLOWED_HOSTS: new URL(receiver.url).host,
    PUBLIC_URL: 'https://guildhall.example',
    // The log lines are read from those this process keeps: they must be written.
    LOG_LEVEL: 'warn',
  }));
  const created = await owner.post<{ contactPoint: ContactPoint }>('/api/admin/metrics/contact-points', {
    name: 'Evidence receiver',
    kind: 'webhook',
    url: receiver.url,
    severities: ['critical', 'error', 'warning'],
  });
  expect(created.status).toBe(200);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await receiver.stop();
});

function publishSample(instance: string, atSeconds: number, values: MetricSample['values']) {
  server.app.bus.publish({
    type: 'metrics.recorded',
    sample: { timestamp: new Date(T0 + atSeconds * 1000).toISOString(), instance, values },
  });
}

type Sent = { alert: { id: string; instance: string; evidence: AlertEvidence; links: { page: string; logs: string | null } } };

/** The firing message the receiver got for an instance's alert. */
async function firingFor(instance: string): Promise<Sent['alert']> {
  const find = () =>
    receiver.received
      .map((delivery) => JSON.parse(delivery.body) as Sent & { event: string })
      .find((body) => body.event === 'firing' && body.alert?.instance === instance);
  await until(() => find() !== undefined, 15_000);
  return find()!.alert;
}

describe('alert evidence', () => {
  it('an error-rate alert carries its values over the window and the failed requests of the minute before', async () => {
    const instance = `web-${uniqueSuffix()}`;
    // Two requests failed a moment ago, as the request log writes them (a line per request, with its id).
    for (const reqId of ['req-ev-1', 'req-ev-2']) {
      server.app.log.child({ reqId }).error({ method: 'POST', url: '/api/raids', statusCode: 500, ms: 12 }, 'request');
    }
    server.app.log.child({ reqId: 'req-ev-ok' }).info({ method: 'GET', url: '/api/guilds', statusCode: 200 }, 'request');
    publishSample(instance, 0, { 'http.error_rate_percent': 12 });
    publishSample(instance, 30, { 'http.error_rate_percent': 15.5 });
    publishSample(instance, 60, { 'http.error_rate_percent': 20 });

    const alert = await firingFor(instance);
    expect(alert.evidence.metric).toEqual({
      name: 'http.error_rate_percent',
      threshold: 5,
      points: [
        { at: new Date(T0).toISOString(), value: 12 },
        { at: new Date(T0 + 30_000).toISOString(), value: 15.5 },
        { at: new Date(T0 + 60_000).toISOString(), value: 20 },
      ],
    });
    expect(alert.evidence).toMatchObject({ from: new Date(T0).toISOString(), to: new Date(T0 + 60_000).toISOString() });
    expect(alert.evidence.logs!.requestIds.slice(0, 2).sort()).toEqual(['req-ev-1', 'req-ev-2']);
    expect(alert.evidence.logs!.requestIds).not.toContain('req-ev-ok');
    expect(alert.evidence.logs!.lines.filter((line) => line.requestId === 'req-ev-1')).toEqual([
      expect.objectContaining({ level: 'error', message: 'request', statusCode: 500, source: 'http' }),
    ]);
    // Links a reader follows: the alert's page and Live Logs over the minute before.
    expect(alert.links.page).toBe(`https://guildhall.example/admin/monitoring/alerts/${alert.id}`);
    const logs = new URL(alert.links.logs!);
    expect(logs.pathname).toBe('/admin/monitoring/logs');
    expect(Object.fromEntries(logs.searchParams)).toEqual({
      tab: 'search',
      from: alert.evidence.logs!.from,
      to: alert.evidence.logs!.to,
    });
    expect(Date.parse(alert.evidence.logs!.to) - Date.parse(alert.evidence.logs!.from)).toBe(60_000);

    // The alert's page reads the same evidence.
    const page = await owner.get<{ alert: StoredAlert; evidence: AlertEvidence }>(`/api/admin/metrics/alerts/${alert.id}`);
    expect(page.status).toBe(200);
    expect(page.body.alert).toMatchObject({ id: alert.id, ruleId: 'error-rate', instance });
    expect(page.body.evidence).toEqual(alert.evidence);
  });

  it('a CPU alert carries its values but no log lines; a notice has no evidence', async () => {
    const instance = `cpu-${uniqueSuffix()}`;
    for (const [at, value] of [
      [0, 95],
      [30, 97],
      [60, 99],
    ] as const) {
      publishSample(instance, at, { 'system.cpu_percent': value });
    }
    const alert = await firingFor(instance);
    expect(alert.evidence.metric!.points.map((point) => point.value)).toEqual([95, 97, 99]);
    expect(alert.evidence.logs).toBeNull();
    expect(alert.links.logs).toBeNull();

    const notice = await server.app.monitoring.alerts.raise({ severity: 'info', type: 'test', message: 'A notice' });
    const page = await owner.get<{ evidence: AlertEvidence | null }>(`/api/admin/metrics/alerts/${notice.id}`);
    expect(page.body.evidence).toBeNull();
  });

  it('answers 404 for an alert that does not exist and 400 for an id that is not one', async () => {
    const missing = await owner.get('/api/admin/metrics/alerts/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Alert not found' });
    expect((await owner.get('/api/admin/metrics/alerts/not-an-id')).status).toBe(400);
  });
});
