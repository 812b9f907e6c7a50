import type { Queryable } from '../../services/db/db';
import type { DiscordGuildSummary } from '../../services/discord/discord-api';

/** One guild a user may see: from their Discord guild list, or a tenant where they hold grants. */
export interface UserGuildRow {
  discord_guild_id: string;
  name: string;
  icon: string | null;
  is_owner: boolean;
  permissions: string;
  /** False for guilds known only through grants (an e-mail account without Discord). */
  is_discord_member: boolean;
  tenant_id: string | null;
  tenant_active: boolean | null;
}

/** The user's Discord guilds joined with their tenants, then the granted tenants they are not a Discord member of. */
export async function listUserGuilds(db: Queryable, userId: string): Promise<UserGuildRow[]> {
  const { rows } = await db.query<UserGuildRow>(
    `SELECT d.discord_guild_id, d.name, d.icon, d.is_owner, d.permissions, true AS is_discord_member,
            g.id AS tenant_id, g.is_active AS tenant_active
       FROM user_discord_guilds d
       LEFT JOIN guilds g ON g.discord_guild_id = d.discord_guild_id
      WHERE d.user_id = $1
     UNION ALL
     SELECT g.discord_guild_id, g.guild_name, NULL, false, '0', false, g.id, g.is_active
       FROM guilds g
      WHERE g.discord_guild_id IS NOT NULL
        AND g.id IN (SELECT guild_id FROM guild_permission_grants WHERE user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM user_discord_guilds d WHERE d.user_id = $1 AND d.discord_guild_id = g.discord_guild_id)`,
    [userId],
  );
  return rows;
}

/**
 * One guild of the user, as listUserGuilds would list it, or null: the X-Guild-ID guard's read, on the
 * (user_id, discord_guild_id) key and the guilds' discord_guild_id index.
 */
export async function userGuildRow(db: Queryable, userId: string, discordGuildId: string): Promise<UserGuildRow | null> {
  const { rows } = await db.query<UserGuildRow>(
    `SELECT d.discord_guild_id, d.name, d.icon, d.is_owner, d.permissions, true AS is_discord_member,
            g.id AS tenant_id, g.is_active AS tenant_active
       FROM user_discord_guilds d
       LEFT JOIN guilds g ON g.discord_guild_id = d.discord_guild_id
      WHERE d.user_id = $1 AND d.discord_guild_id = $2
     UNION ALL
     SELECT g.discord_guild_id, g.guild_name, NULL, false, '0', false, g.id, g.is_active
       FROM guilds g
      WHERE g.discord_guild_id = $2
        AND EXISTS (SELECT 1 FROM guild_permission_grants p WHERE p.guild_id = g.id AND p.user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM user_discord_guilds d WHERE d.user_id = $1 AND d.discord_guild_id = $2)
     LIMIT 1`,
    [userId, discordGuildId],
  );
  return rows[0] ?? null;
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

/** The permissions granted to a user in one tenant. */
export async function grantsOf(db: Queryable, tenantId: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ permission: string }>(
    'SELECT permission FROM guild_permission_grants WHERE guild_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
  return rows.map((row) => row.permission);
}

/**
 * The permissions mapped to the Discord roles the user holds in one tenant now: their member row of the last member
 * sync (matched by the Discord id they signed in with, still a member), its roles, and the @everyone role (whose
 * id is the Discord guild's) that every member holds without Discord listing it.
 */
export async function rolePermissionsOf(db: Queryable, tenantId: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ permission: string }>(
    `SELECT DISTINCT p.permission
       FROM users u
       JOIN discord_members m ON m.guild_id = $1 AND m.discord_user_id = u.discord_id AND m.left_at IS NULL
       JOIN guilds g ON g.id = m.guild_id
       JOIN guild_role_permissions p
         ON p.guild_id = m.guild_id AND (p.discord_role_id = ANY(m.roles) OR p.discord_role_id = g.discord_guild_id)
      WHERE u.id = $2`,
    [tenantId, userId],
  );
  return rows.map((row) => row.permission);
}
