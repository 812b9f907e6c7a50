import { ALERT_SEVERITIES, type AlertRule, METRIC_CATALOG, SERVICE_LABELS } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { formatStatus } from '../../ui/format';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import type { AlertRuleDraft } from './alert-rule-form';
import { formatMetric } from './metric-format';
import type { RuleEditor } from './use-rule-edits';

/** What a rule watches, in words: 'CPU ≥ 90%' or 'Redis down'. */
function ruleCondition(rule: AlertRule): string {
  if (rule.kind === 'service_down') {
    return `${rule.service ? SERVICE_LABELS[rule.service] : 'A service'} down`;
  }
  const metric = rule.metric ? METRIC_CATALOG[rule.metric] : null;
  return metric ? `${metric.label} ≥ ${formatMetric(rule.threshold, metric.unit)}` : `≥ ${rule.threshold}`;
}

const errorId = (rule: AlertRule, field: string) => `rule-${rule.id}-${field}-error`;

function FieldError({ rule, field, editor }: { rule: AlertRule; field: keyof AlertRuleDraft; editor: RuleEditor }) {
  const message = editor.errorsFor(rule)[field];
  return message ? (
    <p id={errorId(rule, field)} className="field__error">
      {message}
    </p>
  ) : null;
}

/** The attributes tying an input to its error line. */
function invalidity(rule: AlertRule, field: keyof AlertRuleDraft, editor: RuleEditor) {
  const isInvalid = Boolean(editor.errorsFor(rule)[field]);
  return { 'aria-invalid': isInvalid, 'aria-describedby': isInvalid ? errorId(rule, field) : undefined };
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

const metricUnit = (rule: AlertRule) => (rule.metric ? METRIC_CATALOG[rule.metric].unit : 'count');

type RuleColumn = ColumnDef<AlertRule>;

const nameColumn: RuleColumn = {
  id: 'rule',
  header: 'Rule',
  meta: { isRowHeader: true },
  cell: ({ row: { original: rule } }) => (
    <span className="rule-name">
      {rule.name}
      <span className="muted">{ruleCondition(rule)}</span>
    </span>
  ),
};

const holdingColumn: RuleColumn = {
  id: 'holding',
  header: 'Holding since',
  cell: ({ row }) => <HoldingSince rule={row.original} />,
};

/** The rules as they are stored, for an admin who may not change them. */
const READ_ONLY_COLUMNS: RuleColumn[] = [
  nameColumn,
  {
    id: 'threshold',
    header: 'Threshold',
    cell: ({ row: { original: rule } }) => (rule.kind === 'threshold' ? formatMetric(rule.threshold, metricUnit(rule)) : '—'),
  },
  { id: 'duration', header: 'Duration (s)', cell: ({ row }) => `${row.original.durationSeconds} s` },
  { id: 'severity', header: 'Severity', cell: ({ row }) => formatStatus(row.original.severity) },
  { id: 'enabled', header: 'Enabled', cell: ({ row }) => (row.original.enabled ? 'On' : 'Off') },
  holdingColumn,
];

/** The rules with threshold, duration, severity and switch editable inline, each row saved by its own button. */
function editableColumns(editor: RuleEditor): RuleColumn[] {
  return [
    nameColumn,
    {
      id: 'threshold',
      header: 'Threshold',
      cell: ({ row: { original: rule } }) =>
        rule.kind === 'threshold' ? (
          <>
            <input
              className="input rule-input"
              inputMode="decimal"
              aria-label={`Threshold of ${rule.name}`}
              value={editor.draftFor(rule).threshold}
              {...invalidity(rule, 'threshold', editor)}
              onChange={(event) => editor.edit(rule, 'threshold', event.target.value)}
            />
            <FieldError rule={rule} field="threshold" editor={editor} />
          </>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      id: 'duration',
      header: 'Duration (s)',
      cell: ({ row: { original: rule } }) => (
        <>
          <input
            className="input rule-input"
            inputMode="numeric"
            aria-label={`Duration in seconds of ${rule.name}`}
            value={editor.draftFor(rule).durationSeconds}
            {...invalidity(rule, 'durationSeconds', editor)}
            onChange={(event) => editor.edit(rule, 'durationSeconds', event.target.value)}
          />
          <FieldError rule={rule} field="durationSeconds" editor={editor} />
        </>
      ),
    },
    {
      id: 'severity',
      header: 'Severity',
      cell: ({ row: { original: rule } }) => (
        <>
          <select
            className="input rule-select"
            aria-label={`Severity of ${rule.name}`}
            value={editor.draftFor(rule).severity}
            {...invalidity(rule, 'severity', editor)}
            onChange={(event) => editor.edit(rule, 'severity', event.target.value)}
          >
            {ALERT_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {formatStatus(severity)}
              </option>
            ))}
          </select>
          <FieldError rule={rule} field="severity" editor={editor} />
        </>
      ),
    },
    {
      id: 'enabled',
      header: 'Enabled',
      cell: ({ row: { original: rule } }) => (
        <>
          <input
            type="checkbox"
            className="rule-switch"
            aria-label={`${rule.name} enabled`}
            checked={editor.draftFor(rule).enabled}
            onChange={(event) => editor.edit(rule, 'enabled', event.target.checked)}
          />
          <FieldError rule={rule} field="enabled" editor={editor} />
        </>
      ),
    },
    holdingColumn,
    {
      id: 'save',
      header: () => <span className="visually-hidden">Save</span>,
      meta: { className: 'table__actions' },
      cell: ({ row: { original: rule } }) => (
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => editor.save(rule)}
          disabled={!editor.isDirty(rule) || editor.isSaving(rule)}
          aria-label={`Save ${rule.name}`}
        >
          Save
        </button>
      ),
    },
  ];
}

/** The alert rules table's columns: editable inline with an editor, else as stored. */
export const alertRuleColumns = (editor: RuleEditor | null): RuleColumn[] =>
  editor ? editableColumns(editor) : READ_ONLY_COLUMNS;
