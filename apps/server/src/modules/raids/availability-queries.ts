import type { Queryable } from '../../services/db/db';

// A member's standing availability in a guild (raid days, absences), and the answers it gives raids.

/** A member's raid days as stored. */
export interface AvailabilityRow {
  weekdays: number[];
  character_id: string | null;
  role: string;
  spec: string | null;
  time_zone: string;
}

/** An absence as stored. */
export interface AbsenceRow {
  id: string;
  first_date: string;
  last_date: string;
  note: string;
  time_zone: string;
}

/** The member's raid days in the guild, or null. */
export async function selectAvailability(db: Queryable, guildId: string, userId: string): Promise<AvailabilityRow | null> {
  const { rows } = await db.query<AvailabilityRow>(
    'SELECT weekdays, character_id, role, spec, time_zone FROM raid_availability WHERE guild_id = $1 AND user_id = $2',
    [guildId, userId],
  );
  return rows[0] ?? null;
}

/** Stores the member's raid days (replacing the earlier ones). */
export async function upsertAvailability(
  db: Queryable,
  guildId: string,
  userId: string,
  days: { weekdays: number[]; characterId: string | null; role: string; spec: string | null; timeZone: string },
): Promise<void> {
  await db.query(
    `INSERT INTO raid_availability (guild_id, user_id, weekdays, character_id, role, spec, time_zone)
     VALUES ($1, $2, $3::smallint[], $4, $5, $6, $7)
     ON CONFLICT (guild_id, user_id) DO UPDATE
       SET weekdays = EXCLUDED.weekdays, character_id = EXCLUDED.character_id, role = EXCLUDED.role, spec = EXCLUDED.spec,
           time_zone = EXCLUDED.time_zone, updated_at = now()`,
    [guildId, userId, days.weekdays, days.characterId, days.role, days.spec, days.timeZone],
  );
}

/** Clears the member's raid days. */
export async function deleteAvailability(db: Queryable, guildId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM raid_availability WHERE guild_id = $1 AND user_id = $2', [guildId, userId]);
}

const ABSENCE_COLUMNS = `id, to_char(first_date, 'YYYY-MM-DD') AS first_date, to_char(last_date, 'YYYY-MM-DD') AS last_date,
  note, time_zone`;

/** The member's absences that end on `today` or later, by first day (raid_absences_guild_user_idx). */
export async function selectAbsences(db: Queryable, guildId: string, userId: string, today: string): Promise<AbsenceRow[]> {
  const { rows } = await db.query<AbsenceRow>(
    `SELECT ${ABSENCE_COLUMNS} FROM raid_absences
      WHERE guild_id = $1 AND user_id = $2 AND last_date >= $3::date ORDER BY first_date, id`,
    [guildId, userId, today],
  );
  return rows;
}

/** Whether the member has an absence sharing a day with [first, last]. */
export async function overlapsAbsence(db: Queryable, guildId: string, userId: string, first: string, last: string) {
  const { rows } = await db.query<{ overlaps: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM raid_absences WHERE guild_id = $1 AND user_id = $2
                     AND first_date <= $4::date AND last_date >= $3::date) AS overlaps`,
    [guildId, userId, first, last],
  );
  return rows[0]?.overlaps ?? false;
}

/** A new absence; it as stored. */
export async function insertAbsence(
  db: Queryable,
  guildId: string,
  userId: string,
  absence: { firstDate: string; lastDate: string; note: string; timeZone: string },
): Promise<AbsenceRow> {
  const { rows } = await db.query<AbsenceRow>(
    `INSERT INTO raid_absences (guild_id, user_id, first_date, last_date, note, time_zone) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${ABSENCE_COLUMNS}`,
    [guildId, userId, absence.firstDate, absence.lastDate, absence.note, absence.timeZone],
  );
  return rows[0]!;
}

/** Deletes one of the member's absences; it as it was, or null when it is not theirs. */
export async function deleteAbsence(
  db: Queryable,
  guildId: string,
  userId: string,
  absenceId: string,
): Promise<AbsenceRow | null> {
  const { rows } = await db.query<AbsenceRow>(
    `DELETE FROM raid_absences WHERE id = $3 AND guild_id = $1 AND user_id = $2 RETURNING ${ABSENCE_COLUMNS}`,
    [guildId, userId, absenceId],
  );
  return rows[0] ?? null;
}

/** Raids still open to answers: not cancelled, sign-ups not closed. */
const OPEN_RAID = 'r.cancelled_at IS NULL AND now() < COALESCE(r.signup_deadline, r.starts_at)';

/** The guild's open raids starting in [from, to): the ones an absence reaches (raid_events_guild_starts_idx). */
export async function selectOpenRaidIds(db: Queryable, guildId: string, range: { from: Date; to: Date }): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id FROM raid_events r WHERE r.guild_id = $1 AND r.starts_at >= $2 AND r.starts_at < $3 AND ${OPEN_RAID}`,
    [guildId, range.from, range.to],
  );
  return rows.map((row) => row.id);
}

