import type { Region } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { escapeLike } from '../../services/db/like';

/** A guild tenant row with its current member count. */
export interface GuildRow {
  id: string;
  guild_name: string;
  server: string;
  region: string;
  faction: string;
  is_active: boolean;
  description: string | null;
  max_members: number;
  timezone: string;
  language: string;
  raid_schedule: string | null;
  loot_system: string;
  public_logs: boolean;
  recruitment_open: boolean;
  website: string | null;
  discord_invite: string | null;
  contact_email: string | null;
  created_at: Date;
  updated_at: Date;
  member_count: number;
}

/** The list's filters; the export takes the same ones. */
export interface GuildFilters {
  search?: string;
  status: 'all' | 'active' | 'inactive';
  region: Region | 'all';
}

/** The list's filters and page. */
export interface GuildPageQuery extends GuildFilters {
  page: number;
  limit: number;
}

/** The guild form's fields, validated and defaulted by the contract. */
export type GuildFields = Omit<GuildRow, 'id' | 'created_at' | 'updated_at' | 'member_count' | 'region'> & { region: Region };

/** A SQL statement with its parameters. */
export interface Statement {
  text: string;
  values: unknown[];
}

const GUILD_COLUMNS = `g.id, g.guild_name, g.server, g.region, g.faction, g.is_active, g.description, g.max_members,
  g.timezone, g.language, g.raid_schedule, g.loot_system, g.public_logs, g.recruitment_open, g.website,
  g.discord_invite, g.contact_email, g.created_at, g.updated_at`;

/** Current members only: someone who left the Discord server no longer counts. */
const memberCountOf = (alias: string) =>
  `(SELECT count(*) FROM discord_members m WHERE m.guild_id = ${alias}.id AND m.left_at IS NULL)::int AS member_count`;

/** The form's fields in column order, for INSERT and UPDATE. */
export const GUILD_FIELDS = [
  'guild_name',
  'server',
  'region',
  'faction',
  'is_active',
  'description',
  'max_members',
  'timezone',
  'language',
  'raid_schedule',
  'loot_system',
  'public_logs',
  'recruitment_open',
  'website',
  'discord_invite',
  'contact_email',
] as const satisfies readonly (keyof GuildFields)[];

/**
 * The WHERE clause of the list and the export, adding its parameters to `values`. Each filter
 * combination has an index that returns rows in list order (0002_guild_data.sql); "contains" search
 * on name or server uses the trigram indexes on lower(guild_name) and lower(server).
 */
