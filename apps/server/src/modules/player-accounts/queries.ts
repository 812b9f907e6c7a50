import type { playerAccountListQuery } from '@guildhall/contract';
import type { z } from 'zod';
import type { Queryable } from '../../services/db/db';
import { escapeLike } from '../../services/db/like';

/** A player account row with what Discord's member lists say about its Discord user. */
export interface PlayerAccountRow {
  id: string;
  display_name: string;
  email: string | null;
  account_status: string;
  notes: string | null;
  discord_id: string | null;
  discord_linked_at: Date | null;
  battlenet_id: string | null;
  battletag: string | null;
  battlenet_region: string | null;
  battlenet_linked_at: Date | null;
  last_login_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
  discord_username: string | null;
  discord_global_name: string | null;
  discord_avatar: string | null;
  /** What Discord answered when the id was linked (0011); the member rows win when there are any. */
  discord_profile: DiscordProfile | null;
}

/** A Discord user as stored at link time. */
export interface DiscordProfile {
  username: string;
  globalName: string | null;
  avatar: string | null;
  discriminator: string | null;
}

/** The list's query after the contract's defaults. */
export type PlayerAccountPageQuery = z.output<typeof playerAccountListQuery>;

const ACCOUNT_COLUMNS = `p.id, p.display_name, p.email, p.account_status, p.notes, p.discord_id, p.discord_linked_at,
  p.battlenet_id, p.battletag, p.battlenet_region, p.battlenet_linked_at, p.last_login_at, p.created_by, p.updated_by,
  p.created_at, p.updated_at, p.discord_profile`;

/** The Discord user's names and avatar from the member row a sync saw last (any guild). */
const DISCORD_PROFILE = `LEFT JOIN LATERAL (
    SELECT m.username AS discord_username, m.global_name AS discord_global_name, m.avatar AS discord_avatar
      FROM discord_members m WHERE m.discord_user_id = a.discord_id
     ORDER BY m.last_synced_at DESC NULLS LAST, m.id LIMIT 1) d ON true`;

