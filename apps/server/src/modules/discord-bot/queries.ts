import type { Queryable } from '../../services/db/db';

// What the bot keeps: interactions received (against replays), the member's standing in a server as an interaction
// shows it, raid posts, reminders, and members whose direct messages are closed.

/** Records an interaction id; false when it was received before (a replay). */
export async function recordInteraction(db: Queryable, interactionId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO discord_interactions (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id',
    [interactionId],
  );
  return rows.length === 1;
}

/** Forgets interaction ids received before a time (their signatures are stale by then: a replay is refused anyway). */
export async function deleteInteractionsBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM discord_interactions WHERE received_at < $1', [before]);
  return rowCount ?? 0;
}

/**
 * Stores that the user is in the Discord server with these permissions, as Discord signed them in the interaction: a
 * sign-in would list the server the same way. A server they were not listed in yet takes its tenant's name.
 */
export async function upsertServerStanding(
  db: Queryable,
  userId: string,
  discordGuildId: string,
  permissions: string,
): Promise<void> {
  await db.query(
    `INSERT INTO user_discord_guilds (user_id, discord_guild_id, name, icon, is_owner, permissions)
     SELECT $1, $2, COALESCE((SELECT guild_name FROM guilds WHERE discord_guild_id = $2), 'Discord server ' || $2), NULL, false, $3
     ON CONFLICT (user_id, discord_guild_id) DO UPDATE SET permissions = EXCLUDED.permissions, refreshed_at = now()`,
    [userId, discordGuildId, permissions],
  );
}

/** A guild tenant's Discord server. */
export async function findDiscordGuildId(db: Queryable, guildId: string): Promise<string | null> {
  const { rows } = await db.query<{ discord_guild_id: string | null }>('SELECT discord_guild_id FROM guilds WHERE id = $1', [
    guildId,
  ]);
  return rows[0]?.discord_guild_id ?? null;
}

/** A raid's post in its guild's raid channel. */
export interface RaidPostRow {
  raid_event_id: string;
  guild_id: string;
  channel_id: string;
  message_id: string;
  edit_count: number;
}

/** Keeps where a raid was posted; false when it had a post already (the first stays). */
export async function insertRaidPost(db: Queryable, post: Omit<RaidPostRow, 'edit_count'>): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO discord_raid_posts (raid_event_id, guild_id, channel_id, message_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (raid_event_id) DO NOTHING`,
    [post.raid_event_id, post.guild_id, post.channel_id, post.message_id],
  );
  return rowCount === 1;
}

/** A raid's post, or null when it has none. */
export async function findRaidPost(db: Queryable, raidId: string): Promise<RaidPostRow | null> {
  const { rows } = await db.query<RaidPostRow>(
    'SELECT raid_event_id, guild_id, channel_id, message_id, edit_count FROM discord_raid_posts WHERE raid_event_id = $1',
    [raidId],
  );
  return rows[0] ?? null;
}

/** Counts an edit of a raid's post. */
export async function markRaidPostEdited(db: Queryable, raidId: string): Promise<void> {
  await db.query('UPDATE discord_raid_posts SET edited_at = now(), edit_count = edit_count + 1 WHERE raid_event_id = $1', [
    raidId,
  ]);
}

/** Forgets a post Discord no longer has (deleted in the channel): it is not edited again. */
export async function deleteRaidPost(db: Queryable, raidId: string): Promise<void> {
  await db.query('DELETE FROM discord_raid_posts WHERE raid_event_id = $1', [raidId]);
}
