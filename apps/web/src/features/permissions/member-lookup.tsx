import { GUILD_GRANT_MESSAGES, type PermissionSourceKind } from '@guildhall/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useMemberPermissions } from '../../api/guild-grants';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Spinner } from '../../ui/spinner';
import { MEMBER_ID_PATTERN } from './permission-query';

const SOURCE_TONES: Record<PermissionSourceKind, BadgeTone> = {
  owner: 'brand',
  discord_admin: 'brand',
  member: 'neutral',
  role: 'good',
  grant: 'warn',
};

interface MemberLookupProps {
  guildId: string;
  memberId: string | null;
  onLookUp: (discordUserId: string | null) => void;
}

/** A member's effective permissions in the guild, each with where it comes from (owner, Discord admin, member, role, grant). */
export function MemberLookup({ guildId, memberId, onLookUp }: MemberLookupProps) {
  const id = useId();
  const [text, setText] = useState(memberId ?? '');
  const [error, setError] = useState<string | null>(null);
  const lookup = useMemberPermissions(guildId, memberId);
  const member = lookup.data?.data;

  useEffect(() => setText(memberId ?? ''), [memberId]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = text.trim();
    if (!MEMBER_ID_PATTERN.test(value)) {
      setError('Enter a Discord user id (digits only)');
      return;
    }
    setError(null);
    if (value === memberId) void lookup.refetch();
    else onLookUp(value);
  }

  return (
    <section className="member-lookup" aria-labelledby={`${id}-title`} data-testid="member-lookup">
      <h3 id={`${id}-title`} className="member-lookup__title">
        A member's permissions
      </h3>
      <form className="member-lookup__form" onSubmit={handleSubmit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          Discord user id
        </label>
        <input
          id={id}
          className="input"
          inputMode="numeric"
          placeholder="Discord user id"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          data-testid="member-lookup-id"
        />
        <button type="submit" className="button button--secondary">
          <Search size={16} aria-hidden="true" />
          Look up
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {memberId && lookup.isPending && <Spinner label="Looking up the member" />}
      {lookup.isError && (
        <p className="permissions-notice" role="alert">
          {errorMessage(lookup.error, GUILD_GRANT_MESSAGES.memberNotFound)}
        </p>
      )}
      {member && (
        <div className="member-lookup__result" data-testid="member-permissions">
          <p>
            <strong>{member.username}</strong> <code>{member.discordUserId}</code>
            {member.userId ? (
              <span className="muted"> · signs in to Guildhall with this Discord account</span>
            ) : (
              <span className="muted"> · has not signed in to Guildhall</span>
            )}
          </p>
          {member.permissions.length === 0 ? (
            <p className="muted">No guild permissions.</p>
          ) : (
            <ul className="member-lookup__permissions">
              {member.permissions.map((entry) => (
                <li
                  key={entry.permission}
                  className="member-lookup__permission"
                  data-testid={`member-permission-${entry.permission}`}
                >
                  <code>{entry.permission}</code>
                  <span className="member-lookup__sources">
                    {entry.sources.map((source) => (
                      <Badge key={`${source.kind}-${source.label}`} tone={SOURCE_TONES[source.kind]}>
                        {source.label}
                      </Badge>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