/**
 * Answers Accept, as the member's raid days say (character, role, spec), the guild's open raids whose weekday in the
 * days' zone is one of them, that the member has not answered, and that no absence of theirs covers (an absence wins:
 * no Accept inside it). Marked by_availability. The raids answered. Open raids start after now (a deadline is never
 * after the start), so the guild's raids are read on raid_events_guild_starts_idx.
 */
export async function answerFromRaidDays(db: Queryable, guildId: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ raid_event_id: string }>(
    `INSERT INTO raid_signups (raid_event_id, user_id, status, character_id, role, spec, comment, by_availability)
     SELECT r.id, a.user_id, 'accept', a.character_id, a.role, a.spec, '', true
       FROM raid_availability a
       JOIN raid_events r ON r.guild_id = a.guild_id AND r.starts_at > now() AND ${OPEN_RAID}
                         AND extract(dow FROM r.starts_at AT TIME ZONE a.time_zone)::smallint = ANY(a.weekdays)
      WHERE a.guild_id = $1 AND a.user_id = $2
        AND NOT EXISTS (SELECT 1 FROM raid_absences ab WHERE ab.guild_id = $1 AND ab.user_id = $2
                         AND (r.starts_at AT TIME ZONE ab.time_zone)::date BETWEEN ab.first_date AND ab.last_date)
      ORDER BY r.starts_at, r.id
     ON CONFLICT (raid_event_id, user_id) DO NOTHING
     RETURNING raid_event_id`,
    [guildId, userId],
  );
  return rows.map((row) => row.raid_event_id);
}

/**
 * Withdraws the Accept answers the member's raid days gave the guild's open raids whose weekday, in `timeZone`, is not
 * one of `weekdays` (none: every one). Answers of their own, Absent ones and closed raids' are kept. The raids withdrawn.
 */
export async function withdrawRaidDayAnswers(
  db: Queryable,
  guildId: string,
  userId: string,
  days: { weekdays: readonly number[]; timeZone: string },
): Promise<string[]> {
  const { rows } = await db.query<{ raid_event_id: string }>(
    `DELETE FROM raid_signups s USING raid_events r
      WHERE s.raid_event_id = r.id AND s.user_id = $2 AND s.by_availability AND s.status = 'accept'
        AND r.guild_id = $1 AND r.starts_at > now() AND ${OPEN_RAID}
        AND NOT (extract(dow FROM r.starts_at AT TIME ZONE $4::text)::smallint = ANY($3::smallint[]))
     RETURNING s.raid_event_id`,
    [guildId, userId, days.weekdays, days.timeZone],
  );
  return rows.map((row) => row.raid_event_id);
}

/** One answer the availability gave. */
export interface AvailabilityAnswerRow {
  raid_event_id: string;
  user_id: string;
  status: string;
}

/**
 * Answers open raids of the guild from its members' standing availability (only `userId`'s when given): Absent with the
 * note where a raid's day (in the absence's zone) is in an absence, else Accept as the member set where its weekday (in
 * their zone) is one of their raid days. A member who answered keeps their answer; a member no longer in the guild is
 * left out. Marked by_availability. The answers given.
 */
