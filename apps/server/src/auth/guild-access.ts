import { type GuildPermission, guildPermissionsOf } from '@guildhall/contract';
import type { Queryable } from '../services/db/db';
import type { BotGuildDirectory } from '../services/discord/bot-guilds';
import { discordGuildIconUrl } from '../services/discord/discord-oauth';
import { findGuildAccess, type GuildAccessRow } from './guild-access-queries';

/** One available guild of a requester and what they may do there: the scope of a guild-guarded request. */
export interface AvailableGuild {
  discordGuildId: string;
  /** Null for a bot guild added since the user last listed their guilds (listing makes its tenant). */
  tenantId: string | null;
  name: string;
  iconUrl: string | null;
  permissions: GuildPermission[];
}

/** What the guild guard reads. */
export interface GuildGuardDeps {
  db: Queryable;
  botGuilds: BotGuildDirectory;
}

/** A guild is offered where the bot is, unless an operator switched its tenant off. */
export const isGuildAvailable = (hasBot: boolean, tenantActive: boolean | null) => hasBot && tenantActive !== false;

/** A user's permissions in one of their guilds: derived from Discord where they are a member, plus what is stored. */
export function permissionsOf(row: GuildAccessRow): GuildPermission[] {
  const standing = row.is_discord_member ? { isOwner: row.is_owner, permissions: row.permissions } : null;
  return guildPermissionsOf(standing, row.granted);
}

/** Whether the bot is in the guild: Discord's word (cached) when a bot token is set, an active tenant otherwise. */
async function hasBot(botGuilds: BotGuildDirectory, row: GuildAccessRow): Promise<boolean> {
  if (botGuilds.isConfigured) return (await botGuilds.guildIds()).has(row.discord_guild_id);
  return row.tenant_active === true;
}

/**
 * The requester's access to one Discord guild, or null when it is not one of their guilds or not available. One
 * SELECT, and the bot's guild list only for a guild of theirs; it writes nothing: tenants are made and the selection
 * stored where the user lists or picks guilds (modules/community-auth), never here.
 */
export async function availableGuildOf(
  deps: GuildGuardDeps,
  userId: string,
  discordGuildId: string,
): Promise<AvailableGuild | null> {
  const row = await findGuildAccess(deps.db, userId, discordGuildId);
  if (!row || !isGuildAvailable(await hasBot(deps.botGuilds, row), row.tenant_active)) return null;
  return {
    discordGuildId,
    tenantId: row.tenant_id,
    name: row.name,
    iconUrl: discordGuildIconUrl(discordGuildId, row.icon),
    permissions: permissionsOf(row),
  };
}
