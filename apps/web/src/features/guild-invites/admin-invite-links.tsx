import type { GuildTenant } from '@guildhall/contract';
import { InviteLinksPanel } from './invite-links-panel';

/** The guild data view's invite links: an admin invites e-mail members to this guild. */
export function AdminInviteLinks({ guild }: { guild: GuildTenant }) {
  return (
    <InviteLinksPanel
      scope={{ side: 'admin', guildId: guild.id }}
      className="panel"
      guildName={guild.guild_name}
      lead={`Members who sign in with email join ${guild.guild_name} through a link: single use or limited, and expiring. Whoever opens it signs in or registers, then joins with the member permissions.`}
    />
  );
}
