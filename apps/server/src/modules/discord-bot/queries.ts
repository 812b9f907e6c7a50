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

/**
 * For a press outside the server (a reminder's buttons in a direct message): a user the last member sync found in the
 * server is listed there as a plain member, unless they are listed already (a listing is never lowered).
 */
export async function insertStandingFromMemberSync(
  db: Queryable,
  userId: string,
  discordGuildId: string,
  discordUserId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO user_discord_guilds (user_id, discord_guild_id, name, icon, is_owner, permissions)
     SELECT $1, g.discord_guild_id, g.guild_name, NULL, false, '0'
       FROM guilds g JOIN discord_members m ON m.guild_id = g.id AND m.discord_user_id = $3 AND m.left_at IS NULL
      WHERE g.discord_guild_id = $2
     ON CONFLICT (user_id, discord_guild_id) DO NOTHING`,
    [userId, discordGuildId, discordUserId],
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

/**
 * Claims the posting of a raid for this process: true when no post exists and no other process claimed it within
 * `staleAfterMs` (one that died half-way is taken over). Two processes coming to the same raid post it once.
 */
export async function claimRaidPost(db: Queryable, raidId: string, staleAfterMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO discord_raid_post_claims (raid_event_id) SELECT $1
      WHERE NOT EXISTS (SELECT 1 FROM discord_raid_posts WHERE raid_event_id = $1)
     ON CONFLICT (raid_event_id) DO UPDATE SET claimed_at = now()
      WHERE discord_raid_post_claims.claimed_at < now() - $2 * interval '1 millisecond'
     RETURNING raid_event_id`,
    [raidId, staleAfterMs],
  );
  return rows.length === 1;
}

/** Gives a claim back when the post failed (Discord refused, no channel): a later run may try again. */
export async function releaseRaidPostClaim(db: Queryable, raidId: string): Promise<void> {
  await db.query('DELETE FROM discord_raid_post_claims WHERE raid_event_id = $1', [raidId]);
}

/**
 * Claims the next edit of a raid's post for every process: the post's channel and message when its slot is free (the
 * slot is then taken for `intervalMs`), or how many milliseconds until it frees; null when the raid has no post.
 */
export async function claimPostEdit(
  db: Queryable,
  raidId: string,
  intervalMs: number,
): Promise<{ post: RaidPostRow } | { waitMs: number } | null> {
  const { rows } = await db.query<RaidPostRow & { wait_ms: number | null }>(
    `WITH claimed AS (
       UPDATE discord_raid_posts SET next_edit_at = now() + $2 * interval '1 millisecond'
        WHERE raid_event_id = $1 AND (next_edit_at IS NULL OR next_edit_at <= now())
       RETURNING raid_event_id, guild_id, channel_id, message_id, edit_count
     )
     SELECT *, NULL::float8 AS wait_ms FROM claimed
     UNION ALL
     SELECT raid_event_id, guild_id, channel_id, message_id, edit_count,
            GREATEST(0, EXTRACT(EPOCH FROM next_edit_at - now()) * 1000)::float8
       FROM discord_raid_posts WHERE raid_event_id = $1 AND NOT EXISTS (SELECT 1 FROM claimed)`,
    [raidId, intervalMs],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.wait_ms !== null) return { waitMs: Math.ceil(row.wait_ms) };
  const { wait_ms: _, ...post } = row;
  return { post };
}

/** A raid to post now: in a guild with a raid channel, coming within the guild's sign-up window, not posted yet. */
export interface RaidToPost {
  raid_event_id: string;
  guild_id: string;
  discord_guild_id: string;
}

/**
 * Raids that entered their guild's posting window (Raids → Sign-up window before their start, `defaultWindowDays`
 * when unset) without a post: a series planned weeks ahead comes in a raid at a time. Open ones only (not cancelled,
 * sign-ups not closed), soonest first, on raid_events (guild_id, starts_at).
 */
