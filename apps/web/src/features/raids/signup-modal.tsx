import {
  RAID_ROLE_LABELS,
  RAID_ROLES,
  type RaidRole,
  type RaidSummary,
  SIGNUP_STATUS_LABELS,
  SIGNUP_STATUSES,
  type SignupStatus,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useOwnCharactersQuery, useSignUpMutation } from '../../api/raids';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormActions } from '../../ui/form-actions';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { OwnCharacterOptions } from './own-character-options';

interface SignupModalProps {
  guildId: string;
  raid: RaidSummary;
  onClose: () => void;
}

const ROLE_OF_CHARACTER: Partial<Record<string, RaidRole>> = { tank: 'tank', healer: 'healer' };

/** The member's answer to one raid: status (Late with its minutes), character and role, a comment. */
export function SignupModal({ guildId, raid, onClose }: SignupModalProps) {
  const mine = raid.myAnswer;
  const characters = useOwnCharactersQuery(guildId).data?.characters ?? [];
  const signUp = useSignUpMutation(guildId);
  const [status, setStatus] = useState<SignupStatus>(mine?.status ?? 'accept');
  const [lateMinutes, setLateMinutes] = useState(String(mine?.lateMinutes ?? 15));
  const [characterId, setCharacterId] = useState(mine?.character?.id ?? '');
  const [role, setRole] = useState<RaidRole | ''>(mine?.role ?? '');
  const [comment, setComment] = useState(mine?.comment ?? '');
  const chosen = characters.find((c) => c.id === (characterId || characters[0]?.id));
  const shownRole = role || (chosen?.role ? (ROLE_OF_CHARACTER[chosen.role] ?? '') : '');
  const errors = fieldErrorsFromError(signUp.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signUp.mutate(
      {
        raidId: raid.id,
        answer: {
          status,
          lateMinutes: status === 'late' ? Number(lateMinutes) : null,
          characterId: chosen?.id ?? null,
          role: shownRole || null,
          comment,
        },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal isOpen title={`Answer: ${raid.name}`} onClose={onClose} size="md">
      <form className="signup-form" onSubmit={handleSubmit} data-testid="signup-form">
        <fieldset className="signup-form__statuses">
          <legend className="field__label">Your answer</legend>
          {SIGNUP_STATUSES.map((value) => (
            <label key={value} className={`signup-form__status${status === value ? ' signup-form__status--chosen' : ''}`}>
              <input type="radio" name="status" value={value} checked={status === value} onChange={() => setStatus(value)} />
              {SIGNUP_STATUS_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {status === 'late' && (
          <TextField
            label="Minutes late"
            error={errors.lateMinutes}
            isRequired
            type="number"
            min={1}
            max={600}
            value={lateMinutes}
            onChange={setLateMinutes}
          />
        )}
        {characters.length > 0 && (
          <FormField label="Character" error={errors.characterId}>
            {(props) => (
              <select {...props} value={chosen?.id ?? ''} onChange={(event) => setCharacterId(event.target.value)}>
                <OwnCharacterOptions characters={characters} />
              </select>
            )}
          </FormField>
        )}
        {status !== 'absent' && (
          <FormField label="Role" error={errors.role} isRequired>
            {(props) => (
              <select {...props} value={shownRole} onChange={(event) => setRole(event.target.value as RaidRole)}>
                <option value="" disabled>
                  Choose a role
                </option>
                {RAID_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {RAID_ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <TextField label="Comment" error={errors.comment} maxLength={200} value={comment} onChange={setComment} />
        <FormError error={signUp.error} fields={errors} />
        <FormActions
          className="signup-form__actions"
          submitLabel="Save answer"
          busyLabel="Saving..."
          isBusy={signUp.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
