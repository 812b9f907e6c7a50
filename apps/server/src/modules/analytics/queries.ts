import { ANALYTICS_MEMBER_LIMIT, type Region } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { MEMBER_SYNC_KIND } from '../character-linking/member-sync-job';

/** One SQL statement with its parameters: what the module runs, and what the benchmark runs directly. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** The platform figures' filters, with the range already on whole UTC days ([from, to)). */
export interface OverviewFilter {
  from: Date;
  to: Date;
  guildId?: string;
  region?: Region;
}

// $1 from, $2 to (timestamptz, UTC midnights), $3 guild id, $4 region. Each is NULL when not given, so one text
// serves every filter; pg plans unnamed statements with the values, so the NULL branches fold away.
const SCOPE = `SELECT id FROM guilds WHERE ($3::uuid IS NULL OR id = $3::uuid) AND ($4::text IS NULL OR region = $4::text)`;
const UNFILTERED = `($3::uuid IS NULL AND $4::text IS NULL)`;
/** Names the range's parameters in statements that show the state now and do not read them (pg types every $n). */
const RANGE_PARAMS = `range AS (SELECT $1::timestamptz AS range_from, $2::timestamptz AS range_to)`;
/** Users who belong to a guild in scope (their Discord guilds), or everyone without a guild or region filter. */
const USER_IN_SCOPE = (column: string) => `(${UNFILTERED} OR ${column} IN (
  SELECT udg.user_id FROM user_discord_guilds udg JOIN guilds g ON g.discord_guild_id = udg.discord_guild_id
   WHERE ($3::uuid IS NULL OR g.id = $3::uuid) AND ($4::text IS NULL OR g.region = $4::text)))`;
const SCOPE_GUILDS = `SELECT id, loot_system FROM guilds WHERE ($3::uuid IS NULL OR id = $3::uuid) AND ($4::text IS NULL OR region = $4::text)`;
const IN_RANGE = (column: string) =>
  `${column} >= ($1::timestamptz AT TIME ZONE 'UTC')::date AND ${column} < ($2::timestamptz AT TIME ZONE 'UTC')::date`;
/**
 * Loot items per day and loot system in scope: one guild's rows when a guild is asked for, else the rows per region
 * and loot system (a few thousand a year, however many guilds). pg plans with the values, so one branch remains.
 */
const LOOT_DAYS = `
  SELECT d.day, g.loot_system, d.items FROM analytics_loot_days d JOIN guilds g ON g.id = d.guild_id
   WHERE $3::uuid IS NOT NULL AND d.guild_id = $3::uuid AND ($4::text IS NULL OR g.region = $4::text) AND ${IN_RANGE('d.day')}
  UNION ALL
  SELECT s.day, s.loot_system, s.items FROM analytics_loot_scope_days s
   WHERE $3::uuid IS NULL AND ($4::text IS NULL OR s.region = $4::text) AND ${IN_RANGE('s.day')}`;
/** The Monday that starts the ISO week of a date, in date arithmetic (no time zone work per row). */
const WEEK_OF = (column: string) => `(${column} - (extract(isodow FROM ${column})::int - 1))`;
/** The users of the guilds in scope (through their Discord guilds); only read with a guild or region filter. */
const SCOPE_USERS = `SELECT DISTINCT udg.user_id FROM user_discord_guilds udg JOIN guilds g ON g.discord_guild_id = udg.discord_guild_id
   WHERE NOT ${UNFILTERED} AND ($3::uuid IS NULL OR g.id = $3::uuid) AND ($4::text IS NULL OR g.region = $4::text)`;
/**
 * The bot's turns in the range and scope: by guild on (guild_id, created_at), by time without a filter (turns of no
 * tenant included), and by the region's guilds with one. pg plans with the values, so one branch remains.
 */
const TURNS = `
  SELECT created_at, outcome, provider FROM ai_turns
   WHERE $3::uuid IS NOT NULL AND guild_id = $3::uuid AND ($4::text IS NULL OR guild_id IN (SELECT id FROM guilds WHERE region = $4::text))
     AND created_at >= $1 AND created_at < $2
  UNION ALL
  SELECT created_at, outcome, provider FROM ai_turns WHERE ${UNFILTERED} AND created_at >= $1 AND created_at < $2
  UNION ALL
  SELECT created_at, outcome, provider FROM ai_turns
   WHERE $3::uuid IS NULL AND $4::text IS NOT NULL AND guild_id IN (SELECT id FROM guilds WHERE region = $4::text)
     AND created_at >= $1 AND created_at < $2`;
