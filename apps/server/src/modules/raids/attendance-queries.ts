import {
  ATTENDANCE_STATUSES,
  type AttendanceCounts,
  type CompositionSlot,
  NO_ATTENDANCE,
  type SignupStatus,
} from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { AttendanceMember, DerivedRecord, KeptRecord } from './derive-attendance';
import { memberCharactersSql, memberOfUserSql } from './member-characters-queries';

// The attendance of a guild's raids (raid_attendance, one row per character and raid) and the rates made from it.
// Every read is scoped by the guild, so another guild's raid or character is simply not found.

/** A raid as attendance checks it, locked for the transaction. */
export interface AttendanceRaidRow {
  id: string;
  starts_at: Date;
  cancelled_at: Date | null;
  attendance_taken_at: Date | null;
  has_started: boolean;
}

/** A raid of the guild, locked against another taking or correction; null when not the guild's (or, skipping, busy). */
export async function lockAttendanceRaid(
  db: Queryable,
  guildId: string,
  raidId: string,
  skipLocked = false,
): Promise<AttendanceRaidRow | null> {
  const { rows } = await db.query<AttendanceRaidRow>(
    `SELECT id, starts_at, cancelled_at, attendance_taken_at, now() >= starts_at AS has_started
       FROM raid_events WHERE id = $1 AND guild_id = $2 FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`,
    [raidId, guildId],
  );
  return rows[0] ?? null;
}

/**
 * The guild's current members with a character (memberCharactersSql: linked or claimed) who had joined by the raid's
 * start, their main first.
 */
export async function selectAttendanceMembers(db: Queryable, guildId: string, startsAt: Date): Promise<AttendanceMember[]> {
  const { rows } = await db.query<{ member_id: string; user_id: string | null; is_inactive: boolean; character_ids: string[] }>(
    `SELECT m.id AS member_id, u.id AS user_id, COALESCE(k.is_inactive, false) AS is_inactive,
            array_agg(mc.character_id ORDER BY mc.is_primary DESC, mc.linked_at, mc.character_id) AS character_ids
       FROM discord_members m
       JOIN (${memberCharactersSql('$1')}) mc ON mc.member_id = m.id
       LEFT JOIN users u ON u.discord_id = m.discord_user_id
       LEFT JOIN roster_marks k ON k.discord_member_id = m.id
      WHERE m.guild_id = $1 AND m.left_at IS NULL AND (m.joined_at IS NULL OR m.joined_at <= $2)
      GROUP BY m.id, u.id, k.is_inactive`,
    [guildId, startsAt],
  );
  return rows.map((row) => ({
    memberId: row.member_id,
    userId: row.user_id,
    isInactive: row.is_inactive,
    characterIds: row.character_ids,
  }));
}

/** The raid's answers with each one's place on the composition board. */
export async function selectAnswersWithPlaces(db: Queryable, raidId: string) {
  const { rows } = await db.query<{
    user_id: string;
    status: SignupStatus;
    character_id: string | null;
    slot: CompositionSlot | null;
  }>(
    `SELECT s.user_id, s.status, s.character_id, p.slot
       FROM raid_signups s LEFT JOIN raid_placements p ON p.raid_event_id = s.raid_event_id AND p.user_id = s.user_id
      WHERE s.raid_event_id = $1`,
    [raidId],
  );
  return rows.map((row) => ({ userId: row.user_id, status: row.status, characterId: row.character_id, slot: row.slot }));
}

/** The records taking attendance keeps: a report's or an import's presence, and the officers' corrections. */
export async function selectKeptRecords(db: Queryable, raidId: string): Promise<KeptRecord[]> {
  const { rows } = await db.query<{ character_id: string; source: KeptRecord['source'] }>(
    `SELECT character_id, source FROM raid_attendance WHERE raid_event_id = $1 AND source <> 'signups'`,
    [raidId],
  );
  return rows.map((row) => ({ characterId: row.character_id, source: row.source }));
}

