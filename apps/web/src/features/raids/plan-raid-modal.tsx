import { RAID_LIMITS, weekdayOf, zonedTimeToUtc } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { usePlanRaidMutation, useRaidTemplatesQuery } from '../../api/raids';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormActions } from '../../ui/form-actions';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { today } from './raid-times';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

interface PlanRaidModalProps {
  guildId: string;
  guildTimeZone: string;
  onClose: () => void;
}

/** An officer plans from a template: one raid on a date, or a weekly series; times are the guild's server time. */
export function PlanRaidModal({ guildId, guildTimeZone, onClose }: PlanRaidModalProps) {
  const templates = useRaidTemplatesQuery(guildId, true);
  const plan = usePlanRaidMutation(guildId);
  const list = templates.data?.templates ?? [];
  const [templateId, setTemplateId] = useState('');
  const [kind, setKind] = useState<'raid' | 'series'>('raid');
  const [date, setDate] = useState(today());
  const [time, setTime] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [count, setCount] = useState('8');
  const template = list.find((t) => t.id === (templateId || list[0]?.id));
  const startTime = time || template?.startTime || '20:00';
  const chosenDays = weekdays.length > 0 ? weekdays : [weekdayOf(date)];
  const errors = fieldErrorsFromError(plan.error);

  function toggleDay(day: number) {
    setWeekdays(chosenDays.includes(day) ? chosenDays.filter((d) => d !== day) : [...chosenDays, day]);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!template) return;
    if (kind === 'raid') {
      const startsAt = zonedTimeToUtc(date, startTime, guildTimeZone).toISOString();
      plan.mutate({ kind: 'raid', body: { templateId: template.id, startsAt } }, { onSuccess: onClose });
    } else {
      plan.mutate(
        {
          kind: 'series',
          body: { templateId: template.id, firstDate: date, startTime, weekdays: chosenDays, count: Number(count) },
        },
        { onSuccess: onClose },
      );
    }
  }

  return (
    <Modal isOpen title="Plan a raid" onClose={onClose} size="md">
      {templates.isSuccess && list.length === 0 ? (
        <p className="raids-empty">This guild has no raid templates yet. An officer creates them through the API for now.</p>
      ) : (
        <form className="plan-form" onSubmit={handleSubmit} data-testid="plan-raid-form">
          <FormField label="Template" error={errors.templateId}>
            {(props) => (
              <select {...props} value={template?.id ?? ''} onChange={(event) => setTemplateId(event.target.value)}>
                {list.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} ({t.instance}, {t.difficulty}, {t.size})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <fieldset className="plan-form__kind">
            <legend className="field__label">Plan</legend>
            <label>
              <input type="radio" name="kind" checked={kind === 'raid'} onChange={() => setKind('raid')} /> One raid
            </label>
            <label>
              <input type="radio" name="kind" checked={kind === 'series'} onChange={() => setKind('series')} /> Weekly series
            </label>
          </fieldset>
          <TextField
            label={kind === 'raid' ? 'Date' : 'First date'}
            error={errors.firstDate ?? errors.startsAt}
            type="date"
            value={date}
            onChange={setDate}
            required
          />
          <TextField
            label={`Start (server time, ${guildTimeZone})`}
            error={errors.startTime}
            type="time"
            value={startTime}
            onChange={setTime}
            required
          />
          {kind === 'series' && (
            <>
              <fieldset className="plan-form__weekdays">
                <legend className="field__label">Every</legend>
                {WEEKDAYS.map((label, day) => (
                  <label key={label}>
                    <input type="checkbox" checked={chosenDays.includes(day)} onChange={() => toggleDay(day)} /> {label}
                  </label>
                ))}
              </fieldset>
              <TextField
                label="Number of raids"
                error={errors.count}
                type="number"
                min={1}
                max={RAID_LIMITS.maxSeriesRaids}
                value={count}
                onChange={setCount}
              />
            </>
          )}
          <FormError error={plan.error} />
          <FormActions
            className="signup-form__actions"
            submitLabel={kind === 'raid' ? 'Plan raid' : 'Plan series'}
            busyLabel="Planning..."
            isBusy={plan.isPending}
            isDisabled={!template}
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}
