import { GUILD_DATA_LIMITS, type GuildDataKind } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { containsPattern, escapeLike } from '../../services/db/like';

/** A guild's attendance rows are those of its raid events. */
const ATTENDANCE_OF_GUILD = 'raid_attendance a JOIN raid_events r ON r.id = a.raid_event_id WHERE r.guild_id = $1';
/** A guild's loot council requests and votes are those of its council items. */
const COUNCIL_OF_GUILD = 'council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)';

/** The guild's tables (alias t) of the loot system's data beyond the awards, as the summary counts and sizes them. */
const LOOT_DATA_TABLES = {
  loot_ledger_entries: 'loot_ledger_entries t WHERE t.guild_id = $1',
  loot_decay_runs: 'loot_decay_runs t WHERE t.guild_id = $1',
  loot_wishlist_items: 'loot_wishlist_items t WHERE t.guild_id = $1',
  loot_council_items: 'loot_council_items t WHERE t.guild_id = $1',
  loot_requests: `loot_requests t WHERE t.${COUNCIL_OF_GUILD}`,
  loot_council_votes: `loot_council_votes t WHERE t.${COUNCIL_OF_GUILD}`,
} as const;
const LOOT_DATA = Object.entries(LOOT_DATA_TABLES);

/** Counts per kind, the latest activity, loot figures and an estimate of the bytes the guild's rows take. */
export interface SummaryFiguresRow {
  characters: number;
  loot_entries: number;
  raid_events: number;
  raid_attendance: number;
  discord_members: number;
  discord_users: number;
  character_links: number;
  loot_ledger_entries: number;
  loot_decay_runs: number;
  loot_wishlist_items: number;
  loot_council_items: number;
  loot_requests: number;
  loot_council_votes: number;
  last_loot_entry: Date | null;
  last_raid_event: Date | null;
  last_character_update: Date | null;
  unique_items: number;
  recent_drops: number;
  file_size: number;
}

/**
 * The summary's figures in one statement, each on an index that leads with guild_id (or, for the council's requests
 * and votes, with their council item). file_size sums pg_column_size over the guild's rows in every table: the bytes
 * of the row data itself, without indexes or page overhead (a share of pg_total_relation_size would charge every guild
 * for the others).
 */
export async function selectSummaryFigures(db: Queryable, guildId: string): Promise<SummaryFiguresRow> {
  const { rows } = await db.query<SummaryFiguresRow>(
    `SELECT (SELECT count(*) FROM characters WHERE guild_id = $1)::int AS characters,
            (SELECT count(*) FROM loot_entries WHERE guild_id = $1)::int AS loot_entries,
            (SELECT count(*) FROM raid_events WHERE guild_id = $1)::int AS raid_events,
            (SELECT count(*) FROM ${ATTENDANCE_OF_GUILD})::int AS raid_attendance,
            (SELECT count(*) FROM discord_members WHERE guild_id = $1)::int AS discord_members,
            (SELECT count(*) FROM discord_members WHERE guild_id = $1 AND left_at IS NULL)::int AS discord_users,
            (SELECT count(*) FROM character_links WHERE guild_id = $1)::int AS character_links,
            ${LOOT_DATA.map(([kind, rows]) => `(SELECT count(*) FROM ${rows})::int AS ${kind},`).join('\n            ')}
            (SELECT max(awarded_at) FROM loot_entries WHERE guild_id = $1) AS last_loot_entry,
            (SELECT max(starts_at) FROM raid_events WHERE guild_id = $1) AS last_raid_event,
            (SELECT max(updated_at) FROM characters WHERE guild_id = $1) AS last_character_update,
            (SELECT count(DISTINCT item_id) FROM loot_entries WHERE guild_id = $1)::int AS unique_items,
            (SELECT count(*) FROM loot_entries
              WHERE guild_id = $1 AND awarded_at >= now() - make_interval(days => $2))::int AS recent_drops,
            ((SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM guilds t WHERE id = $1)
             + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM characters t WHERE guild_id = $1)
             + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM loot_entries t WHERE guild_id = $1)
             + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM raid_events t WHERE guild_id = $1)
             + (SELECT coalesce(sum(pg_column_size(a.*)), 0) FROM ${ATTENDANCE_OF_GUILD})
             + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM discord_members t WHERE guild_id = $1)
             + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM character_links t WHERE guild_id = $1)
             ${LOOT_DATA.map(([, rows]) => `+ (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM ${rows})`).join('\n             ')})::float8 AS file_size`,
    [guildId, GUILD_DATA_LIMITS.recentDropsDays],
  );
  return rows[0]!;
}

