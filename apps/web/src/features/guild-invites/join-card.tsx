import { COMMUNITY_PATHS, type InvitePreview } from '@guildhall/contract';
import { Unlink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../ui/auth-card';
import { GuildAvatar } from '../../ui/guild-avatar';

interface JoinCardProps {
  /** The invite, once read: its guild heads the card. */
  invite?: InvitePreview;
  children: ReactNode;
}

/** The join page's card on the sign-in backdrop, headed by the guild's icon and name. */
export function JoinCard({ invite, children }: JoinCardProps) {
  return (
    <div className="auth-screen">
      <main className="auth-card join-card" data-testid="join-page">
        <header className="auth-card__header">
          {invite && <GuildAvatar name={invite.guildName} iconUrl={invite.iconUrl} size="lg" />}
          <p className="join-card__eyebrow">{invite ? 'You are invited to join' : 'Guild invite'}</p>
          {invite && (
            <h1 className="auth-card__title" data-testid="join-guild-name">
              {invite.guildName}
            </h1>
          )}
        </header>
        {children}
      </main>
      <p className="auth-screen__brand">Guildhall</p>
    </div>
  );
}

/** An unknown code: the server's message and a way on. */
export function JoinCardInvalid({ message }: { message: string }) {
  return (
    <AuthCard icon={Unlink} title="Invite link not valid" data-testid="join-page">
      <p className="alert alert--error" role="alert" data-testid="join-unusable">
        {message}
      </p>
      <Link className="button button--secondary button--block" to={COMMUNITY_PATHS.home}>
        Go to Guildhall
      </Link>
    </AuthCard>
  );
}
