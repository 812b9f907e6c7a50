import type { Queryable } from '../../services/db/db';

// Who is to be reminded of a raid: the guild's members who have not answered it.

/** A member of the guild who has not answered a raid, with how each channel reaches them. */
export interface UnansweredMemberRow {
  discord_user_id: string | null;
  user_id: string | null;
  name: string;
  email: string | null;
}

/**
 * The guild's current members who have not answered the raid: its Discord members (with their community account when
 * they have one) and the accounts granted access without a Discord membership. The e-mail is given only when verified.
 */
export async function selectUnansweredMembers(db: Queryable, guildId: string, raidId: string): Promise<UnansweredMemberRow[]> {
  const { rows } = await db.query<UnansweredMemberRow>(
    `SELECT m.discord_user_id, u.id AS user_id, COALESCE(m.nickname, m.global_name, m.username) AS name,
            CASE WHEN u.email_verified THEN u.email END AS email
       FROM discord_members m
       LEFT JOIN users u ON u.discord_id = m.discord_user_id
      WHERE m.guild_id = $1 AND m.left_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM raid_signups s WHERE s.raid_event_id = $2 AND s.user_id = u.id)
     UNION ALL
     SELECT u.discord_id, u.id, COALESCE(u.global_name, u.username), CASE WHEN u.email_verified THEN u.email END
       FROM users u
      WHERE EXISTS (SELECT 1 FROM guild_permission_grants g WHERE g.guild_id = $1 AND g.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM discord_members m WHERE m.guild_id = $1 AND m.discord_user_id = u.discord_id
                         AND m.left_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM raid_signups s WHERE s.raid_event_id = $2 AND s.user_id = u.id)
      ORDER BY name`,
    [guildId, raidId],
  );
  return rows;
}
