import { DASHBOARD_POLL_MS, monitoringApi } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** Service status grid refresh (spec 1 §2: every 5 s, and on each pushed service:status). */
const SERVICE_STATUS_REFRESH_MS = 5000;

/** Query keys of the dashboard figures. */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  healthOverview: () => [...monitoringKeys.all, 'health-overview'] as const,
  guildStats: () => [...monitoringKeys.all, 'guild-stats'] as const,
  userStats: () => [...monitoringKeys.all, 'user-stats'] as const,
  system: () => [...monitoringKeys.all, 'system'] as const,
};

/** Health of PostgreSQL, InfluxDB, Redis and Discord with the overall verdict. */
export function useHealthOverview() {
  return useQuery({
    queryKey: monitoringKeys.healthOverview(),
    queryFn: ({ signal }) => callEndpoint(monitoringApi.healthOverview, { signal }),
    refetchInterval: SERVICE_STATUS_REFRESH_MS,
  });
}

/** Guild tenant counts. */
export function useGuildStats() {
  return useQuery({
    queryKey: monitoringKeys.guildStats(),
    queryFn: ({ signal }) => callEndpoint(monitoringApi.guildStats, { signal }),
    staleTime: 30_000,
  });
}

/** Community user counts. */
export function useUserStats() {
  return useQuery({
    queryKey: monitoringKeys.userStats(),
    queryFn: ({ signal }) => callEndpoint(monitoringApi.userStats, { signal }),
    staleTime: 30_000,
  });
}

/** Host and process figures, polled while the dashboard is open. */
export function useSystemPerformance() {
  return useQuery({
    queryKey: monitoringKeys.system(),
    queryFn: ({ signal }) => callEndpoint(monitoringApi.system, { signal }),
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
