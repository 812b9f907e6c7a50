import { userGuildsSql } from '../../auth/guild-access-queries';
import type { Queryable } from '../../services/db/db';
import { RAID_SELECT, type RaidRow } from './raid-queries';

// A member's calendar feed: the hash of its secret address, and the raids it serves.

/** A member's feed as stored (never the token). */
export interface FeedRow {
  created_at: Date;
  last_read_at: Date | null;
}

/** The user's feed, or null when they have none. */
export async function selectFeed(db: Queryable, userId: string): Promise<FeedRow | null> {
  const { rows } = await db.query<FeedRow>('SELECT created_at, last_read_at FROM raid_calendar_feeds WHERE user_id = $1', [
    userId,
  ]);
  return rows[0] ?? null;
}

/** Stores a new address's hash for the user, replacing any earlier one; whether there was one. */
export async function replaceFeed(
  db: Queryable,
  userId: string,
  tokenHash: string,
): Promise<{ row: FeedRow; replaced: boolean }> {
  const { rows } = await db.query<FeedRow & { replaced: boolean }>(
    `INSERT INTO raid_calendar_feeds (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now(), last_read_at = NULL
     RETURNING created_at, last_read_at, (xmax <> 0) AS replaced`,
    [userId, tokenHash],
  );
  const { replaced, ...row } = rows[0]!;
  return { row, replaced };
}

/** Deletes the user's feed; false when there was none. */
export async function deleteFeed(db: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM raid_calendar_feeds WHERE user_id = $1', [userId]);
  return rowCount > 0;
}

/**
 * The user whose feed has this hash (the unique index), or null; notes the read, at most once a minute, so a calendar
 * polling often does not write every time.
 */
export async function findFeedUser(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `WITH touched AS (
       UPDATE raid_calendar_feeds SET last_read_at = now()
        WHERE token_hash = $1 AND (last_read_at IS NULL OR last_read_at < now() - interval '1 minute'))
     SELECT user_id FROM raid_calendar_feeds WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

/** The Discord ids of the user's guilds (their Discord guilds and the tenants granting them access). */
export async function selectUserGuildIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ discord_guild_id: string }>(
    `SELECT DISTINCT discord_guild_id FROM (${userGuildsSql({ isOneGuild: false })}) AS guild`,
    [userId],
  );
  return rows.map((row) => row.discord_guild_id);
}

/** The raids of these guilds starting in [from, to), with the user's answers, by start (raid_events_guild_starts_idx). */
export async function selectFeedRaids(
  db: Queryable,
  guildIds: readonly string[],
  userId: string,
  range: { from: Date; to: Date },
): Promise<RaidRow[]> {
  const { rows } = await db.query<RaidRow>(
    `${RAID_SELECT} WHERE r.guild_id = ANY($1::uuid[]) AND r.starts_at >= $3 AND r.starts_at < $4 ORDER BY r.starts_at, r.id`,
    [guildIds, userId, range.from, range.to],
  );
  return rows;
}
