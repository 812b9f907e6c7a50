import { z } from 'zod';
import { ALERT_SEVERITIES, alert } from '../sockets/admin';
import { endpoint } from './common';
import { SERVICES, serviceHealth } from './monitoring';

/** Groups of metrics; `GET /metrics/history?type=` returns one group (spec 2 §7, type default system). */
export const METRIC_TYPES = ['system', 'http', 'database', 'services', 'sockets'] as const;
/** A metrics group. */
export type MetricType = (typeof METRIC_TYPES)[number];

/** How a metric's value reads. */
export type MetricUnit = 'percent' | 'ms' | 'bytes' | 'count' | 'per_second' | 'load';

/** One metric the server samples. */
export interface MetricDefinition {
  type: MetricType;
  label: string;
  unit: MetricUnit;
  description: string;
}

/**
 * Every metric the server samples every METRICS_SAMPLE_MS into history, by name. Custom queries and alert rules
 * name a metric of this catalog; nothing else reaches a database as a metric name.
 */
export const METRIC_CATALOG = {
  'system.cpu_percent': { type: 'system', label: 'CPU', unit: 'percent', description: 'Host CPU use' },
  'system.memory_percent': { type: 'system', label: 'Memory', unit: 'percent', description: 'Host memory in use' },
  'system.load_1m': { type: 'system', label: 'Load (1 min)', unit: 'load', description: 'Host load average over 1 minute' },
  'system.event_loop_lag_ms': {
    type: 'system',
    label: 'Event-loop lag',
    unit: 'ms',
    description: "The 99th percentile of the event loop's delay over the interval",
  },
  'system.process_cpu_percent': {
    type: 'system',
    label: 'Process CPU',
    unit: 'percent',
    description: "This server process's share of the machine's CPU",
  },
  'system.heap_used_bytes': { type: 'system', label: 'Heap used', unit: 'bytes', description: 'V8 heap in use' },
  'system.rss_bytes': { type: 'system', label: 'Resident memory', unit: 'bytes', description: 'Resident set size' },
  'http.requests_per_second': {
    type: 'http',
    label: 'Requests/s',
    unit: 'per_second',
    description: 'HTTP requests per second over the interval',
  },
  'http.error_rate_percent': {
    type: 'http',
    label: 'Error rate',
    unit: 'percent',
    description: 'Share of responses with status 500 or above over the interval',
  },
  'http.latency_p50_ms': { type: 'http', label: 'p50', unit: 'ms', description: 'Median response time' },
  'http.latency_p95_ms': { type: 'http', label: 'p95', unit: 'ms', description: '95th percentile response time' },
  'http.latency_p99_ms': { type: 'http', label: 'p99', unit: 'ms', description: '99th percentile response time' },
  'database.pool_total': { type: 'database', label: 'Connections', unit: 'count', description: 'Connections in the pool' },
  'database.pool_idle': { type: 'database', label: 'Idle', unit: 'count', description: 'Idle connections in the pool' },
  'database.pool_waiting': {
    type: 'database',
    label: 'Waiting',
    unit: 'count',
    description: 'Queries waiting for a connection',
  },
  'services.database_ms': {
    type: 'services',
    label: 'PostgreSQL',
    unit: 'ms',
    description: 'Round trip of the last PostgreSQL health check',
  },
  'services.redis_ms': { type: 'services', label: 'Redis', unit: 'ms', description: 'Round trip of the last Redis health check' },
  'services.influxdb_ms': {
    type: 'services',
    label: 'InfluxDB',
    unit: 'ms',
    description: 'Round trip of the last InfluxDB health check',
  },
  'sockets.connected': { type: 'sockets', label: 'Live connections', unit: 'count', description: 'Open /admin sockets' },
} as const satisfies Record<string, MetricDefinition>;

/** A metric of the catalog. */
export type MetricName = keyof typeof METRIC_CATALOG;
/** Every metric name, in catalog order. */
export const METRIC_NAMES = Object.keys(METRIC_CATALOG) as [MetricName, ...MetricName[]];
/** A metric name, validated against the catalog. */
export const metricName = z.enum(METRIC_NAMES);

