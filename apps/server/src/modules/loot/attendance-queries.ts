import type { AttendanceCount } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

// What the priority board's weighting reads of raids: attendance and recent upgrades over the guild's window.

/**
 * The raid_attendance statuses that count as attending: present and late. Benched, absent and any status added later
 * count as not attending; this list is the one place to change that.
 */
export const ATTENDED_STATUSES: readonly string[] = ['present', 'late'];

/**
 * Each character's attendance since `since`: the raids it attended (ATTENDED_STATUSES) of the guild's raids that
 * started in the window, were not cancelled and recorded attendance (raid_events_guild_starts_idx, then
 * raid_attendance's primary key per raid).
 */
export async function selectAttendance(
  db: Queryable,
  guildId: string,
  characterIds: readonly string[],
  since: Date,
): Promise<Map<string, AttendanceCount>> {
  const { rows } = await db.query<{ character_id: string; attended: number; raids: number }>(
    `WITH raids AS (
       SELECT r.id FROM raid_events r
        WHERE r.guild_id = $1 AND r.starts_at >= $3 AND r.starts_at <= now() AND r.cancelled_at IS NULL
          AND EXISTS (SELECT 1 FROM raid_attendance a WHERE a.raid_event_id = r.id))
     SELECT c.id AS character_id, (SELECT count(*) FROM raids)::int AS raids,
            (SELECT count(*) FROM raids JOIN raid_attendance a ON a.raid_event_id = raids.id
              WHERE a.character_id = c.id AND a.status = ANY($4::text[]))::int AS attended
       FROM unnest($2::uuid[]) AS c(id)`,
    [guildId, characterIds, since, ATTENDED_STATUSES],
  );
  return new Map(rows.map((row) => [row.character_id, { attended: row.attended, raids: row.raids }]));
}

/** How many upgrades (these responses) each character received since `since` (loot_entries_character_awarded_idx). */
export async function selectRecentUpgrades(
  db: Queryable,
  guildId: string,
  characterIds: readonly string[],
  since: Date,
  upgradeResponses: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ character_id: string; upgrades: number }>(
    `SELECT c.id AS character_id,
            (SELECT count(*) FROM loot_entries l
              WHERE l.character_id = c.id AND l.guild_id = $1 AND l.awarded_at >= $3
                AND l.response = ANY($4::text[]))::int AS upgrades
       FROM unnest($2::uuid[]) AS c(id)`,
    [guildId, characterIds, since, upgradeResponses],
  );
  return new Map(rows.map((row) => [row.character_id, row.upgrades]));
}
