import {
  RAID_LIMITS,
  type RaidDetail,
  SERIES_SCOPE_LABELS,
  SERIES_SCOPES,
  type SeriesScope,
  type UpdateRaidInput,
  zonedParts,
  zonedTimeToUtc,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useUpdateRaidMutation } from '../../api/raid-page';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormActions } from '../../ui/form-actions';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';

interface EditRaidModalProps {
  guildId: string;
  raid: RaidDetail;
  guildTimeZone: string;
  onClose: () => void;
}

/**
 * An officer edits a raid: name, the date and start in the guild's server time, notes. A raid of a series asks which
 * raids the edit reaches ("this raid / this and following / all"). Only what changed is sent, with the version read,
 * so another officer's edit since is a conflict rather than lost.
 */
export function EditRaidModal({ guildId, raid, guildTimeZone, onClose }: EditRaidModalProps) {
  const update = useUpdateRaidMutation(guildId, raid.id);
  const start = zonedParts(new Date(raid.startsAt), guildTimeZone);
  const [name, setName] = useState(raid.name);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [notes, setNotes] = useState(raid.notes);
  const [scope, setScope] = useState<SeriesScope>('this');
  const errors = fieldErrorsFromError(update.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const edit: UpdateRaidInput = { version: raid.version, scope };
    if (name !== raid.name) edit.name = name;
    if (notes !== raid.notes) edit.notes = notes;
    const startsAt = zonedTimeToUtc(date, time, guildTimeZone).toISOString();
    if (Date.parse(startsAt) !== Date.parse(raid.startsAt)) edit.startsAt = startsAt;
    update.mutate(edit, { onSuccess: onClose });
  }

  return (
    <Modal isOpen title={`Edit ${raid.name}`} onClose={onClose} size="md">
      <form className="plan-form" onSubmit={handleSubmit} data-testid="edit-raid-form">
        <TextField
          label="Name"
          error={errors.name}
          isRequired
          value={name}
          maxLength={RAID_LIMITS.nameLength}
          onChange={setName}
          required
        />
        <TextField label="Date" error={errors.startsAt} type="date" value={date} onChange={setDate} required />
        <TextField label={`Start (server time, ${guildTimeZone})`} type="time" value={time} onChange={setTime} required />
        <FormField label="Notes" error={errors.notes}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={RAID_LIMITS.notesLength}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </FormField>
        {raid.seriesId && (
          <fieldset className="plan-form__kind">
            <legend className="field__label">Change</legend>
            {SERIES_SCOPES.map((value) => (
              <label key={value}>
                <input type="radio" name="scope" checked={scope === value} onChange={() => setScope(value)} />{' '}
                {SERIES_SCOPE_LABELS[value]}
              </label>
            ))}
          </fieldset>
        )}
        <FormError error={update.error} />
        <FormActions
          className="signup-form__actions"
          submitLabel="Save changes"
          busyLabel="Saving..."
          isBusy={update.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