/** The first characters by name. */
export async function selectFirstCharacters(db: Queryable, guildId: string) {
  const { rows } = await db.query<{ id: string; name: string; class: string; level: number; last_seen: Date | null }>(
    `SELECT id, name, class, level, last_activity_at AS last_seen FROM characters
      WHERE guild_id = $1 ORDER BY lower(name), id LIMIT $2`,
    [guildId, GUILD_DATA_LIMITS.characters],
  );
  return rows;
}

/**
 * A page of the guild's characters by name (the guild's (guild_id, lower(name)) index), searching a part of the
 * name or realm among the guild's characters, with how many match.
 */
export async function selectCharacterPage(
  db: Queryable,
  guildId: string,
  page: { limit: number; offset: number; search?: string },
) {
  const values: unknown[] = [guildId];
  let where = 'guild_id = $1';
  if (page.search) {
    values.push(containsPattern(page.search));
    where += ` AND (name ILIKE $${values.length} OR realm ILIKE $${values.length})`;
  }
  const [characters, count] = await Promise.all([
    db.query<{ id: string; name: string; realm: string; class: string; level: number; last_seen: Date | null }>(
      `SELECT id, name, realm, class, level, last_activity_at AS last_seen FROM characters
        WHERE ${where} ORDER BY lower(name), id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM characters WHERE ${where}`, values),
  ]);
  return { rows: characters.rows, total: count.rows[0]?.total ?? 0 };
}

/** The most recent loot drops, newest first. */
export async function selectRecentLoot(db: Queryable, guildId: string) {
  const { rows } = await db.query<{ item_name: string; character_name: string; awarded_at: Date }>(
    `SELECT item_name, character_name, awarded_at FROM loot_entries
      WHERE guild_id = $1 ORDER BY awarded_at DESC, id DESC LIMIT $2`,
    [guildId, GUILD_DATA_LIMITS.recentLoot],
  );
  return rows;
}

