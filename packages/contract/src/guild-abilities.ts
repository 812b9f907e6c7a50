import { type GuildPermission, hasAnyGuildPermission } from './guild-permissions';

/**
 * What a community user may do in the selected guild beyond seeing it, in the app's words, each with the guild
 * permissions that allow it (any one). The routes guard with these same sets and the session carries the
 * user's permissions in the guild, so the app asks `can('manageDataSources')` instead of naming a permission.
 */
export const GUILD_ABILITIES = {
  /** Connect the guild's data sources, import, read their runs (Data sources). */
  manageDataSources: ['characters.manage'],
  /** Invite members by link (the guild home's Invite members): the guild's member managers. */
  inviteMembers: ['guild.manage_members'],
  /** Keep Discord roles in step with the roster (role sync on /roster): giving and taking roles is managing members. */
  manageRoleSync: ['guild.manage_members'],
} as const satisfies Record<string, readonly GuildPermission[]>;

/** One community ability's name. */
export type GuildAbility = keyof typeof GUILD_ABILITIES;

/** Whether the permissions held in a guild allow the ability. */
export const canInGuild = (held: readonly string[], ability: GuildAbility): boolean =>
  hasAnyGuildPermission(held, GUILD_ABILITIES[ability]);
