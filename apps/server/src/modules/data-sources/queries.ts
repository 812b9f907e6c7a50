import type { CharacterSourceType, DataSourceCounts } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { CharacterFields, KnownCharacter } from './plan-characters';

/** The guild the pipeline writes to, locked for the transaction so two runs of one guild cannot interleave. */
export interface LockedGuild {
  id: string;
  guild_name: string;
  server: string;
  region: string;
}

export async function lockGuild(tx: Queryable, guildId: string): Promise<LockedGuild | null> {
  const { rows } = await tx.query<LockedGuild>('SELECT id, guild_name, server, region FROM guilds WHERE id = $1 FOR UPDATE', [
    guildId,
  ]);
  return rows[0] ?? null;
}

export async function selectGuildForSources(db: Queryable, guildId: string): Promise<LockedGuild | null> {
  const { rows } = await db.query<LockedGuild>('SELECT id, guild_name, server, region FROM guilds WHERE id = $1', [guildId]);
  return rows[0] ?? null;
}

const KNOWN_COLUMNS = `id, name, realm, realm_slug, class, battlenet_id::text AS battlenet_id, level, spec, role, race, guild_rank, team_rank,
  item_level::float8 AS item_level, item_level_equipped::float8 AS item_level_equipped,
  mythic_plus_score::float8 AS mythic_plus_score, avatar_url, render_url, left_guild_at, retired_at`;

/** Every character of the guild, as the merge reads them. */
export async function selectKnownCharacters(tx: Queryable, guildId: string): Promise<KnownCharacter[]> {
  const { rows } = await tx.query<KnownCharacter>(`SELECT ${KNOWN_COLUMNS} FROM characters WHERE guild_id = $1`, [guildId]);
  return rows;
}

/** A character to create, with the fields its source gave. */
export interface NewCharacter extends CharacterFields {
  name: string;
  realm: string;
  class: string;
  last_activity_at?: Date | null;
}

/** Creates characters; returns them as the merge reads them (in no particular order). */
export async function insertCharacters(
  tx: Queryable,
  guildId: string,
  characters: readonly NewCharacter[],
): Promise<KnownCharacter[]> {
  if (characters.length === 0) return [];
  const { rows } = await tx.query<KnownCharacter>(
    `INSERT INTO characters (guild_id, name, realm, realm_slug, class, battlenet_id, level, spec, role, race, guild_rank,
                             team_rank, item_level, item_level_equipped, mythic_plus_score, avatar_url, render_url,
                             last_activity_at)
     SELECT $1, t.name, t.realm, t.realm_slug, t.class, t.battlenet_id, coalesce(t.level, 80), t.spec, t.role, t.race,
            t.guild_rank, t.team_rank, t.item_level, t.item_level_equipped, t.mythic_plus_score, t.avatar_url, t.render_url,
            t.last_activity_at
       FROM jsonb_to_recordset($2::jsonb) AS t(name text, realm text, realm_slug text, class text, battlenet_id bigint,
            level int, spec text, role text, race text, guild_rank int, team_rank text, item_level numeric, item_level_equipped numeric,
            mythic_plus_score numeric, avatar_url text, render_url text, last_activity_at timestamptz)
     RETURNING ${KNOWN_COLUMNS}`,
    [guildId, JSON.stringify(characters)],
  );
  return rows;
}

/** Writes what the sources changed, many characters in one statement; a key absent from changes keeps its column. */
export async function updateCharacters(
  tx: Queryable,
  updates: readonly { id: string; changes: CharacterFields; isBack?: boolean }[],
  at: Date,
): Promise<void> {
  if (updates.length === 0) return;
  const set = (column: string, type: string) =>
    `${column} = CASE WHEN u.changes ? '${column}' THEN (u.changes ->> '${column}')::${type} ELSE c.${column} END`;
  await tx.query(
    `UPDATE characters c SET
       ${set('level', 'int')}, ${set('spec', 'text')}, ${set('role', 'text')}, ${set('race', 'text')},
       ${set('guild_rank', 'int')}, ${set('team_rank', 'text')}, ${set('item_level', 'numeric')}, ${set('item_level_equipped', 'numeric')},
       ${set('mythic_plus_score', 'numeric')},
       ${set('avatar_url', 'text')}, ${set('render_url', 'text')}, ${set('realm_slug', 'text')},
       ${set('battlenet_id', 'bigint')},
       left_guild_at = CASE WHEN u.is_back THEN NULL ELSE c.left_guild_at END,
       updated_at = $2
       FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, changes jsonb, is_back boolean)
      WHERE c.id = u.id`,
    [JSON.stringify(updates.map((update) => ({ id: update.id, changes: update.changes, is_back: update.isBack ?? false }))), at],
  );
}

