import type { Queryable } from '../../services/db/db';

// Raids of a guild as the calendar reads them, and the writes of planning. Every read is scoped by the guild in its
// WHERE clause, so another guild's raid is simply not found.

/** A raid with its leader, its answers counted by status, its seats filled by role and the caller's own answer. */
export interface RaidRow {
  id: string;
  guild_id: string;
  name: string;
  instance: string;
  difficulty: string;
  starts_at: Date;
  ends_at: Date | null;
  signup_deadline: Date | null;
  signups_close_at: Date;
  is_closed: boolean;
  size: number;
  tanks: number;
  healers: number;
  melee: number;
  ranged: number;
  notes: string;
  series_id: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  version: number;
  leader_user_id: string | null;
  leader_name: string | null;
  accept: number;
  tentative: number;
  late: number;
  bench: number;
  absent: number;
  filled_tanks: number;
  filled_healers: number;
  filled_melee: number;
  filled_ranged: number;
  my_user_id: string | null;
  my_status: string | null;
  my_late_minutes: number | null;
  my_character_id: string | null;
  my_character_name: string | null;
  my_character_class: string | null;
  my_role: string | null;
  my_spec: string | null;
  my_comment: string | null;
  my_updated_at: Date | null;
  my_name: string | null;
  my_by_availability: boolean | null;
}

const seated = `s.status IN ('accept', 'late')`;
/** The raid select over a set of answers: the stored ones, or those a statement is writing (see storeAnswer). */
const raidSelect = (answers: string) => `
  SELECT r.id, r.guild_id, r.name, r.instance, r.difficulty, r.starts_at, r.ends_at, r.signup_deadline,
         COALESCE(r.signup_deadline, r.starts_at) AS signups_close_at,
         now() > COALESCE(r.signup_deadline, r.starts_at) AS is_closed,
         r.size, r.tanks, r.healers, r.melee, r.ranged, r.notes, r.series_id, r.cancelled_at, r.cancel_reason, r.version,
         r.leader_user_id, COALESCE(lu.global_name, lu.username) AS leader_name,
         n.accept, n.tentative, n.late, n.bench, n.absent,
         n.filled_tanks, n.filled_healers, n.filled_melee, n.filled_ranged,
         my.user_id AS my_user_id, my.status AS my_status, my.late_minutes AS my_late_minutes, my.character_id AS my_character_id,
         mc.name AS my_character_name, mc.class AS my_character_class, my.role AS my_role, my.spec AS my_spec,
         my.comment AS my_comment, my.updated_at AS my_updated_at, COALESCE(mu.global_name, mu.username) AS my_name,
         my.by_availability AS my_by_availability
    FROM raid_events r
    LEFT JOIN users lu ON lu.id = r.leader_user_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE s.status = 'accept')::int AS accept,
             count(*) FILTER (WHERE s.status = 'tentative')::int AS tentative,
             count(*) FILTER (WHERE s.status = 'late')::int AS late,
             count(*) FILTER (WHERE s.status = 'bench')::int AS bench,
             count(*) FILTER (WHERE s.status = 'absent')::int AS absent,
             count(*) FILTER (WHERE ${seated} AND s.role = 'tank')::int AS filled_tanks,
             count(*) FILTER (WHERE ${seated} AND s.role = 'healer')::int AS filled_healers,
             count(*) FILTER (WHERE ${seated} AND s.role = 'melee')::int AS filled_melee,
             count(*) FILTER (WHERE ${seated} AND s.role = 'ranged')::int AS filled_ranged
        FROM ${answers} s WHERE s.raid_event_id = r.id) n
    LEFT JOIN ${answers} my ON my.raid_event_id = r.id AND my.user_id = $2
    LEFT JOIN users mu ON mu.id = my.user_id
    LEFT JOIN characters mc ON mc.id = my.character_id`;
/** The calendar's SELECT: $2 is the user whose answer it joins; the caller adds WHERE (scoped by guild) and ORDER BY. */
export const RAID_SELECT = raidSelect('raid_signups');

/** The guild's raids starting in [from, to), by start, with the user's answers: the calendar, on (guild_id, starts_at). */
export async function selectCalendar(
  db: Queryable,
  guildId: string,
  userId: string,
  range: { from: Date; to: Date },
): Promise<RaidRow[]> {
  const { rows } = await db.query<RaidRow>(
    `${RAID_SELECT} WHERE r.guild_id = $1 AND r.starts_at >= $3 AND r.starts_at < $4 ORDER BY r.starts_at, r.id`,
    [guildId, userId, range.from, range.to],
  );
  return rows;
}

/** Raids of the guild by id, in start order, with the user's answers. */
export async function selectRaids(
  db: Queryable,
  guildId: string,
  userId: string,
  raidIds: readonly string[],
): Promise<RaidRow[]> {
  const { rows } = await db.query<RaidRow>(
    `${RAID_SELECT} WHERE r.guild_id = $1 AND r.id = ANY($3::uuid[]) ORDER BY r.starts_at, r.id`,
    [guildId, userId, raidIds],
  );
  return rows;
}

