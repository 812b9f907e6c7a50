import type { HealthOverview, ServiceHealth } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../core/event-bus';
import type { AlertContent, AlertLog } from './alert-log';
import type { AlertRuleRow } from './queries';
import { AlertRuleEngine } from './rule-engine';
import type { AlertRuleStore } from './rule-store';

const redisDown: AlertRuleRow = {
  id: 'redis-down',
  name: 'Redis down',
  kind: 'service_down',
  metric: null,
  threshold: null,
  service: 'redis',
  duration_seconds: 30,
  severity: 'error',
  enabled: true,
  updated_at: new Date(0),
  updated_by: null,
};

/** Records what the engine asks of the alert log; one open alert per rule and instance, as the database keeps it. */
function fakeAlertLog() {
  const calls: string[] = [];
  const open = new Set<string>();
  const log = {
    async fire(ruleId: string, instance: string | null, alert: AlertContent) {
      calls.push(`fire ${ruleId} ${alert.message}`);
      const key = `${ruleId}/${instance}`;
      if (open.has(key)) return null;
      open.add(key);
      return { alert: { id: key }, isStored: true };
    },
    async resolve(ruleId: string, instance?: string | null) {
      const key = `${ruleId}/${instance}`;
      if (!open.delete(key)) return [];
      calls.push(`resolve ${ruleId}`);
      return [{ id: key }];
    },
    async raise(alert: AlertContent) {
      calls.push(`raise ${alert.message}`);
      return { id: 'notice' };
    },
  };
  return { calls, log: log as unknown as AlertLog };
}

const health = (status: ServiceHealth['status']): ServiceHealth => ({
  status,
  responseTimeMs: 3,
  message: status === 'down' ? 'ECONNREFUSED' : null,
  version: null,
  checkedAt: new Date(0).toISOString(),
});

describe('the alert rule engine', () => {
  it("measures a service rule's duration on its clock, fires once, and resolves with a notice", async () => {
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const bus = createEventBus(log);
    const alerts = fakeAlertLog();
    let now = 1_000_000;
    const rules = { list: async () => [redisDown], invalidate: () => undefined } as unknown as AlertRuleStore;
    const engine = new AlertRuleEngine({ rules, alerts: alerts.log, bus, log, now: () => now });
    engine.start();
    const overview = (status: ServiceHealth['status']) => ({ redis: health(status) }) as unknown as HealthOverview;
    const tick = () =>
      bus.publish({ type: 'metrics.recorded', sample: { timestamp: new Date(now).toISOString(), instance: 'a', values: {} } });

    bus.publish({ type: 'service.status-changed', service: 'redis', from: 'healthy', to: 'down', overview: overview('down') });
    await engine.settled();
    expect(engine.holdingSince('redis-down')?.getTime()).toBe(1_000_000);
    now += 29_000;
    tick();
    await engine.settled();
    expect(alerts.calls).toEqual([]);

    now += 1000;
    tick();
    now += 5000;
    tick();
    await engine.settled();
    expect(alerts.calls).toEqual(['fire redis-down Redis is down: ECONNREFUSED']);

    bus.publish({ type: 'service.status-changed', service: 'redis', from: 'down', to: 'healthy', overview: overview('healthy') });
    await engine.settled();
    expect(alerts.calls.slice(1)).toEqual(['resolve redis-down', 'raise Redis is healthy again']);
    expect(engine.holdingSince('redis-down')).toBeNull();
    await engine.stop();
  });
});
