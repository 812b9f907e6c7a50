import { ATTENDANCE_STATUSES, type RosterSort } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { containsPattern } from '../../services/db/like';
import { perRaidBestSql } from '../raids/attendance-queries';

// The guild's roster: its current characters (not left, not retired) with the member who plays each, the member's
// marks, paged and sorted in SQL. Every read and write is scoped by the guild in its WHERE clause.

/** The roster's filters as the query names them, checked by the contract. */
export interface RosterFilter {
  search?: string;
  class?: string;
  role?: string;
  kind: 'all' | 'main' | 'alt' | 'unlinked';
  mark: 'all' | 'active' | 'trial' | 'inactive';
  sort: RosterSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** One character of the roster. */
export interface RosterRow {
  id: string;
  name: string;
  realm: string;
  class: string;
  spec: string | null;
  role: string | null;
  item_level: string | null;
  guild_rank: number | null;
  team_rank: string | null;
  last_activity_at: Date | null;
  member_id: string | null;
  member_name: string | null;
  is_primary: boolean | null;
  is_trial: boolean;
  is_inactive: boolean;
}

const FROM = `
  FROM characters c
  LEFT JOIN character_links l ON l.character_id = c.id AND l.guild_id = c.guild_id
  LEFT JOIN discord_members m ON m.id = l.discord_member_id AND m.left_at IS NULL
  LEFT JOIN roster_marks k ON k.discord_member_id = m.id`;

const MEMBER_NAME = 'COALESCE(m.nickname, m.global_name, m.username)';

/** The WHERE clause of the filters, its values from $2 on ($1 is the guild). */
function whereOf(filter: RosterFilter, values: unknown[]): string {
  const parts = ['c.guild_id = $1', 'c.left_guild_at IS NULL', 'c.retired_at IS NULL'];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filter.search) {
    const pattern = add(containsPattern(filter.search));
    parts.push(`(c.name ILIKE ${pattern} OR ${MEMBER_NAME} ILIKE ${pattern})`);
  }
  if (filter.class) parts.push(`c.class = ${add(filter.class)}`);
  if (filter.role) parts.push(`c.role = ${add(filter.role)}`);
  if (filter.kind === 'main') parts.push('m.id IS NOT NULL AND l.is_primary');
  if (filter.kind === 'alt') parts.push('m.id IS NOT NULL AND NOT l.is_primary');
  if (filter.kind === 'unlinked') parts.push('m.id IS NULL');
  if (filter.mark === 'active') parts.push('m.id IS NOT NULL AND NOT COALESCE(k.is_inactive, false)');
  if (filter.mark === 'trial') parts.push('k.is_trial');
  if (filter.mark === 'inactive') parts.push('k.is_inactive');
  return parts.join(' AND ');
}

/** Each sort's ORDER BY; the name breaks ties, then the id, so pages never overlap. */
function orderOf(sort: RosterSort, order: 'asc' | 'desc'): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const byName = 'lower(c.name), c.id';
  switch (sort) {
    case 'class':
      return `c.class ${dir}, ${byName}`;
    case 'itemLevel':
      return `c.item_level ${dir} NULLS LAST, ${byName}`;
    case 'rank':
      return `c.guild_rank ${dir} NULLS LAST, ${byName}`;
    case 'lastSeen':
      return `c.last_activity_at ${dir} NULLS LAST, ${byName}`;
    case 'attendance':
      return `rates.rate ${dir} NULLS LAST, ${byName}`;
    default:
      return `lower(c.name) ${dir}, c.id ${dir}`;
  }
}

/**
 * A page of the roster and how many characters the filters find. Sorting by attendance ranks members by their rate
 * since `since` (the rule's window), computed for the guild's members in the same statement.
 */
