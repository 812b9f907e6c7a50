import {
  GUILD_MEMBER_PERMISSIONS,
  type GuildPermission,
  ROLE_SYNC_REFUSALS,
  type RoleSyncDiscordRole,
} from '@guildhall/contract';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { Queryable } from '../../services/db/db';
import type { DiscordRole } from '../../services/discord/guild-roles';
import { selectRolePermissions } from './queries';

/**
 * Discord permissions that make a role a moderator's: giving such a role to every raider would hand them the server.
 * Role sync refuses those roles, as it refuses roles that grant Guildhall permissions beyond a member's (through the
 * Permissions screen's role mappings): an officer who may manage members must not widen anyone's powers by a mapping.
 */
const MODERATOR_PERMISSIONS = [
  PermissionFlagsBits.Administrator,
  PermissionFlagsBits.ManageGuild,
  PermissionFlagsBits.ManageRoles,
  PermissionFlagsBits.ManageChannels,
  PermissionFlagsBits.ManageWebhooks,
  PermissionFlagsBits.ManageMessages,
  PermissionFlagsBits.ManageNicknames,
  PermissionFlagsBits.ManageThreads,
  PermissionFlagsBits.ManageEvents,
  PermissionFlagsBits.ManageGuildExpressions,
  PermissionFlagsBits.KickMembers,
  PermissionFlagsBits.BanMembers,
  PermissionFlagsBits.ModerateMembers,
  PermissionFlagsBits.MuteMembers,
  PermissionFlagsBits.DeafenMembers,
  PermissionFlagsBits.MoveMembers,
  PermissionFlagsBits.MentionEveryone,
  PermissionFlagsBits.ViewAuditLog,
].reduce((all, bit) => all | bit, 0n);

const MEMBER_PERMISSIONS = new Set<string>(GUILD_MEMBER_PERMISSIONS);

/** Discord's permission integer, 0 for anything that is not one. */
function bitsOf(permissions: string): bigint {
  try {
    return BigInt(permissions);
  } catch {
    return 0n;
  }
}

/** Why this role of the server may not be synced, or null. */
function refusalOf(role: DiscordRole, discordGuildId: string, grants: readonly string[]): string | null {
  if (role.id === discordGuildId) return ROLE_SYNC_REFUSALS.everyone;
  if (role.managed) return ROLE_SYNC_REFUSALS.managed;
  if ((bitsOf(role.permissions) & MODERATOR_PERMISSIONS) !== 0n) return ROLE_SYNC_REFUSALS.moderator;
  if (grants.some((permission) => !MEMBER_PERMISSIONS.has(permission as GuildPermission))) {
    return ROLE_SYNC_REFUSALS.guildhallPermissions;
  }
  return null;
}

/** The server's roles, highest first, each with why it may not be synced (null: it may). */
export async function judgeRoles(
  db: Queryable,
  guildId: string,
  discordGuildId: string,
  roles: readonly DiscordRole[],
): Promise<RoleSyncDiscordRole[]> {
  const grants = await selectRolePermissions(db, guildId);
  return [...roles]
    .sort((a, b) => b.position - a.position || a.name.localeCompare(b.name))
    .map((role) => ({
      id: role.id,
      name: role.name,
      color: role.color,
      position: role.position,
      refusal: refusalOf(role, discordGuildId, grants.get(role.id) ?? []),
    }));
}
