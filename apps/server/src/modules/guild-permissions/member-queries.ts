import type { Queryable } from '../../services/db/db';

/** A current member of a tenant's Discord server, as the last member sync saw them. */
export interface CurrentMemberRow {
  username: string;
  roles: string[];
}

/** The Guildhall user signed in with a Discord id, and what Discord said of them in one server when they did. */
export interface DiscordSignInRow {
  id: string;
  username: string;
  /** Null when Discord did not list that server for them at their last sign-in. */
  is_owner: boolean | null;
  permissions: string | null;
}

/** The member with this Discord id in the tenant, unless they left. */
export async function selectCurrentMember(
  db: Queryable,
  tenantId: string,
  discordUserId: string,
): Promise<CurrentMemberRow | null> {
  const { rows } = await db.query<CurrentMemberRow>(
    `SELECT username, roles FROM discord_members WHERE guild_id = $1 AND discord_user_id = $2 AND left_at IS NULL`,
    [tenantId, discordUserId],
  );
  return rows[0] ?? null;
}

/** The Guildhall user with this Discord id, with their standing in the Discord server, if any. */
export async function selectDiscordSignIn(
  db: Queryable,
  discordUserId: string,
  discordGuildId: string,
): Promise<DiscordSignInRow | null> {
  const { rows } = await db.query<DiscordSignInRow>(
    `SELECT u.id, u.username, d.is_owner, d.permissions
       FROM users u LEFT JOIN user_discord_guilds d ON d.user_id = u.id AND d.discord_guild_id = $2
      WHERE u.discord_id = $1`,
    [discordUserId, discordGuildId],
  );
  return rows[0] ?? null;
}
