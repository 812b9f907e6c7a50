import { type CreateInviteInput, INVITE_LIMITS, type InviteExpiry } from '@guildhall/contract';
import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { EXPIRY_OPTIONS, MAX_USES_OPTIONS } from './invite-text';

interface CreateInviteFormProps {
  isCreating: boolean;
  onCreate: (input: CreateInviteInput) => void;
}

/** Uses and expiry, then 'Create link'; single use and 7 days unless changed. */
export function CreateInviteForm({ isCreating, onCreate }: CreateInviteFormProps) {
  const id = useId();
  const [maxUses, setMaxUses] = useState(String(INVITE_LIMITS.defaultMaxUses));
  const [expiresIn, setExpiresIn] = useState<InviteExpiry>(INVITE_LIMITS.defaultExpiry);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onCreate({ maxUses: Number(maxUses), expiresIn });
  }

  return (
    <form className="invite-form" onSubmit={handleSubmit} data-testid="create-invite-form">
      <label className="invite-form__field" htmlFor={`${id}-uses`}>
        <span className="invite-form__label">Uses</span>
        <select
          id={`${id}-uses`}
          className="input"
          value={maxUses}
          onChange={(event) => setMaxUses(event.target.value)}
          data-testid="invite-max-uses"
        >
          {MAX_USES_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="invite-form__field" htmlFor={`${id}-expiry`}>
        <span className="invite-form__label">Expires after</span>
        <select
          id={`${id}-expiry`}
          className="input"
          value={expiresIn}
          // The options are the only values the select can take.
          onChange={(event) => setExpiresIn(event.target.value as InviteExpiry)}
          data-testid="invite-expiry"
        >
          {EXPIRY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary invite-form__submit" disabled={isCreating}>
        <Link2 size={16} aria-hidden="true" />
        {isCreating ? 'Creating...' : 'Create link'}
      </button>
    </form>
  );
}
