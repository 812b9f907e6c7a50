import { type Silence, silenceBody } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { type SilenceBody, useCreateSilence, useEndSilence, useSilences } from '../../api/alert-delivery';
import { useAlertRules } from '../../api/metrics';
import { useAbilities } from '../../auth/abilities';
import { Card } from '../../ui/card';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { useFormFields } from '../../ui/use-form-fields';
import { useLiveSearchParams } from '../../ui/use-live-search-params';

/** Durations offered, in minutes. */
const DURATIONS = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 240, label: '4 hours' },
  { minutes: 1440, label: '1 day' },
  { minutes: 10_080, label: '1 week' },
] as const;

function silenceColumns(ruleName: (id: string) => string, onEnd: ((silence: Silence) => void) | null): ColumnDef<Silence>[] {
  const columns: ColumnDef<Silence>[] = [
    {
      id: 'what',
      header: 'Silenced',
      cell: ({ row: { original: silence } }) =>
        [silence.ruleId && ruleName(silence.ruleId), silence.instance && `on ${silence.instance}`].filter(Boolean).join(' '),
    },
    { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
    {
      id: 'until',
      header: 'Until',
      cell: ({ row: { original: silence } }) => (
        <time dateTime={silence.endsAt} title={formatDateTime(silence.endsAt)}>
          {formatRelative(silence.endsAt)}
        </time>
      ),
    },
    { id: 'by', header: 'By', cell: ({ row }) => row.original.createdBy },
  ];
  if (!onEnd) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row: { original: silence } }) => (
        <button type="button" className="button button--secondary button--small" onClick={() => onEnd(silence)}>
          End silence
        </button>
      ),
    },
  ];
}

/** Silences in force: a rule, an instance, or a rule on one instance, muted for a while with a reason. */
export function SilencesPanel() {
  const silences = useSilences();
  const rules = useAlertRules();
  const canEdit = useAbilities().can('editAlertRules');
  const end = useEndSilence();
  const [ending, setEnding] = useState<Silence | null>(null);
  const names = useMemo(() => new Map((rules.data?.rules ?? []).map((rule) => [rule.id, rule.name])), [rules.data]);
  const columns = useMemo(() => silenceColumns((id) => names.get(id) ?? id, canEdit ? setEnding : null), [names, canEdit]);

  return (
    <div className="alerts-stack">
      {canEdit && <SilenceForm />}
      <Card title="Silences in force" data-testid="silences">
        <DataTable
          columns={columns}
          rows={silences.data?.silences ?? []}
          getRowId={(silence) => silence.id}
          label="Silences in force"
          isStacked
          rowAttributes={(silence) => ({ 'data-testid': 'silence-row', 'data-rule': silence.ruleId ?? '' })}
          state={{
            query: silences,
            loading: 'Loading silences...',
            errorText: 'Failed to load silences',
            empty: 'Nothing is silenced.',
          }}
        />
      </Card>
      <ConfirmItemModal
        item={ending}
        mutation={end}
        title="End this silence?"
        confirmLabel="End silence"
        busyLabel="Ending..."
        onClose={() => setEnding(null)}
        testId="confirm-end-silence"
      >
        <p>Alerts it mutes are sent again from now on. Ending it is audited.</p>
      </ConfirmItemModal>
    </div>
  );
}

/** The silence form, filled in with the rule and instance an alert's page links with (?ruleId=&instance=). */
function SilenceForm() {
  const rules = useAlertRules();
  const create = useCreateSilence();
  const [params] = useLiveSearchParams();
  const { values, errors, setErrors, setValues, handleChange, validate } = useFormFields({
    ruleId: params.get('ruleId') ?? '',
    instance: params.get('instance') ?? '',
    minutes: '60',
    reason: '',
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = validate(
      silenceBody.safeParse({
        ruleId: values.ruleId || null,
        instance: values.instance.trim() || null,
        minutes: Number(values.minutes),
        reason: values.reason,
      }),
    ) as SilenceBody | null;
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => setValues({ ruleId: '', instance: '', minutes: '60', reason: '' }),
      onError: (error) => setErrors(fieldErrorsFromError(error)),
    });
  }

  return (
    <Card title="Silence" data-testid="silence-form-card">
      <form className="alerts-form" onSubmit={handleSubmit} noValidate aria-label="Silence a rule or an instance">
        <FormField label="Rule" error={errors.ruleId}>
          {(props) => (
            <select {...props} value={values.ruleId} onChange={(event) => handleChange('ruleId', event.target.value)}>
              <option value="">Every rule (name an instance)</option>
              {(rules.data?.rules ?? []).map((rule) => (
                <option key={rule.id} value={rule.id}>
                  {rule.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Instance" error={errors.instance} hint="Empty: every instance">
          {(props) => (
            <input {...props} value={values.instance} onChange={(event) => handleChange('instance', event.target.value)} />
          )}
        </FormField>
        <FormField label="For" error={errors.minutes}>
          {(props) => (
            <select {...props} value={values.minutes} onChange={(event) => handleChange('minutes', event.target.value)}>
              {DURATIONS.map((duration) => (
                <option key={duration.minutes} value={duration.minutes}>
                  {duration.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Reason" error={errors.reason} isRequired>
          {(props) => <input {...props} value={values.reason} onChange={(event) => handleChange('reason', event.target.value)} />}
        </FormField>
        <div className="alerts-form__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Silencing...' : 'Silence'}
          </button>
        </div>
      </form>
    </Card>
  );
}
