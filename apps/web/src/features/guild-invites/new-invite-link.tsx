import { GUILD_INVITE_MESSAGES } from '@guildhall/contract';
import { Check, Copy, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CreatedInvite } from '../../api/guild-invites';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { useToast } from '../../ui/toast-context';

interface NewInviteLinkProps {
  created: CreatedInvite;
  onDismiss: () => void;
}

/**
 * The link just made, with Copy. Only the code's hash is stored, so this is the one time the whole link can be
 * shown; the list names links by their first characters afterwards.
 */
export function NewInviteLink({ created, onDismiss }: NewInviteLinkProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const { invite, url } = created;

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      toast.success(GUILD_INVITE_MESSAGES.copied);
    } catch {
      input.current?.select();
      toast.error(GUILD_INVITE_MESSAGES.copyFailed);
    }
  }

  return (
    <div className="invite-new" role="status" data-testid="new-invite">
      <div className="invite-new__head">
        <p className="invite-new__title" role="status" data-testid="new-invite-created">
          {GUILD_INVITE_MESSAGES.created}
        </p>
        <button type="button" className="icon-button" onClick={onDismiss} aria-label="Hide the new link">
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="invite-new__row">
        <input
          ref={input}
          className="input invite-new__url"
          value={url}
          readOnly
          aria-label="Invite link"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="new-invite-url"
        />
        <button type="button" className="button button--secondary" onClick={() => void handleCopy()}>
          {isCopied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {isCopied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="invite-new__note">
        {invite.maxUses === 1 ? 'Works once' : `Works for ${invite.maxUses} people`}, expires{' '}
        <time dateTime={invite.expiresAt} title={formatDateTime(invite.expiresAt)}>
          {formatRelative(invite.expiresAt)}
        </time>
        . Copy it now: for safety the whole link is shown only once.
      </p>
    </div>
  );
}