/** The metrics of one group, in catalog order. */
export function metricsOfType(type: MetricType): MetricName[] {
  return METRIC_NAMES.filter((name) => METRIC_CATALOG[name].type === type);
}

/** How often the server samples (ms), and the stream interval's bounds and default (spec 2 §7, §9). */
export const METRICS_SAMPLE_MS = 5000;
export const METRICS_STREAM_INTERVAL = { min: 1000, max: 60_000, default: 5000 } as const;

/** The range options of the monitoring charts (spec 2 §2), in seconds. */
export const METRIC_RANGES = [
  { label: '1 Hour', seconds: 3600 },
  { label: '6 Hours', seconds: 21_600 },
  { label: '24 Hours', seconds: 86_400 },
  { label: '7 Days', seconds: 604_800 },
  { label: '30 Days', seconds: 2_592_000 },
] as const;
/** The longest history kept and asked for (30 days). */
export const METRIC_MAX_RANGE_SECONDS = 2_592_000;

/**
 * Resolutions of stored history and how long each is kept (issue 14): 5 s points for 24 h, 1 min for 7 days, 10 min
 * for 30 days. A history request reads the finest resolution whose retention covers its range.
 */
export const METRIC_RESOLUTIONS = [
  { seconds: 5, keepSeconds: 86_400 },
  { seconds: 60, keepSeconds: 604_800 },
  { seconds: 600, keepSeconds: 2_592_000 },
] as const;

/** One sample of every metric, from one server process. */
export const metricSample = z.object({
  timestamp: z.string(),
  instance: z.string(),
  values: z.partialRecord(metricName, z.number()),
});
/** A metrics sample. */
export type MetricSample = z.infer<typeof metricSample>;

/** One line of a history chart: one metric of one process. */
export const metricSeries = z.object({
  metric: metricName,
  label: z.string(),
  unit: z.string(),
  instance: z.string(),
  /** [time in ms since the epoch, value], oldest first. */
  points: z.array(z.tuple([z.number(), z.number()])),
});
/** A history line. */
export type MetricSeries = z.infer<typeof metricSeries>;

export const metricsHistoryQuery = z.object({
  type: z.enum(METRIC_TYPES).default('system'),
  duration: z.coerce.number().int().min(60).max(METRIC_MAX_RANGE_SECONDS).default(3600),
});

/** What a history request asks for (HTTP query, or the `request:metrics-history` socket payload). */
export type MetricsHistoryQuery = z.input<typeof metricsHistoryQuery>;

export const metricsHistory = z.object({
  success: z.literal(true),
  type: z.enum(METRIC_TYPES),
  duration: z.number(),
  /** Seconds between points. */
  resolution: z.number(),
  backend: z.enum(['influxdb', 'postgresql']),
  from: z.string(),
  to: z.string(),
  series: z.array(metricSeries),
});
/** A history answer. */
export type MetricsHistory = z.infer<typeof metricsHistory>;

/** Aggregations a custom query may ask for. */
export const METRIC_AGGREGATIONS = ['avg', 'min', 'max', 'sum', 'count', 'p95'] as const;

export const customMetricQueryBody = z.object({
  metric: metricName,
  aggregation: z.enum(METRIC_AGGREGATIONS).default('avg'),
  timeRange: z.coerce.number().int().min(60).max(METRIC_MAX_RANGE_SECONDS).default(3600),
});

export const customMetricQueryResult = z.object({
  success: z.literal(true),
  metric: metricName,
  aggregation: z.enum(METRIC_AGGREGATIONS),
  timeRange: z.number(),
  /** Null when the range holds no point. */
  value: z.number().nullable(),
  points: z.number().describe('Stored points the value was computed over'),
  byInstance: z.array(z.object({ instance: z.string(), value: z.number().nullable() })),
});

