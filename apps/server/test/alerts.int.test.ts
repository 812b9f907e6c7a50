import { type AdminServerEvents, ALERT_MESSAGES, type MetricSample, type StoredAlert } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

/**
 * Alert rules end to end: metric samples published on the bus (as the metrics recorder does every 5 s) make the
 * default rules fire, hold, resolve; admins hear it on /admin and acknowledge it. Two apps run on one database, as
 * two processes behind a load balancer would.
 */

/** A fixed start for sample times: rules measure their duration on the samples' own clock. */
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const ALERTS = '/api/admin/metrics/alerts';

type AlertEvent = 'alerts:new' | 'admin:critical' | 'alerts:acknowledged' | 'alerts:resolved';
type Heard = StoredAlert & { resolvedAt: string | null };

/**
 * Everything one socket hears of alerts, in order, so a test can wait for the one it expects and then check that
 * nothing more came. The machine's own samples may raise alerts too: tests only look at their own instances.
 */
class AlertEar {
  readonly heard: Array<{ event: AlertEvent; payload: Heard }> = [];
  private waiters: Array<() => void> = [];

  constructor(socket: AdminLiveClient) {
    for (const event of ['alerts:new', 'admin:critical', 'alerts:acknowledged', 'alerts:resolved'] as const) {
      socket.on(event, ((payload: Heard) => {
        this.heard.push({ event, payload });
        for (const wake of this.waiters.splice(0)) wake();
      }) as AdminServerEvents[typeof event]);
    }
  }

  of(event: AlertEvent, match: (payload: Heard) => boolean = () => true): Heard[] {
    return this.heard.filter((entry) => entry.event === event && match(entry.payload)).map((entry) => entry.payload);
  }

