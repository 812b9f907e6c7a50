// @vitest-environment happy-dom
import type { MetricsSnapshot } from '@guildhall/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveDataContext, type LiveDataValue } from '../live/live-context';
import { SystemStatus } from './system-status';

afterEach(cleanup);

const snapshot = (overall: MetricsSnapshot['overall'], reasons: string[], overallSince: string): MetricsSnapshot => ({
  timestamp: new Date().toISOString(),
  system: { cpu: { usage: 97.6 }, memory: { usagePercent: 40, used: 4, total: 10 }, uptime: 100 },
  requestsPerSecond: 1,
  errorRate: 0,
  database: { status: 'healthy' },
  redis: { status: 'healthy' },
  overall,
  reasons,
  overallSince,
});

function renderWith(latestMetrics: MetricsSnapshot | null) {
  const value = { latestMetrics, metricsHistory: [], alerts: [] } as unknown as LiveDataValue;
  render(
    <LiveDataContext.Provider value={value}>
      <SystemStatus />
    </LiveDataContext.Provider>,
  );
  return screen.getByTestId('system-online');
}

describe('SystemStatus', () => {
  it('says System Online before the first sample and while healthy', () => {
    expect(renderWith(null).textContent).toBe('System Online');
    cleanup();
    expect(renderWith(snapshot('healthy', [], new Date().toISOString())).textContent).toBe('System Online');
  });

  it('agrees with the dashboard when the health is critical, and says why and for how long', () => {
    const status = renderWith(snapshot('critical', ['CPU 98 %'], new Date(Date.now() - 30_000).toISOString()));
    expect(status.textContent).toBe('System Critical');
    expect(status.getAttribute('title')).toMatch(/^System Critical: CPU 98 % for 3\d s$/);
    expect(status.className).toContain('sidebar__status--bad');
  });
});
