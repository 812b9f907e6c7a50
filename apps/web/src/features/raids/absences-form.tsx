import { RAID_AVAILABILITY_LIMITS, type RaidAbsence } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useChangeAvailabilityMutation } from '../../api/raid-availability';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { formatDate } from '../../ui/format-date';
import { ownTimeZone, today } from './raid-times';

const dateText = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The member's absences, each removable (confirmed), and a form for a new one: its raids are answered Absent. */
export function AbsencesForm({ guildId, absences }: { guildId: string; absences: readonly RaidAbsence[] }) {
  const add = useChangeAvailabilityMutation(guildId);
  const remove = useChangeAvailabilityMutation(guildId);
  const [firstDate, setFirstDate] = useState('');
  const [lastDate, setLastDate] = useState('');
  const [note, setNote] = useState('');
  const [removing, setRemoving] = useState<RaidAbsence | null>(null);
  const errors = fieldErrorsFromError(add.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(
      { kind: 'absence', body: { firstDate, lastDate, note, timeZone: ownTimeZone() } },
      {
        onSuccess: () => {
          setFirstDate('');
          setLastDate('');
          setNote('');
        },
      },
    );
  }

  return (
    <div className="availability__absences">
      {absences.length > 0 && (
        <ul className="availability__absence-list" data-testid="absence-list">
          {absences.map((absence) => (
            <li key={absence.id} className="availability__absence">
              <span>
                Away {dateText(absence.firstDate)} to {dateText(absence.lastDate)}
                {absence.note && ` · ${absence.note}`}
              </span>
              <button type="button" className="button button--secondary button--small" onClick={() => setRemoving(absence)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* The question closes when the removal ends; a failed one is said here. */}
      <FormError error={remove.error} />
      <form className="availability__form" onSubmit={handleSubmit} data-testid="absence-form">
        <div className="availability__row">
          <FormField label="Away from" error={errors.firstDate} isRequired>
            {(props) => (
              <input
                {...props}
                type="date"
                min={today()}
                value={firstDate}
                onChange={(e) => setFirstDate(e.target.value)}
                required
              />
            )}
          </FormField>
          <FormField label="Back after" error={errors.lastDate} isRequired>
            {(props) => <input {...props} type="date" value={lastDate} onChange={(e) => setLastDate(e.target.value)} required />}
          </FormField>
          <FormField label="Note" error={errors.note}>
            {(props) => (
              <input
                {...props}
                value={note}
                maxLength={RAID_AVAILABILITY_LIMITS.noteLength}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <FormError error={add.error} fields={errors} />
        <div>
          <button type="submit" className="button button--secondary button--small" disabled={add.isPending}>
            Add absence
          </button>
        </div>
      </form>
      <ConfirmItemModal
        item={removing}
        mutation={remove}
        variables={(absence) => ({ kind: 'remove' as const, absenceId: absence.id })}
        title="Remove this absence?"
        confirmLabel="Remove absence"
        busyLabel="Removing..."
        isDanger
        onClose={() => setRemoving(null)}
        testId="remove-absence"
      >
        <p>The raids it answered Absent that are still open wait for your answer again (or your raid days answer them).</p>
      </ConfirmItemModal>
    </div>
  );
}
