import type { UserGuild } from '@guildhall/contract';
import { useGuildInviteSource } from '../../api/guild-invites';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { InviteLinksPanel, useInviteListStatus } from './invite-links-panel';

/** 'Invite members' on the guild home, for whoever holds the officer permission in the selected guild. */
export function OfficerInviteCard({ guild }: { guild: UserGuild }) {
  const { can } = useCommunitySession();
  if (!can('inviteMembers')) return null;
  return <OfficerInvitePanel guild={guild} />;
}

function OfficerInvitePanel({ guild }: { guild: UserGuild }) {
  const [status, setStatus] = useInviteListStatus();
  const source = useGuildInviteSource(guild.id, status);
  return (
    <InviteLinksPanel
      className="card"
      guildName={guild.name}
      source={source}
      status={status}
      onStatusChange={setStatus}
      lead="Bring in members who sign in with email: send them a link. It works for the uses you choose and then expires."
    />
  );
}
