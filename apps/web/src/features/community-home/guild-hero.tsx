import { Crown, Shield, Users } from 'lucide-react';
import { Badge } from '../../ui/badge';

import { GuildAvatar } from '../../ui/guild-avatar';

interface GuildHeroProps {
  name: string;
  iconUrl: string | null;
  memberCount: number;
  isAdmin: boolean;
  username: string;
}

/** The selected guild's banner: its icon and name, how many members, and the user's standing there. */
export function GuildHero({ name, iconUrl, memberCount, isAdmin, username }: GuildHeroProps) {
  return (
    <section className="guild-hero" aria-labelledby="guild-hero-name">
      <GuildAvatar name={name} iconUrl={iconUrl} size="lg" />
      <div className="guild-hero__text">
        <p className="guild-hero__greeting">Welcome, {username}</p>
        <h1 id="guild-hero-name" className="guild-hero__name" data-testid="home-guild-name">
          {name}
        </h1>
        <div className="guild-hero__facts">
          <span className="guild-hero__fact" data-testid="home-member-count">
            <Users size={16} aria-hidden="true" />
            {`${memberCount.toLocaleString()} ${memberCount === 1 ? 'member' : 'members'}`}
          </span>
          <Badge tone={isAdmin ? 'brand' : 'neutral'}>
            {isAdmin ? <Crown size={12} aria-hidden="true" /> : <Shield size={12} aria-hidden="true" />}
            {isAdmin ? 'Guild admin' : 'Member'}
          </Badge>
        </div>
      </div>
    </section>
  );
}
