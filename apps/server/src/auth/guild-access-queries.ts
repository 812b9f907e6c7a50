import type { Queryable } from '../services/db/db';

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

/**
 * The guilds of the user $1: their Discord guilds joined with their tenants, then the granted tenants they are not a
 * Discord member of. `isOneGuild` narrows both to the Discord guild $2, on the (user_id, discord_guild_id) key and the
 * guilds' discord_guild_id index.
 */
export function userGuildsSql({ isOneGuild }: { isOneGuild: boolean }): string {
  const only = (column: string) => (isOneGuild ? `AND ${column} = $2` : '');
  return `SELECT d.discord_guild_id, d.name, d.icon, d.is_owner, d.permissions, true AS is_discord_member,
                 g.id AS tenant_id, g.is_active AS tenant_active
            FROM user_discord_guilds d
            LEFT JOIN guilds g ON g.discord_guild_id = d.discord_guild_id
           WHERE d.user_id = $1 ${only('d.discord_guild_id')}
          UNION ALL
          SELECT g.discord_guild_id, g.guild_name, NULL, false, '0', false, g.id, g.is_active
            FROM guilds g
           WHERE g.discord_guild_id IS NOT NULL ${only('g.discord_guild_id')}
             AND g.id IN (SELECT guild_id FROM guild_permission_grants WHERE user_id = $1)
             AND NOT EXISTS (SELECT 1 FROM user_discord_guilds d WHERE d.user_id = $1 AND d.discord_guild_id = g.discord_guild_id)`;
}

/** One guild of a user with the permissions stored for them there. */
export interface GuildAccessRow extends UserGuildRow {
  /**
   * Their grants in the tenant, and the permissions mapped to the Discord roles they hold there now (their member row
   * of the last member sync, matched by the Discord id they signed in with, and the @everyone role, whose id is the
   * server's, that Discord does not list); empty while the guild has no tenant.
   */
  granted: string[];
}

/**
 * The X-Guild-ID guard's one statement: the user's guild $2, as userGuildsSql lists it, with what is stored for them
 * there. Every look-up is on a key: grants (guild_id, user_id, …), members (guild_id, discord_user_id), role mappings
 * (guild_id, discord_role_id, …).
 */
export async function findGuildAccess(db: Queryable, userId: string, discordGuildId: string): Promise<GuildAccessRow | null> {
  const { rows } = await db.query<GuildAccessRow>(
    `SELECT guild.*,
            ARRAY(SELECT grant_row.permission FROM guild_permission_grants grant_row
                   WHERE grant_row.guild_id = guild.tenant_id AND grant_row.user_id = $1
                  UNION
                  SELECT mapped.permission
                    FROM users u
                    JOIN discord_members m ON m.guild_id = guild.tenant_id AND m.discord_user_id = u.discord_id AND m.left_at IS NULL
                    JOIN guild_role_permissions mapped
                      ON mapped.guild_id = m.guild_id AND mapped.discord_role_id = ANY(m.roles || guild.discord_guild_id)
                   WHERE u.id = $1) AS granted
       FROM (${userGuildsSql({ isOneGuild: true })}) AS guild`,
    [userId, discordGuildId],
  );
  return rows[0] ?? null;
}