export async function selectRoster(
  db: Queryable,
  guildId: string,
  filter: RosterFilter,
  since: Date,
): Promise<{ rows: RosterRow[]; total: number }> {
  const values: unknown[] = [guildId];
  const where = whereOf(filter, values);
  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM} WHERE ${where}`, values);
  const pageValues = [...values, filter.limit, (filter.page - 1) * filter.limit];
  let rates = '';
  if (filter.sort === 'attendance') {
    pageValues.push(since, ATTENDANCE_STATUSES);
    const n = pageValues.length;
    rates = `LEFT JOIN (
        SELECT member_id, floor(100.0 * count(*) FILTER (WHERE best <= 3) / count(*)) AS rate
          FROM (${perRaidBestSql({ guild: '$1', since: `$${n - 1}`, statuses: `$${n}` })}) per_raid
         GROUP BY member_id) rates ON rates.member_id = m.id`;
  }
  const { rows } = await db.query<RosterRow>(
    `SELECT c.id, c.name, c.realm, c.class, c.spec, c.role, c.item_level, c.guild_rank, c.team_rank, c.last_activity_at,
            m.id AS member_id, ${MEMBER_NAME} AS member_name, l.is_primary,
            COALESCE(k.is_trial, false) AS is_trial, COALESCE(k.is_inactive, false) AS is_inactive
       ${FROM} ${rates}
      WHERE ${where}
      ORDER BY ${orderOf(filter.sort, filter.order)}
      LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    pageValues,
  );
  return { rows, total: counted[0]?.total ?? 0 };
}

/** A current member of the guild, by id; null when not the guild's. */
export async function findGuildMember(db: Queryable, guildId: string, memberId: string) {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT m.id, ${MEMBER_NAME} AS name FROM discord_members m WHERE m.id = $1 AND m.guild_id = $2 AND m.left_at IS NULL`,
    [memberId, guildId],
  );
  return rows[0] ?? null;
}

/** Writes a member's marks (a mark not given stays as it was); the marks before and after. */
export async function upsertMarks(
  db: Queryable,
  guildId: string,
  memberId: string,
  marks: { isTrial?: boolean; isInactive?: boolean },
  userId: string,
) {
  const { rows } = await db.query<{ is_trial: boolean; is_inactive: boolean; was_trial: boolean; was_inactive: boolean }>(
    `WITH before AS (SELECT is_trial, is_inactive FROM roster_marks WHERE discord_member_id = $1)
     INSERT INTO roster_marks (discord_member_id, guild_id, is_trial, is_inactive, marked_by_user_id)
     VALUES ($1, $2, COALESCE($3, false), COALESCE($4, false), $5)
     ON CONFLICT (discord_member_id) DO UPDATE
       SET is_trial = COALESCE($3, roster_marks.is_trial), is_inactive = COALESCE($4, roster_marks.is_inactive),
           marked_by_user_id = $5, marked_at = now()
     RETURNING is_trial, is_inactive, COALESCE((SELECT is_trial FROM before), false) AS was_trial,
               COALESCE((SELECT is_inactive FROM before), false) AS was_inactive`,
    [memberId, guildId, marks.isTrial ?? null, marks.isInactive ?? null, userId],
  );
  return rows[0]!;
}

/** A character of the guild with the current member it is linked to (member null: not linked). */
export async function findLinkedCharacter(db: Queryable, guildId: string, characterId: string) {
  const { rows } = await db.query<{ id: string; name: string; member_id: string | null; is_primary: boolean | null }>(
    `SELECT c.id, c.name, m.id AS member_id, l.is_primary
       FROM characters c
       LEFT JOIN character_links l ON l.character_id = c.id AND l.guild_id = c.guild_id
       LEFT JOIN discord_members m ON m.id = l.discord_member_id AND m.left_at IS NULL
      WHERE c.id = $1 AND c.guild_id = $2`,
    [characterId, guildId],
  );
  return rows[0] ?? null;
}

/** Makes a character its member's main: the member's other links become alts first (one primary per member). */
export async function writeMain(db: Queryable, memberId: string, characterId: string): Promise<void> {
  await db.query(
    `UPDATE character_links SET is_primary = false, priority = 'alt' WHERE discord_member_id = $1 AND character_id <> $2 AND is_primary`,
    [memberId, characterId],
  );
  await db.query(`UPDATE character_links SET is_primary = true, priority = 'main' WHERE character_id = $1`, [characterId]);
}