export async function selectRaidsToPost(db: Queryable, defaultWindowDays: number, limit: number): Promise<RaidToPost[]> {
  const { rows } = await db.query<RaidToPost>(
    `SELECT r.id AS raid_event_id, r.guild_id, g.discord_guild_id
       FROM guild_settings channel
       JOIN guilds g ON g.id = channel.guild_id AND g.discord_guild_id IS NOT NULL AND g.is_active
       LEFT JOIN guild_settings w ON w.guild_id = g.id AND w.category = 'raids' AND w.key = 'signupWindowDays'
       JOIN raid_events r ON r.guild_id = g.id AND r.starts_at > now()
        AND r.starts_at <= now() + make_interval(days => COALESCE((w.value #>> '{}')::int, $1))
      WHERE channel.category = 'notifications' AND channel.key = 'raidCreated'
        AND COALESCE(channel.value #>> '{}', '') <> ''
        AND r.cancelled_at IS NULL AND now() < COALESCE(r.signup_deadline, r.starts_at)
        AND NOT EXISTS (SELECT 1 FROM discord_raid_posts p WHERE p.raid_event_id = r.id)
      ORDER BY r.starts_at
      LIMIT $2`,
    [defaultWindowDays, limit],
  );
  return rows;
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

/** A raid post whose unanswered members were not reminded yet. */
export async function selectPostsToRemind(db: Queryable, limit: number): Promise<RaidPostRow[]> {
  const { rows } = await db.query<RaidPostRow>(
    `SELECT raid_event_id, guild_id, channel_id, message_id, edit_count FROM discord_raid_posts
      WHERE reminded_at IS NULL ORDER BY posted_at LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Marks a raid's reminders as done: they are not sent again. */
export async function markRaidReminded(db: Queryable, raidId: string): Promise<void> {
  await db.query('UPDATE discord_raid_posts SET reminded_at = now() WHERE raid_event_id = $1', [raidId]);
}

/** A current Discord member of a guild, with their Guildhall account when they have one. */
export interface RemindableMember {
  discord_user_id: string;
  user_id: string | null;
}

/**
 * The guild's current Discord members the raid may remind: not reminded for it yet, and not members whose direct
 * messages were closed to the bot within the last 30 days (Discord's 50007).
 */
export async function selectRemindableMembers(db: Queryable, guildId: string, raidId: string): Promise<RemindableMember[]> {
  const { rows } = await db.query<RemindableMember>(
    `SELECT m.discord_user_id, u.id AS user_id
       FROM discord_members m LEFT JOIN users u ON u.discord_id = m.discord_user_id
      WHERE m.guild_id = $1 AND m.left_at IS NULL
        AND (m.dm_closed_at IS NULL OR m.dm_closed_at < now() - interval '30 days')
        AND NOT EXISTS (SELECT 1 FROM discord_reminders r WHERE r.raid_event_id = $2 AND r.discord_user_id = m.discord_user_id)
      ORDER BY m.discord_user_id`,
    [guildId, raidId],
  );
  return rows;
}

/** Records a reminder's outcome; false when the member was reminded for the raid already (it is not sent twice). */
export async function claimReminder(db: Queryable, raidId: string, discordUserId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO discord_reminders (raid_event_id, discord_user_id, outcome) VALUES ($1, $2, 'sent')
     ON CONFLICT (raid_event_id, discord_user_id) DO NOTHING`,
    [raidId, discordUserId],
  );
  return rowCount === 1;
}

/** Gives a reminder back when its message failed for another reason than closed DMs: the next run tries again. */
export async function releaseReminder(db: Queryable, raidId: string, discordUserId: string): Promise<void> {
  await db.query('DELETE FROM discord_reminders WHERE raid_event_id = $1 AND discord_user_id = $2', [raidId, discordUserId]);
}

/** Records that Discord refused a member's direct message (50007): on the member, and on the reminder. */
export async function markDirectMessagesClosed(
  db: Queryable,
  guildId: string,
  raidId: string,
  discordUserId: string,
): Promise<void> {
  await db.query('UPDATE discord_members SET dm_closed_at = now() WHERE guild_id = $1 AND discord_user_id = $2', [
    guildId,
    discordUserId,
  ]);
  await db.query(`UPDATE discord_reminders SET outcome = 'dm_closed' WHERE raid_event_id = $1 AND discord_user_id = $2`, [
    raidId,
    discordUserId,
  ]);
}
