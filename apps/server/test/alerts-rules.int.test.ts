import { ALERT_MESSAGES, type AlertRule, MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

const RULES = '/api/admin/metrics/alert-rules';

let ctx: IsolatedApp & { owner: HttpClient };

beforeAll(async () => {
  ctx = await startSignedInApp();
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** A client signed in as a fresh admin of that role and permissions. */
async function adminClient(options: Parameters<typeof createTestAdmin>[1]) {
  const admin = await createTestAdmin(ctx.server.app, options);
  const client = new HttpClient(ctx.server.url);
  expect((await client.signIn(admin.username, admin.password)).status).toBe(200);
  return { admin, client };
}

const put = (client: HttpClient, id: string, body: unknown) => client.request(`PUT`, `${RULES}/${id}`, { body });

describe('alert rules', () => {
  it('lists the default set', async () => {
    const answer = await ctx.owner.get<{ rules: AlertRule[] }>(RULES);
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.rules.map((rule) => [rule.id, rule]));
    expect(byId.get('cpu-warning')).toMatchObject({
      kind: 'threshold',
      metric: 'system.cpu_percent',
      threshold: 80,
      durationSeconds: 60,
      severity: 'warning',
      enabled: true,
      holdingSince: null,
      updatedBy: null,
    });
    expect(byId.get('cpu-critical')).toMatchObject({ threshold: 90, severity: 'critical' });
    expect(byId.get('memory-warning')).toMatchObject({ metric: 'system.memory_percent', threshold: 80 });
    expect(byId.get('memory-critical')).toMatchObject({ threshold: 90, severity: 'critical' });
    expect(byId.get('error-rate')).toMatchObject({ metric: 'http.error_rate_percent', threshold: 5, severity: 'error' });
    expect(byId.get('event-loop-lag')).toMatchObject({ metric: 'system.event_loop_lag_ms', threshold: 200, durationSeconds: 30 });
    for (const [service, severity] of [
      ['postgresql', 'critical'],
      ['redis', 'error'],
      ['influxdb', 'error'],
      ['discord', 'error'],
    ]) {
      expect(byId.get(`${service}-down`)).toMatchObject({ kind: 'service_down', service, severity, durationSeconds: 0 });
    }
  });

  it('may be read by a monitoring-only admin, and changed only with admin.system_config or admin.full_access', async () => {
    const monitor = await adminClient({ role: 'viewer' });
    expect((await monitor.client.get(RULES)).status).toBe(200);
    const refused = await put(monitor.client, 'cpu-warning', { threshold: 70 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: MESSAGES.accessDeniedBody });

    const configurer = await adminClient({ role: 'viewer', permissions: ['admin.system_config'] });
    const changed = await put(configurer.client, 'cpu-warning', { threshold: 75, durationSeconds: 120 });
    expect(changed.status).toBe(200);
    expect(changed.body.rule).toMatchObject({
      id: 'cpu-warning',
      threshold: 75,
      durationSeconds: 120,
      updatedBy: configurer.admin.username,
    });
    const listed = await ctx.owner.get<{ rules: AlertRule[] }>(RULES);
    expect(listed.body.rules.find((rule) => rule.id === 'cpu-warning')).toMatchObject({ threshold: 75, durationSeconds: 120 });
  });

  it('audits a change with what the rule was and what it became', async () => {
    const changed = await put(ctx.owner, 'event-loop-lag', { threshold: 350, severity: 'error', enabled: false });
    expect(changed.status).toBe(200);
    const audit = await sql<{ actor_name: string; details: Record<string, unknown> }>(
      ctx.server.app,
      "SELECT actor_name, details FROM audit_log WHERE action = 'alert_rule.updated' AND target_type = 'alert_rule' AND target_id = 'event-loop-lag'",
    );
    expect(audit).toEqual([
      {
        actor_name: 'owner',
        details: {
          before: { threshold: 200, durationSeconds: 30, severity: 'warning', enabled: true },
          after: { threshold: 350, durationSeconds: 30, severity: 'error', enabled: false },
        },
      },
    ]);
  });

  it('refuses a threshold that does not fit the rule, on the threshold field, and changes nothing', async () => {
    const cases: Array<[string, unknown, string | null]> = [
      ['memory-warning', { threshold: 120 }, ALERT_MESSAGES.thresholdPercent],
      ['memory-warning', { threshold: -1 }, ALERT_MESSAGES.thresholdPercent],
      ['event-loop-lag', { threshold: -5 }, ALERT_MESSAGES.thresholdNegative],
      ['redis-down', { threshold: 3 }, ALERT_MESSAGES.thresholdOnServiceRule],
      ['memory-warning', { threshold: null }, null],
      ['memory-warning', { threshold: 'high' }, null],
    ];
    for (const [id, body, message] of cases) {
      const refused = await put(ctx.owner, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      const fields = refused.body.fields as Record<string, string>;
      if (message) expect(fields.threshold).toBe(message);
      else expect(fields.threshold).toBeTruthy();
    }
    const duration = await put(ctx.owner, 'memory-warning', { durationSeconds: -1 });
    expect(duration.status).toBe(400);
    expect((duration.body.fields as Record<string, string>).durationSeconds).toBeTruthy();

    const listed = await ctx.owner.get<{ rules: AlertRule[] }>(RULES);
    expect(listed.body.rules.find((rule) => rule.id === 'memory-warning')).toMatchObject({ threshold: 80, durationSeconds: 60 });
    // A percentage at its bounds is fine.
    expect((await put(ctx.owner, 'memory-warning', { threshold: 100 })).status).toBe(200);
  });

  it('answers 404 for a rule that does not exist', async () => {
    const missing = await put(ctx.owner, 'no-such-rule', { enabled: false });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: ALERT_MESSAGES.ruleNotFound });
  });
});
