import { type CommunityUserOption, type DiscordRoleMapping, discordAdminRight, type GuildGrant } from '@guildhall/contract';
import type { DiscordRole } from '../../services/discord/guild-roles';
import type { CommunityUserRow, GrantRow } from './grant-queries';

/** A grant row as the contract shows it. */
export function presentGrant(row: GrantRow): GuildGrant {
  return {
    id: row.id,
    guildId: row.guild_id,
    guildName: row.guild_name,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    discordId: row.discord_id,
    permission: row.permission,
    grantedBy: row.granted_by,
    grantedAt: row.granted_at.toISOString(),
  };
}

/** A community user as the picker shows them. */
export function presentUserOption(row: CommunityUserRow): CommunityUserOption {
  return { id: row.id, username: row.username, email: row.email, discordId: row.discord_id };
}

/** True when the role carries Administrator or Manage Server: its holders get every guild permission anyway. */
export const isAdminRole = (role: DiscordRole) => discordAdminRight(role.permissions) !== null;

/** A Discord role with its member count and mapped permissions. */
export function presentRole(role: DiscordRole, memberCount: number, permissions: readonly string[]): DiscordRoleMapping {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    position: role.position,
    managed: role.managed,
    isDiscordAdmin: isAdminRole(role),
    memberCount,
    permissions: [...permissions],
  };
}
