import type { Queryable } from '../../services/db/db';
import { containsPattern } from '../../services/db/like';

/** A guild as the guild picker lists it. */
export interface GuildOptionRow {
  id: string;
  guild_name: string;
  server: string;
  region: string;
  is_active: boolean;
  discord_guild_id: string | null;
}

export interface GuildOptionFilters {
  search?: string;
  id?: string;
  limit: number;
  offset: number;
}

/**
 * One page of guilds by name (the name index serves the order), searched by part of the name or server, or the one
 * guild of an id; with the matching total and the default guild (the first active guild with a Discord server).
 */
export async function selectGuildOptions(db: Queryable, filters: GuildOptionFilters) {
  const values: unknown[] = [];
  let where = 'TRUE';
  if (filters.id) {
    values.push(filters.id);
    where = 'g.id = $1::uuid';
  } else if (filters.search) {
    values.push(containsPattern(filters.search.toLowerCase()));
    where = '(lower(g.guild_name) LIKE $1 OR lower(g.server) LIKE $1)';
  }
  const [page, total, fallback] = await Promise.all([
    db.query<GuildOptionRow>(
      `SELECT g.id, g.guild_name, g.server, g.region, g.is_active, g.discord_guild_id FROM guilds g WHERE ${where}
        ORDER BY lower(g.guild_name), g.id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, filters.limit, filters.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM guilds g WHERE ${where}`, values),
    db.query<{ id: string }>(
      `SELECT g.id FROM guilds g WHERE g.is_active AND g.discord_guild_id IS NOT NULL
        ORDER BY lower(g.guild_name), g.id LIMIT 1`,
    ),
  ]);
  return { rows: page.rows, total: total.rows[0]?.total ?? 0, defaultGuildId: fallback.rows[0]?.id ?? null };
}
