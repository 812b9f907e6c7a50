import { z } from 'zod';
import { tenantId, tenantIdWith } from '../guild-ids';
import { GUILD_PERMISSION_NAMES } from '../guild-permissions';
import { endpoint } from './common';

/** Paging of the guild grants table. */
export const GUILD_GRANT_PAGE = { size: 50, maxSize: 200 } as const;

/** What the guild grants and Discord role mapping parts of the Permissions screen and API say. */
export const GUILD_GRANT_MESSAGES = {
  loadFailed: 'Failed to load guild permissions',
  guildRequired: 'Choose a guild',
  userRequired: 'Choose a user',
  permissionsRequired: 'Choose at least one permission',
  guildNotFound: 'Guild not found',
  userNotFound: 'User not found',
  grantNotFound: 'Grant not found or already revoked',
  granted: 'Permissions granted',
  revoked: 'Permission revoked',
  noGrants: 'No permissions granted here yet',
  noDiscordGuild: 'This guild has no Discord server id, so it has no Discord roles',
  rolesUnavailable: 'Could not read the Discord roles',
  discordNotConfigured:
    'Discord is not configured on this server (DISCORD_BOT_TOKEN is not set), so Discord roles cannot be read',
  roleNotFound: 'No Discord role with this id in this guild',
  mappingSaved: 'Role permissions saved',
  memberNotFound: 'No member with this Discord id in this guild',
} as const;

/** One permission a community user holds in a guild tenant by grant. */
export const guildGrant = z.object({
  id: z.string(),
  guildId: tenantId,
  guildName: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  discordId: z.string().nullable(),
  permission: z.string(),
  grantedBy: z.string().nullable().describe('Who granted it: an admin username, "invite", "cli" or a user'),
  grantedAt: z.string(),
});
/** A guild grant. */
export type GuildGrant = z.infer<typeof guildGrant>;

/** Guild grants filters. */
export const guildGrantListQuery = z.object({
  guildId: tenantId.optional(),
  search: z.string().trim().max(100).optional().describe('Part of the username, e-mail or Discord id'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(GUILD_GRANT_PAGE.maxSize).default(GUILD_GRANT_PAGE.size),
});
/** Guild grants filters. */
export type GuildGrantListQuery = z.input<typeof guildGrantListQuery>;

/** A community user to grant to, as the user picker finds them. */
export const communityUserOption = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  discordId: z.string().nullable(),
});
/** A community user option. */
export type CommunityUserOption = z.infer<typeof communityUserOption>;

/** A Discord role of a guild, with the Guildhall permissions it grants there. */
export const discordRoleMapping = z.object({
  id: z.string(),
  name: z.string(),
  color: z.number().describe("Discord's colour integer; 0 means none"),
  position: z.number(),
  managed: z.boolean().describe("A bot's or integration's own role"),
  isDiscordAdmin: z
    .boolean()
    .describe('The role carries Administrator or Manage Server: its holders get every permission anyway'),
  memberCount: z.number().describe('Current members holding it, from the last member sync'),
  permissions: z.array(z.string()),
});
/** A Discord role and its mapping. */
export type DiscordRoleMapping = z.infer<typeof discordRoleMapping>;

/** Where one of a member's guild permissions comes from. */
export const PERMISSION_SOURCE_KINDS = ['owner', 'discord_admin', 'member', 'role', 'grant'] as const;
/** A permission source kind. */
export type PermissionSourceKind = (typeof PERMISSION_SOURCE_KINDS)[number];

/** A member's effective permissions in a guild, each with where it comes from. */
export const memberEffectivePermissions = z.object({
  discordUserId: z.string(),
  username: z.string(),
  userId: z.string().nullable().describe('The Guildhall user signed in with this Discord account, if any'),
  permissions: z.array(
    z.object({
      permission: z.string(),
      sources: z.array(z.object({ kind: z.enum(PERMISSION_SOURCE_KINDS), label: z.string() })),
    }),
  ),
});
/** A member's effective permissions. */
export type MemberEffectivePermissions = z.infer<typeof memberEffectivePermissions>;

const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
const guildParams = z.object({ guildId: tenantIdWith(GUILD_GRANT_MESSAGES.guildNotFound) });

/**
 * Community permissions per guild (spec 1 §2 /admin/permissions, §6): hand-made grants, and Discord roles
 * mapped to guild permissions. `settings.edit_permissions` or `admin.manage_roles`; every change audited.
 */
export const guildGrantsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/guild-grants',
    summary: 'The grants community users hold, by guild and user search, paged in SQL',
    query: guildGrantListQuery,
    response: z.object({ success: z.literal(true), data: z.array(guildGrant), pagination }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/guild-grants',
    summary: 'Grant a community user permissions in a guild (those already held stay)',
    body: z.object({
      guildId: tenantIdWith(GUILD_GRANT_MESSAGES.guildRequired),
      userId: z.uuid(GUILD_GRANT_MESSAGES.userRequired),
      permissions: z.array(z.enum(GUILD_PERMISSION_NAMES)).min(1, GUILD_GRANT_MESSAGES.permissionsRequired),
    }),
    response: z.object({ success: z.literal(true), data: z.array(guildGrant), message: z.string() }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/guild-grants/:id',
    summary: 'Revoke one granted permission',
    params: z.object({ id: z.string().regex(/^\d{1,18}$/, GUILD_GRANT_MESSAGES.grantNotFound) }),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  users: endpoint({
    method: 'GET',
    path: '/api/admin/guild-grants/users',
    summary: 'Community users by part of the username, e-mail or Discord id (the grant form picker), at most 20',
    query: z.object({ search: z.string().trim().min(1).max(100) }),
    response: z.object({ success: z.literal(true), data: z.array(communityUserOption) }),
  }),
  discordRoles: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:guildId/discord-roles',
    summary:
      "The guild's Discord roles as Discord lists them (GET /guilds/{id}/roles), with member counts and mapped permissions",
    params: guildParams,
    response: z.object({ success: z.literal(true), data: z.array(discordRoleMapping), fetchedAt: z.string() }),
  }),
  mapDiscordRole: endpoint({
    method: 'PUT',
    path: '/api/admin/guilds/:guildId/discord-roles/:roleId',
    summary: 'Set the guild permissions a Discord role grants its holders (an empty list removes the mapping)',
    params: guildParams.extend({ roleId: z.string().regex(/^\d{1,25}$/, GUILD_GRANT_MESSAGES.roleNotFound) }),
    body: z.object({ permissions: z.array(z.enum(GUILD_PERMISSION_NAMES)) }),
    response: z.object({ success: z.literal(true), data: discordRoleMapping, message: z.string() }),
  }),
  memberPermissions: endpoint({
    method: 'GET',
    path: '/api/admin/guilds/:guildId/members/:discordUserId/permissions',
    summary:
      "A member's effective guild permissions with where each comes from (owner, Discord admin, member, mapped role, grant)",
    params: guildParams.extend({ discordUserId: z.string().regex(/^\d{1,25}$/, GUILD_GRANT_MESSAGES.memberNotFound) }),
    response: z.object({ success: z.literal(true), data: memberEffectivePermissions }),
  }),
} as const;
