import { GUILD_INVITE_MESSAGES, inviteCodeFrom, invitePath } from '@guildhall/contract';
import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import '../../styles/invites.css';

/**
 * 'Have an invite link?': an e-mail member reaches a guild through a link an officer made. Opening the link
 * works on its own; pasting it here goes to the same join page.
 */
export function JoinWithInvite({ isProminent = false }: { isProminent?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = inviteCodeFrom(text);
    if (!code) {
      setError(GUILD_INVITE_MESSAGES.pasteInvalid);
      return;
    }
    navigate(invitePath(code));
  }

  return (
    <section
      className={`card join-with-invite${isProminent ? ' join-with-invite--prominent' : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid="join-with-invite"
    >
      <h2 id={`${id}-title`} className="join-with-invite__title">
        <Link2 size={18} aria-hidden="true" /> Have an invite link?
      </h2>
      <p className="join-with-invite__lead">
        An officer of your guild can send you a link to join it. Open the link, or paste it here.
      </p>
      <form className="join-with-invite__form" onSubmit={handleSubmit} noValidate>
        <label htmlFor={`${id}-link`} className="visually-hidden">
          Invite link
        </label>
        <input
          id={`${id}-link`}
          className="input"
          placeholder="https://…/join/…"
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          data-testid="invite-link-input"
        />
        <button type="submit" className="button button--primary">
          Open invite
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </section>
  );
}
