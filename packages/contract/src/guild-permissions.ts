/**
 * The guild-scoped part of the permission catalog: what a community user may do inside one guild.
 * Names shared with the admin catalog (guild.manage_members, settings.*) mean the same thing, scoped to the guild.
 */
export const GUILD_PERMISSIONS = {
  'guild.view': "See the guild's pages",
  'guild.manage_members': "Manage the guild's members",
  'guild.manage_settings': "Change the guild's settings",
  'characters.link': 'Link your own characters',
  'characters.manage': "Link and unlink any member's characters",
  'loot.manage': 'Record and edit loot',
  'raids.manage': 'Plan and edit raids',
  'settings.view': 'Open settings',
  'settings.edit_permissions': 'Grant and revoke guild permissions',
} as const;

/** A guild-scoped permission. */
export type GuildPermission = keyof typeof GUILD_PERMISSIONS;

/** All guild permission names, for validation. */
export const GUILD_PERMISSION_NAMES = Object.keys(GUILD_PERMISSIONS) as [GuildPermission, ...GuildPermission[]];

/** What every member of a guild may do. */
export const GUILD_MEMBER_PERMISSIONS: readonly GuildPermission[] = ['guild.view', 'characters.link', 'settings.view'];

/** What a guild's owner, Administrators and Manage Server holders may do: everything. */
export const GUILD_ADMIN_PERMISSIONS: readonly GuildPermission[] = GUILD_PERMISSION_NAMES;

/** Discord permission bits Guildhall reads or asks for (Discord's documented values). */
export const DISCORD_PERMISSION_BITS = {
  ADMINISTRATOR: 1n << 3n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MANAGE_ROLES: 1n << 28n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
} as const;

/** Permissions the bot may be invited with (bot-invite `permissions[]`). */
export const BOT_PERMISSION_NAMES = [
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'EMBED_LINKS',
  'READ_MESSAGE_HISTORY',
  'ADD_REACTIONS',
  'USE_APPLICATION_COMMANDS',
  'ATTACH_FILES',
  'MANAGE_MESSAGES',
  'MANAGE_ROLES',
] as const;
/** A permission the bot may be invited with. */
export type BotPermissionName = (typeof BOT_PERMISSION_NAMES)[number];

/** The least-privilege set the bot is invited with when the request names none. */
export const BOT_DEFAULT_PERMISSIONS: readonly BotPermissionName[] = [
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'EMBED_LINKS',
  'READ_MESSAGE_HISTORY',
  'ADD_REACTIONS',
  'USE_APPLICATION_COMMANDS',
];

/** The decimal permission integer of an invite URL for these permissions (the default set when empty). */
export function botPermissionBits(names: readonly BotPermissionName[] = []): string {
  const chosen = names.length > 0 ? names : BOT_DEFAULT_PERMISSIONS;
  return chosen.reduce((bits, name) => bits | DISCORD_PERMISSION_BITS[name], 0n).toString();
}

/** A user's standing in a Discord guild, as /users/@me/guilds reports it. */
export interface DiscordGuildStanding {
  isOwner: boolean;
  /** Discord's permission integer as a decimal string. */
  permissions: string;
}

const hasBit = (permissions: string, bit: bigint) => {
  try {
    return (BigInt(permissions) & bit) === bit;
  } catch {
    return false;
  }
};

/** The Discord right that makes a permission integer a guild admin's ('Administrator' before 'Manage Server'), or null. */
export function discordAdminRight(permissions: string): 'Administrator' | 'Manage Server' | null {
  if (hasBit(permissions, DISCORD_PERMISSION_BITS.ADMINISTRATOR)) return 'Administrator';
  if (hasBit(permissions, DISCORD_PERMISSION_BITS.MANAGE_GUILD)) return 'Manage Server';
  return null;
}

/** Owner, Administrator or Manage Server: may install the bot and holds the guild-admin set. */
export function isDiscordGuildAdmin(standing: DiscordGuildStanding): boolean {
  return (
    standing.isOwner ||
    hasBit(standing.permissions, DISCORD_PERMISSION_BITS.ADMINISTRATOR) ||
    hasBit(standing.permissions, DISCORD_PERMISSION_BITS.MANAGE_GUILD)
  );
}

/**
 * A user's permissions in one guild: the guild-admin set for Discord guild admins, the member set for other
 * Discord members (standing null: not a Discord member), plus the grants stored for the user in that guild.
 */
export function guildPermissionsOf(standing: DiscordGuildStanding | null, grants: readonly string[]): GuildPermission[] {
  const derived = standing ? (isDiscordGuildAdmin(standing) ? GUILD_ADMIN_PERMISSIONS : GUILD_MEMBER_PERMISSIONS) : [];
  const granted = grants.filter((name): name is GuildPermission => name in GUILD_PERMISSIONS);
  return GUILD_PERMISSION_NAMES.filter((name) => derived.includes(name) || granted.includes(name));
}

/** True when the set holds the permission. */
export const hasGuildPermission = (held: readonly string[], permission: GuildPermission) => held.includes(permission);
/** True when the set holds at least one of the permissions (an empty list always passes). */
export const hasAnyGuildPermission = (held: readonly string[], anyOf: readonly GuildPermission[]) =>
  anyOf.length === 0 || anyOf.some((p) => held.includes(p));
/** True when the set holds every one of the permissions. */
export const hasAllGuildPermissions = (held: readonly string[], allOf: readonly GuildPermission[]) =>
  allOf.every((p) => held.includes(p));

/** One reason a member holds guild permissions (owner, Discord admin, member, a mapped role, a grant). */
export interface GuildPermissionSource<Kind extends string = string> {
  kind: Kind;
  /** How the source is named on screen, e.g. 'Role: Officer'. */
  label: string;
  permissions: readonly string[];
}

/** One effective guild permission and every source that gives it. */
export interface SourcedGuildPermission<Kind extends string = string> {
  permission: GuildPermission;
  sources: { kind: Kind; label: string }[];
}

/**
 * The guild permissions these sources give together, in catalog order, each with the sources that give it (in the
 * order given); names outside the catalog are ignored, as guildPermissionsOf ignores them.
 */
export function guildPermissionsWithSources<Kind extends string>(
  sources: readonly GuildPermissionSource<Kind>[],
): SourcedGuildPermission<Kind>[] {
  return GUILD_PERMISSION_NAMES.map((permission) => ({
    permission,
    sources: sources
      .filter((source) => source.permissions.includes(permission))
      .map((source) => ({ kind: source.kind, label: source.label })),
  })).filter((held) => held.sources.length > 0);
}