/** Replaces the raid's records made from the sign-ups with these, and notes when attendance was taken. */
export async function replaceDerivedRecords(db: Queryable, raidId: string, records: readonly DerivedRecord[]): Promise<void> {
  await db.query(`DELETE FROM raid_attendance WHERE raid_event_id = $1 AND source = 'signups'`, [raidId]);
  if (records.length > 0) {
    await db.query(
      `INSERT INTO raid_attendance (raid_event_id, character_id, status, source)
       SELECT $1, t.character_id, t.status, 'signups' FROM unnest($2::uuid[], $3::text[]) AS t(character_id, status)
       ON CONFLICT (raid_event_id, character_id) DO NOTHING`,
      [raidId, records.map((record) => record.characterId), records.map((record) => record.status)],
    );
  }
  await db.query('UPDATE raid_events SET attendance_taken_at = now() WHERE id = $1', [raidId]);
}

/** One record of a raid as the raid page lists it. */
export interface AttendanceRow {
  character_id: string;
  character_name: string;
  character_class: string;
  member_id: string | null;
  member_name: string | null;
  status: string;
  source: string;
  corrected_by_name: string | null;
  corrected_at: Date | null;
}

/** The raid's records by character name (the primary key leads with the raid). */
export async function selectRaidAttendance(db: Queryable, raidId: string): Promise<AttendanceRow[]> {
  const { rows } = await db.query<AttendanceRow>(
    `SELECT a.character_id, c.name AS character_name, c.class AS character_class, m.id AS member_id,
            COALESCE(m.nickname, m.global_name, m.username) AS member_name, a.status, a.source, a.corrected_by_name,
            a.corrected_at
       FROM raid_attendance a
       JOIN characters c ON c.id = a.character_id
       LEFT JOIN character_links l ON l.character_id = a.character_id
       LEFT JOIN discord_members m ON m.id = l.discord_member_id
      WHERE a.raid_event_id = $1
      ORDER BY lower(c.name), c.id`,
    [raidId],
  );
  return rows;
}

/** Whether a report or an import recorded presence at the raid. */
export async function hasReportRecords(db: Queryable, raidId: string): Promise<boolean> {
  const { rows } = await db.query<{ has: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM raid_attendance WHERE raid_event_id = $1 AND source IN ('report', 'import')) AS has`,
    [raidId],
  );
  return rows[0]?.has ?? false;
}

/** A character of the guild, by id. */
export async function findGuildCharacter(db: Queryable, guildId: string, characterId: string) {
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM characters WHERE id = $1 AND guild_id = $2',
    [characterId, guildId],
  );
  return rows[0] ?? null;
}

/**
 * An officer's correction: the character's record becomes theirs (a row made if there was none), and the records the
 * sign-ups gave the same member's other characters go, so the member's attendance at the raid is what the officer
 * said. The status it had before (null: none).
 */
export async function writeCorrection(
  db: Queryable,
  raidId: string,
  characterId: string,
  status: string,
  officer: { userId: string; name: string },
): Promise<string | null> {
  const { rows } = await db.query<{ previous: string | null }>(
    `WITH before AS (SELECT status FROM raid_attendance WHERE raid_event_id = $1 AND character_id = $2)
     INSERT INTO raid_attendance (raid_event_id, character_id, status, source, corrected_by_user_id, corrected_by_name, corrected_at)
     VALUES ($1, $2, $3, 'officer', $4, $5, now())
     ON CONFLICT (raid_event_id, character_id) DO UPDATE
       SET status = EXCLUDED.status, source = 'officer', recorded_at = now(), corrected_by_user_id = EXCLUDED.corrected_by_user_id,
           corrected_by_name = EXCLUDED.corrected_by_name, corrected_at = EXCLUDED.corrected_at
     RETURNING (SELECT status FROM before) AS previous`,
    [raidId, characterId, status, officer.userId, officer.name],
  );
  await db.query(
    `DELETE FROM raid_attendance a USING character_links mine, character_links other
      WHERE a.raid_event_id = $1 AND a.source = 'signups' AND mine.character_id = $2
        AND other.discord_member_id = mine.discord_member_id AND a.character_id = other.character_id AND a.character_id <> $2`,
    [raidId, characterId],
  );
  return rows[0]?.previous ?? null;
}

/**
 * The member a community user is in the guild: their current Discord member row with a character (memberCharactersSql:
 * linked or claimed); null otherwise.
 */
export async function selectMemberOfUser(db: Queryable, guildId: string, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT own.id FROM (${memberOfUserSql('$1', '$2')}) own
      WHERE EXISTS (SELECT 1 FROM (${memberCharactersSql('$1')}) mc WHERE mc.member_id = own.id)`,
    [guildId, userId],
  );
  return rows[0]?.id ?? null;
}

