import { ALERT_SEVERITIES, type AlertRule, updateAlertRuleBody } from '@guildhall/contract';
import { type FieldErrors, fieldErrorsFromIssues } from '../../ui/field-errors';

/** A rule's editable fields as the inputs hold them. */
export interface AlertRuleDraft {
  threshold: string;
  durationSeconds: string;
  severity: AlertRule['severity'];
  enabled: boolean;
}

/** The draft of a rule as stored. */
export function draftOf(rule: AlertRule): AlertRuleDraft {
  return {
    threshold: rule.threshold === null ? '' : String(rule.threshold),
    durationSeconds: String(rule.durationSeconds),
    severity: rule.severity,
    enabled: rule.enabled,
  };
}

const NOT_A_NUMBER = 'Enter a number';

/**
 * The changed fields of a draft as the update call takes them, or the field errors that stop it (checked with the
 * contract's schema, so the browser and the server refuse the same things).
 */
export function ruleChange(rule: AlertRule, draft: AlertRuleDraft): { body: Record<string, unknown>; errors: FieldErrors } {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const initial = draftOf(rule);
  if (rule.kind === 'threshold' && draft.threshold !== initial.threshold) {
    const threshold = draft.threshold.trim() === '' ? Number.NaN : Number(draft.threshold);
    if (Number.isFinite(threshold)) body.threshold = threshold;
    else errors.threshold = NOT_A_NUMBER;
  }
  if (draft.durationSeconds !== initial.durationSeconds) {
    const duration = draft.durationSeconds.trim() === '' ? Number.NaN : Number(draft.durationSeconds);
    if (Number.isFinite(duration)) body.durationSeconds = duration;
    else errors.durationSeconds = NOT_A_NUMBER;
  }
  if (draft.severity !== initial.severity && ALERT_SEVERITIES.includes(draft.severity)) body.severity = draft.severity;
  if (draft.enabled !== initial.enabled) body.enabled = draft.enabled;
  const parsed = updateAlertRuleBody.safeParse(body);
  if (!parsed.success) Object.assign(errors, { ...fieldErrorsFromIssues(parsed.error.issues), ...errors });
  return { body, errors };
}
