import {
  ALERT_SEVERITIES,
  type AlertSeverity,
  CONTACT_POINT_KIND_LABELS,
  CONTACT_POINT_KINDS,
  type ContactPoint,
  type ContactPointKind,
  contactPointBody,
} from '@guildhall/contract';
import { type FormEvent, useId, useState } from 'react';
import { type ContactPointBody, useCreateContactPoint, useUpdateContactPoint } from '../../api/alert-delivery';
import { useAlertRules } from '../../api/metrics';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { formatStatus } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { useFormFields } from '../../ui/use-form-fields';

interface ContactPointFormProps {
  /** The contact point edited; null: a new one. */
  editing: ContactPoint | null;
  onClose: () => void;
  /** A new webhook's generated signing secret, shown once. */
  onSecret: (name: string, secret: string) => void;
}

const FORM_ID = 'contact-point-form';

/**
 * A contact point and its routing: where it sends (the URL and signing secret are write-only: an edit shows them as
 * set and keeps them when left empty), which severities and rules reach it, and how often a firing alert repeats.
 */
export function ContactPointForm({ editing, onClose, onSecret }: ContactPointFormProps) {
  const id = useId();
  const rules = useAlertRules();
  const create = useCreateContactPoint();
  const update = useUpdateContactPoint();
  const { values, errors, setErrors, handleChange, validate } = useFormFields({
    name: editing?.name ?? '',
    kind: (editing?.kind ?? 'webhook') as string,
    url: '',
    email: editing?.kind === 'email' ? editing.target : '',
    secret: '',
    repeatHours: editing?.repeatHours ? String(editing.repeatHours) : '',
  });
  const [severities, setSeverities] = useState<AlertSeverity[]>(editing?.severities ?? ['critical', 'error']);
  const [ruleIds, setRuleIds] = useState<string[] | null>(editing?.ruleIds ?? null);
  const [isEnabled, setIsEnabled] = useState(editing?.isEnabled ?? true);
  const kind = values.kind as ContactPointKind;
  const keepsUrl = editing !== null && editing.kind === kind && kind !== 'email';
  const isBusy = create.isPending || update.isPending;

  function toggle<T>(list: T[], item: T): T[] {
    return list.includes(item) ? list.filter((value) => value !== item) : [...list, item];
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = validate(
      contactPointBody.safeParse({
        name: values.name,
        kind,
        url: kind !== 'email' && values.url.trim() ? values.url : undefined,
        email: kind === 'email' ? values.email : undefined,
        secret: kind === 'webhook' && values.secret ? values.secret : undefined,
        severities,
        ruleIds,
        repeatHours: values.repeatHours.trim() ? Number(values.repeatHours) : null,
        isEnabled,
      }),
    ) as ContactPointBody | null;
    if (!body) return;
    const onError = (error: unknown) => setErrors(fieldErrorsFromError(error));
    if (editing) {
      update.mutate({ id: editing.id, body }, { onSuccess: onClose, onError });
      return;
    }
    create.mutate(body, {
      onSuccess: (answer) => {
        if (answer.secret) onSecret(answer.contactPoint.name, answer.secret);
        onClose();
      },
      onError,
    });
  }

  const formError = (create.error ?? update.error) && Object.keys(errors).length === 0 ? (create.error ?? update.error) : null;

  return (
    <Modal
      isOpen
      title={editing ? `Edit ${editing.name}` : 'New contact point'}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="button button--primary" disabled={isBusy}>
            {isBusy ? 'Saving...' : 'Save contact point'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} className="contact-point-form" onSubmit={handleSubmit} noValidate data-testid="contact-point-form">
        {formError && (
          <p className="field__error" role="alert">
            {formError.message}
          </p>
        )}
        <FormField label="Name" error={errors.name} isRequired>
          {(props) => <input {...props} value={values.name} onChange={(event) => handleChange('name', event.target.value)} />}
        </FormField>
        <FormField label="Kind" error={errors.kind}>
          {(props) => (
            <select {...props} value={kind} onChange={(event) => handleChange('kind', event.target.value)}>
              {CONTACT_POINT_KINDS.map((option) => (
                <option key={option} value={option}>
                  {CONTACT_POINT_KIND_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {kind === 'email' ? (
          <FormField label="E-mail address" error={errors.email} isRequired>
            {(props) => (
              <input
                {...props}
                type="email"
                value={values.email}
                onChange={(event) => handleChange('email', event.target.value)}
              />
            )}
          </FormField>
        ) : (
          <FormField
            label={kind === 'discord' ? 'Discord webhook URL' : 'Webhook URL'}
            error={errors.url}
            isRequired={!keepsUrl}
            hint={keepsUrl ? `Set (${editing?.target}): leave empty to keep it` : undefined}
          >
            {(props) => (
              <input
                {...props}
                type="url"
                autoComplete="off"
                placeholder={keepsUrl ? 'Set' : kind === 'discord' ? 'https://discord.com/api/webhooks/…' : 'https://'}
                value={values.url}
                onChange={(event) => handleChange('url', event.target.value)}
              />
            )}
          </FormField>
        )}
        {kind === 'webhook' && (
          <FormField
            label="Signing secret"
            error={errors.secret}
            hint={
              editing?.hasSecret && keepsUrl ? 'Set: leave empty to keep it' : 'Leave empty and one is made for you, shown once'
            }
          >
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                placeholder={editing?.hasSecret && keepsUrl ? 'Set' : ''}
                value={values.secret}
                onChange={(event) => handleChange('secret', event.target.value)}
              />
            )}
          </FormField>
        )}
        <fieldset className="contact-point-form__choices" aria-describedby={errors.severities ? `${id}-severities` : undefined}>
          <legend>Severities sent here</legend>
          {ALERT_SEVERITIES.map((severity) => (
            <label key={severity} className="alerts-checkbox">
              <input
                type="checkbox"
                checked={severities.includes(severity)}
                onChange={() => setSeverities((current) => toggle(current, severity))}
              />
              {formatStatus(severity)}
            </label>
          ))}
          {errors.severities && (
            <p id={`${id}-severities`} className="field__error">
              {errors.severities}
            </p>
          )}
        </fieldset>
        <fieldset className="contact-point-form__choices">
          <legend>Rules sent here</legend>
          <label className="alerts-checkbox">
            <input type="checkbox" checked={ruleIds === null} onChange={() => setRuleIds(ruleIds === null ? [] : null)} />
            Every rule (and notices)
          </label>
          {ruleIds !== null &&
            (rules.data?.rules ?? []).map((rule) => (
              <label key={rule.id} className="alerts-checkbox">
                <input
                  type="checkbox"
                  checked={ruleIds.includes(rule.id)}
                  onChange={() => setRuleIds((current) => toggle(current ?? [], rule.id))}
                />
                {rule.name}
              </label>
            ))}
        </fieldset>
        <FormField label="Repeat every (hours)" error={errors.repeatHours} hint="While it still fires; empty: never">
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={values.repeatHours}
              onChange={(event) => handleChange('repeatHours', event.target.value)}
            />
          )}
        </FormField>
        <label className="alerts-checkbox">
          <input type="checkbox" checked={isEnabled} onChange={(event) => setIsEnabled(event.target.checked)} />
          Enabled
        </label>
      </form>
    </Modal>
  );
}
