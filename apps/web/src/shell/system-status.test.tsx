// @vitest-environment happy-dom
import type { MetricsSnapshot } from '@guildhall/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { monitoringKeys } from '../api/monitoring';
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

/** The dashboard's answer of the same figures, as its poll left it in the cache. */
const polledAnswer = (sample: MetricsSnapshot) => ({
  success: true as const,
  system: { cpuUsage: sample.system.cpu.usage },
  overall: sample.overall,
  reasons: sample.reasons,
  overallSince: sample.overallSince,
  timestamp: sample.timestamp,
});

/** The sidebar's status with the live push's last sample and, when the dashboard polled, its last answer. */
function renderWith(latestMetrics: MetricsSnapshot | null, polled?: MetricsSnapshot) {
  const value = { latestMetrics, metricsHistory: [], alerts: [] } as unknown as LiveDataValue;
  const client = new QueryClient();
  if (polled) client.setQueryData(monitoringKeys.system(), polledAnswer(polled));
  render(
    <QueryClientProvider client={client}>
      <LiveDataContext.Provider value={value}>
        <SystemStatus />
      </LiveDataContext.Provider>
    </QueryClientProvider>,
  );
  return screen.getByTestId('system-online');
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

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

  it("shows the newest of the push and the dashboard's poll: the verdict the System Health card shows too", () => {
    const older = { ...snapshot('healthy', [], secondsAgo(60)), timestamp: secondsAgo(5) };
    const newer = { ...snapshot('warning', ['CPU 85 %'], secondsAgo(1)), timestamp: secondsAgo(0) };
    expect(renderWith(older, newer).textContent).toBe('System Warning');
    cleanup();
    expect(renderWith(newer, older).textContent).toBe('System Warning');
    cleanup();
    expect(renderWith(null, newer).textContent).toBe('System Warning');
  });
});
