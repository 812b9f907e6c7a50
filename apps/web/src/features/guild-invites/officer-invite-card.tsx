import type { UserGuild } from '@guildhall/contract';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { InviteLinksPanel } from './invite-links-panel';

/** 'Invite members' on the guild home, for whoever holds the officer permission in the selected guild. */
export function OfficerInviteCard({ guild }: { guild: UserGuild }) {
  const { can } = useCommunitySession();
  if (!can('inviteMembers')) return null;
  return (
    <InviteLinksPanel
      scope={{ side: 'community', guildId: guild.id }}
      className="card"
      guildName={guild.name}
      lead="Bring in members who sign in with email: send them a link. It works for the uses you choose and then expires."
    />
  );
}