  /** Resolves once `count` matching events were heard. */
  async waitFor(event: AlertEvent, match: (payload: Heard) => boolean, count = 1, timeoutMs = 8000): Promise<Heard[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.of(event, match).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`heard ${this.of(event, match).length} of ${count} ${event}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.of(event, match);
  }
}

/** No sampling of its own during the test: the samples are the test's. */
const quiet = (config: Config) => {
  config.metrics.sampleMs = 3_600_000;
};

let environment: TestEnvironment;
let a: TestApp;
let b: TestApp;
let owner: HttpClient;
let watcher: AdminLiveClient;
let ear: AlertEar;
const sockets: AdminLiveClient[] = [];

/** Publishes a metrics sample on an app's bus, as its metrics recorder does. */
function publishSample(app: FastifyInstance, instance: string, atSeconds: number, values: MetricSample['values']) {
  app.bus.publish({
    type: 'metrics.recorded',
    sample: { timestamp: new Date(T0 + atSeconds * 1000).toISOString(), instance, values },
  });
}

/**
 * Waits until an app's engine has evaluated everything published so far: it evaluates one event after another, so
 * once a fresh instance's event-loop lag alert (30 s) is heard, every earlier sample was evaluated.
 */
async function flush(app: FastifyInstance) {
  const sentinel = `sentinel-${uniqueSuffix()}`;
  publishSample(app, sentinel, 0, { 'system.event_loop_lag_ms': 500 });
  publishSample(app, sentinel, 30, { 'system.event_loop_lag_ms': 500 });
  await ear.waitFor('alerts:new', (alert) => alert.instance === sentinel);
}

/** A signed-in admin's /admin socket, with the monitoring topic when asked. */
async function liveAdmin(server: TestApp, http: HttpClient, isWatching: boolean) {
  const socket = connectAdmin(server.url, http.cookieHeader());
  sockets.push(socket);
  await nextEvent(socket, 'admin:welcome');
  if (isWatching) expect(await socket.emitWithAck('subscribe:monitoring')).toEqual({ success: true });
  return socket;
}

async function signedIn(server: TestApp, username: string, password: string) {
  const http = new HttpClient(server.url);
  expect((await http.signIn(username, password)).status).toBe(200);
  return http;
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  a = await startTestApp(environment.env, quiet);
  b = await startTestApp(environment.env, quiet);
  owner = await signedIn(a, OWNER.username, OWNER.password);
  watcher = await liveAdmin(a, owner, true);
  ear = new AlertEar(watcher);
});

afterEach(async () => {
  // Rules a test changed go back to the default set.
  await owner.request('PUT', '/api/admin/metrics/alert-rules/memory-critical', { body: { enabled: true } });
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await b?.close();
  await a?.close();
  await environment?.dispose();
});

describe('alert rules', () => {
  it('fire once after their duration, not again while they hold, resolve when they stop, and are acknowledged', async () => {
    const node = `node-${uniqueSuffix()}`;
    const mine = (alert: Heard) => alert.instance === node;
    const viewer = await createTestAdmin(a.app, { role: 'viewer' });
    const bystander = new AlertEar(await liveAdmin(a, await signedIn(a, viewer.username, viewer.password), false));

    publishSample(a.app, node, 0, { 'system.cpu_percent': 95 });
    publishSample(a.app, node, 30, { 'system.cpu_percent': 95 });
    await flush(a.app);
    // Holding for 30 s of its minute: nothing yet, and the rule says since when it holds.
    expect(ear.of('alerts:new', mine)).toEqual([]);
    const rules = await owner.get<{ rules: Array<{ id: string; holdingSince: string | null }> }>(
      '/api/admin/metrics/alert-rules',
    );
    expect(rules.body.rules.find((rule) => rule.id === 'cpu-critical')?.holdingSince).toBe(new Date(T0).toISOString());

    publishSample(a.app, node, 60, { 'system.cpu_percent': 95 });
    const [critical] = await ear.waitFor('alerts:new', (alert) => mine(alert) && alert.ruleId === 'cpu-critical');
    expect(critical).toMatchObject({
      severity: 'critical',
      type: 'threshold',
      message: `CPU is at 95 % on ${node}, at or above 90 % for 1 minute`,
      acknowledged: false,
      resolvedAt: null,
    });
    const [warning] = await ear.waitFor('alerts:new', (alert) => mine(alert) && alert.ruleId === 'cpu-warning');
    // The admin who does not watch monitoring hears the critical one (and only it) as admin:critical.
    const [toBystander] = await bystander.waitFor('admin:critical', mine);
    expect(toBystander).toEqual(critical);

    publishSample(a.app, node, 65, { 'system.cpu_percent': 97 });
    publishSample(a.app, node, 180, { 'system.cpu_percent': 99 });
    await flush(a.app);
    expect(
      ear
        .of('alerts:new', mine)
        .map((alert) => alert.ruleId)
        .sort(),
    ).toEqual(['cpu-critical', 'cpu-warning']);
    expect(bystander.of('admin:critical', mine)).toHaveLength(1);
    expect(bystander.of('alerts:new')).toEqual([]);
    expect(ear.of('admin:critical')).toEqual([]);
    expect(await sql(a.app, 'SELECT rule_id FROM alerts WHERE instance = $1 ORDER BY rule_id', [node])).toEqual([
      { rule_id: 'cpu-critical' },
      { rule_id: 'cpu-warning' },
    ]);

    // Back under 80 %: both resolve.
    publishSample(a.app, node, 185, { 'system.cpu_percent': 40 });
    const [resolved] = await ear.waitFor('alerts:resolved', (event) => event.id === critical!.id);
    await ear.waitFor('alerts:resolved', (event) => event.id === warning!.id);
    const listed = await owner.get<{ alerts: StoredAlert[] }>(`${ALERTS}?state=resolved&limit=500`);
    expect(listed.body.alerts.find((alert) => alert.id === critical!.id)).toMatchObject({
      resolvedAt: resolved!.resolvedAt,
      ruleId: 'cpu-critical',
      instance: node,
    });

    const acknowledged = await owner.post<{ alert: StoredAlert }>(`${ALERTS}/${critical!.id}/acknowledge`);
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.alert).toMatchObject({ id: critical!.id, acknowledged: true, acknowledgedBy: OWNER.username });
    await ear.waitFor('alerts:acknowledged', (event) => event.id === critical!.id);
    const audit = await sql(
      a.app,
      "SELECT actor_name, target_type FROM audit_log WHERE action = 'alert.acknowledged' AND target_id = $1",
      [critical!.id],
    );
    expect(audit).toEqual([{ actor_name: OWNER.username, target_type: 'alert' }]);

    // A second acknowledgement keeps the first; the live list has it acknowledged.
    const again = await owner.post<{ alert: StoredAlert }>(`${ALERTS}/${critical!.id}/acknowledge`);
    expect(again.body.alert.acknowledgedAt).toBe(acknowledged.body.alert.acknowledgedAt);
    const recent = nextEvent(watcher, 'alerts:recent');
    watcher.emit('request:recent-alerts');
    expect((await recent).find((alert) => alert.id === critical!.id)).toMatchObject({ acknowledged: true });

    const unknown = await owner.post(`${ALERTS}/00000000-0000-4000-8000-000000000000/acknowledge`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: ALERT_MESSAGES.alertNotFound });
  });

  it('resolve the open alert of a rule that is disabled, which then never fires', async () => {
    const node = `node-${uniqueSuffix()}`;
    publishSample(a.app, node, 0, { 'system.memory_percent': 95 });
    publishSample(a.app, node, 60, { 'system.memory_percent': 95 });
    const [open] = await ear.waitFor('alerts:new', (alert) => alert.instance === node && alert.ruleId === 'memory-critical');

    const disabled = await owner.request('PUT', '/api/admin/metrics/alert-rules/memory-critical', { body: { enabled: false } });
    expect(disabled.status).toBe(200);
    await ear.waitFor('alerts:resolved', (event) => event.id === open!.id);

    const other = `node-${uniqueSuffix()}`;
    publishSample(a.app, other, 0, { 'system.memory_percent': 95 });
    publishSample(a.app, other, 60, { 'system.memory_percent': 95 });
    await ear.waitFor('alerts:new', (alert) => alert.instance === other && alert.ruleId === 'memory-warning');
    await flush(a.app);
    expect(ear.of('alerts:new', (alert) => alert.instance === other).map((alert) => alert.ruleId)).toEqual(['memory-warning']);
  });

  it('fire when a service goes down, and resolve with a notice when it is healthy again', async () => {
    const overview = await a.app.monitoring.health.current();
    const redisDown = { ...overview.redis, status: 'down' as const, message: 'connect ECONNREFUSED 127.0.0.1:1' };
    a.app.bus.publish({
      type: 'service.status-changed',
      service: 'redis',
      from: 'healthy',
      to: 'down',
      overview: { ...overview, redis: redisDown },
    });
    const [down] = await ear.waitFor('alerts:new', (alert) => alert.ruleId === 'redis-down');
    expect(down).toMatchObject({
      severity: 'error',
      type: 'service_down',
      message: 'Redis is down: connect ECONNREFUSED 127.0.0.1:1',
      instance: null,
    });

    // Discord not being configured is not it being down.
    const discord = { ...overview.discord, status: 'not_configured' as const };
    a.app.bus.publish({
      type: 'service.status-changed',
      service: 'discord',
      from: null,
      to: 'not_configured',
      overview: { ...overview, discord },
    });

    a.app.bus.publish({ type: 'service.status-changed', service: 'redis', from: 'down', to: 'healthy', overview });
    await ear.waitFor('alerts:resolved', (event) => event.id === down!.id);
    await ear.waitFor('alerts:new', (alert) => alert.type === 'service_recovered' && alert.message === 'Redis is healthy again');
    expect(ear.of('alerts:new', (alert) => alert.ruleId === 'discord-down')).toEqual([]);
  });

  it('fire once when two processes see the same rule start holding, and every admin hears it once', async () => {
    const node = `shared-${uniqueSuffix()}`;
    const onB = new AlertEar(await liveAdmin(b, await signedIn(b, OWNER.username, OWNER.password), true));
    for (const app of [a.app, b.app]) {
      publishSample(app, node, 0, { 'system.cpu_percent': 99 });
      publishSample(app, node, 60, { 'system.cpu_percent': 99 });
    }
    await flush(a.app);
    await flush(b.app);
    const isShared = (alert: Heard) => alert.instance === node && alert.ruleId === 'cpu-critical';
    expect(await sql(a.app, "SELECT id FROM alerts WHERE instance = $1 AND rule_id = 'cpu-critical'", [node])).toHaveLength(1);
    await onB.waitFor('alerts:new', isShared);
    expect(ear.of('alerts:new', isShared)).toHaveLength(1);
    expect(onB.of('alerts:new', isShared)).toHaveLength(1);

    for (const app of [a.app, b.app]) publishSample(app, node, 90, { 'system.cpu_percent': 10 });
    await flush(a.app);
    await flush(b.app);
    const id = ear.of('alerts:new', isShared)[0]!.id;
    await onB.waitFor('alerts:resolved', (event) => event.id === id);
    expect(ear.of('alerts:resolved', (event) => event.id === id)).toHaveLength(1);
    expect(onB.of('alerts:resolved', (event) => event.id === id)).toHaveLength(1);
  });
});

describe('the alerts list', () => {
  it('lists newest first, by severity and state, with the open count', async () => {
    const instance = `list-${uniqueSuffix()}`;
    const fired = await a.app.monitoring.alerts.fire('cpu-critical', instance, {
      severity: 'critical',
      type: 'threshold',
      message: 'List test: open and critical',
    });
    const notice = await a.app.monitoring.alerts.raise({ severity: 'info', type: 'test', message: 'List test: a notice' });
    expect(fired?.isStored).toBe(true);

    type List = { alerts: StoredAlert[]; open: number };
    const critical = await owner.get<List>(`${ALERTS}?severity=critical&limit=500`);
    expect(critical.status).toBe(200);
    expect(critical.body.alerts.every((alert) => alert.severity === 'critical')).toBe(true);
    expect(critical.body.alerts.map((alert) => alert.id)).toContain(fired!.alert.id);
    const [counted] = await sql<{ count: number }>(
      a.app,
      "SELECT count(*)::int AS count FROM alerts WHERE resolved_at IS NULL AND severity = 'critical'",
    );
    expect(critical.body.open).toBe(counted!.count);

    const open = await owner.get<List>(`${ALERTS}?state=open&limit=500`);
    expect(open.body.alerts.every((alert) => alert.resolvedAt === null)).toBe(true);
    expect(open.body.alerts.map((alert) => alert.id)).toContain(fired!.alert.id);
    expect(open.body.alerts.map((alert) => alert.id)).not.toContain(notice.id);

    const resolved = await owner.get<List>(`${ALERTS}?state=resolved&limit=500`);
    expect(resolved.body.alerts.every((alert) => alert.resolvedAt !== null)).toBe(true);
    expect(resolved.body.alerts.map((alert) => alert.id)).toContain(notice.id);

    const newest = await owner.get<List>(`${ALERTS}?limit=2`);
    expect(newest.body.alerts).toHaveLength(2);
    const [first, second] = newest.body.alerts;
    expect(first!.timestamp >= second!.timestamp).toBe(true);

    expect((await owner.get(`${ALERTS}?severity=fatal`)).status).toBe(400);
    expect((await owner.get(`${ALERTS}?limit=0`)).status).toBe(400);
  });
});

describe('the services', () => {
  it('lists the database, Redis, InfluxDB and Discord with their labels and states', async () => {
    const viewer = await createTestAdmin(a.app, { role: 'viewer' });
    const monitor = await signedIn(a, viewer.username, viewer.password);
    type Services = { services: Array<{ name: string; label: string; status: string }>; checkedAt: string };
    const answer = await monitor.get<Services>('/api/admin/metrics/services');
    expect(answer.status).toBe(200);
    expect(answer.body.services.map(({ name, label, status }) => ({ name, label, status }))).toEqual([
      { name: 'database', label: 'PostgreSQL', status: 'healthy' },
      { name: 'redis', label: 'Redis', status: expect.stringMatching(/^(healthy|degraded)$/) },
      { name: 'influxdb', label: 'InfluxDB', status: expect.stringMatching(/^(healthy|degraded)$/) },
      { name: 'discord', label: 'Discord', status: 'not_configured' },
    ]);
    expect(Number.isNaN(Date.parse(answer.body.checkedAt))).toBe(false);
  });
});