/** An alert as stored: the live alert plus where it came from and when it stopped holding. */
export const storedAlert = alert.extend({
  ruleId: z.string().nullable(),
  instance: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  mutedReason: z.string().nullable().describe('Why it was not delivered: a silence or a maintenance window'),
});
/** A stored alert. */
export type StoredAlert = z.infer<typeof storedAlert>;

export const alertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  severity: z.enum(ALERT_SEVERITIES).optional(),
  state: z.enum(['open', 'resolved', 'all']).default('all'),
});

/** What an alert rule watches: a metric against a threshold, or a service being down. */
export const ALERT_RULE_KINDS = ['threshold', 'service_down'] as const;

export const alertRule = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  /** threshold rules: the metric and the bound it must reach (at or above). */
  metric: metricName.nullable(),
  threshold: z.number().nullable(),
  /** service_down rules: the service. */
  service: z.enum(SERVICES).nullable(),
  /** How long the condition must hold before the alert fires. */
  durationSeconds: z.number().int(),
  severity: z.enum(ALERT_SEVERITIES),
  enabled: z.boolean(),
  /** Null while it does not hold. */
  holdingSince: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
/** An alert rule. */
export type AlertRule = z.infer<typeof alertRule>;

/** The editable parts of a rule. */
export const updateAlertRuleBody = z.object({
  threshold: z.number().finite().optional(),
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
  severity: z.enum(ALERT_SEVERITIES).optional(),
  enabled: z.boolean().optional(),
});
/** A rule change. */
export type UpdateAlertRuleBody = z.infer<typeof updateAlertRuleBody>;

/** Refusals of the alert calls; the threshold ones come back on the `threshold` field of a rule change. */
export const ALERT_MESSAGES = {
  alertNotFound: 'Alert not found',
  ruleNotFound: 'Alert rule not found',
  thresholdPercent: 'A percentage threshold must be between 0 and 100',
  thresholdNegative: 'The threshold must be 0 or more',
  thresholdOnServiceRule: 'A service rule has no threshold',
} as const;

/** Why a threshold does not fit a rule, or null when it does (the server and the rule editor check alike). */
export function alertRuleThresholdError(rule: Pick<AlertRule, 'kind' | 'metric'>, threshold: number): string | null {
  if (rule.kind !== 'threshold' || !rule.metric) return ALERT_MESSAGES.thresholdOnServiceRule;
  if (METRIC_CATALOG[rule.metric].unit === 'percent' && (threshold < 0 || threshold > 100))
    return ALERT_MESSAGES.thresholdPercent;
  if (threshold < 0) return ALERT_MESSAGES.thresholdNegative;
  return null;
}

/** A service's state on the monitoring screens (spec 2 §3: database, redis, influxdb, each with a status). */
export const MONITORED_SERVICES = ['database', 'redis', 'influxdb', 'discord'] as const;
export const serviceStatusEntry = serviceHealth.extend({ name: z.enum(MONITORED_SERVICES), label: z.string() });

/** A slow statement from pg_stat_statements (spec 2 §3 "Slow query"). */
export const slowQuery = z.object({
  query: z.string(),
  /** The slowest run, in ms. */
  duration: z.number(),
  calls: z.number(),
  avgDuration: z.number(),
  totalDuration: z.number(),
  /** When these figures were read. */
  timestamp: z.string(),
});
/** A slow query. */
export type SlowQuery = z.infer<typeof slowQuery>;

/** Slow query colour thresholds in ms (spec 2 §4): over 1000 red, over 500 amber. */
export const SLOW_QUERY_MS = { amber: 500, red: 1000 } as const;

export const slowQueries = z.object({
  success: z.literal(true),
  available: z.boolean(),
  /** When unavailable: why, and the one line that fixes it. */
  reason: z.string().nullable(),
  fix: z.string().nullable(),
  queries: z.array(slowQuery),
});

/** One route's figures over the recent window, for the performance screen. */
export const routeStats = z.object({
  method: z.string(),
  route: z.string(),
  count: z.number(),
  requestsPerSecond: z.number(),
  errorRate: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
});
/** A route's figures. */
export type RouteStats = z.infer<typeof routeStats>;

