import type { ServiceHealth } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import type { AlertRuleRow } from './queries';
import { alertForChange, durationText, ruleValue, thresholdAlert, thresholdHolds } from './rule-evaluation';

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

const health = (status: ServiceHealth['status'], message: string | null = null): ServiceHealth => ({
  status,
  responseTimeMs: status === 'down' ? null : 1200,
  message,
  version: null,
  checkedAt: new Date(0).toISOString(),
});

describe('alertForChange', () => {
  it('raises a critical alert when PostgreSQL goes down, an error for the others', () => {
    expect(alertForChange('postgresql', 'healthy', health('down', 'ECONNREFUSED'))).toEqual({
      severity: 'critical',
      type: 'service_down',
      message: 'PostgreSQL is down: ECONNREFUSED',
    });
    expect(alertForChange('redis', null, health('down'))?.severity).toBe('error');
  });

  it('warns on degraded and tells of recovery, but stays quiet otherwise', () => {
    expect(alertForChange('influxdb', 'healthy', health('degraded'))?.severity).toBe('warning');
    expect(alertForChange('redis', 'down', health('healthy'))).toMatchObject({ severity: 'info', type: 'service_recovered' });
    expect(alertForChange('redis', null, health('healthy'))).toBeNull();
    expect(alertForChange('discord', null, health('not_configured'))).toBeNull();
  });
});
