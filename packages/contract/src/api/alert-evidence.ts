import { z } from 'zod';
import { endpoint } from './common';
import { LOG_LEVELS } from './logs';
import { METRIC_CATALOG, type MetricName, metricName, storedAlert } from './metrics';

/** How much evidence an alert keeps: points of its metric, log lines and request ids of the minute before. */
export const ALERT_EVIDENCE_LIMITS = {
  points: 120,
  logLines: 20,
  requestIds: 10,
  /** The log lines looked at: this long before the alert fired. */
  logWindowMs: 60_000,
  /** The shortest window of metric values shown, for rules that fire at once. */
  minWindowMs: 60_000,
} as const;

/** A log line kept as evidence: enough to read it and to find it in Live Logs. */
export const evidenceLogLine = z.object({
  time: z.string(),
  level: z.enum(LOG_LEVELS),
  source: z.string(),
  message: z.string(),
  requestId: z.string().nullable(),
  statusCode: z.number().nullable(),
});
/** A log line kept as evidence. */
export type EvidenceLogLine = z.infer<typeof evidenceLogLine>;

/**
 * What made an alert fire, kept with it when it fired: its metric's values over the rule's window and, for the
 * error-rate and service rules, the warning and error lines and request ids of the minute before.
 */
export const alertEvidence = z.object({
  from: z.string().describe("Start of the rule's window"),
  to: z.string().describe('When the alert fired'),
  metric: z
    .object({
      name: metricName,
      threshold: z.number().nullable(),
      points: z.array(z.object({ at: z.string(), value: z.number() })),
    })
    .nullable(),
  logs: z
    .object({ from: z.string(), to: z.string(), lines: z.array(evidenceLogLine), requestIds: z.array(z.string()) })
    .nullable()
    .describe('Error-rate and service alerts: the lines at warn or above of the minute before'),
});
/** An alert's evidence. */
export type AlertEvidence = z.infer<typeof alertEvidence>;

/** The Live Logs search over an alert's minute before, optionally of one request. */
export function liveLogsSearchPath(logs: { from: string; to: string }, requestId?: string): string {
  const query = new URLSearchParams({ tab: 'search', from: logs.from, to: logs.to });
  if (requestId) query.set('requestId', requestId);
  return `/admin/monitoring/logs?${query.toString()}`;
}

/** The page of one alert on the Alerts screen. */
export const alertPagePath = (id: string) => `/admin/monitoring/alerts/${id}`;

const UNIT_SUFFIXES: Record<string, string> = { percent: ' %', ms: ' ms', bytes: ' bytes', per_second: '/s' };

/** Lowest, highest and last of the values, with the metric's unit: 'from 81 to 97.5 %, last 95 %'. */
export function evidenceSummary(metric: NonNullable<AlertEvidence['metric']>): string | null {
  const values = metric.points.map((point) => point.value);
  if (values.length === 0) return null;
  const unit = UNIT_SUFFIXES[METRIC_CATALOG[metric.name as MetricName].unit] ?? '';
  const round = (value: number) => String(Math.round(value * 10) / 10);
  const last = values.at(-1)!;
  return `from ${round(Math.min(...values))} to ${round(Math.max(...values))}${unit}, last ${round(last)}${unit} (${values.length === 1 ? '1 sample' : `${values.length} samples`})`;
}

/** One alert with its evidence (issue 34). */
export const alertEvidenceApi = {
  alert: endpoint({
    method: 'GET',
    path: '/api/admin/metrics/alerts/:id',
    summary: 'One alert with what caused it: its metric over the window, the log lines and request ids before',
    params: z.object({ id: z.uuid() }),
    response: z.object({ success: z.literal(true), alert: storedAlert, evidence: alertEvidence.nullable() }),
  }),
};
