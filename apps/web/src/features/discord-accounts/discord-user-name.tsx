import { type ChatUser, visibleDiscriminator } from '@guildhall/contract';
import { Badge } from '../../ui/badge';

/** '@username#1234': the discriminator only when Discord still uses one for the user (not '0'). */
export function discordHandle(user: Pick<ChatUser, 'username' | 'discriminator'>): string | null {
  if (!user.username) return null;
  const discriminator = visibleDiscriminator(user.discriminator);
  return discriminator ? `@${user.username}#${discriminator}` : `@${user.username}`;
}

/** The badges of a Discord user: active in a guild or not, signed in with Discord (verified). */
export function DiscordUserStatus({ user }: { user: Pick<ChatUser, 'isActive' | 'verified'> }) {
  return (
    <span className="discord-status">
      <Badge tone={user.isActive ? 'good' : 'neutral'} dot="static" data-testid="discord-user-active">
        {user.isActive ? 'Active' : 'Inactive'}
      </Badge>
      {user.verified && (
        <Badge tone="brand" title="Signed in with Discord">
          Verified
        </Badge>
      )}
    </span>
  );
}
