import type { GuildTenant } from '@guildhall/contract';
import { useAdminInviteSource } from '../../api/guild-invites';
import { InviteLinksPanel, useInviteListStatus } from './invite-links-panel';

/** The guild data view's invite links: an admin invites e-mail members to this guild. */
export function AdminInviteLinks({ guild }: { guild: GuildTenant }) {
  const [status, setStatus] = useInviteListStatus();
  const source = useAdminInviteSource(guild.id, status);
  return (
    <InviteLinksPanel
      className="panel"
      guildName={guild.guild_name}
      source={source}
      status={status}
      onStatusChange={setStatus}
      lead={`Members who sign in with email join ${guild.guild_name} through a link: single use or limited, and expiring. Whoever opens it signs in or registers, then joins with the member permissions.`}
    />
  );
}
