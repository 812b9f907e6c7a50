import type { botGuildListQuery, discordUserListQuery } from '@guildhall/contract';
import type { z } from 'zod';
import type { Queryable } from '../../services/db/db';
import { escapeLike } from '../../services/db/like';
import type { JobRow } from '../../services/job-queue';
import { MEMBER_SYNC_KIND } from '../character-linking/member-sync-job';

/** The list's query after the contract's defaults. */
export type DiscordUserPageQuery = z.output<typeof discordUserListQuery>;
/** The bot guild list's query after the contract's defaults. */
export type BotGuildPageQuery = z.output<typeof botGuildListQuery>;

/** A Discord user as the sources together describe them. */
export interface DiscordUserRow {
  id: string;
  username: string | null;
  global_name: string | null;
  nickname: string | null;
  avatar: string | null;
  player_name: string | null;
  display_name: string;
  is_signed_in: boolean;
  last_login: Date | null;
  linked_characters: number;
  guilds: number;
  has_player_account: boolean;
}

/**
 * The ids of the users the filter admits, from the sources that say so. With a search, only the rows that match
 * it are read, on the trigram indexes of 0010 (members, users) and 0007 (player accounts).
 */
function idSources(query: DiscordUserPageQuery, values: unknown[]): string {
  let members = 'SELECT DISTINCT m.discord_user_id AS id FROM discord_members m';
  let users = 'SELECT u.discord_id AS id FROM users u WHERE u.discord_id IS NOT NULL';
  let players = 'SELECT p.discord_id AS id FROM player_accounts p WHERE p.discord_id IS NOT NULL';
  if (query.search) {
    values.push(`%${escapeLike(query.search.toLowerCase())}%`);
    const q = `$${values.length}`;
    members += ` WHERE (m.discord_user_id LIKE ${q} OR lower(m.username) LIKE ${q} OR lower(m.global_name) LIKE ${q}
                   OR lower(m.nickname) LIKE ${q})`;
    users += ` AND (u.discord_id LIKE ${q} OR lower(u.username) LIKE ${q} OR lower(u.global_name) LIKE ${q})`;
    players += ` AND p.discord_id LIKE ${q}`;
  }
  const linkedMembers = `${members}${query.search ? ' AND' : ' WHERE'} EXISTS (SELECT 1 FROM character_links l WHERE l.discord_member_id = m.id)`;
  switch (query.filter) {
    case 'signed_in':
      return users;
    case 'member':
      return members;
    case 'linked':
      return `${linkedMembers} UNION ${players}`;
    default:
      return `${members} UNION ${users} UNION ${players}`;
  }
}

const MEMBER_ORDER = '(m.left_at IS NULL) DESC, m.last_synced_at DESC NULLS LAST, m.joined_at DESC NULLS LAST, m.id';

/**
 * Who each id is: names from the membership seen last (a current one first), the sign-in account and the player
 * account; the display name as the member panel shows it (nickname, global name, username), else the account's name.
 * A few ids (one user, a search) are looked up one by one on the B-trees; every id (a whole list to sort) is read
 * in one pass per table. The player account is then looked up in discord_id order only so that the planner takes
 * its unique B-tree, never the trigram index of 0007, which is slow for an equality on digits.
 */
function profileJoins(isFew: boolean): string {
  if (!isFew) {
    return `
  LEFT JOIN (SELECT DISTINCT ON (m.discord_user_id) m.discord_user_id, m.username, m.global_name, m.nickname, m.avatar
               FROM discord_members m ORDER BY m.discord_user_id, ${MEMBER_ORDER}) mem ON mem.discord_user_id = i.id
  LEFT JOIN users u ON u.discord_id = i.id
  LEFT JOIN player_accounts pa ON pa.discord_id = i.id`;
  }
  return `
  LEFT JOIN LATERAL (
    SELECT m.username, m.global_name, m.nickname, m.avatar FROM discord_members m WHERE m.discord_user_id = i.id
     ORDER BY ${MEMBER_ORDER} LIMIT 1) mem ON true
  LEFT JOIN users u ON u.discord_id = i.id
  LEFT JOIN LATERAL (
    SELECT p.id, p.display_name, p.last_login_at FROM player_accounts p WHERE p.discord_id = i.id
     ORDER BY p.discord_id LIMIT 1) pa ON true`;
}

const PROFILE_COLUMNS = `i.id, coalesce(mem.username, u.username) AS username,
  coalesce(mem.global_name, u.global_name) AS global_name, mem.nickname, coalesce(mem.avatar, u.avatar) AS avatar,
  pa.display_name AS player_name, u.id IS NOT NULL AS is_signed_in, pa.id IS NOT NULL AS has_player_account,
  coalesce(mem.nickname, mem.global_name, u.global_name, mem.username, u.username, pa.display_name, i.id) AS display_name`;

/** Index lookups per id; PostgreSQL evaluates these after the LIMIT unless the sort needs them. */
const LAST_LOGIN = `greatest(
    (SELECT max(s.created_at) FROM community_sessions s WHERE s.user_id = u.id),
    (SELECT max(r.created_at) FROM refresh_tokens r WHERE r.user_id = u.id),
    pa.last_login_at)`;
const LINKED_CHARACTERS = `(SELECT count(*)::int FROM discord_members m JOIN character_links l ON l.discord_member_id = m.id
    WHERE m.discord_user_id = i.id)`;
