import { ALERT_SEVERITIES, type AlertRule, METRIC_CATALOG, SERVICE_LABELS } from '@guildhall/contract';
import { useState } from 'react';
import { useUpdateAlertRule } from '../../api/metrics';
import { type FieldErrors, fieldErrorsFromError, withoutField } from '../../ui/field-errors';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { formatStatus } from '../dashboard/format';
import { type AlertRuleDraft, draftOf, ruleChange } from './alert-rule-form';
import { formatMetric } from './metric-format';

/** What a rule watches, in words: 'CPU ≥ 90%' or 'Redis down'. */
function ruleCondition(rule: AlertRule): string {
  if (rule.kind === 'service_down') {
    return `${rule.service ? SERVICE_LABELS[rule.service] : 'A service'} down`;
  }
  const metric = rule.metric ? METRIC_CATALOG[rule.metric] : null;
  return metric ? `${metric.label} ≥ ${formatMetric(rule.threshold, metric.unit)}` : `≥ ${rule.threshold}`;
}

function RuleName({ rule }: { rule: AlertRule }) {
  return (
    <th scope="row">
      <span className="rule-name">
        {rule.name}
        <span className="muted">{ruleCondition(rule)}</span>
      </span>
    </th>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

function HoldingSince({ rule }: { rule: AlertRule }) {
  return rule.holdingSince ? (
    <time dateTime={rule.holdingSince} title={formatDateTime(rule.holdingSince)} className="rule-holding">
      {formatRelative(rule.holdingSince)}
    </time>
  ) : (
    <span className="muted">Not holding</span>
  );
}

/** One rule as a table row: read-only, or with its threshold, duration, severity and switch editable inline. */
export function AlertRuleRow({ rule, canEdit }: { rule: AlertRule; canEdit: boolean }) {
  const update = useUpdateAlertRule();
  const [draft, setDraft] = useState<AlertRuleDraft>(() => draftOf(rule));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedAt, setSavedAt] = useState(rule.updatedAt);
  // A rule saved here or elsewhere shows its stored values again.
  if (rule.updatedAt !== savedAt) {
    setSavedAt(rule.updatedAt);
    setDraft(draftOf(rule));
  }
  const stored = draftOf(rule);
  const isDirty = (Object.keys(stored) as (keyof AlertRuleDraft)[]).some((field) => draft[field] !== stored[field]);
  const idOf = (field: string) => `rule-${rule.id}-${field}-error`;
  const metricUnit = rule.metric ? METRIC_CATALOG[rule.metric].unit : null;

  function edit(field: keyof AlertRuleDraft, value: string | boolean) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  }

  function handleSave() {
    const change = ruleChange(rule, draft);
    if (Object.keys(change.errors).length > 0) {
      setErrors(change.errors);
      return;
    }
    update.mutate({ id: rule.id, body: change.body }, { onError: (error) => setErrors(fieldErrorsFromError(error)) });
  }

  if (!canEdit) {
    return (
      <tr data-testid={`alert-rule-${rule.id}`}>
        <RuleName rule={rule} />
        <td>{rule.kind === 'threshold' ? formatMetric(rule.threshold, metricUnit ?? 'count') : '—'}</td>
        <td>{rule.durationSeconds} s</td>
        <td>{formatStatus(rule.severity)}</td>
        <td>{rule.enabled ? 'On' : 'Off'}</td>
        <td>
          <HoldingSince rule={rule} />
        </td>
      </tr>
    );
  }

  return (
    <tr data-testid={`alert-rule-${rule.id}`}>
      <RuleName rule={rule} />
      <td>
        {rule.kind === 'threshold' ? (
          <>
            <input
              className="input rule-input"
              inputMode="decimal"
              aria-label={`Threshold of ${rule.name}`}
              value={draft.threshold}
              aria-invalid={Boolean(errors.threshold)}
              aria-describedby={errors.threshold ? idOf('threshold') : undefined}
              onChange={(event) => edit('threshold', event.target.value)}
            />
            <FieldError id={idOf('threshold')} message={errors.threshold} />
          </>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <input
          className="input rule-input"
          inputMode="numeric"
          aria-label={`Duration in seconds of ${rule.name}`}
          value={draft.durationSeconds}
          aria-invalid={Boolean(errors.durationSeconds)}
          aria-describedby={errors.durationSeconds ? idOf('durationSeconds') : undefined}
          onChange={(event) => edit('durationSeconds', event.target.value)}
        />
        <FieldError id={idOf('durationSeconds')} message={errors.durationSeconds} />
      </td>
      <td>
        <select
          className="input rule-select"
          aria-label={`Severity of ${rule.name}`}
          value={draft.severity}
          aria-invalid={Boolean(errors.severity)}
          aria-describedby={errors.severity ? idOf('severity') : undefined}
          onChange={(event) => edit('severity', event.target.value)}
        >
          {ALERT_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {formatStatus(severity)}
            </option>
          ))}
        </select>
        <FieldError id={idOf('severity')} message={errors.severity} />
      </td>
      <td>
        <input
          type="checkbox"
          className="rule-switch"
          aria-label={`${rule.name} enabled`}
          checked={draft.enabled}
          onChange={(event) => edit('enabled', event.target.checked)}
        />
        <FieldError id={idOf('enabled')} message={errors.enabled} />
      </td>
      <td>
        <HoldingSince rule={rule} />
      </td>
      <td className="table__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={handleSave}
          disabled={!isDirty || update.isPending}
          aria-label={`Save ${rule.name}`}
        >
          Save
        </button>
      </td>
    </tr>
  );
}
