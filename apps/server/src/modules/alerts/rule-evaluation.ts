import {
  METRIC_CATALOG,
  type MetricName,
  type MetricSample,
  type MetricUnit,
  SERVICE_LABELS,
  type ServiceHealth,
  type ServiceName,
} from '@guildhall/contract';
import type { AlertContent } from './alert-log';
import type { AlertRuleRow } from './queries';

const UNIT_SUFFIX: Record<MetricUnit, string> = {
  percent: ' %',
  ms: ' ms',
  bytes: ' bytes',
  count: '',
  per_second: '/s',
  load: '',
};

/** A rule's duration as a sentence reads it: "1 minute", "90 seconds". */
export function durationText(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

const formatNumber = (value: number) => String(Math.round(value * 10) / 10);

/** The sample's value of a threshold rule's metric; undefined when the rule has no metric or the sample lacks it. */
export function ruleValue(rule: AlertRuleRow, sample: MetricSample): number | undefined {
  if (rule.kind !== 'threshold' || !rule.metric) return undefined;
  const value = sample.values[rule.metric as MetricName];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Whether a threshold rule holds for a value: enabled, with a threshold, and the value at or above it. */
export function thresholdHolds(rule: AlertRuleRow, value: number): boolean {
  return rule.enabled && rule.threshold !== null && value >= rule.threshold;
}

/** What a threshold rule's alert says: "CPU is at 93.4 % on web-1:3000, at or above 90 % for 1 minute". */
export function thresholdAlert(rule: AlertRuleRow, value: number, instance: string | null): AlertContent {
  const definition = METRIC_CATALOG[rule.metric as MetricName];
  const suffix = definition ? UNIT_SUFFIX[definition.unit] : '';
  const where = instance ? ` on ${instance}` : '';
  const bound = `at or above ${formatNumber(rule.threshold ?? 0)}${suffix}`;
  const held = rule.duration_seconds > 0 ? ` for ${durationText(rule.duration_seconds)}` : '';
  return {
    severity: rule.severity,
    type: 'threshold',
    message: `${definition?.label ?? rule.metric} is at ${formatNumber(value)}${suffix}${where}, ${bound}${held}`,
  };
}

/** The alert a service's change of status raises, or null when the change is not worth one. */
export function alertForChange(
  service: ServiceName,
  from: ServiceHealth['status'] | null,
  to: ServiceHealth,
): AlertContent | null {
  const label = SERVICE_LABELS[service];
  if (to.status === 'down') {
    return {
      severity: service === 'postgresql' ? 'critical' : 'error',
      type: 'service_down',
      message: `${label} is down${to.message ? `: ${to.message}` : ''}`,
    };
  }
  if (to.status === 'degraded') {
    return { severity: 'warning', type: 'service_degraded', message: `${label} answers slowly (${to.responseTimeMs} ms)` };
  }
  if (to.status === 'healthy' && (from === 'down' || from === 'degraded')) {
    return { severity: 'info', type: 'service_recovered', message: `${label} is healthy again` };
  }
  return null;
}
