import type { AlertDelivery, ContactPoint } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveryDepsOf } from '../src/modules/alert-delivery/alert-delivery-deps';
import { alertDeliveryJob } from '../src/modules/alert-delivery/delivery-job';
import { queueDueRepeats } from '../src/modules/alert-delivery/route-alerts';
import { DiscordFake } from './fakes/discord-fake';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';
import { Receiver, verifiesWith } from './helpers/webhook-receiver';

const BASE = '/api/admin/metrics/contact-points';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
const receiver = new Receiver();
const down = new Receiver();
const discord = new DiscordFake();

beforeAll(async () => {
  await Promise.all([receiver.start(), down.start(), discord.start()]);
  down.status = 500;
  ({ environment, server, owner } = await startSignedInApp({
    ...discord.appSettings(),
    // The receivers and the Discord fake are on loopback: allowlisted by port, as an operator would.
    OUTBOUND_ALLOWED_HOSTS: [receiver.url, down.url, discord.baseUrl].map((url) => new URL(url).host).join(', '),
  }));
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await Promise.all([receiver.stop(), down.stop(), discord.stop()]);
});

/** Fires a rule's alert as the rule engine does (the stored alert, then alert.raised on the bus). */
async function fire(ruleId: string, message: string) {
  const fired = await server.app.monitoring.alerts.fire(ruleId, null, { severity: 'error', type: 'error-rate', message });
  return fired!.alert;
}

const deliveriesOf = async (alertId: string) =>
  (await owner.get<{ deliveries: AlertDelivery[] }>(`/api/admin/metrics/alerts/${alertId}/deliveries`)).body.deliveries;

