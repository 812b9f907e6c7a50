import type { AlertRule, MetricName, ServiceName, StoredAlert } from '@guildhall/contract';
import type { AlertRow, AlertRuleRow } from './queries';

/** A stored alert as the API and the live connection show it. */
export function presentAlert(row: AlertRow): StoredAlert {
  return {
    id: row.id,
    severity: row.severity,
    type: row.type,
    message: row.message,
    timestamp: row.created_at.toISOString(),
    acknowledged: row.acknowledged_at !== null,
    ruleId: row.rule_id,
    instance: row.instance,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    acknowledgedBy: row.acknowledged_by,
    acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
    mutedReason: row.muted_reason ?? null,
  };
}

/** A rule as the API shows it, with since when it holds on this process (null while it does not). */
export function presentRule(row: AlertRuleRow, holdingSince: Date | null): AlertRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    metric: row.metric as MetricName | null,
    threshold: row.threshold,
    service: row.service as ServiceName | null,
    durationSeconds: row.duration_seconds,
    severity: row.severity,
    enabled: row.enabled,
    holdingSince: holdingSince?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}
