import {
  type GuildPermission,
  type GuildSelection,
  isDiscordGuildAdmin,
  resolveGuildSelection,
  type UserGuild,
} from '@guildhall/contract';
import { type UserRow, updateSelectedGuild } from '../../auth/community-user-queries';
import { isGuildAvailable, permissionsOf } from '../../auth/guild-access';
import { findGuildAccess, type UserGuildRow } from '../../auth/guild-access-queries';
import type { Db } from '../../services/db/db';
import { discordGuildIconUrl } from '../../services/discord/discord-oauth';
import type { CommunityKit } from './community-kit';
import { activeTenantGuildIds, ensureTenants, listUserGuilds } from './guild-queries';

/** What guild access needs from the app. */
export interface GuildAccessDeps {
  db: Db;
  kit: CommunityKit;
}

/** One guild of a user, with what the rules need to know about it. */
export interface AccessibleGuild {
  guild: UserGuild;
  row: UserGuildRow;
  isAvailable: boolean;
}

/** A user's guilds, the available ones, and the selection after the spec's rules. */
export interface GuildAccess {
  guilds: AccessibleGuild[];
  selection: GuildSelection;
}

const byName = (a: UserGuildRow, b: UserGuildRow) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.discord_guild_id.localeCompare(b.discord_guild_id);

/** Which of these guilds have the bot: Discord's word when a bot token is set, the active tenants otherwise. */
async function botGuildIds(deps: GuildAccessDeps, rows: readonly UserGuildRow[], fresh: boolean): Promise<Set<string>> {
  if (deps.kit.botGuilds.isConfigured) return deps.kit.botGuilds.guildIds({ fresh });
  return activeTenantGuildIds(
    deps.db,
    rows.map((row) => row.discord_guild_id),
  );
}

/** One guild of the user as the rules see it. */
function accessibleGuildOf(row: UserGuildRow, hasBot: boolean): AccessibleGuild {
  const standing = { isOwner: row.is_owner, permissions: row.permissions };
  return {
    row,
    isAvailable: isGuildAvailable(hasBot, row.tenant_active),
    guild: {
      id: row.discord_guild_id,
      name: row.name,
      iconUrl: discordGuildIconUrl(row.discord_guild_id, row.icon),
      isOwner: row.is_owner,
      hasBot,
      canInstall: row.is_discord_member && isDiscordGuildAdmin(standing),
      tenantId: row.tenant_id,
    },
  };
}

/** How to load guild access. */
export interface GuildAccessOptions {
  /** Skip the bot list's cache (guilds/verify). */
  fresh?: boolean;
  /**
   * While Discord cannot say where the bot is, answer with botStatus unknown (nothing available, selection
   * kept as stored) instead of 503: reading the user or their guild list must not fail on a Discord outage.
   */
  allowUnknownBot?: boolean;
}

/** Which guilds have the bot, or null when Discord cannot say and the caller accepts that. */
async function botGuildIdsOrUnknown(
  deps: GuildAccessDeps,
  rows: readonly UserGuildRow[],
  options: GuildAccessOptions,
): Promise<Set<string> | null> {
  try {
    return await botGuildIds(deps, rows, options.fresh ?? false);
  } catch (error) {
    if (options.allowUnknownBot) return null;
    throw error;
  }
}

/**
 * Loads the user's guilds, marks where the bot is, gives bot guilds without a tenant their tenant, applies the
 * selection rules and stores the selection when the rules changed it.
 */
export async function loadGuildAccess(
  deps: GuildAccessDeps,
  user: UserRow,
  options: GuildAccessOptions = {},
): Promise<GuildAccess> {
  let rows = await listUserGuilds(deps.db, user.id);
  const withBot = await botGuildIdsOrUnknown(deps, rows, options);
  const missingTenants = rows.filter((row) => withBot?.has(row.discord_guild_id) && row.tenant_id === null);
  if (missingTenants.length > 0) {
    await ensureTenants(
      deps.db,
      missingTenants.map((row) => ({ discordGuildId: row.discord_guild_id, name: row.name })),
    );
    rows = await listUserGuilds(deps.db, user.id);
  }
  const guilds = [...rows].sort(byName).map((row) => accessibleGuildOf(row, withBot?.has(row.discord_guild_id) ?? false));
  if (!withBot) {
    const selection = { botStatus: 'unknown', selectedGuildId: user.selected_guild_id, requiresGuildSelection: true } as const;
    return { guilds, selection };
  }
  const selection = resolveGuildSelection(
    guilds.filter((g) => g.isAvailable).map((g) => g.guild.id),
    guilds.map((g) => g.guild.id),
    user.selected_guild_id,
  );
  if (selection.selectedGuildId !== user.selected_guild_id) {
    await updateSelectedGuild(deps.db, user.id, selection.selectedGuildId);
    user.selected_guild_id = selection.selectedGuildId;
  }
  return { guilds, selection };
}

/** The available guild with this Discord id, if the user has it. */
export const availableGuild = (access: GuildAccess, discordGuildId: string | null) =>
  access.guilds.find((g) => g.isAvailable && g.guild.id === discordGuildId) ?? null;

/** The user's permissions in one of their available guilds, read as the X-Guild-ID guard reads them. */
export async function permissionsIn(db: Db, userId: string, guild: AccessibleGuild): Promise<GuildPermission[]> {
  const row = await findGuildAccess(db, userId, guild.guild.id);
  return row ? permissionsOf(row) : [];
}

/** The permissions in the selected guild; empty while guild selection is required (spec 1 §6). */
export async function selectedGuildPermissions(db: Db, userId: string, access: GuildAccess): Promise<GuildPermission[]> {
  if (access.selection.requiresGuildSelection) return [];
  const selected = availableGuild(access, access.selection.selectedGuildId);
  return selected ? permissionsIn(db, userId, selected) : [];
}