export async function insertAvailabilityAnswers(
  db: Queryable,
  guildId: string,
  raidIds: readonly string[],
  userId: string | null = null,
): Promise<AvailabilityAnswerRow[]> {
  if (raidIds.length === 0) return [];
  const { rows } = await db.query<AvailabilityAnswerRow>(
    `INSERT INTO raid_signups (raid_event_id, user_id, status, character_id, role, spec, comment, by_availability)
     SELECT DISTINCT ON (r.id, p.user_id) r.id, p.user_id, p.status, p.character_id, p.role, p.spec, p.comment, true
       FROM raid_events r
       CROSS JOIN LATERAL (
         SELECT ab.user_id, 0 AS rank, 'absent' AS status, NULL::uuid AS character_id, NULL::text AS role, NULL::text AS spec,
                ab.note AS comment
           FROM raid_absences ab
          WHERE ab.guild_id = r.guild_id AND ($3::uuid IS NULL OR ab.user_id = $3)
            AND (r.starts_at AT TIME ZONE ab.time_zone)::date BETWEEN ab.first_date AND ab.last_date
         UNION ALL
         SELECT a.user_id, 1, 'accept', a.character_id, a.role, a.spec, ''
           FROM raid_availability a
          WHERE a.guild_id = r.guild_id AND ($3::uuid IS NULL OR a.user_id = $3)
            AND extract(dow FROM r.starts_at AT TIME ZONE a.time_zone)::smallint = ANY(a.weekdays)
       ) p
      WHERE r.guild_id = $1 AND r.id = ANY($2::uuid[]) AND ${OPEN_RAID}
        AND (EXISTS (SELECT 1 FROM users u JOIN discord_members m ON m.discord_user_id = u.discord_id
                      WHERE u.id = p.user_id AND m.guild_id = $1 AND m.left_at IS NULL)
             OR EXISTS (SELECT 1 FROM user_discord_guilds d JOIN guilds g ON g.discord_guild_id = d.discord_guild_id
                         WHERE d.user_id = p.user_id AND g.id = $1)
             OR EXISTS (SELECT 1 FROM guild_permission_grants gr WHERE gr.guild_id = $1 AND gr.user_id = p.user_id))
      ORDER BY r.id, p.user_id, p.rank
     ON CONFLICT (raid_event_id, user_id) DO NOTHING
     RETURNING raid_event_id, user_id, status`,
    [guildId, raidIds, userId],
  );
  return rows;
}

/**
 * Answers Absent for the member the open raids given, where they have not answered or their availability did: an
 * absence over a raid day wins over the raid days; an answer of their own stays. The raids answered.
 */
export async function markAbsent(db: Queryable, raidIds: readonly string[], userId: string, note: string): Promise<string[]> {
  if (raidIds.length === 0) return [];
  const { rows } = await db.query<{ raid_event_id: string }>(
    `INSERT INTO raid_signups (raid_event_id, user_id, status, comment, by_availability)
     SELECT unnest($1::uuid[]), $2, 'absent', $3, true
     ON CONFLICT (raid_event_id, user_id) DO UPDATE
       SET status = 'absent', late_minutes = NULL, character_id = NULL, role = NULL, spec = NULL, comment = EXCLUDED.comment,
           updated_at = now()
       WHERE raid_signups.by_availability
     RETURNING raid_event_id`,
    [raidIds, userId, note],
  );
  return rows.map((row) => row.raid_event_id);
}

/** Withdraws the Absent answers the member's availability gave these open raids; the raids withdrawn. */
export async function deleteAvailabilityAbsences(db: Queryable, raidIds: readonly string[], userId: string): Promise<string[]> {
  if (raidIds.length === 0) return [];
  const { rows } = await db.query<{ raid_event_id: string }>(
    `DELETE FROM raid_signups WHERE raid_event_id = ANY($1::uuid[]) AND user_id = $2 AND by_availability AND status = 'absent'
     RETURNING raid_event_id`,
    [raidIds, userId],
  );
  return rows.map((row) => row.raid_event_id);
}
