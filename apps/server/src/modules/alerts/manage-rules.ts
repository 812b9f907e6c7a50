import { ALERT_MESSAGES, alertRuleThresholdError, type MetricName, type UpdateAlertRuleBody } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { type AlertRuleRow, lockAlertRule, updateAlertRuleRow } from './queries';

/** Who changes a rule, and from where. */
export interface RuleEditor {
  actor: Extract<AuditActor, { type: 'admin' }>;
  ip: string;
}

const editablePart = (row: AlertRuleRow) => ({
  threshold: row.threshold,
  durationSeconds: row.duration_seconds,
  severity: row.severity,
  enabled: row.enabled,
});

/** Changes a rule's threshold, duration, severity or whether it is on; audited with before and after. */
export async function changeAlertRule(db: Db, id: string, body: UpdateAlertRuleBody, by: RuleEditor): Promise<AlertRuleRow> {
  return db.transaction(async (tx) => {
    const before = await lockAlertRule(tx, id);
    if (!before) throw AppError.notFound(ALERT_MESSAGES.ruleNotFound);
    if (body.threshold !== undefined) {
      const refusal = alertRuleThresholdError({ kind: before.kind, metric: before.metric as MetricName | null }, body.threshold);
      if (refusal) throw AppError.invalidField('threshold', refusal);
    }
    const after = await updateAlertRuleRow(
      tx,
      id,
      {
        threshold: body.threshold ?? before.threshold,
        durationSeconds: body.durationSeconds ?? before.duration_seconds,
        severity: body.severity ?? before.severity,
        enabled: body.enabled ?? before.enabled,
      },
      by.actor.name,
    );
    await recordAudit(tx, {
      actor: by.actor,
      action: 'alert_rule.updated',
      target: { type: 'alert_rule', id },
      details: { before: editablePart(before), after: editablePart(after) },
      ip: by.ip,
    });
    return after;
  });
}
