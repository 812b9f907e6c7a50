import type { ServiceHealth } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { alertForChange } from './health-monitor';

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
