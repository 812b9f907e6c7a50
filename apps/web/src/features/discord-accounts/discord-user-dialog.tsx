import { DISCORD_ACCOUNT_MESSAGES, type DiscordUserDetail } from '@guildhall/contract';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { useDiscordUser } from '../../api/discord-accounts';
import { Avatar } from '../../ui/avatar';
import { formatDate, formatRelative } from '../../ui/format-date';
import { Modal } from '../../ui/modal';
import { QueryState } from '../../ui/query-state';
import { DiscordUserStatus, discordHandle } from './discord-user-name';
import { DiscordCharacters, DiscordMemberships } from './discord-user-sections';

interface DiscordUserDialogProps {
  userId: string | null;
  onClose: () => void;
}

/** One Discord user: who they are, their guild memberships, linked characters and player account. */
export function DiscordUserDialog({ userId, onClose }: DiscordUserDialogProps) {
  const detail = useDiscordUser(userId);
  const title = detail.data?.data.user.displayName ?? 'Discord user';
  return (
    <Modal isOpen={userId !== null} title={title} onClose={onClose} size="lg">
      <QueryState
        query={detail}
        loading="Loading the Discord user..."
        errorText={DISCORD_ACCOUNT_MESSAGES.loadUserFailed}
        testId="discord-user"
      >
        {(answer) => <DiscordUserBody detail={answer.data} />}
      </QueryState>
    </Modal>
  );
}

function DiscordUserBody({ detail }: { detail: DiscordUserDetail }) {
  const { user, playerAccount } = detail;
  const handle = discordHandle(user);
  return (
    <div className="discord-detail" data-testid="discord-user-detail">
      <header className="discord-detail__who">
        <Avatar name={user.displayName} url={user.avatarUrl} size={64} />
        <div className="discord-detail__names">
          {handle && <span className="discord-detail__handle">{handle}</span>}
          {user.globalName && <span className="muted">{user.globalName}</span>}
          <code>{user.id}</code>
        </div>
        <DiscordUserStatus user={user} />
      </header>
      <dl className="facts">
        <div>
          <dt>Last login</dt>
          <dd>{user.lastLogin ? formatRelative(user.lastLogin) : 'Never'}</dd>
        </div>
        <div>
          <dt>Current guilds</dt>
          <dd>{user.guilds}</dd>
        </div>
      </dl>

      <section className="discord-detail__section" aria-labelledby="discord-detail-memberships">
        <h3 id="discord-detail-memberships" className="discord-detail__title">
          Guild memberships ({detail.memberships.length})
        </h3>
        <DiscordMemberships memberships={detail.memberships} />
      </section>

      <section className="discord-detail__section" aria-labelledby="discord-detail-characters">
        <h3 id="discord-detail-characters" className="discord-detail__title">
          Linked characters ({detail.characters.length})
        </h3>
        <DiscordCharacters characters={detail.characters} />
      </section>

      <section className="discord-detail__section" aria-labelledby="discord-detail-account" data-testid="discord-player-account">
        <h3 id="discord-detail-account" className="discord-detail__title">
          Player account
        </h3>
        {playerAccount ? (
          <dl className="facts">
            <div>
              <dt>Display name</dt>
              <dd>{playerAccount.displayName}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd className="discord-detail__status">{playerAccount.status}</dd>
            </div>
            <div>
              <dt>Battle.net</dt>
              <dd>
                {playerAccount.battlenet
                  ? `${playerAccount.battlenet.battletag ?? playerAccount.battlenet.id}${
                      playerAccount.battlenet.region ? ` (${playerAccount.battlenet.region.toUpperCase()})` : ''
                    }`
                  : 'Not linked'}
              </dd>
            </div>
            {playerAccount.discordLinkedAt && (
              <div>
                <dt>Discord linked</dt>
                <dd>{formatDate(playerAccount.discordLinkedAt)}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">No player account holds this Discord user.</p>
        )}
        <Link className="button button--secondary button--small" to={`/admin/accounts/players?search=${user.id}`}>
          <ExternalLink size={14} aria-hidden="true" />
          {playerAccount ? 'Open in Player Accounts' : 'Player Accounts'}
        </Link>
      </section>
    </div>
  );
}