/** A source saw characters `count` more times (or, for a roster, once: set to 1), last at seen_at. */
export interface SourceSighting {
  character_id: string;
  count: number;
  seen_at: Date;
}

/** Adds sightings to the characters' sources; `replace` sets the count instead of adding (a roster entry is one). */
export async function addSourceSightings(
  tx: Queryable,
  source: CharacterSourceType,
  sightings: readonly SourceSighting[],
  replace = false,
): Promise<void> {
  if (sightings.length === 0) return;
  await tx.query(
    `INSERT INTO character_sources (character_id, source_type, occurrence_count, first_seen_at, last_seen_at)
     SELECT t.character_id, $2, t.count, t.seen_at, t.seen_at
       FROM jsonb_to_recordset($1::jsonb) AS t(character_id uuid, count int, seen_at timestamptz)
     ON CONFLICT (character_id, source_type) DO UPDATE
       SET occurrence_count = CASE WHEN $3 THEN EXCLUDED.occurrence_count
                                   ELSE character_sources.occurrence_count + EXCLUDED.occurrence_count END,
           last_seen_at = greatest(character_sources.last_seen_at, EXCLUDED.last_seen_at)`,
    [JSON.stringify(sightings), source, replace],
  );
}

/** Which of these source ids the guild already holds. */
export async function selectKnownLootKeys(
  db: Queryable,
  guildId: string,
  source: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ source_key: string }>(
    `SELECT source_key FROM loot_entries WHERE guild_id = $1 AND source = $2 AND source_key = ANY($3::text[])`,
    [guildId, source, keys],
  );
  return new Set(rows.map((row) => row.source_key));
}

/** A loot entry an import writes. */
export interface ImportedLoot {
  character_id: string;
  character_name: string;
  item_id: number;
  item_name: string;
  item_string: string;
  boss: string | null;
  instance: string | null;
  difficulty: string | null;
  response: string | null;
  votes: number | null;
  note: string | null;
  owner: string | null;
  awarded_at: string;
  source_key: string;
}

/** Inserts the entries the guild does not hold yet (by their source id); returns the ones written. */
export async function insertLoot(
  tx: Queryable,
  guildId: string,
  source: string,
  entries: readonly ImportedLoot[],
): Promise<{ character_id: string; awarded_at: Date }[]> {
  if (entries.length === 0) return [];
  const { rows } = await tx.query<{ character_id: string; awarded_at: Date }>(
    `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, item_string, boss, instance,
                               difficulty, response, votes, note, owner, awarded_at, source, source_key)
     SELECT $1, t.character_id, t.character_name, t.item_id, t.item_name, t.item_string, t.boss, t.instance, t.difficulty,
            t.response, t.votes, t.note, t.owner, t.awarded_at, $2, t.source_key
       FROM jsonb_to_recordset($3::jsonb) AS t(character_id uuid, character_name text, item_id int, item_name text,
            item_string text, boss text, instance text, difficulty text, response text, votes int, note text, owner text,
            awarded_at timestamptz, source_key text)
     ON CONFLICT (guild_id, source, source_key) WHERE source_key IS NOT NULL DO NOTHING
     RETURNING character_id, awarded_at`,
    [guildId, source, JSON.stringify(entries)],
  );
  return rows;
}

/** Characters active at `at` (their last loot): the latest activity wins, the count grows by `count`. */
export async function recordActivity(tx: Queryable, activity: readonly { id: string; at: Date; count: number }[]): Promise<void> {
  if (activity.length === 0) return;
  await tx.query(
    `UPDATE characters c SET last_activity_at = greatest(c.last_activity_at, a.at), activity_count = c.activity_count + a.count
       FROM jsonb_to_recordset($1::jsonb) AS a(id uuid, at timestamptz, count int)
      WHERE c.id = a.id`,
    [JSON.stringify(activity)],
  );
}