/** A page of raid events, newest first, with how many characters came (present or late). */
export async function selectRaidEventPage(db: Queryable, guildId: string, page: { limit: number; offset: number }) {
  const [events, total] = await Promise.all([
    db.query<{ id: string; name: string; instance: string; difficulty: string; starts_at: Date; attendance: number }>(
      `SELECT e.*, (SELECT count(*) FROM raid_attendance a
                     WHERE a.raid_event_id = e.id AND a.status <> 'absent')::int AS attendance
         FROM (SELECT id, name, instance, difficulty, starts_at FROM raid_events
                WHERE guild_id = $1 ORDER BY starts_at DESC, id DESC LIMIT $2 OFFSET $3) e
        ORDER BY e.starts_at DESC, e.id DESC`,
      [guildId, page.limit, page.offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM raid_events WHERE guild_id = $1', [guildId]),
  ]);
  return { rows: events.rows, total: total.rows[0]?.total ?? 0 };
}

/**
 * A page of the guild's current Discord members (searching username, display name and nickname), with
 * linked character counts; and over all current members, how many have at least one link.
 */
export async function selectMemberPage(db: Queryable, guildId: string, page: { limit: number; offset: number; search?: string }) {
  const values: unknown[] = [guildId];
  let where = 'm.guild_id = $1 AND m.left_at IS NULL';
  if (page.search) {
    values.push(`%${escapeLike(page.search)}%`);
    const p = `lower($${values.length})`;
    where += ` AND (lower(m.username) LIKE ${p} OR lower(m.global_name) LIKE ${p} OR lower(m.nickname) LIKE ${p})`;
  }
  const [members, totals] = await Promise.all([
    db.query<{
      id: string;
      username: string;
      global_name: string | null;
      nickname: string | null;
      joined_at: Date | null;
      linked_characters: number;
    }>(
      `SELECT p.*, (SELECT count(*) FROM character_links l WHERE l.discord_member_id = p.id)::int AS linked_characters
         FROM (SELECT m.id, m.username, m.global_name, m.nickname, m.joined_at FROM discord_members m
                WHERE ${where} ORDER BY lower(coalesce(m.global_name, m.username)), m.id
                LIMIT $${values.length + 1} OFFSET $${values.length + 2}) p
        ORDER BY lower(coalesce(p.global_name, p.username)), p.id`,
      [...values, page.limit, page.offset],
    ),
    db.query<{ matching: number; members: number; linked: number }>(
      `SELECT count(*) FILTER (WHERE ${where})::int AS matching,
              count(*)::int AS members,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM character_links l WHERE l.discord_member_id = m.id))::int AS linked
         FROM discord_members m WHERE m.guild_id = $1 AND m.left_at IS NULL`,
      values,
    ),
  ]);
  const counts = totals.rows[0] ?? { matching: 0, members: 0, linked: 0 };
  return { rows: members.rows, total: counts.matching, members: counts.members, linked: counts.linked };
}

/**
 * Loot drops, raids and active characters (present or late at a raid, or awarded loot) per week over
 * the last `weeks` weeks, oldest first. Weeks are Monday to Monday in UTC; weeks without activity are 0.
 */
export async function selectWeeklyActivity(db: Queryable, guildId: string, weeks: number) {
  const { rows } = await db.query<{ week: string; loot: number; raids: number; active: number }>(
    `WITH weeks AS (
       SELECT week, week + interval '1 week' AS week_end
         FROM generate_series(date_trunc('week', now(), 'UTC') - make_interval(weeks => $2 - 1),
                              date_trunc('week', now(), 'UTC'), interval '1 week') AS week)
     SELECT to_char(w.week AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS week,
            (SELECT count(*) FROM loot_entries l
              WHERE l.guild_id = $1 AND l.awarded_at >= w.week AND l.awarded_at < w.week_end)::int AS loot,
            (SELECT count(*) FROM raid_events r
              WHERE r.guild_id = $1 AND r.starts_at >= w.week AND r.starts_at < w.week_end)::int AS raids,
            (SELECT count(*) FROM (
               SELECT a.character_id FROM raid_attendance a JOIN raid_events r ON r.id = a.raid_event_id
                WHERE r.guild_id = $1 AND r.starts_at >= w.week AND r.starts_at < w.week_end AND a.status <> 'absent'
               UNION
               SELECT l.character_id FROM loot_entries l
                WHERE l.guild_id = $1 AND l.awarded_at >= w.week AND l.awarded_at < w.week_end
                  AND l.character_id IS NOT NULL) active)::int AS active
       FROM weeks w ORDER BY w.week`,
    [guildId, weeks],
  );
  return rows;
}

/** The guild's name, locked for the rest of the transaction so nobody renames or deletes it meanwhile. */
export async function lockGuildName(tx: Queryable, guildId: string): Promise<string | null> {
  const { rows } = await tx.query<{ guild_name: string }>('SELECT guild_name FROM guilds WHERE id = $1 FOR UPDATE', [guildId]);
  return rows[0]?.guild_name ?? null;
}

/**
 * Deletes every kind of the guild's data, children first so each count is the rows of that kind (cascades would
 * otherwise remove links, attendance and the loot system's rows unseen). The guild tenant itself stays, with its
 * settings and its loot settings versions. The ledger's per-character sums go with the characters.
 */
export async function deleteGuildDataRows(tx: Queryable, guildId: string): Promise<Record<GuildDataKind, number>> {
  const run = async (sql: string) => (await tx.query(sql, [guildId])).rowCount;
  const loot_council_votes = await run(`DELETE FROM loot_council_votes WHERE ${COUNCIL_OF_GUILD}`);
  const loot_requests = await run(`DELETE FROM loot_requests WHERE ${COUNCIL_OF_GUILD}`);
  const loot_council_items = await run('DELETE FROM loot_council_items WHERE guild_id = $1');
  const loot_wishlist_items = await run('DELETE FROM loot_wishlist_items WHERE guild_id = $1');
  const loot_ledger_entries = await run('DELETE FROM loot_ledger_entries WHERE guild_id = $1');
  const loot_decay_runs = await run('DELETE FROM loot_decay_runs WHERE guild_id = $1');
  const character_links = await run('DELETE FROM character_links WHERE guild_id = $1');
  const raid_attendance = await run(
    'DELETE FROM raid_attendance a USING raid_events r WHERE r.id = a.raid_event_id AND r.guild_id = $1',
  );
  const loot_entries = await run('DELETE FROM loot_entries WHERE guild_id = $1');
  const raid_events = await run('DELETE FROM raid_events WHERE guild_id = $1');
  const characters = await run('DELETE FROM characters WHERE guild_id = $1');
  const discord_members = await run('DELETE FROM discord_members WHERE guild_id = $1');
  return {
    characters,
    loot_entries,
    raid_events,
    raid_attendance,
    discord_members,
    character_links,
    loot_ledger_entries,
    loot_decay_runs,
    loot_wishlist_items,
    loot_council_items,
    loot_requests,
    loot_council_votes,
  };
}