/** The WHERE clause of the list, adding its parameters to `values`; search runs on the trigram indexes of 0007. */
function accountWhere(query: PlayerAccountPageQuery, values: unknown[]): string {
  const conditions: string[] = [];
  if (query.status === 'active' || query.status === 'inactive') {
    values.push(query.status);
    conditions.push(`p.account_status = $${values.length}`);
  }
  if (query.status === 'linked') conditions.push('(p.discord_id IS NOT NULL OR p.battlenet_id IS NOT NULL)');
  if (query.status === 'unlinked') conditions.push('(p.discord_id IS NULL AND p.battlenet_id IS NULL)');
  if (query.linkedTo === 'discord') conditions.push('p.discord_id IS NOT NULL');
  if (query.linkedTo === 'battlenet') conditions.push('p.battlenet_id IS NOT NULL');
  if (query.linkedTo === 'both') conditions.push('(p.discord_id IS NOT NULL AND p.battlenet_id IS NOT NULL)');
  if (query.linkedTo === 'none') conditions.push('(p.discord_id IS NULL AND p.battlenet_id IS NULL)');
  if (query.search) {
    values.push(`%${escapeLike(query.search.toLowerCase())}%`);
    const p = `$${values.length}`;
    conditions.push(`(lower(p.display_name) LIKE ${p} OR lower(p.email) LIKE ${p} OR p.discord_id LIKE ${p})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

const SORT_COLUMNS = {
  updated_at: (alias: string) => `${alias}.updated_at`,
  displayName: (alias: string) => `lower(${alias}.display_name)`,
  created_at: (alias: string) => `${alias}.created_at`,
  last_login_at: (alias: string) => `${alias}.last_login_at`,
} as const;

/** ORDER BY for the sort, id breaking ties; accounts that never logged in come last either way. */
function accountOrder(query: PlayerAccountPageQuery, alias: string): string {
  const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[query.sortBy](alias);
  const nulls = query.sortBy === 'last_login_at' ? ' NULLS LAST' : '';
  return `${column} ${direction}${nulls}, ${alias}.id ${direction}`;
}

const SORT_KEYS = 'p.id, p.display_name, p.updated_at, p.created_at, p.last_login_at';
/** Up to this many matches of a search are sorted directly; above it, walking a sort index finds a page sooner. */
const SORT_MATCHES_UP_TO = 5000;

/**
 * One page of accounts and how many match, both in SQL; Discord names are read for the page's rows only.
 * A search is counted first. Few matches (the trigram indexes find them) are sorted directly: walking a sort index
 * and filtering instead, the planner's pick when it expects matches spread evenly, reads most of the table when
 * they sort late, as a name search sorted by name does (bench/player-accounts.ts: 70,000 rows read for 25).
 * Many matches are spread widely enough that the walk finds a page after a few hundred rows.
 */
export async function selectAccountPage(db: Queryable, query: PlayerAccountPageQuery) {
  const values: unknown[] = [];
  const where = accountWhere(query, values);
  const countValues = [...values];
  values.push(query.limit, (query.page - 1) * query.limit);
  const paging = `LIMIT $${values.length - 1} OFFSET $${values.length}`;
  const countMatches = async () =>
    (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM player_accounts p ${where}`, countValues)).rows[0]
      ?.total ?? 0;
  const walkSortIndex = `SELECT ${ACCOUNT_COLUMNS} FROM player_accounts p ${where} ORDER BY ${accountOrder(query, 'p')} ${paging}`;
  const page = (accounts: string) =>
    db.query<PlayerAccountRow>(
      `SELECT a.*, d.* FROM (${accounts}) a ${DISCORD_PROFILE} ORDER BY ${accountOrder(query, 'a')}`,
      values,
    );
  if (!query.search) {
    const [rows, total] = await Promise.all([page(walkSortIndex), countMatches()]);
    return { rows: rows.rows, total };
  }
  const total = await countMatches();
  if (total === 0) return { rows: [], total };
  // Only the sort columns are kept of each match; the page's 25 rows are read whole afterwards.
  const sortMatches = `WITH matches AS MATERIALIZED (SELECT ${SORT_KEYS} FROM player_accounts p ${where}),
    chosen AS (SELECT m.id FROM matches m ORDER BY ${accountOrder(query, 'm')} ${paging})
    SELECT ${ACCOUNT_COLUMNS} FROM chosen JOIN player_accounts p USING (id)`;
  return { rows: (await page(total <= SORT_MATCHES_UP_TO ? sortMatches : walkSortIndex)).rows, total };
}

