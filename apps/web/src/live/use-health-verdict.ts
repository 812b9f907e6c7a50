import { monitoringApi, type OverallHealth } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api/endpoint';
import { monitoringKeys } from '../api/monitoring';
import { useLiveData } from './live-context';

/** How a verdict reads at a glance, on the System Health card and in the sidebar alike. */
export const HEALTH_TONES: Record<OverallHealth, 'good' | 'warn' | 'bad'> = {
  healthy: 'good',
  degraded: 'warn',
  warning: 'warn',
  critical: 'bad',
};

/**
 * The server's one health verdict: what it is, why, since when, the time of the sample it was computed from, and
 * that sample's CPU figure (the CPU card shows the figure the verdict was computed from).
 */
export interface HealthVerdict {
  overall: OverallHealth;
  reasons: readonly string[];
  overallSince: string;
  timestamp: string;
  cpuPercent: number;
}

/**
 * The newest verdict the console holds, from either of its two sources: the live metrics push (every admin page)
 * and the dashboard's poll of the same figures (only watched here, never fetched). The server computes the verdict
 * once a tick and both carry the tick's time, so the System Health card and the sidebar, which both read this,
 * show the same verdict (issue 29). Null before either has answered.
 */
export function useHealthVerdict(): HealthVerdict | null {
  const { latestMetrics } = useLiveData();
  const polled = useQuery({
    queryKey: monitoringKeys.system(),
    queryFn: ({ signal }) => callEndpoint(monitoringApi.system, { signal }),
    enabled: false,
  }).data;
  const pushed = latestMetrics && { ...latestMetrics, cpuPercent: latestMetrics.system.cpu.usage };
  const asked = polled && { ...polled, cpuPercent: polled.system.cpuUsage };
  if (!asked || !pushed) return asked ?? pushed;
  return Date.parse(pushed.timestamp) > Date.parse(asked.timestamp) ? pushed : asked;
}