const DAYS = `SELECT generate_series(($1::timestamptz AT TIME ZONE 'UTC')::date, ($2::timestamptz AT TIME ZONE 'UTC')::date - 1, interval '1 day')::date AS day`;
const WEEKS = `SELECT generate_series(date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC'),
  ($2::timestamptz AT TIME ZONE 'UTC') - interval '1 day', interval '1 week')::date AS week`;

/** The overview's statements, one per chart. */
export function overviewStatements(filter: OverviewFilter): Record<OverviewChart, Statement> {
  const values = [filter.from.toISOString(), filter.to.toISOString(), filter.guildId ?? null, filter.region ?? null];
  return {
    // Raids, attendance, active guilds and loot per week, from the trigger-maintained rollups.
    activity: {
      text: `WITH scope AS (${SCOPE}),
        raids AS (
          SELECT date_trunc('week', r.starts_at AT TIME ZONE 'UTC')::date AS week, count(*) AS raids,
                 count(DISTINCT r.guild_id) AS guilds, sum(r.attendance_total) AS total, sum(r.attendance_came) AS came
            FROM analytics_raids r
           WHERE r.starts_at >= $1 AND r.starts_at < $2 AND r.guild_id IN (SELECT id FROM scope)
           GROUP BY 1),
        loot AS (
          SELECT ${WEEK_OF('l.day')} AS week, sum(l.items) AS items FROM (${LOOT_DAYS}) l GROUP BY 1)
        SELECT to_char(w.week, 'YYYY-MM-DD') AS week, coalesce(r.raids, 0)::int AS raids,
               coalesce(r.guilds, 0)::int AS active_guilds, coalesce(r.total, 0)::int AS attendance_total,
               coalesce(r.came, 0)::int AS attendance_came, coalesce(l.items, 0)::int AS loot_items,
               (SELECT count(*) FROM scope)::int AS guilds_in_scope,
               (SELECT count(DISTINCT guild_id) FROM analytics_raids
                 WHERE starts_at >= $1 AND starts_at < $2 AND guild_id IN (SELECT id FROM scope))::int AS guilds_active
          FROM (${WEEKS}) w LEFT JOIN raids r ON r.week = w.week LEFT JOIN loot l ON l.week = w.week
         ORDER BY w.week`,
      values,
    },
    // Sign-ups and daily active members: a member is active on a day a session began, was seen, or a token was
    // refreshed (analytics_member_days, kept by triggers on community_sessions and refresh_tokens).
    members: {
      text: `WITH scope_users AS (${SCOPE_USERS}),
        active AS (
          SELECT day, members FROM analytics_member_day_counts WHERE ${UNFILTERED} AND ${IN_RANGE('day')}
          UNION ALL
          SELECT m.day, count(*)::int FROM scope_users su
            JOIN analytics_member_days m ON m.user_id = su.user_id AND ${IN_RANGE('m.day')}
           WHERE NOT ${UNFILTERED} GROUP BY m.day),
        signups AS (
          SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS users FROM users
           WHERE created_at >= $1 AND created_at < $2 AND ${USER_IN_SCOPE('id')}
           GROUP BY 1)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(s.users, 0)::int AS sign_ups,
               coalesce(a.members, 0)::int AS active_members,
               (SELECT count(*) FROM users u
                 WHERE ${USER_IN_SCOPE('u.id')}
                   AND EXISTS (SELECT 1 FROM analytics_member_days m WHERE m.user_id = u.id AND ${IN_RANGE('m.day')}))::int
                 AS active_in_range
          FROM (${DAYS}) d LEFT JOIN signups s ON s.day = d.day LEFT JOIN active a ON a.day = d.day
         ORDER BY d.day`,
      values,
    },
    // The bot's agent turns per day by outcome; turns of no tenant count only without a guild or region filter.
    bot: {
      text: `WITH turns AS (
          SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS turns,
                 count(*) FILTER (WHERE outcome = 'responded') AS responded,
                 count(*) FILTER (WHERE outcome = 'ignored') AS ignored,
                 count(*) FILTER (WHERE outcome = 'error') AS errors
            FROM (${TURNS}) t
           GROUP BY 1)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(t.turns, 0)::int AS turns,
               coalesce(t.responded, 0)::int AS responded, coalesce(t.ignored, 0)::int AS ignored,
               coalesce(t.errors, 0)::int AS errors
          FROM (${DAYS}) d LEFT JOIN turns t ON t.day = d.day
         ORDER BY d.day`,
      values,
    },
    providers: {
      text: `SELECT provider, count(*)::int AS turns FROM (${TURNS}) t GROUP BY provider ORDER BY turns DESC, provider`,
      values,
    },
    // Loot in the range by the guild's loot system, with how many guilds in scope use each.
    lootSystems: {
      text: `WITH loot AS (SELECT loot_system, sum(items) AS items FROM (${LOOT_DAYS}) l GROUP BY loot_system),
        systems AS (SELECT loot_system, count(*) AS guilds FROM (${SCOPE_GUILDS}) g GROUP BY loot_system)
        SELECT s.loot_system, s.guilds::int AS guilds, coalesce(l.items, 0)::int AS items
          FROM systems s LEFT JOIN loot l ON l.loot_system = s.loot_system
         ORDER BY items DESC, s.loot_system`,
      values,
    },
    // Character-linking coverage now: characters, linked ones, and links by origin.
    linking: {
      text: `WITH ${RANGE_PARAMS}, scope AS (${SCOPE})
        SELECT (SELECT count(*) FROM characters WHERE ${UNFILTERED} OR guild_id IN (SELECT id FROM scope))::int AS characters,
               count(*)::int AS linked,
               (count(*) FILTER (WHERE link_type = 'manual'))::int AS manual,
               (count(*) FILTER (WHERE link_type = 'automatic'))::int AS automatic,
               (count(*) FILTER (WHERE link_type = 'claim'))::int AS claim
          FROM character_links WHERE ${UNFILTERED} OR guild_id IN (SELECT id FROM scope)`,
      values,
    },
    // How fresh each guild's member list is: its latest successful sync, bucketed against now.
    memberSync: {
      text: `WITH ${RANGE_PARAMS}, scope AS (${SCOPE}),
        latest AS (
          SELECT s.id, j.finished_at FROM scope s
            LEFT JOIN LATERAL (
              SELECT finished_at FROM jobs
               WHERE guild_id = s.id AND kind = '${MEMBER_SYNC_KIND}' AND status = 'succeeded'
               ORDER BY created_at DESC LIMIT 1) j ON true)
        SELECT count(*)::int AS guilds,
               (count(*) FILTER (WHERE finished_at >= now() - interval '1 day'))::int AS synced_last_day,
               (count(*) FILTER (WHERE finished_at < now() - interval '1 day'
                                   AND finished_at >= now() - interval '7 days'))::int AS synced_last_week,
               (count(*) FILTER (WHERE finished_at < now() - interval '7 days'))::int AS stale,
               (count(*) FILTER (WHERE finished_at IS NULL))::int AS never,
               max(finished_at) AS last_sync_at,
               (SELECT count(*) FROM discord_members
                 WHERE left_at IS NULL AND (${UNFILTERED} OR guild_id IN (SELECT id FROM scope)))::int AS current_members
          FROM latest`,
      values,
    },
  };
}

