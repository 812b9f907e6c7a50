import {
  type AlertRule,
  MESSAGES,
  METRICS_SAMPLE_MS,
  type MetricType,
  MONITORING_POLL_MS,
  metricsApi,
  RECENT_ALERTS_LIMIT,
  type StoredAlert,
} from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { ApiError, errorMessage } from './api-error';
import { callEndpoint, type EndpointBody, type EndpointResponse } from './endpoint';

/** How often the per-route figures and slow statements are read again while their screen is open. */
const PERFORMANCE_TABLES_POLL_MS = 30_000;

/** Query keys of the monitoring screens. */
export const metricsKeys = {
  all: ['metrics'] as const,
  current: () => [...metricsKeys.all, 'current'] as const,
  history: (type: MetricType, duration: number) => [...metricsKeys.all, 'history', type, duration] as const,
  alerts: () => [...metricsKeys.all, 'alerts'] as const,
  alertRules: () => [...metricsKeys.all, 'alert-rules'] as const,
  services: () => [...metricsKeys.all, 'services'] as const,
  routes: () => [...metricsKeys.all, 'routes'] as const,
  slowQueries: () => [...metricsKeys.all, 'slow-queries'] as const,
};

/** This process's latest sample, read again at each sampling interval. */
export function useCurrentMetrics() {
  return useQuery({
    queryKey: metricsKeys.current(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.current, { signal }),
    refetchInterval: METRICS_SAMPLE_MS,
  });
}

/** One group's history over a range; read again as often as the answer's resolution adds a point. */
export function useMetricsHistory(type: MetricType, duration: number) {
  return useQuery({
    queryKey: metricsKeys.history(type, duration),
    queryFn: ({ signal }) => callEndpoint(metricsApi.history, { signal, query: { type, duration } }),
    // While another range loads, the chart keeps the last one instead of blinking empty.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => Math.max(METRICS_SAMPLE_MS, (query.state.data?.resolution ?? 0) * 1000),
  });
}

/** The recent alerts, newest first (spec 2 §7 polling: every 30 s, limit 5). */
export function useRecentAlerts() {
  return useQuery({
    queryKey: metricsKeys.alerts(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.alerts, { signal, query: { limit: RECENT_ALERTS_LIMIT } }),
    refetchInterval: MONITORING_POLL_MS.alerts,
  });
}

/** The database, Redis, InfluxDB and Discord (spec 2 §7 polling: every 15 s). */
export function useMonitoredServices() {
  return useQuery({
    queryKey: metricsKeys.services(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.services, { signal }),
    refetchInterval: MONITORING_POLL_MS.services,
  });
}

/** The alert rules and whether each holds now. */
export function useAlertRules() {
  return useQuery({
    queryKey: metricsKeys.alertRules(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.alertRules, { signal }),
    refetchInterval: MONITORING_POLL_MS.alerts,
  });
}

/** Per-route request rate, errors and latency, slowest first. */
export function useRouteStats() {
  return useQuery({
    queryKey: metricsKeys.routes(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.routes, { signal }),
    refetchInterval: PERFORMANCE_TABLES_POLL_MS,
  });
}

/** The slowest statements, or why they cannot be read. */
export function useSlowQueries() {
  return useQuery({
    queryKey: metricsKeys.slowQueries(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.slowQueries, { signal }),
    refetchInterval: PERFORMANCE_TABLES_POLL_MS,
  });
}

type AlertsAnswer = EndpointResponse<typeof metricsApi.alerts>;

/** The cached alerts with one alert replaced by its new state. */
function withAlert(answer: AlertsAnswer | undefined, alert: StoredAlert): AlertsAnswer | undefined {
  if (!answer) return answer;
  return { ...answer, alerts: answer.alerts.map((known) => (known.id === alert.id ? alert : known)) };
}

/** POST …/alerts/:id/acknowledge; the list shows the acknowledgement at once. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(metricsApi.acknowledgeAlert, { params: { id } }),
    onSuccess: ({ alert }) => {
      queryClient.setQueryData<AlertsAnswer>(metricsKeys.alerts(), (answer) => withAlert(answer, alert));
      return queryClient.invalidateQueries({ queryKey: metricsKeys.alerts() });
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.requestFailed)),
  });
}

/** What saving a rule sends. */
export interface AlertRuleChange {
  id: string;
  body: EndpointBody<typeof metricsApi.updateAlertRule>;
}

/** PUT …/alert-rules/:id. Field errors stay on the form; anything else is a toast. */
export function useUpdateAlertRule() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, body }: AlertRuleChange) => callEndpoint(metricsApi.updateAlertRule, { params: { id }, body }),
    onSuccess: ({ rule }) => {
      queryClient.setQueryData<EndpointResponse<typeof metricsApi.alertRules>>(metricsKeys.alertRules(), (answer) =>
        answer ? { ...answer, rules: answer.rules.map((known: AlertRule) => (known.id === rule.id ? rule : known)) } : answer,
      );
      toast.success(`Alert rule "${rule.name}" saved`);
      return queryClient.invalidateQueries({ queryKey: metricsKeys.alertRules() });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) {
        toast.error(errorMessage(error, MESSAGES.requestFailed));
      }
    },
  });
}
