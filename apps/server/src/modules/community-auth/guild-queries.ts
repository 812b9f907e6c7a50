import { type UserGuildRow, userGuildsSql } from '../../auth/guild-access-queries';
import type { Queryable } from '../../services/db/db';
import type { DiscordGuildSummary } from '../../services/discord/discord-api';

/** The user's Discord guilds joined with their tenants, then the granted tenants they are not a Discord member of. */
export async function listUserGuilds(db: Queryable, userId: string): Promise<UserGuildRow[]> {
  const { rows } = await db.query<UserGuildRow>(userGuildsSql({ isOneGuild: false }), [userId]);
  return rows;
}

/** Replaces the stored Discord guild list of a user with what Discord just said. */
export async function replaceUserDiscordGuilds(
  db: Queryable,
  userId: string,
  guilds: readonly DiscordGuildSummary[],
): Promise<void> {
  const ids = guilds.map((g) => g.id);
  await db.query('DELETE FROM user_discord_guilds WHERE user_id = $1 AND NOT (discord_guild_id = ANY($2::text[]))', [
    userId,
    ids,
  ]);
  if (guilds.length === 0) return;
  await db.query(
    `INSERT INTO user_discord_guilds (user_id, discord_guild_id, name, icon, is_owner, permissions)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[])
     ON CONFLICT (user_id, discord_guild_id) DO UPDATE
       SET name = EXCLUDED.name, icon = EXCLUDED.icon, is_owner = EXCLUDED.is_owner,
           permissions = EXCLUDED.permissions, refreshed_at = now()`,
    [
      userId,
      ids,
      guilds.map((g) => g.name),
      guilds.map((g) => g.icon),
      guilds.map((g) => g.owner ?? false),
      guilds.map((g) => g.permissions ?? '0'),
    ],
  );
}

/** A tenant's name must be 2-100 characters; Discord allows shorter names. */
const tenantName = (name: string, discordGuildId: string) => {
  const trimmed = name.trim().slice(0, 100);
  return trimmed.length >= 2 ? trimmed : `Discord guild ${discordGuildId}`;
};

/**
 * Creates a guild tenant for each bot guild that has none yet, so every guild a member can select has its
 * tenant (its data, grants and settings). Realm and game details stay for the guild's officers to fill in.
 */
export async function ensureTenants(db: Queryable, guilds: readonly { discordGuildId: string; name: string }[]): Promise<void> {
  if (guilds.length === 0) return;
  await db.query(
    `INSERT INTO guilds (guild_name, server, discord_guild_id, description)
     SELECT name, 'Unknown', discord_guild_id, 'Created when a member first signed in with the bot present'
       FROM unnest($1::text[], $2::text[]) AS t(name, discord_guild_id)
     ON CONFLICT (discord_guild_id) DO NOTHING`,
    [guilds.map((g) => tenantName(g.name, g.discordGuildId)), guilds.map((g) => g.discordGuildId)],
  );
}

/** Tenants with the bot when no bot token is configured: the active tenants among these Discord guild ids. */
export async function activeTenantGuildIds(db: Queryable, discordGuildIds: readonly string[]): Promise<Set<string>> {
  if (discordGuildIds.length === 0) return new Set();
  const { rows } = await db.query<{ discord_guild_id: string }>(
    'SELECT discord_guild_id FROM guilds WHERE is_active AND discord_guild_id = ANY($1::text[])',
    [discordGuildIds],
  );
  return new Set(rows.map((row) => row.discord_guild_id));
}
