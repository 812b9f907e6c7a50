import { GUILD_INVITE_MESSAGES } from '@guildhall/contract';
import { X } from 'lucide-react';
import type { CreatedInvite } from '../../api/guild-invites';
import { CopyField } from '../../ui/copy-field';
import { formatDateTime, formatRelative } from '../../ui/format-date';

interface NewInviteLinkProps {
  created: CreatedInvite;
  onDismiss: () => void;
}

/**
 * The link just made, with Copy. Only the code's hash is stored, so this is the one time the whole link can be
 * shown; the list names links by their first characters afterwards.
 */
export function NewInviteLink({ created, onDismiss }: NewInviteLinkProps) {
  const { invite, url } = created;

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
      <CopyField
        value={url}
        label="Invite link"
        copiedMessage={GUILD_INVITE_MESSAGES.copied}
        copyFailedMessage={GUILD_INVITE_MESSAGES.copyFailed}
        testId="new-invite-url"
      />
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
