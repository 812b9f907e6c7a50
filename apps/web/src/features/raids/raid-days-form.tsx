import { RAID_ROLE_LABELS, RAID_ROLES, type RaidAvailability, type RaidRole } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useChangeAvailabilityMutation } from '../../api/raid-availability';
import { useOwnCharactersQuery } from '../../api/raids';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { OwnCharacterOptions } from './own-character-options';
import { ownTimeZone } from './raid-times';

/** Monday first, as the calendar's weeks; 0 is Sunday as the server counts. */
const WEEKDAYS: readonly [number, string][] = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [0, 'Sun'],
];

/** The weekdays the member raids and what they come as: new raids on those days are answered Accept for them. */
export function RaidDaysForm({ guildId, current }: { guildId: string; current: RaidAvailability | null }) {
  const characters = useOwnCharactersQuery(guildId);
  const save = useChangeAvailabilityMutation(guildId);
  const [weekdays, setWeekdays] = useState<number[]>(current?.weekdays ?? []);
  const [characterId, setCharacterId] = useState(current?.characterId ?? '');
  const [role, setRole] = useState<RaidRole | ''>(current?.role ?? '');
  const errors = fieldErrorsFromError(save.error);

  function toggle(day: number, isOn: boolean) {
    setWeekdays((days) => (isOn ? [...days, day] : days.filter((d) => d !== day)));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({
      kind: 'days',
      body: { weekdays, characterId: characterId || null, role: role || null, timeZone: ownTimeZone() },
    });
  }

  return (
    <form className="availability__form" onSubmit={handleSubmit} data-testid="raid-days-form">
      <fieldset className="availability__days">
        <legend>Days I raid</legend>
        {WEEKDAYS.map(([day, label]) => (
          <label key={day} className="availability__day">
            <input type="checkbox" checked={weekdays.includes(day)} onChange={(event) => toggle(day, event.target.checked)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <div className="availability__row">
        <FormField label="Character" error={errors.characterId}>
          {(props) => (
            <select {...props} value={characterId} onChange={(event) => setCharacterId(event.target.value)}>
              <option value="">No character</option>
              <OwnCharacterOptions characters={characters.data?.characters ?? []} />
            </select>
          )}
        </FormField>
        <FormField label="Role" error={errors.role}>
          {(props) => (
            <select {...props} value={role} onChange={(event) => setRole(event.target.value as RaidRole | '')}>
              <option value="">The character's role</option>
              {RAID_ROLES.map((option) => (
                <option key={option} value={option}>
                  {RAID_ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormError error={save.error} fields={errors} />
      <div>
        <button type="submit" className="button button--secondary button--small" disabled={save.isPending}>
          Save raid days
        </button>
      </div>
    </form>
  );
}