/** The names of the overview's charts, each one statement. */
export type OverviewChart = 'activity' | 'members' | 'bot' | 'providers' | 'lootSystems' | 'linking' | 'memberSync';

export interface ActivityRow {
  week: string;
  raids: number;
  active_guilds: number;
  attendance_total: number;
  attendance_came: number;
  loot_items: number;
  guilds_in_scope: number;
  guilds_active: number;
}
export interface MembersRow {
  day: string;
  sign_ups: number;
  active_members: number;
  active_in_range: number;
}
export interface BotRow {
  day: string;
  turns: number;
  responded: number;
  ignored: number;
  errors: number;
}
export interface ProviderRow {
  provider: string;
  turns: number;
}
export interface LootSystemRow {
  loot_system: string;
  guilds: number;
  items: number;
}
export interface LinkingRow {
  characters: number;
  linked: number;
  manual: number;
  automatic: number;
  claim: number;
}
export interface MemberSyncRow {
  guilds: number;
  synced_last_day: number;
  synced_last_week: number;
  stale: number;
  never: number;
  last_sync_at: Date | null;
  current_members: number;
}

/** The rows of each chart. */
export interface OverviewRows {
  activity: ActivityRow[];
  members: MembersRow[];
  bot: BotRow[];
  providers: ProviderRow[];
  lootSystems: LootSystemRow[];
  linking: LinkingRow[];
  memberSync: MemberSyncRow[];
}

