import { describe, expect, it } from 'vitest';
import type { AlertRuleRow } from './queries';
import { durationText, ruleValue, thresholdAlert, thresholdHolds } from './rule-evaluation';

const cpuCritical: AlertRuleRow = {
  id: 'cpu-critical',
  name: 'CPU critical',
  kind: 'threshold',
  metric: 'system.cpu_percent',
  threshold: 90,
  service: null,
  duration_seconds: 60,
  severity: 'critical',
  enabled: true,
  updated_at: new Date(0),
  updated_by: null,
};

describe('threshold rules', () => {
  it('hold at or above the threshold, and never while disabled', () => {
    expect(thresholdHolds(cpuCritical, 90)).toBe(true);
    expect(thresholdHolds(cpuCritical, 89.9)).toBe(false);
    expect(thresholdHolds({ ...cpuCritical, enabled: false }, 99)).toBe(false);
  });

  it('read their metric from a sample, and nothing when the sample lacks it', () => {
    const sample = { timestamp: '2026-01-01T00:00:00.000Z', instance: 'a', values: { 'system.cpu_percent': 93.44 } };
    expect(ruleValue(cpuCritical, sample)).toBe(93.44);
    expect(ruleValue({ ...cpuCritical, metric: 'system.memory_percent' }, sample)).toBeUndefined();
  });

  it('say what held, where and for how long', () => {
    expect(thresholdAlert(cpuCritical, 93.44, 'web-1:3000')).toEqual({
      severity: 'critical',
      type: 'threshold',
      message: 'CPU is at 93.4 % on web-1:3000, at or above 90 % for 1 minute',
    });
    const lag = { ...cpuCritical, metric: 'system.event_loop_lag_ms', threshold: 200, duration_seconds: 30 };
    expect(thresholdAlert(lag, 250, null).message).toBe('Event-loop lag is at 250 ms, at or above 200 ms for 30 seconds');
    expect(durationText(120)).toBe('2 minutes');
    expect(durationText(1)).toBe('1 second');
  });
});