/** Marks the characters of a roster that it no longer lists as having left the guild (kept, not deleted). */
export async function markLeftGuild(tx: Queryable, guildId: string, presentIds: readonly string[], at: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE characters SET left_guild_at = $3, updated_at = $3
      WHERE guild_id = $1 AND battlenet_id IS NOT NULL AND left_guild_at IS NULL AND NOT (battlenet_id = ANY($2::bigint[]))`,
    [guildId, presentIds, at],
  );
  return rowCount ?? 0;
}

/** Retires a character by hand; false when it already was. */
export async function retireCharacter(tx: Queryable, guildId: string, characterId: string, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE characters SET retired_at = $3, updated_at = $3 WHERE guild_id = $1 AND id = $2 AND retired_at IS NULL',
    [guildId, characterId, at],
  );
  return (rowCount ?? 0) > 0;
}

/** Changes a character's name, realm or class by hand (the fields no source overrules). */
export async function renameCharacter(
  tx: Queryable,
  characterId: string,
  fields: { name: string; realm: string; class: string },
  at: Date,
): Promise<void> {
  await tx.query('UPDATE characters SET name = $2, realm = $3, class = $4, updated_at = $5 WHERE id = $1', [
    characterId,
    fields.name,
    fields.realm,
    fields.class,
    at,
  ]);
}

/** A run as stored. */
export interface RunRow {
  id: string;
  source_type: CharacterSourceType;
  status: 'succeeded' | 'failed';
  counts: DataSourceCounts;
  subject: string | null;
  error: string | null;
  job_id: string | null;
  actor: { name?: string };
  started_at: Date;
  finished_at: Date;
}

/** Records a run of a source with what it did. */
export async function insertRun(
  tx: Queryable,
  run: {
    guildId: string;
    source: CharacterSourceType;
    status: 'succeeded' | 'failed';
    counts: DataSourceCounts;
    subject: string | null;
    error?: string | null;
    jobId?: string | null;
    actor: unknown;
    startedAt: Date;
  },
): Promise<RunRow> {
  const { rows } = await tx.query<RunRow>(
    `INSERT INTO data_source_runs (guild_id, source_type, status, counts, subject, error, job_id, actor, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [
      run.guildId,
      run.source,
      run.status,
      JSON.stringify(run.counts),
      run.subject,
      run.error ?? null,
      run.jobId ?? null,
      JSON.stringify(run.actor),
      run.startedAt,
    ],
  );
  return rows[0]!;
}

/** The guild's latest runs, newest first. */
export async function selectRuns(db: Queryable, guildId: string, limit: number): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    'SELECT * FROM data_source_runs WHERE guild_id = $1 ORDER BY finished_at DESC, id DESC LIMIT $2',
    [guildId, limit],
  );
  return rows;
}

/** The guild's latest run of each source. */
export async function selectLatestRunPerSource(db: Queryable, guildId: string): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `SELECT DISTINCT ON (source_type) * FROM data_source_runs WHERE guild_id = $1
      ORDER BY source_type, finished_at DESC, id DESC`,
    [guildId],
  );
  return rows;
}

/** A character with its sources, as the screens show it. */
export interface SourcedCharacterRow extends KnownCharacter {
  last_activity_at: Date | null;
  sources: { source_type: CharacterSourceType; occurrence_count: number; last_seen_at: string }[];
}

const SOURCED_COLUMNS = `c.id, c.name, c.realm, c.realm_slug, c.class, c.battlenet_id::text AS battlenet_id, c.level, c.spec,
  c.role, c.race, c.guild_rank, c.team_rank, c.item_level::float8 AS item_level, c.item_level_equipped::float8 AS item_level_equipped,
  c.mythic_plus_score::float8 AS mythic_plus_score, c.avatar_url, c.render_url, c.left_guild_at, c.retired_at, c.last_activity_at,
  coalesce((SELECT jsonb_agg(jsonb_build_object('source_type', s.source_type, 'occurrence_count', s.occurrence_count,
                                                'last_seen_at', s.last_seen_at) ORDER BY s.source_type)
              FROM character_sources s WHERE s.character_id = c.id), '[]') AS sources`;

/** A page of the guild's characters with their sources, by name; `source` keeps those one source saw. */
export async function selectSourcedCharacters(
  db: Queryable,
  guildId: string,
  page: { offset: number; limit: number; source?: CharacterSourceType },
): Promise<{ rows: SourcedCharacterRow[]; total: number }> {
  const filter = page.source
    ? 'AND EXISTS (SELECT 1 FROM character_sources f WHERE f.character_id = c.id AND f.source_type = $4)'
    : '';
  const params: unknown[] = [guildId, page.limit, page.offset, ...(page.source ? [page.source] : [])];
  const { rows } = await db.query<SourcedCharacterRow & { total: number }>(
    `SELECT ${SOURCED_COLUMNS},
            count(*) OVER ()::int AS total
       FROM characters c
      WHERE c.guild_id = $1 ${filter}
      ORDER BY lower(c.name), c.id
      LIMIT $2 OFFSET $3`,
    params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** One character of the guild with its sources; null when the guild has none of that id. */
export async function selectSourcedCharacter(
  db: Queryable,
  guildId: string,
  characterId: string,
): Promise<SourcedCharacterRow | null> {
  const { rows } = await db.query<SourcedCharacterRow>(
    `SELECT ${SOURCED_COLUMNS}
       FROM characters c WHERE c.guild_id = $1 AND c.id = $2`,
    [guildId, characterId],
  );
  return rows[0] ?? null;
}