describe('contact points', () => {
  it('sends a signed webhook when an alert fires and when it ends, the secret shown once and never again', async () => {
    const created = await owner.post<{ contactPoint: ContactPoint; secret: string }>(BASE, {
      name: 'On-call receiver',
      kind: 'webhook',
      url: receiver.url,
      severities: ['critical', 'error'],
    });
    expect(created.status).toBe(200);
    const { secret, contactPoint } = created.body;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(contactPoint).toMatchObject({ kind: 'webhook', hasSecret: true, target: `${new URL(receiver.url).host}/…` });
    const listed = await owner.get<{ contactPoints: ContactPoint[] }>(BASE);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain('/hooks/guildhall');

    const alert = await fire('error-rate', 'Error rate 12 % for 60 s');
    await until(() => receiver.received.length === 1);
    const firing = receiver.received[0]!;
    expect(verifiesWith(secret, firing)).toBe(true);
    expect(verifiesWith('another-secret-of-some-length', firing)).toBe(false);
    expect(JSON.parse(firing.body)).toMatchObject({
      event: 'firing',
      alert: { id: alert.id, severity: 'error', message: 'Error rate 12 % for 60 s', ruleId: 'error-rate' },
      contactPoint: { id: contactPoint.id, name: 'On-call receiver' },
    });

    await server.app.monitoring.alerts.resolve('error-rate');
    await until(() => receiver.received.length === 2);
    expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({ event: 'resolved', alert: { id: alert.id } });
    await until(async () => (await deliveriesOf(alert.id)).every((delivery) => delivery.status === 'sent'));
    expect((await deliveriesOf(alert.id)).map((delivery) => [delivery.event, delivery.status])).toEqual([
      ['firing', 'sent'],
      ['resolved', 'sent'],
    ]);
  });

  it('posts a Discord embed coloured by severity, waiting out a 429 as Discord asks', async () => {
    const url = discord.addWebhook();
    const created = await owner.post<{ contactPoint: ContactPoint }>(BASE, {
      name: 'Ops channel',
      kind: 'discord',
      url,
      severities: ['error'],
      ruleIds: ['memory-critical'],
    });
    expect(created.status).toBe(200);
    expect(created.body.contactPoint.target).not.toContain(url.split('/').at(-1)!);
    discord.rateLimitNextWebhookCalls = 1;
    const calls = () => discord.requests.filter((request) => request.path.startsWith('/webhooks/'));
    const alert = await fire('memory-critical', 'Memory 95 % for 60 s');
    await until(() => discord.webhookMessages.length === 1);
    expect(calls()).toHaveLength(2);
    expect(calls()[1]!.at - calls()[0]!.at).toBeGreaterThanOrEqual(discord.rateLimitRetryAfter * 1000 - 20);
    const [embed] = discord.webhookMessages[0]!.body.embeds as { title: string; color: number }[];
    expect(embed).toMatchObject({ title: '[Firing] error: Memory 95 % for 60 s', color: 0xea580c });
    await until(async () => (await deliveriesOf(alert.id)).some((delivery) => delivery.status === 'sent'));
    await server.app.monitoring.alerts.resolve('memory-critical');
  });

  it('routes by severity and rule: a contact point for critical alerts hears nothing of an error', async () => {
    const created = await owner.post<{ contactPoint: ContactPoint }>(BASE, {
      name: 'Pager',
      kind: 'email',
      email: 'pager@example.org',
      severities: ['critical'],
    });
    const alert = await fire('cpu-critical', 'CPU 99 % for 60 s');
    await until(async () => (await deliveriesOf(alert.id)).length > 0);
    const names = (await deliveriesOf(alert.id)).map((delivery) => delivery.contactPointName);
    expect(names).toContain('On-call receiver');
    expect(names).not.toContain('Pager');
    expect(names).not.toContain('Ops channel');
    await server.app.monitoring.alerts.resolve('cpu-critical');
    await owner.request('DELETE', `${BASE}/${created.body.contactPoint.id}`);
  });

  it('sends an e-mail through the mail service', async () => {
    await owner.post(BASE, { name: 'Officers', kind: 'email', email: 'officers@example.org', severities: ['warning'] });
    const alert = await server.app.monitoring.alerts.fire('cpu-warning', null, {
      severity: 'warning',
      type: 'cpu',
      message: 'CPU 85 % for 60 s',
    });
    await until(async () => (await deliveriesOf(alert!.alert.id)).some((delivery) => delivery.status === 'sent'));
    const mail = await sql<{ to_address: string; subject: string; text: string }>(
      server.app,
      `SELECT to_address, subject, text FROM mail_outbox WHERE to_address = 'officers@example.org'`,
    );
    expect(mail).toEqual([
      expect.objectContaining({ subject: '[Firing] warning: CPU 85 % for 60 s', text: expect.stringContaining('Type: cpu') }),
    ]);
    await server.app.monitoring.alerts.resolve('cpu-warning');
  });

  it('delivers an alert once however many times it is routed (every process may see it)', async () => {
    const alert = await fire('error-rate', 'Error rate 30 % for 60 s');
    await until(() => receiver.received.some((delivery) => JSON.parse(delivery.body).alert?.id === alert.id));
    // Another process seeing the same alert asks again: the delivery exists, nothing more is sent.
    server.app.bus.publish({ type: 'alert.raised', alert, isStored: true, evidence: null });
    server.app.bus.publish({ type: 'alert.raised', alert, isStored: true, evidence: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toReceiver = receiver.received.filter((delivery) => JSON.parse(delivery.body).alert?.id === alert.id);
    expect(toReceiver).toHaveLength(1);
    expect((await deliveriesOf(alert.id)).filter((delivery) => delivery.contactPointName === 'On-call receiver')).toHaveLength(1);
    await server.app.monitoring.alerts.resolve('error-rate');
  });

  it("answers a test with the receiver's refusal, and keeps it as the contact point's last delivery", async () => {
    const created = await owner.post<{ contactPoint: ContactPoint }>(BASE, {
      name: 'Broken receiver',
      kind: 'webhook',
      url: down.url,
      secret: 'a-secret-of-enough-length',
      severities: ['info'],
    });
    const test = await owner.post<{ delivery: AlertDelivery; message: string }>(`${BASE}/${created.body.contactPoint.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body.message).toBe('The test to Broken receiver failed: The receiver answered 500: receiver is down');
    expect(test.body.delivery).toMatchObject({ event: 'test', status: 'failed', attempts: 1 });
    const listed = await owner.get<{ contactPoints: ContactPoint[] }>(BASE);
    expect(listed.body.contactPoints.find((point) => point.name === 'Broken receiver')?.lastDelivery).toMatchObject({
      status: 'failed',
      error: 'The receiver answered 500: receiver is down',
    });
  });

  it('refuses URLs to internal addresses, as every admin-typed URL is', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:9/hook', 'http://10.0.0.7/hook']) {
      const created = await owner.post<{ contactPoint: ContactPoint }>(BASE, {
        name: `Inside ${url}`,
        kind: 'webhook',
        url,
        severities: ['info'],
      });
      const test = await owner.post<{ delivery: AlertDelivery; message: string }>(`${BASE}/${created.body.contactPoint.id}/test`);
      expect(test.body.delivery.status).toBe('failed');
      expect(test.body.message).toMatch(/^The test to Inside .* failed: .*(internal|private|loopback|link-local|metadata)/i);
    }
  });

  it('checks what is written: a Discord URL that is not a Discord webhook, a missing address, no severity', async () => {
    const notDiscord = await owner.post(BASE, { name: 'x', kind: 'discord', url: receiver.url, severities: ['info'] });
    expect(notDiscord.status).toBe(400);
    expect(notDiscord.body.error).toContain('Discord webhook URL must look like');
    const lookalike = await owner.post(BASE, {
      name: 'x',
      kind: 'discord',
      url: 'https://discord.com.evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
      severities: ['info'],
    });
    expect(lookalike.status).toBe(400);
    const noEmail = await owner.post(BASE, { name: 'x', kind: 'email', severities: ['info'] });
    expect(noEmail.body.error).toBe('E-mail address is required');
    const noUrl = await owner.post(BASE, { name: 'x', kind: 'webhook', severities: ['info'] });
    expect(noUrl.body.error).toBe('Webhook URL is required');
    const noSeverity = await owner.post(BASE, { name: 'x', kind: 'email', email: 'a@example.org', severities: [] });
    expect(noSeverity.body.error).toBe('Choose at least one severity');
  });

  it('lets only admins who configure the system change contact points; viewers of monitoring read them', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    const created = await client.post(BASE, { name: 'x', kind: 'email', email: 'a@example.org', severities: ['info'] });
    expect(created.status).toBe(403);
    const [first] = (await owner.get<{ contactPoints: ContactPoint[] }>(BASE)).body.contactPoints;
    expect((await client.post(`${BASE}/${first!.id}/test`)).status).toBe(403);
    expect((await client.request('DELETE', `${BASE}/${first!.id}`)).status).toBe(403);
  });

  it('keeps a stored URL and secret when an edit leaves them out, and audits every change', async () => {
    const [point] = (await owner.get<{ contactPoints: ContactPoint[] }>(BASE)).body.contactPoints.filter(
      (candidate) => candidate.name === 'On-call receiver',
    );
    const edited = await owner.request<{ contactPoint: ContactPoint }>('PUT', `${BASE}/${point!.id}`, {
      body: { name: 'On-call receiver', kind: 'webhook', severities: ['critical', 'error', 'warning'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.contactPoint).toMatchObject({ hasSecret: true, target: point!.target });
    const audited = await sql<{ action: string }>(
      server.app,
      `SELECT DISTINCT action FROM audit_log WHERE action LIKE 'contact_point.%' ORDER BY action`,
    );
    expect(audited.map((row) => row.action)).toEqual([
      'contact_point.created',
      'contact_point.deleted',
      'contact_point.tested',
      'contact_point.updated',
    ]);
  });
});

describe('repeats while an alert still fires', () => {
  it('sends again once per period to a contact point that repeats, and once only', async () => {
    const created = await owner.post<{ contactPoint: ContactPoint }>(BASE, {
      name: 'Hourly reminder',
      kind: 'webhook',
      url: receiver.url,
      secret: 'hourly-secret-long-enough',
      severities: ['warning'],
      repeatHours: 1,
    });
    expect(created.body.contactPoint.repeatHours).toBe(1);
    const fired = await server.app.monitoring.alerts.fire('memory-warning', null, {
      severity: 'warning',
      type: 'memory',
      message: 'Memory 85 % for 60 s',
    });
    const alertId = fired!.alert.id;
    const toHourly = () =>
      receiver.received
        .map((delivery) => JSON.parse(delivery.body))
        .filter((body) => body.alert?.id === alertId && body.contactPoint.name === 'Hourly reminder');
    await until(() => toHourly().length === 1);
    const deps = alertDeliveryDepsOf(server.app);
    // Not due yet: fired a moment ago.
    expect(await queueDueRepeats(deps, alertDeliveryJob(deps))).toEqual([]);
    await sql(server.app, `UPDATE alerts SET created_at = now() - interval '2 hours 5 minutes' WHERE id = $1`, [alertId]);
    expect(await queueDueRepeats(deps, alertDeliveryJob(deps))).toHaveLength(1);
    expect(await queueDueRepeats(deps, alertDeliveryJob(deps))).toEqual([]);
    await until(() => toHourly().length === 2);
    expect(toHourly().map((body) => body.event)).toEqual(['firing', 'repeat']);
    await server.app.monitoring.alerts.resolve('memory-warning');
    await owner.request('DELETE', `${BASE}/${created.body.contactPoint.id}`);
  });
});

describe('silences and maintenance windows', () => {
  const alertsList = async () =>
    (await owner.get<{ alerts: { id: string; mutedReason: string | null }[] }>('/api/admin/metrics/alerts')).body.alerts;
  const sentFor = (alertId: string) => receiver.received.filter((delivery) => JSON.parse(delivery.body).alert?.id === alertId);

  it('keeps a silenced rule from being sent, marks its alert with why, and sends again once the silence ends', async () => {
    const silenced = await owner.post<{ silence: { id: string; endsAt: string } }>('/api/admin/metrics/silences', {
      ruleId: 'error-rate',
      reason: 'Deploying the new build',
      minutes: 30,
    });
    expect(silenced.status).toBe(200);
    const muted = await fire('error-rate', 'Error rate 9 % for 60 s');
    await until(async () => (await alertsList()).find((alert) => alert.id === muted.id)?.mutedReason !== null);
    expect((await alertsList()).find((alert) => alert.id === muted.id)?.mutedReason).toBe('Silenced: Deploying the new build');
    await server.app.monitoring.alerts.resolve('error-rate');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentFor(muted.id)).toEqual([]);
    expect(await deliveriesOf(muted.id)).toEqual([]);

    expect((await owner.request('DELETE', `/api/admin/metrics/silences/${silenced.body.silence.id}`)).status).toBe(200);
    const heard = await fire('error-rate', 'Error rate 11 % for 60 s');
    await until(() => sentFor(heard.id).length === 1);
    await server.app.monitoring.alerts.resolve('error-rate');
  });

  it('mutes delivery during a weekly maintenance window, and the window says it is active', async () => {
    const aMinuteAgo = new Date(Date.now() - 60_000);
    const start = `${String(aMinuteAgo.getUTCHours()).padStart(2, '0')}:${String(aMinuteAgo.getUTCMinutes()).padStart(2, '0')}`;
    const created = await owner.post<{ window: { id: string; isActive: boolean } }>('/api/admin/metrics/maintenance-windows', {
      name: 'Weekly upgrades',
      weekday: aMinuteAgo.getUTCDay(),
      start,
      minutes: 10,
    });
    expect(created.status).toBe(200);
    expect(created.body.window.isActive).toBe(true);
    const muted = await fire('error-rate', 'Error rate 15 % for 60 s');
    await until(async () => (await alertsList()).find((alert) => alert.id === muted.id)?.mutedReason !== null);
    expect((await alertsList()).find((alert) => alert.id === muted.id)?.mutedReason).toBe('Maintenance window: Weekly upgrades');
    expect(sentFor(muted.id)).toEqual([]);
    await server.app.monitoring.alerts.resolve('error-rate');
    expect((await owner.request('DELETE', `/api/admin/metrics/maintenance-windows/${created.body.window.id}`)).status).toBe(200);
  });

  it('checks what is written, and lets only admins who configure the system mute alerts', async () => {
    const nothing = await owner.post('/api/admin/metrics/silences', { reason: 'x', minutes: 10 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toBe('Choose a rule, an instance or both to silence');
    const forever = await owner.post('/api/admin/metrics/silences', { ruleId: 'cpu-warning', reason: 'x', minutes: 10_000_000 });
    expect(forever.body.error).toBe('Duration must be a whole number of minutes from 1 to 43,200 (30 days)');
    const unknownRule = await owner.post('/api/admin/metrics/silences', { ruleId: 'no-such-rule', reason: 'x', minutes: 5 });
    expect(unknownRule.status).toBe(400);
    expect(unknownRule.body.error).toBe('There is no alert rule no-such-rule');
    const routedToNothing = await owner.post(BASE, {
      name: 'x',
      kind: 'email',
      email: 'a@example.org',
      severities: ['info'],
      ruleIds: ['no-such-rule'],
    });
    expect(routedToNothing.body.error).toBe('There is no alert rule no-such-rule');
    const badTime = await owner.post('/api/admin/metrics/maintenance-windows', {
      name: 'x',
      weekday: 0,
      start: '25:00',
      minutes: 60,
    });
    expect(badTime.body.error).toBe('Start must be a time of day such as 02:00');
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    expect((await client.post('/api/admin/metrics/silences', { ruleId: 'cpu-warning', reason: 'x', minutes: 5 })).status).toBe(
      403,
    );
    expect((await client.get('/api/admin/metrics/silences')).status).toBe(200);
  });
});