/** Runs one chart's statement. */
export async function runOverviewChart<K extends OverviewChart>(
  db: Queryable,
  chart: K,
  filter: OverviewFilter,
): Promise<OverviewRows[K]> {
  const statement = overviewStatements(filter)[chart];
  const { rows } = await db.query<OverviewRows[K][number]>(statement.text, statement.values);
  return rows as OverviewRows[K];
}

/** One guild tenant's name and settings, or undefined. */
export async function findGuild(db: Queryable, id: string) {
  const { rows } = await db.query<{ id: string; guild_name: string; server: string; region: Region; loot_system: string }>(
    'SELECT id::text, guild_name, server, region, loot_system FROM guilds WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** The guild page's filters, on whole UTC days. */
export interface GuildFilter {
  guildId: string;
  from: Date;
  to: Date;
  raids: number;
}

export interface RosterRow {
  class: string;
  role: string | null;
  characters: number;
}
export interface MemberRow {
  id: string;
  name: string;
  class: string;
  role: string | null;
  attended: number;
  items: number;
  raids_counted: number;
  total_items: number;
}

/** The guild page's statements: roster by class and role, and attendance against loot per character. */
export function guildStatements(filter: GuildFilter): { roster: Statement; members: Statement; weeks: Statement } {
  const range = [filter.guildId, filter.from.toISOString(), filter.to.toISOString()];
  return {
    roster: {
      text: `SELECT class, role, count(*)::int AS characters FROM characters WHERE guild_id = $1
              GROUP BY class, role ORDER BY characters DESC, class, role NULLS LAST`,
      values: [filter.guildId],
    },
    // Attendance over the guild's latest N raids in the range; items awarded in the range. Every character of the
    // guild is listed (up to the limit), so the ones who never came or never received anything show too.
    members: {
      text: `WITH last_raids AS (
          SELECT raid_event_id FROM analytics_raids
           WHERE guild_id = $1 AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at DESC LIMIT $4),
        att AS (
          SELECT character_id, count(*) FILTER (WHERE status IN ('present', 'late')) AS attended FROM raid_attendance
           WHERE raid_event_id IN (SELECT raid_event_id FROM last_raids) GROUP BY character_id),
        loot AS (
          SELECT character_id, count(*) AS items FROM loot_entries
           WHERE guild_id = $1 AND awarded_at >= $2 AND awarded_at < $3 AND character_id IS NOT NULL
           GROUP BY character_id),
        totals AS (
          SELECT (SELECT count(*) FROM last_raids) AS raids,
                 (SELECT count(*) FROM loot_entries WHERE guild_id = $1 AND awarded_at >= $2 AND awarded_at < $3) AS items)
        SELECT c.id::text, c.name, c.class, c.role, coalesce(a.attended, 0)::int AS attended,
               coalesce(l.items, 0)::int AS items, t.raids::int AS raids_counted, t.items::int AS total_items
          FROM characters c CROSS JOIN totals t
          LEFT JOIN att a ON a.character_id = c.id LEFT JOIN loot l ON l.character_id = c.id
         WHERE c.guild_id = $1
         ORDER BY attended DESC, items DESC, lower(c.name), c.id
         LIMIT ${ANALYTICS_MEMBER_LIMIT}`,
      values: [...range, filter.raids],
    },
    weeks: overviewStatements({ from: filter.from, to: filter.to, guildId: filter.guildId }).activity,
  };
}

/** Runs the guild page's statements. */
export async function runGuildStatements(db: Queryable, filter: GuildFilter) {
  const statements = guildStatements(filter);
  const [roster, members, weeks] = await Promise.all([
    db.query<RosterRow>(statements.roster.text, statements.roster.values),
    db.query<MemberRow>(statements.members.text, statements.members.values),
    db.query<ActivityRow>(statements.weeks.text, statements.weeks.values),
  ]);
  return { roster: roster.rows, members: members.rows, weeks: weeks.rows };
}