const CURRENT_GUILDS = `(SELECT count(*)::int FROM discord_members m WHERE m.discord_user_id = i.id AND m.left_at IS NULL)`;

const SORT_KEYS: Record<DiscordUserPageQuery['sortBy'], string> = {
  displayName: 'lower(coalesce(mem.nickname, mem.global_name, u.global_name, mem.username, u.username, pa.display_name, i.id))',
  username: 'lower(coalesce(mem.username, u.username))',
  lastLogin: LAST_LOGIN,
  linkedCharacters: LINKED_CHARACTERS,
  id: 'i.id',
};

/** One page of Discord users and how many match, searched, filtered, sorted and paged in SQL. */
export async function selectDiscordUserPage(db: Queryable, query: DiscordUserPageQuery) {
  const values: unknown[] = [];
  const ids = idSources(query, values);
  const countValues = [...values];
  values.push(query.limit, (query.page - 1) * query.limit);
  const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  // Unknown names and never-logged-in users come last either way; the id breaks ties.
  const order = `${SORT_KEYS[query.sortBy]} ${direction} NULLS LAST, i.id ${direction}`;
  const [rows, total] = await Promise.all([
    db.query<DiscordUserRow>(
      `SELECT ${PROFILE_COLUMNS}, ${LAST_LOGIN} AS last_login, ${LINKED_CHARACTERS} AS linked_characters,
              ${CURRENT_GUILDS} AS guilds
         FROM (${ids}) i ${profileJoins(Boolean(query.search))}
        ORDER BY ${order} LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${ids}) i`, countValues),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

/** One Discord user, or null when no sign-in, member list or player account knows the id. */
export async function selectDiscordUser(db: Queryable, id: string): Promise<DiscordUserRow | null> {
  const { rows } = await db.query<DiscordUserRow>(
    `SELECT ${PROFILE_COLUMNS}, ${LAST_LOGIN} AS last_login, ${LINKED_CHARACTERS} AS linked_characters,
            ${CURRENT_GUILDS} AS guilds
       FROM (SELECT $1::text AS id) i ${profileJoins(true)}
      WHERE mem.username IS NOT NULL OR u.id IS NOT NULL OR pa.id IS NOT NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/** A guild membership of a Discord user with its guild. */
export interface MembershipRow {
  member_id: string;
  guild_id: string;
  guild_name: string;
  discord_guild_id: string | null;
  nickname: string | null;
  joined_at: Date | null;
  left_at: Date | null;
  last_synced_at: Date | null;
}

/** The user's memberships: current ones first, then by guild name. */
export async function selectMemberships(db: Queryable, discordUserId: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT m.id AS member_id, g.id AS guild_id, g.guild_name, g.discord_guild_id, m.nickname, m.joined_at, m.left_at,
            m.last_synced_at
       FROM discord_members m JOIN guilds g ON g.id = m.guild_id
      WHERE m.discord_user_id = $1
      ORDER BY (m.left_at IS NULL) DESC, lower(g.guild_name), g.id`,
    [discordUserId],
  );
  return rows;
}

/** The player account holding a Discord id. */
export interface PlayerAccountRefRow {
  id: string;
  display_name: string;
  account_status: string;
  discord_linked_at: Date | null;
  battlenet_id: string | null;
  battletag: string | null;
  battlenet_region: string | null;
}

export async function selectPlayerAccountRef(db: Queryable, discordUserId: string): Promise<PlayerAccountRefRow | null> {
  const { rows } = await db.query<PlayerAccountRefRow>(
    `SELECT id, display_name, account_status, discord_linked_at, battlenet_id, battletag, battlenet_region
       FROM player_accounts WHERE discord_id = $1`,
    [discordUserId],
  );
  return rows[0] ?? null;
}

/** A guild tenant with a Discord server, its current member count and latest member sync. */
export interface BotGuildRow {
  id: string;
  guild_name: string;
  server: string;
  region: string;
  is_active: boolean;
  discord_guild_id: string;
  member_count: number;
  /** The latest member sync job, read as JSON. */
  sync: JobRow | null;
}

/** One page of the bot's guilds by name, with the latest sync job read for the page's guilds only. */
export async function selectBotGuildPage(db: Queryable, query: BotGuildPageQuery) {
  const values: unknown[] = [];
  let where = 'WHERE g.discord_guild_id IS NOT NULL';
  if (query.search) {
    values.push(`%${escapeLike(query.search.toLowerCase())}%`);
    const q = `$${values.length}`;
    where += ` AND (lower(g.guild_name) LIKE ${q} OR lower(g.server) LIKE ${q} OR g.discord_guild_id LIKE ${q})`;
  }
  const countValues = [...values];
  values.push(query.limit, (query.page - 1) * query.limit);
  const [rows, total] = await Promise.all([
    db.query<BotGuildRow>(
      `SELECT g.id, g.guild_name, g.server, g.region, g.is_active, g.discord_guild_id,
              (SELECT count(*)::int FROM discord_members m WHERE m.guild_id = g.id AND m.left_at IS NULL) AS member_count,
              (SELECT to_jsonb(j) FROM (SELECT * FROM jobs WHERE guild_id = g.id AND kind = '${MEMBER_SYNC_KIND}'
                                         ORDER BY created_at DESC, id DESC LIMIT 1) j) AS sync
         FROM guilds g ${where}
        ORDER BY lower(g.guild_name), g.id LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM guilds g ${where}`, countValues),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}
