import type { Queryable } from '../../services/db/db';

// A raid's composition board: its version and publication on raid_events, the places in raid_placements, and how often
// each member who answered sat on the bench lately. Scoped by the guild in the WHERE clause, as every raid read.

/** The board's state on its raid. */
export interface CompositionStateRow {
  composition_version: number;
  composition_publish_at: Date | null;
  is_published: boolean;
  cancelled_at: Date | null;
}

const STATE_COLUMNS = `composition_version, composition_publish_at,
  composition_publish_at IS NOT NULL AND composition_publish_at <= now() AS is_published, cancelled_at`;

/** The board's state of a raid of the guild, or null when the guild has no such raid. */
export async function selectCompositionState(
  db: Queryable,
  guildId: string,
  raidId: string,
): Promise<CompositionStateRow | null> {
  const { rows } = await db.query<CompositionStateRow>(
    `SELECT ${STATE_COLUMNS} FROM raid_events WHERE id = $1 AND guild_id = $2`,
    [raidId, guildId],
  );
  return rows[0] ?? null;
}

/**
 * Locks the board of a raid for a change (FOR NO KEY UPDATE: sign-ups, which share the raid row, wait a moment; the
 * raid's own edit form is not made stale), or null when the guild has no such raid.
 */
export async function lockCompositionState(db: Queryable, guildId: string, raidId: string): Promise<CompositionStateRow | null> {
  const { rows } = await db.query<CompositionStateRow>(
    `SELECT ${STATE_COLUMNS} FROM raid_events WHERE id = $1 AND guild_id = $2 FOR NO KEY UPDATE`,
    [raidId, guildId],
  );
  return rows[0] ?? null;
}

/** Moves the board's version on, with a new publication time when one is given (undefined: kept). */
export async function bumpComposition(db: Queryable, raidId: string, publishAt?: Date | null): Promise<void> {
  await db.query(
    `UPDATE raid_events SET composition_version = composition_version + 1,
            composition_publish_at = CASE WHEN $2 THEN $3::timestamptz ELSE composition_publish_at END
      WHERE id = $1`,
    [raidId, publishAt !== undefined, publishAt ?? null],
  );
}

/** One place on the board. */
export interface PlacementRow {
  user_id: string;
  slot: string;
}

/** The places of a raid's board, in the order they were made. */
export async function selectPlacements(db: Queryable, raidId: string): Promise<PlacementRow[]> {
  const { rows } = await db.query<PlacementRow>(
    'SELECT user_id, slot FROM raid_placements WHERE raid_event_id = $1 ORDER BY placed_at, user_id',
    [raidId],
  );
  return rows;
}

/** Puts a member's answer in a slot (a place already held moves), or back on the waitlist (null). */
export async function writePlacement(db: Queryable, raidId: string, userId: string, slot: string | null): Promise<void> {
  if (slot === null) {
    await db.query('DELETE FROM raid_placements WHERE raid_event_id = $1 AND user_id = $2', [raidId, userId]);
    return;
  }
  await db.query(
    `INSERT INTO raid_placements (raid_event_id, user_id, slot) VALUES ($1, $2, $3)
     ON CONFLICT (raid_event_id, user_id) DO UPDATE SET slot = EXCLUDED.slot, placed_at = now()`,
    [raidId, userId, slot],
  );
}

/** How many times each member who answered this raid sat on the bench of the guild's raids starting since `since`. */
export async function selectBenchCounts(
  db: Queryable,
  guildId: string,
  raidId: string,
  since: Date,
): Promise<{ user_id: string; benched: number }[]> {
  const { rows } = await db.query<{ user_id: string; benched: number }>(
    `SELECT s.user_id, count(r.id)::int AS benched
       FROM raid_signups s
       LEFT JOIN raid_placements p ON p.user_id = s.user_id AND p.slot = 'bench'
       LEFT JOIN raid_events r ON r.id = p.raid_event_id AND r.guild_id = $1 AND r.starts_at >= $3 AND r.cancelled_at IS NULL
      WHERE s.raid_event_id = $2
      GROUP BY s.user_id`,
    [guildId, raidId, since],
  );
  return rows;
}

/** A member's answer to a raid, as the board places it; null when they have not answered. */
export async function selectAnswerOf(
  db: Queryable,
  raidId: string,
  userId: string,
): Promise<{ status: string; member_name: string } | null> {
  const { rows } = await db.query<{ status: string; member_name: string }>(
    `SELECT s.status, COALESCE(u.global_name, u.username) AS member_name
       FROM raid_signups s JOIN users u ON u.id = s.user_id WHERE s.raid_event_id = $1 AND s.user_id = $2`,
    [raidId, userId],
  );
  return rows[0] ?? null;
}