/** An answer to store (the sign-up's values). */
export interface AnswerValues {
  status: string;
  lateMinutes: number | null;
  characterId: string | null;
  role: string | null;
  spec: string | null;
  comment: string;
}

const ANSWER_COLUMNS =
  'raid_event_id, user_id, status, late_minutes, character_id, role, spec, comment, updated_at, by_availability';

/**
 * A member's answer stored and the raid read back with it, in one statement: the raid is share-locked while still open
 * (not cancelled, before its deadline) so a cancellation or an edit waits for the answer; the answer is upserted (one
 * row per member and raid: answering again changes it); the raid is read over the other stored answers and the one
 * just written (a statement does not see its own writes). `is_new` is true for a first answer, false for a change, and
 * null when nothing was stored: the raid is then cancelled or closed (its row says which), or, with no row, not the
 * guild's.
 */
export async function storeAnswer(
  db: Queryable,
  guildId: string,
  userId: string,
  raidId: string,
  answer: AnswerValues,
): Promise<(RaidRow & { is_new: boolean | null }) | null> {
  const { rows } = await db.query<RaidRow & { is_new: boolean | null }>(
    `WITH open_raid AS (
       SELECT id FROM raid_events
        WHERE id = $3 AND guild_id = $1 AND cancelled_at IS NULL AND now() <= COALESCE(signup_deadline, starts_at)
        FOR SHARE
     ), answer AS (
       INSERT INTO raid_signups (raid_event_id, user_id, status, late_minutes, character_id, role, spec, comment)
       SELECT id, $2, $4, $5, $6, $7, $8, $9 FROM open_raid
       ON CONFLICT (raid_event_id, user_id) DO UPDATE
         SET status = EXCLUDED.status, late_minutes = EXCLUDED.late_minutes, character_id = EXCLUDED.character_id,
             role = EXCLUDED.role, spec = EXCLUDED.spec, comment = EXCLUDED.comment, updated_at = now(),
             by_availability = false
       RETURNING ${ANSWER_COLUMNS}, (xmax = 0) AS is_new
     ), answers AS (
       SELECT ${ANSWER_COLUMNS} FROM raid_signups WHERE raid_event_id = $3 AND user_id <> $2
       UNION ALL
       SELECT ${ANSWER_COLUMNS} FROM answer
     )
     SELECT raid.*, (SELECT is_new FROM answer) AS is_new
       FROM (${raidSelect('answers')} WHERE r.guild_id = $1 AND r.id = $3) raid`,
    [guildId, userId, raidId, answer.status, answer.lateMinutes, answer.characterId, answer.role, answer.spec, answer.comment],
  );
  return rows[0] ?? null;
}

/** The stored plan of a raid, as an edit or a sign-up checks it. */
export interface RaidPlanRow {
  id: string;
  name: string;
  instance: string;
  difficulty: string;
  starts_at: Date;
  ends_at: Date | null;
  signup_deadline: Date | null;
  size: number;
  tanks: number;
  healers: number;
  melee: number;
  ranged: number;
  notes: string;
  leader_user_id: string | null;
  series_id: string | null;
  series_time_zone: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  version: number;
  is_closed: boolean;
}

const PLAN_COLUMNS = `r.id, r.name, r.instance, r.difficulty, r.starts_at, r.ends_at, r.signup_deadline, r.size, r.tanks,
  r.healers, r.melee, r.ranged, r.notes, r.leader_user_id, r.series_id, rs.time_zone AS series_time_zone, r.cancelled_at,
  r.cancel_reason, r.version, now() > COALESCE(r.signup_deadline, r.starts_at) AS is_closed`;

/**
 * One raid of the guild, locked for the transaction: 'update' by an edit or a cancellation (they queue, so the second
 * sees the first's version), 'share' by a sign-up (many at once, none while an edit or cancellation is under way).
 */
export async function lockRaid(
  db: Queryable,
  guildId: string,
  raidId: string,
  mode: 'update' | 'share',
): Promise<RaidPlanRow | null> {
  const { rows } = await db.query<RaidPlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM raid_events r LEFT JOIN raid_series rs ON rs.id = r.series_id
      WHERE r.id = $1 AND r.guild_id = $2 FOR ${mode === 'update' ? 'UPDATE OF r' : 'SHARE OF r'}`,
    [raidId, guildId],
  );
  return rows[0] ?? null;
}

/** The raids of a series that an edit reaches, not cancelled, from `from` on (null: all), locked, by start. */
export async function lockSeriesRaids(
  db: Queryable,
  guildId: string,
  seriesId: string,
  from: Date | null,
): Promise<RaidPlanRow[]> {
  const { rows } = await db.query<RaidPlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM raid_events r LEFT JOIN raid_series rs ON rs.id = r.series_id
      WHERE r.guild_id = $1 AND r.series_id = $2 AND r.cancelled_at IS NULL AND ($3::timestamptz IS NULL OR r.starts_at >= $3)
      ORDER BY r.starts_at, r.id FOR UPDATE OF r`,
    [guildId, seriesId, from],
  );
  return rows;
}