/** One account, or null. */
export async function selectAccount(db: Queryable, id: string): Promise<PlayerAccountRow | null> {
  const { rows } = await db.query<PlayerAccountRow>(
    `SELECT a.*, d.* FROM (SELECT ${ACCOUNT_COLUMNS} FROM player_accounts p WHERE p.id = $1) a ${DISCORD_PROFILE}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Counts of all accounts and of those linked to Discord, Battle.net and both, read from the link-state index (0008). */
export async function selectStatistics(db: Queryable) {
  const { rows } = await db.query<{ total: number; discord: number; battlenet: number; fully: number }>(
    `SELECT coalesce(sum(n), 0)::int AS total,
            coalesce(sum(n) FILTER (WHERE link_state & 1 = 1), 0)::int AS discord,
            coalesce(sum(n) FILTER (WHERE link_state & 2 = 2), 0)::int AS battlenet,
            coalesce(sum(n) FILTER (WHERE link_state = 3), 0)::int AS fully
       FROM (SELECT link_state, count(*) AS n FROM player_accounts GROUP BY link_state) s`,
  );
  return rows[0]!;
}

/** A character linked (in any guild) to one of the Discord ids. */
export interface LinkedCharacterRow {
  discord_user_id: string;
  id: string;
  name: string;
  class: string;
  level: number | null;
  guild_name: string;
  /** Empty for a Battle.net character in no guild: it counts towards no guild. */
  guild_id: string;
  /** Only Battle.net imports know the race; the roster keeps none. */
  race: string | null;
}

/** The characters linked to these Discord ids in any guild, highest level first. */
export async function selectLinkedCharacters(db: Queryable, discordIds: readonly string[]): Promise<LinkedCharacterRow[]> {
  if (discordIds.length === 0) return [];
  const { rows } = await db.query<LinkedCharacterRow>(
    `SELECT m.discord_user_id, c.id, c.name, c.class, c.level, g.guild_name, g.id AS guild_id, NULL::text AS race
       FROM discord_members m
       JOIN character_links l ON l.discord_member_id = m.id
       JOIN characters c ON c.id = l.character_id
       JOIN guilds g ON g.id = c.guild_id
      WHERE m.discord_user_id = ANY($1::text[])
      ORDER BY c.level DESC, lower(c.name), c.id`,
    [discordIds],
  );
  return rows;
}

/**
 * The characters the verified Battle.net connections of these ids imported, highest level first; one the
 * account's Discord user already holds on a roster through a claim is left out, so it is not listed twice.
 */
export async function selectBattlenetCharacters(db: Queryable, battlenetIds: readonly string[]) {
  if (battlenetIds.length === 0) return [];
  const { rows } = await db.query<Omit<LinkedCharacterRow, 'discord_user_id'> & { battlenet_id: string }>(
    `SELECT bc.battlenet_id, bch.id, bch.name, coalesce(bch.class, 'Unknown') AS class, bch.level,
            coalesce(bch.guild_name, '') AS guild_name, coalesce('battlenet:' || lower(bch.guild_name), '') AS guild_id, bch.race
       FROM battlenet_connections bc
       JOIN battlenet_characters bch ON bch.connection_id = bc.id
       LEFT JOIN player_accounts p ON p.battlenet_id = bc.battlenet_id
      WHERE bc.battlenet_id = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM battlenet_claims cl
                          JOIN character_links l ON l.character_id = cl.character_id
                          JOIN discord_members m ON m.id = l.discord_member_id
                         WHERE cl.battlenet_character_id = bch.id AND m.discord_user_id = p.discord_id)
      ORDER BY bch.level DESC NULLS LAST, lower(bch.name), bch.id`,
    [battlenetIds],
  );
  return rows;
}

/** The account other than `exceptId` that holds this Discord or Battle.net id, locked for the transaction. */
export async function lockHolder(tx: Queryable, column: 'discord_id' | 'battlenet_id', value: string, exceptId: string | null) {
  // Serialises concurrent links of the same id, so two accounts cannot both find it free.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`player_accounts.${column}:${value}`]);
  const { rows } = await tx.query<{ id: string; display_name: string }>(
    `SELECT id, display_name FROM player_accounts WHERE ${column} = $1 AND id IS DISTINCT FROM $2::uuid FOR UPDATE`,
    [value, exceptId],
  );
  return rows[0] ?? null;
}

/** A verified Battle.net account as the form stores it: its id, BattleTag and region. */
export interface VerifiedBattlenet {
  battlenet_id: string;
  battletag: string;
  region: string;
}

/**
 * The verified connection the form's Battle.net ID names: its account id, else its BattleTag (any case), as the
 * field's lookup on leaving it finds them. Null when no member verified it.
 */
export async function selectVerifiedBattlenet(db: Queryable, idOrTag: string): Promise<VerifiedBattlenet | null> {
  const { rows } = await db.query<VerifiedBattlenet>(
    `SELECT battlenet_id, battletag, region FROM battlenet_connections
      WHERE battlenet_id = $1 OR lower(battletag) = lower($1)
      ORDER BY battlenet_id = $1 DESC LIMIT 1`,
    [idOrTag],
  );
  return rows[0] ?? null;
}

/** The account holding this Discord id, if any. */
export async function selectDiscordHolder(db: Queryable, discordId: string) {
  const { rows } = await db.query<{ id: string; display_name: string }>(
    'SELECT id, display_name FROM player_accounts WHERE discord_id = $1',
    [discordId],
  );
  return rows[0] ?? null;
}