export function guildWhere(filters: GuildFilters, values: unknown[]): string {
  const conditions: string[] = [];
  if (filters.status !== 'all') {
    values.push(filters.status === 'active');
    conditions.push(`g.is_active = $${values.length}`);
  }
  if (filters.region !== 'all') {
    values.push(filters.region);
    conditions.push(`g.region = $${values.length}`);
  }
  if (filters.search) {
    values.push(`%${escapeLike(filters.search)}%`);
    const p = `lower($${values.length})`;
    conditions.push(`(lower(g.guild_name) LIKE ${p} OR lower(g.server) LIKE ${p})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/**
 * One page of the list and the count over the same WHERE, as two statements that run side by side.
 * Member counts are computed in the outer query, so only the page's rows are counted, never the
 * rows OFFSET skips. The benchmark runs exactly these statements through the driver.
 */
export function guildListStatements(query: GuildPageQuery) {
  const pageValues: unknown[] = [];
  const where = guildWhere(query, pageValues);
  pageValues.push(query.limit, (query.page - 1) * query.limit);
  const page: Statement = {
    text: `SELECT page.*, ${memberCountOf('page')}
             FROM (SELECT ${GUILD_COLUMNS} FROM guilds g ${where}
                   ORDER BY g.created_at DESC, g.id DESC
                   LIMIT $${pageValues.length - 1} OFFSET $${pageValues.length}) page
            ORDER BY page.created_at DESC, page.id DESC`,
    values: pageValues,
  };
  const countValues: unknown[] = [];
  const count: Statement = {
    text: `SELECT count(*)::int AS total FROM guilds g ${guildWhere(query, countValues)}`,
    values: countValues,
  };
  return { page, count };
}

/** A page of guilds and how many match, both in SQL. */
export async function selectGuildPage(db: Queryable, query: GuildPageQuery) {
  const { page, count } = guildListStatements(query);
  const [rows, total] = await Promise.all([
    db.query<GuildRow>(page.text, page.values),
    db.query<{ total: number }>(count.text, count.values),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

/** Where the export stopped: the last row's created_at (as exact text, microseconds kept) and id. */
export interface GuildCursor {
  createdAt: string;
  id: string;
}

/** The next keyset page of the export, in list order, after `cursor`. */
export async function selectGuildExportPage(db: Queryable, filters: GuildFilters, cursor: GuildCursor | null, size: number) {
  const values: unknown[] = [];
  let where = guildWhere(filters, values);
  if (cursor) {
    values.push(cursor.createdAt, cursor.id);
    const after = `(g.created_at, g.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
    where = where ? `${where} AND ${after}` : `WHERE ${after}`;
  }
  values.push(size);
  const { rows } = await db.query<GuildRow & { cursor_created_at: string }>(
    `SELECT page.*, ${memberCountOf('page')}
       FROM (SELECT ${GUILD_COLUMNS}, g.created_at::text AS cursor_created_at FROM guilds g ${where}
             ORDER BY g.created_at DESC, g.id DESC LIMIT $${values.length}) page
      ORDER BY page.created_at DESC, page.id DESC`,
    values,
  );
  return rows;
}

/** A guild as a duplicate refusal names it. */
export interface SameNamedGuild {
  id: string;
  guild_name: string;
  server: string;
  region: string;
  created_at: Date;
}

/**
 * Holds, until the transaction ends, the right to create a guild of this name, server and region (case aside), so
 * two concurrent creates of the same guild cannot both find no duplicate.
 */
export async function lockGuildIdentity(tx: Queryable, fields: Pick<GuildFields, 'guild_name' | 'server' | 'region'>) {
  const identity = JSON.stringify(['guild', fields.guild_name.toLowerCase(), fields.server.toLowerCase(), fields.region]);
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [identity]);
}

/** The oldest guild with this name, server and region (case aside), or null; on the lower(guild_name) index. */
export async function selectSameNamedGuild(
  db: Queryable,
  fields: Pick<GuildFields, 'guild_name' | 'server' | 'region'>,
): Promise<SameNamedGuild | null> {
  const { rows } = await db.query<SameNamedGuild>(
    `SELECT id, guild_name, server, region, created_at FROM guilds
      WHERE lower(guild_name) = lower($1) AND lower(server) = lower($2) AND region = $3
      ORDER BY created_at, id LIMIT 1`,
    [fields.guild_name, fields.server, fields.region],
  );
  return rows[0] ?? null;
}

/** One guild with its member count, or null. */
export async function selectGuild(db: Queryable, id: string): Promise<GuildRow | null> {
  const { rows } = await db.query<GuildRow>(`SELECT ${GUILD_COLUMNS}, ${memberCountOf('g')} FROM guilds g WHERE g.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks the guilds among `ids` for the rest of the transaction; returns the ids that exist. */
export async function lockGuilds(tx: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM guilds WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids]);
  return new Set(rows.map((row) => row.id));
}

/** Inserts a guild; returns its id. */
export async function insertGuild(db: Queryable, fields: GuildFields): Promise<string> {
  const placeholders = GUILD_FIELDS.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO guilds (${GUILD_FIELDS.join(', ')}) VALUES (${placeholders}) RETURNING id`,
    GUILD_FIELDS.map((field) => fields[field]),
  );
  return rows[0]!.id;
}

/** Replaces a guild's fields; false when there is no such guild. */
export async function updateGuildRow(db: Queryable, id: string, fields: GuildFields): Promise<boolean> {
  const assignments = GUILD_FIELDS.map((field, i) => `${field} = $${i + 2}`).join(', ');
  const result = await db.query(`UPDATE guilds SET ${assignments}, updated_at = now() WHERE id = $1`, [
    id,
    ...GUILD_FIELDS.map((field) => fields[field]),
  ]);
  return result.rowCount > 0;
}

/** Sets is_active on the given guilds; returns how many rows changed. */
export async function setGuildsActive(tx: Queryable, ids: readonly string[], isActive: boolean): Promise<number> {
  const result = await tx.query('UPDATE guilds SET is_active = $2, updated_at = now() WHERE id = ANY($1::uuid[])', [
    ids,
    isActive,
  ]);
  return result.rowCount;
}

/** Deletes guilds (their data goes with them by ON DELETE CASCADE); returns the names of those deleted. */
export async function deleteGuildRows(tx: Queryable, ids: readonly string[]) {
  const { rows } = await tx.query<{ id: string; guild_name: string }>(
    'DELETE FROM guilds WHERE id = ANY($1::uuid[]) RETURNING id, guild_name',
    [ids],
  );
  return rows;
}