/** What a raid is planned with. */
export interface RaidPlanValues {
  name: string;
  instance: string;
  difficulty: string;
  startsAt: Date;
  endsAt: Date | null;
  signupDeadline: Date | null;
  size: number;
  tanks: number;
  healers: number;
  melee: number;
  ranged: number;
  notes: string;
  leaderUserId: string | null;
}

/** New raids of a guild in one statement (a series makes up to RAID_LIMITS.maxSeriesRaids); their ids, in order. */
export async function insertRaids(
  db: Queryable,
  guild: { guildId: string; createdBy: string; seriesId: string | null; templateId: string | null },
  plans: readonly RaidPlanValues[],
): Promise<string[]> {
  const column = <K extends keyof RaidPlanValues>(key: K) => plans.map((plan) => plan[key]);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO raid_events (guild_id, created_by_user_id, series_id, template_id, name, instance, difficulty, starts_at,
                              ends_at, signup_deadline, size, tanks, healers, melee, ranged, notes, leader_user_id)
     SELECT $1, $2, $3, $4, p.name, p.instance, p.difficulty, p.starts_at, p.ends_at, p.signup_deadline, p.size, p.tanks,
            p.healers, p.melee, p.ranged, p.notes, p.leader_user_id
       FROM unnest($5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[],
       $10::timestamptz[], $11::smallint[], $12::smallint[], $13::smallint[], $14::smallint[], $15::smallint[], $16::text[],
       $17::uuid[]) WITH ORDINALITY AS p(name, instance, difficulty, starts_at, ends_at, signup_deadline, size, tanks,
       healers, melee, ranged, notes, leader_user_id, ord)
     ORDER BY p.ord
     RETURNING id`,
    [
      guild.guildId,
      guild.createdBy,
      guild.seriesId,
      guild.templateId,
      column('name'),
      column('instance'),
      column('difficulty'),
      column('startsAt'),
      column('endsAt'),
      column('signupDeadline'),
      column('size'),
      column('tanks'),
      column('healers'),
      column('melee'),
      column('ranged'),
      column('notes'),
      column('leaderUserId'),
    ],
  );
  return rows.map((row) => row.id);
}

/** Writes a raid's new plan and moves its version on. */
export async function updateRaidPlan(db: Queryable, raidId: string, plan: RaidPlanValues): Promise<void> {
  await db.query(
    `UPDATE raid_events SET name = $2, instance = $3, difficulty = $4, starts_at = $5, ends_at = $6, signup_deadline = $7,
            size = $8, tanks = $9, healers = $10, melee = $11, ranged = $12, notes = $13, leader_user_id = $14,
            version = version + 1, updated_at = now()
      WHERE id = $1`,
    [
      raidId,
      plan.name,
      plan.instance,
      plan.difficulty,
      plan.startsAt,
      plan.endsAt,
      plan.signupDeadline,
      plan.size,
      plan.tanks,
      plan.healers,
      plan.melee,
      plan.ranged,
      plan.notes,
      plan.leaderUserId,
    ],
  );
}

/** Cancels a raid with its reason and moves its version on. */
export async function markRaidCancelled(db: Queryable, raidId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE raid_events SET cancelled_at = now(), cancel_reason = $2, version = version + 1, updated_at = now() WHERE id = $1`,
    [raidId, reason],
  );
}

/** A new weekly series; its id. */
export async function insertSeries(
  db: Queryable,
  series: {
    guildId: string;
    templateId: string | null;
    weekdays: readonly number[];
    startTime: string;
    timeZone: string;
    firstDate: string;
    untilDate: string | null;
    count: number | null;
    createdBy: string;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO raid_series (guild_id, template_id, weekdays, start_time, time_zone, first_date, until_date, occurrence_count,
                              created_by_user_id)
     VALUES ($1, $2, $3::smallint[], $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      series.guildId,
      series.templateId,
      series.weekdays,
      series.startTime,
      series.timeZone,
      series.firstDate,
      series.untilDate,
      series.count,
      series.createdBy,
    ],
  );
  return rows[0]!.id;
}

/** Whether a community user belongs to the guild: a current Discord member, in its Discord server, or holding grants. */
export async function isGuildMember(db: Queryable, guildId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ is_member: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users u JOIN discord_members m ON m.discord_user_id = u.discord_id
                     WHERE u.id = $2 AND m.guild_id = $1 AND m.left_at IS NULL)
         OR EXISTS (SELECT 1 FROM user_discord_guilds d JOIN guilds g ON g.discord_guild_id = d.discord_guild_id
                     WHERE d.user_id = $2 AND g.id = $1)
         OR EXISTS (SELECT 1 FROM guild_permission_grants WHERE guild_id = $1 AND user_id = $2) AS is_member`,
    [guildId, userId],
  );
  return rows[0]?.is_member ?? false;
}

/** How many members answered a raid (a cancellation's audit says how many it told). */
export async function countSignups(db: Queryable, raidId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM raid_signups WHERE raid_event_id = $1', [
    raidId,
  ]);
  return rows[0]?.count ?? 0;
}