/**
 * Per member and raid since `since`, the position in `statuses` (ATTENDANCE_STATUSES) of the best record of their
 * characters (memberCharactersSql: linked or claimed): present over late over benched over absent with notice over
 * absent. Raids not cancelled and started. The placeholders are the caller's ($1, ...); `members` (a uuid[], null for
 * every member) narrows it. Rows: member_id, raid_event_id, best.
 */
export const perRaidBestSql = (p: { guild: string; since: string; statuses: string; members?: string }) => `
  SELECT mc.member_id, a.raid_event_id, min(array_position(${p.statuses}::text[], a.status)) AS best
    FROM (${memberCharactersSql(p.guild)}) mc
    JOIN raid_attendance a ON a.character_id = mc.character_id
    JOIN raid_events r ON r.id = a.raid_event_id AND r.guild_id = ${p.guild} AND r.cancelled_at IS NULL
                      AND r.starts_at >= ${p.since} AND r.starts_at <= now()
   ${p.members ? `WHERE (${p.members}::uuid[] IS NULL OR mc.member_id = ANY(${p.members}::uuid[]))` : ''}
   GROUP BY mc.member_id, a.raid_event_id`;

/** Each member's raids since `since` by status (perRaidBestSql); only the members named (null: all that have one). */
export async function selectAttendanceCounts(
  db: Queryable,
  guildId: string,
  since: Date,
  memberIds: readonly string[] | null,
): Promise<Map<string, AttendanceCounts>> {
  const { rows } = await db.query<{ member_id: string; best: number; raids: number }>(
    `WITH per_raid AS (${perRaidBestSql({ guild: '$1', since: '$2', statuses: '$4', members: '$3' })})
     SELECT member_id, best, count(*)::int AS raids FROM per_raid GROUP BY 1, 2`,
    [guildId, since, memberIds, ATTENDANCE_STATUSES],
  );
  const counts = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const status = ATTENDANCE_STATUSES[row.best - 1]!;
    const member = counts.get(row.member_id) ?? { ...NO_ATTENDANCE };
    member[status] = row.raids;
    counts.set(row.member_id, member);
  }
  return counts as Map<string, AttendanceCounts>;
}

/** Raids planned in Guildhall whose attendance is due: ended (or 4 h after a start without an end), not yet taken. */
export async function selectRaidsDueForAttendance(db: Queryable, limit: number) {
  const { rows } = await db.query<{ id: string; guild_id: string }>(
    `SELECT id, guild_id FROM raid_events
      WHERE attendance_taken_at IS NULL AND cancelled_at IS NULL AND created_by_user_id IS NOT NULL
        AND starts_at > now() - interval '14 days' AND starts_at <= now()
        AND COALESCE(ends_at, starts_at + interval '4 hours') <= now()
      ORDER BY starts_at LIMIT $1`,
    [limit],
  );
  return rows;
}

/** When the raid's attendance was taken (null: not yet, or no such raid in the guild, which `undefined` tells apart). */
export async function selectAttendanceTakenAt(db: Queryable, raidId: string, guildId?: string): Promise<Date | null | undefined> {
  const { rows } = await db.query<{ attendance_taken_at: Date | null }>(
    `SELECT attendance_taken_at FROM raid_events WHERE id = $1${guildId === undefined ? '' : ' AND guild_id = $2'}`,
    guildId === undefined ? [raidId] : [raidId, guildId],
  );
  return rows.length === 0 ? undefined : rows[0]!.attendance_taken_at;
}
