import { DISCORD_ACCOUNT_MESSAGES, type DiscordUserDetail } from '@guildhall/contract';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDiscordUser } from '../../api/discord-accounts';
import { Avatar } from '../../ui/avatar';
import { Fact, Facts } from '../../ui/facts';
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
      <Facts>
        <Fact term="Last login">{user.lastLogin ? formatRelative(user.lastLogin) : 'Never'}</Fact>
        <Fact term="Current guilds">{user.guilds}</Fact>
      </Facts>

      <DetailSection name="memberships" title={`Guild memberships (${detail.memberships.length})`}>
        <DiscordMemberships memberships={detail.memberships} />
      </DetailSection>

      <DetailSection name="characters" title={`Linked characters (${detail.characters.length})`}>
        <DiscordCharacters characters={detail.characters} />
      </DetailSection>

      <DetailSection name="account" title="Player account" testId="discord-player-account">
        {playerAccount ? (
          <Facts>
            <Fact term="Display name">{playerAccount.displayName}</Fact>
            <Fact term="Status" className="discord-detail__status">
              {playerAccount.status}
            </Fact>
            <Fact term="Battle.net">
              {playerAccount.battlenet
                ? `${playerAccount.battlenet.battletag ?? playerAccount.battlenet.id}${
                    playerAccount.battlenet.region ? ` (${playerAccount.battlenet.region.toUpperCase()})` : ''
                  }`
                : 'Not linked'}
            </Fact>
            {playerAccount.discordLinkedAt && <Fact term="Discord linked">{formatDate(playerAccount.discordLinkedAt)}</Fact>}
          </Facts>
        ) : (
          <p className="muted">No player account holds this Discord user.</p>
        )}
        <Link className="button button--secondary button--small" to={`/admin/accounts/players?search=${user.id}`}>
          <ExternalLink size={14} aria-hidden="true" />
          {playerAccount ? 'Open in Player Accounts' : 'Player Accounts'}
        </Link>
      </DetailSection>
    </div>
  );
}

/** A part of the user's detail under its heading. */
function DetailSection({ name, title, testId, children }: { name: string; title: string; testId?: string; children: ReactNode }) {
  const id = `discord-detail-${name}`;
  return (
    <section className="discord-detail__section" aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="discord-detail__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
