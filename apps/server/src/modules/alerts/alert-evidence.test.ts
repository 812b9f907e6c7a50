import type { LogEntry } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { EvidenceCollector } from './alert-evidence';
import type { AlertRuleRow } from './queries';

const rule = (overrides: Partial<AlertRuleRow>): AlertRuleRow => ({
  id: 'cpu-critical',
  name: 'CPU critical',
  kind: 'threshold',
  metric: 'system.cpu_percent',
  threshold: 90,
  service: null,
  duration_seconds: 120,
  severity: 'critical',
  enabled: true,
  updated_at: new Date(0),
  updated_by: null,
  ...overrides,
});

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const NOW = Date.parse('2026-03-01T13:00:00.000Z');

const line = (secondsBefore: number, level: LogEntry['level'], requestId: string | null, statusCode?: number): LogEntry => ({
  time: new Date(NOW - secondsBefore * 1000).toISOString(),
  level,
  source: requestId ? 'http' : 'app',
  message: requestId ? 'request' : 'PostgreSQL connection lost',
  requestId,
  instance: 'web-1',
  fields: statusCode ? { statusCode } : {},
});

describe('alert evidence', () => {
  it("keeps the metric's values of the alert's instance over the rule's window, at most 120", () => {
    const collector = new EvidenceCollector(
      () => [],
      () => NOW,
    );
    for (let second = 0; second <= 600; second += 1) {
      collector.record({
        timestamp: new Date(T0 + second * 1000).toISOString(),
        instance: 'web-1',
        values: { 'system.cpu_percent': second },
      });
    }
    collector.record({ timestamp: new Date(T0 + 600_000).toISOString(), instance: 'web-2', values: { 'system.cpu_percent': 1 } });
    const evidence = collector.collect(rule({}), 'web-1', T0 + 600_000);
    expect(evidence.from).toBe(new Date(T0 + 480_000).toISOString());
    expect(evidence.logs).toBeNull();
    const values = evidence.metric!.points.map((point) => point.value);
    expect(values).toHaveLength(120);
    expect(values[0]).toBe(480);
    expect(values.at(-1)).toBe(600);
    expect(values.every((value) => value >= 480)).toBe(true);
  });

  it('keeps the warn-and-above lines of the minute before for a service rule, failed requests first among the ids', () => {
    const lines = [
      line(90, 'error', 'req-old', 500),
      line(50, 'warn', 'req-slow', 429),
      line(40, 'info', 'req-fine', 200),
      line(30, 'error', 'req-failed', 503),
      line(10, 'warn', null),
    ];
    const collector = new EvidenceCollector(
      () => lines,
      () => NOW,
    );
    const evidence = collector.collect(
      rule({ kind: 'service_down', metric: null, service: 'postgresql', duration_seconds: 0 }),
      null,
      NOW,
    );
    expect(evidence.metric).toBeNull();
    expect(evidence.logs!.lines.map((kept) => kept.requestId)).toEqual(['req-slow', 'req-failed', null]);
    expect(evidence.logs!.requestIds).toEqual(['req-failed', 'req-slow']);
    expect(evidence.logs!.lines[1]).toMatchObject({ level: 'error', statusCode: 503, source: 'http' });
    expect(Date.parse(evidence.logs!.to) - Date.parse(evidence.logs!.from)).toBe(60_000);
  });
});