export const metricsStats = z.object({
  success: z.literal(true),
  backend: z.enum(['influxdb', 'postgresql']),
  instance: z.string(),
  instances: z.array(z.string()),
  sampleIntervalMs: z.number(),
  resolutions: z.array(
    z.object({ seconds: z.number(), keepSeconds: z.number(), points: z.number(), oldest: z.string().nullable() }),
  ),
  sampling: z.object({ samples: z.number(), lastDurationMs: z.number(), averageDurationMs: z.number() }),
  streams: z.object({ metrics: z.number(), logs: z.number() }),
});

/** Polling fallbacks of the monitoring screens (spec 2 §7): alerts every 30 s (limit 5), services every 15 s. */
export const MONITORING_POLL_MS = { alerts: 30_000, services: 15_000 } as const;
export const RECENT_ALERTS_LIMIT = 5;

/** The monitoring calls (spec 2 §7 "Metrics"), under /api/admin/metrics. */
export const metricsApi = {
  current: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/current',
    summary: "This process's latest sample of every metric",
    response: z.object({ success: z.literal(true), sample: metricSample }),
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/history',
    summary: 'History of one group of metrics over a duration, one line per metric and process',
    query: metricsHistoryQuery,
    response: metricsHistory,
  }),
  alerts: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/alerts',
    summary: 'Stored alerts, newest first',
    query: alertsQuery,
    response: z.object({ success: z.literal(true), alerts: z.array(storedAlert), open: z.number() }),
  }),
  acknowledgeAlert: endpoint({
    method: 'POST',
    path: '/api/admin/metrics/alerts/:id/acknowledge',
    summary: 'Marks an alert seen (alerts:acknowledged)',
    params: z.object({ id: z.uuid() }),
    response: z.object({ success: z.literal(true), alert: storedAlert }),
  }),
  alertRules: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/alert-rules',
    summary: 'The alert rules and whether each holds now',
    response: z.object({ success: z.literal(true), rules: z.array(alertRule) }),
  }),
  updateAlertRule: endpoint({
    method: 'PUT',
    path: '/api/admin/metrics/alert-rules/:id',
    summary: 'Changes a rule (admin.system_config)',
    params: z.object({ id: z.string().min(1).max(64) }),
    body: updateAlertRuleBody,
    response: z.object({ success: z.literal(true), rule: alertRule }),
  }),
  services: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/services',
    summary: 'Status of the database, Redis, InfluxDB and Discord',
    response: z.object({ success: z.literal(true), services: z.array(serviceStatusEntry), checkedAt: z.string() }),
  }),
  customQuery: endpoint({
    method: 'POST',
    path: '/api/admin/metrics/custom-query',
    summary: 'An aggregation of one catalogued metric over a time range',
    body: customMetricQueryBody,
    response: customMetricQueryResult,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/stats',
    summary: 'Where history is kept, how much of it, and what sampling costs',
    response: metricsStats,
  }),
  routes: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/routes',
    summary: 'Per-route request rate, error rate and latency over the last 5 minutes, slowest first',
    response: z.object({ success: z.literal(true), windowSeconds: z.number(), routes: z.array(routeStats) }),
  }),
  slowQueries: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/slow-queries',
    summary: 'The slowest statements from pg_stat_statements, or why they are not available',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: slowQueries,
  }),
} as const;

/** Query of the metrics event stream, `GET /api/admin/metrics/stream` (server-sent events named `metrics`). */
export const metricsStreamQuery = z.object({
  interval: z.coerce
    .number()
    .int()
    .min(METRICS_STREAM_INTERVAL.min)
    .max(METRICS_STREAM_INTERVAL.max)
    .default(METRICS_STREAM_INTERVAL.default),
});
export const METRICS_STREAM_PATH = '/api/admin/metrics/stream';
/** The Prometheus scrape endpoint: off unless METRICS_TOKEN is set, then bearer-protected. */
export const PROMETHEUS_PATH = '/metrics';
