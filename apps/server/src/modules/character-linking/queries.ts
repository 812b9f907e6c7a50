import type { CharacterRole, CharacterSourceType, WowClass } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { containsPattern } from '../../services/db/like';

/** The guild a discovery call names. */
export interface DiscoveryGuildRow {
  id: string;
  guild_name: string;
  server: string;
  discord_guild_id: string | null;
}

/** A character with every field the discovery card shows; is_linked tells linked ones apart. */
export interface CharacterRow {
  id: string;
  name: string;
  realm: string;
  class: WowClass;
  spec: string | null;
  role: CharacterRole | null;
  level: number;
  item_level: number | null;
  item_level_equipped: number | null;
  avatar_url: string | null;
  last_activity_at: Date | null;
  activity_count: number;
  guild_note: string | null;
  officer_note: string | null;
  is_linked: boolean;
  sources: { sourceType: CharacterSourceType; occurrenceCount: number }[];
}

/** A current Discord member of a guild. */
export interface MemberRow {
  id: string;
  discord_user_id: string;
  username: string;
  global_name: string | null;
  nickname: string | null;
  avatar: string | null;
  joined_at: Date | null;
}

/** Numbers come back as numbers, not numeric strings. */
export const CHARACTER_COLUMNS = `c.id, c.name, c.realm, c.class, c.spec, c.role, c.level, c.item_level::float8 AS item_level,
  c.item_level_equipped::float8 AS item_level_equipped, c.avatar_url, c.last_activity_at, c.activity_count, c.guild_note,
  c.officer_note, EXISTS (SELECT 1 FROM character_links l WHERE l.character_id = c.id) AS is_linked,
  coalesce((SELECT jsonb_agg(jsonb_build_object('sourceType', s.source_type, 'occurrenceCount', s.occurrence_count)
                             ORDER BY s.source_type)
              FROM character_sources s WHERE s.character_id = c.id), '[]') AS sources`;
export const MEMBER_COLUMNS = 'm.id, m.discord_user_id, m.username, m.global_name, m.nickname, m.avatar, m.joined_at';
/** How the member panel sorts: by the name shown. */
const DISPLAY_NAME = 'lower(coalesce(m.nickname, m.global_name, m.username))';
const IS_UNLINKED = 'NOT EXISTS (SELECT 1 FROM character_links l WHERE l.character_id = c.id)';

/** LIKE treats % and _ as wildcards and \ as escape; a search for "50%" means the text "50%". */
const likePattern = (text: string) => containsPattern(text.toLowerCase());

export async function selectGuild(db: Queryable, guildId: string): Promise<DiscoveryGuildRow | null> {
  const { rows } = await db.query<DiscoveryGuildRow>(
    'SELECT id, guild_name, server, discord_guild_id FROM guilds WHERE id = $1',
    [guildId],
  );
  return rows[0] ?? null;
}

/** The header's three counts. */
export async function selectDiscoveryCounts(db: Queryable, guildId: string) {
  const { rows } = await db.query<{ members: number; unlinked: number; linked: number }>(
    `SELECT (SELECT count(*) FROM discord_members m WHERE m.guild_id = $1 AND m.left_at IS NULL)::int AS members,
            (SELECT count(*) FROM characters c WHERE c.guild_id = $1 AND ${IS_UNLINKED})::int AS unlinked,
            (SELECT count(*) FROM character_links l WHERE l.guild_id = $1)::int AS linked`,
    [guildId],
  );
  return rows[0]!;
}

/** Filters of the unlinked characters list. */
export interface CharacterFilters {
  search?: string;
  class?: WowClass;
  role?: CharacterRole;
  limit: number;
  offset: number;
}

/** A page of the guild's unlinked characters by name, the matching total, and the classes and roles present. */
export async function selectUnlinkedCharacters(db: Queryable, guildId: string, filters: CharacterFilters) {
  const values: unknown[] = [guildId];
  let where = `c.guild_id = $1 AND ${IS_UNLINKED}`;
  const facetWhere = where;
  if (filters.search) {
    values.push(likePattern(filters.search));
    const p = `$${values.length}`;
    where += ` AND (lower(c.name) LIKE ${p} OR lower(c.guild_note) LIKE ${p} OR lower(c.officer_note) LIKE ${p})`;
  }
  if (filters.class) {
    values.push(filters.class);
    where += ` AND c.class = $${values.length}`;
  }
  if (filters.role) {
    values.push(filters.role);
    where += ` AND c.role = $${values.length}`;
  }
  const [page, total, facets] = await Promise.all([
    db.query<CharacterRow>(
      `SELECT ${CHARACTER_COLUMNS} FROM characters c WHERE ${where} ORDER BY lower(c.name), c.id
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, filters.limit, filters.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM characters c WHERE ${where}`, values),
    db.query<{ classes: WowClass[] | null; roles: CharacterRole[] | null }>(
      `SELECT array_agg(DISTINCT c.class ORDER BY c.class) AS classes,
              array_agg(DISTINCT c.role ORDER BY c.role) FILTER (WHERE c.role IS NOT NULL) AS roles
         FROM characters c WHERE ${facetWhere}`,
      [guildId],
    ),
  ]);
  return {
    rows: page.rows,
    total: total.rows[0]?.total ?? 0,
    classes: facets.rows[0]?.classes ?? [],
    roles: facets.rows[0]?.roles ?? [],
  };
}

/** A page of the guild's current members by the name shown, and the matching total. */
export async function selectMemberPage(db: Queryable, guildId: string, page: { search?: string; limit: number; offset: number }) {
  const values: unknown[] = [guildId];
  let where = 'm.guild_id = $1 AND m.left_at IS NULL';
  if (page.search) {
    values.push(likePattern(page.search));
    const p = `$${values.length}`;
    where += ` AND (lower(m.username) LIKE ${p} OR lower(m.global_name) LIKE ${p} OR lower(m.nickname) LIKE ${p})`;
  }
  const [rows, total] = await Promise.all([
    db.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM discord_members m WHERE ${where} ORDER BY ${DISPLAY_NAME}, m.id
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM discord_members m WHERE ${where}`, values),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

/** The characters the matcher scores: the guild's unlinked ones, or all of them. */
export async function selectCharactersToMatch(db: Queryable, guildId: string, includeLinked: boolean) {
  const { rows } = await db.query<CharacterRow>(
    `SELECT ${CHARACTER_COLUMNS} FROM characters c WHERE c.guild_id = $1 ${includeLinked ? '' : `AND ${IS_UNLINKED}`}`,
    [guildId],
  );
  return rows;
}

/** Every current member of the guild, for the matcher. */
export async function selectCurrentMembers(db: Queryable, guildId: string) {
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM discord_members m WHERE m.guild_id = $1 AND m.left_at IS NULL`,
    [guildId],
  );
  return rows;
}
