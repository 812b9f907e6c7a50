// What made an alert fire, gathered when it fires: the engine keeps this process's recent samples, and the log hub
// its recent lines, so the evidence costs no query and is there even while PostgreSQL is down.
import {
  ALERT_EVIDENCE_LIMITS,
  type AlertEvidence,
  type EvidenceLogLine,
  LOG_LEVEL_VALUES,
  type LogEntry,
  type MetricName,
  type MetricSample,
} from '@guildhall/contract';
import type { AlertRuleRow } from './queries';

/** This process's recent log lines at warn or above (the log hub's ring), oldest first. */
export type RecentLogs = () => LogEntry[];

/** Samples kept per instance: an hour at the 5 s sampling, the longest window evidence shows. */
const KEPT_MS = 3_600_000;
const KEPT_SAMPLES = 720;

const ERROR_RATE: MetricName = 'http.error_rate_percent';

/** Whether a rule's alert carries the log lines of the minute before: error rates and services going down. */
export const carriesLogs = (rule: Pick<AlertRuleRow, 'kind' | 'metric'>) =>
  rule.kind === 'service_down' || rule.metric === ERROR_RATE;

/** At most `limit` of the items, evenly spread and keeping the last. */
function spread<T>(items: T[], limit: number): T[] {
  if (items.length <= limit) return items;
  const step = (items.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, index) => items[Math.round(index * step)]!);
}

function evidenceLine(entry: LogEntry): EvidenceLogLine {
  const status = entry.fields.statusCode;
  return {
    time: entry.time,
    level: entry.level,
    source: entry.source,
    message: entry.message.slice(0, 500),
    requestId: entry.requestId,
    statusCode: typeof status === 'number' ? status : null,
  };
}

export class EvidenceCollector {
  private readonly samples = new Map<string, MetricSample[]>();

  constructor(
    private readonly recentLogs: RecentLogs,
    private readonly now: () => number,
  ) {}

  /** Keeps a sample for the windows of alerts to come. */
  record(sample: MetricSample) {
    const kept = this.samples.get(sample.instance) ?? [];
    kept.push(sample);
    const oldest = Date.parse(sample.timestamp) - KEPT_MS;
    while (kept.length > KEPT_SAMPLES || (kept.length > 0 && Date.parse(kept[0]!.timestamp) < oldest)) kept.shift();
    this.samples.set(sample.instance, kept);
  }

  /** The evidence of a rule's alert firing at `at` (ms; a sample's own time for threshold rules). */
  collect(rule: AlertRuleRow, instance: string | null, at: number): AlertEvidence {
    const windowMs = Math.max(rule.duration_seconds * 1000, ALERT_EVIDENCE_LIMITS.minWindowMs);
    return {
      from: new Date(at - windowMs).toISOString(),
      to: new Date(at).toISOString(),
      metric: rule.kind === 'threshold' && rule.metric ? this.metricOf(rule, instance, at - windowMs, at) : null,
      logs: carriesLogs(rule) ? this.logsOf() : null,
    };
  }

  private metricOf(rule: AlertRuleRow, instance: string | null, from: number, to: number): AlertEvidence['metric'] {
    const name = rule.metric as MetricName;
    const points = (instance ? (this.samples.get(instance) ?? []) : [])
      .map((sample) => ({ at: sample.timestamp, time: Date.parse(sample.timestamp), value: sample.values[name] }))
      .filter((point) => point.time >= from && point.time <= to && typeof point.value === 'number')
      .map((point) => ({ at: point.at, value: point.value as number }));
    return { name, threshold: rule.threshold, points: spread(points, ALERT_EVIDENCE_LIMITS.points) };
  }

  /** The lines at warn or above of the minute before now (log lines carry the wall clock), newest kept. */
  private logsOf(): AlertEvidence['logs'] {
    const to = this.now();
    const from = to - ALERT_EVIDENCE_LIMITS.logWindowMs;
    const lines = this.recentLogs()
      .filter((entry) => {
        const time = Date.parse(entry.time);
        return time >= from && time <= to && LOG_LEVEL_VALUES[entry.level] >= LOG_LEVEL_VALUES.warn;
      })
      .slice(-ALERT_EVIDENCE_LIMITS.logLines)
      .map(evidenceLine);
    // Failed requests first: they are what an error rate counts.
    const newest = [...lines].reverse();
    const ordered = [...newest.filter((line) => (line.statusCode ?? 0) >= 500), ...newest];
    const requestIds = [...new Set(ordered.flatMap((line) => (line.requestId ? [line.requestId] : [])))];
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      lines,
      requestIds: requestIds.slice(0, ALERT_EVIDENCE_LIMITS.requestIds),
    };
  }
}
