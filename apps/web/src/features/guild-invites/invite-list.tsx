import type { GuildInvite } from '@guildhall/contract';
import { Link2, Trash2 } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { linkHint, STATUS_BADGES, usesText } from './invite-text';

interface InviteListProps {
  invites: readonly GuildInvite[];
  revokingId: string | null;
  onRevoke: (invite: GuildInvite) => void;
}

/** One line per link: which link, its status, uses, expiry and maker, and Revoke while it is usable. */
export function InviteList({ invites, revokingId, onRevoke }: InviteListProps) {
  return (
    <ul className="invite-list" aria-label="Invite links">
      {invites.map((invite) => {
        const badge = STATUS_BADGES[invite.status];
        const isOver = invite.status !== 'active';
        return (
          <li key={invite.id} className={`invite-row${isOver ? ' invite-row--over' : ''}`} data-testid="invite-row">
            <Link2 size={16} aria-hidden="true" className="invite-row__icon" />
            <div className="invite-row__main">
              <p className="invite-row__title">
                <code className="invite-row__link">{linkHint(invite)}</code>
                <Badge tone={badge.tone} data-testid="invite-status">
                  {badge.label}
                </Badge>
              </p>
              <p className="invite-row__meta">
                <span data-testid="invite-uses">{usesText(invite)}</span>
                <span aria-hidden="true">·</span>
                <span>
                  {invite.status === 'expired' ? 'expired ' : 'expires '}
                  <time dateTime={invite.expiresAt} title={formatDateTime(invite.expiresAt)}>
                    {formatRelative(invite.expiresAt)}
                  </time>
                </span>
                {invite.createdBy && (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>by {invite.createdBy}</span>
                  </>
                )}
              </p>
            </div>
            {invite.status === 'active' && (
              <button
                type="button"
                className="button button--secondary button--small invite-row__revoke"
                onClick={() => onRevoke(invite)}
                disabled={revokingId === invite.id}
                aria-label={`Revoke ${linkHint(invite)}`}
                data-testid="invite-revoke"
              >
                <Trash2 size={14} aria-hidden="true" />
                {revokingId === invite.id ? 'Revoking...' : 'Revoke'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
