import type { WowClass } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

// The preview and the apply of a staged export (loot_import_rows), set-based: counts, the first lines and the loot
// written are statements over the staged rows; only the players (a few hundred in the largest export) come to JS,
// for the character merge.

/** Whether the guild holds a staged line's award already (loot_entries' unique source key). */
const IS_HELD = `EXISTS (SELECT 1 FROM loot_entries l WHERE l.guild_id = $2 AND l.source = $3 AND l.source_key = r.source_key)`;
/** A repeat of an award an earlier line of the same file names. */
const IS_REPEAT = `EXISTS (SELECT 1 FROM loot_import_rows d
                           WHERE d.import_id = r.import_id AND d.source_key = r.source_key AND d.line < r.line)`;

/** Each player the export names (on lines that were taken) with the class of their first line. */
export async function selectStagedPlayers(db: Queryable, importId: string): Promise<{ player: string; class: WowClass }[]> {
  const { rows } = await db.query<{ player: string; class: WowClass }>(
    `SELECT DISTINCT ON (player) player, class FROM loot_import_rows
      WHERE import_id = $1 AND reason IS NULL ORDER BY player, line`,
    [importId],
  );
  return rows;
}

/** Awards of the export the guild does not hold yet (each counted once, however often the file repeats it). */
export async function countNewStagedLoot(db: Queryable, importId: string, guildId: string, source: string): Promise<number> {
  const { rows } = await db.query<{ new: number }>(
    `SELECT count(DISTINCT r.source_key)::int AS new FROM loot_import_rows r
      WHERE r.import_id = $1 AND r.reason IS NULL AND NOT ${IS_HELD}`,
    [importId, guildId, source],
  );
  return rows[0]!.new;
}

/** A staged line as the preview lists it. */
export interface StagedItemRow {
  line: number;
  player: string;
  item: string;
  boss: string | null;
  response: string | null;
  awarded_at: Date | null;
  status: 'new' | 'unchanged' | 'rejected';
  reason: string | null;
}

/** The export's first lines in order, each new (its award's first line, not held), unchanged or rejected. */
export async function selectStagedItems(
  db: Queryable,
  importId: string,
  guildId: string,
  source: string,
  limit: number,
): Promise<StagedItemRow[]> {
  const { rows } = await db.query<StagedItemRow>(
    `SELECT r.line, r.player, r.item_name AS item, r.boss, r.response, r.awarded_at, r.reason,
            CASE WHEN r.reason IS NOT NULL THEN 'rejected'
                 WHEN ${IS_HELD} OR ${IS_REPEAT} THEN 'unchanged'
                 ELSE 'new' END AS status
       FROM loot_import_rows r
      WHERE r.import_id = $1
      ORDER BY r.line
      LIMIT $4`,
    [importId, guildId, source, limit],
  );
  return rows;
}

/** The export's first rejected lines with their reasons. */
export async function selectStagedRejected(
  db: Queryable,
  importId: string,
  limit: number,
): Promise<{ line: number; player: string; item: string; reason: string }[]> {
  const { rows } = await db.query<{ line: number; player: string; item: string; reason: string }>(
    `SELECT line, player, item_name AS item, reason FROM loot_import_rows
      WHERE import_id = $1 AND reason IS NOT NULL ORDER BY line LIMIT $2`,
    [importId, limit],
  );
  return rows;
}

/** What the apply wrote for one character: how many awards and the latest. */
export interface WrittenLoot {
  character_id: string;
  count: number;
  last_at: Date;
}

/**
 * Writes the staged awards the guild does not hold yet, each once (its first line), to the character each player
 * was merged into (`players`: player as written → character id and name); returns what it wrote per character.
 */
export async function insertStagedLoot(
  tx: Queryable,
  importId: string,
  guildId: string,
  source: string,
  players: readonly { player: string; character_id: string; character_name: string }[],
): Promise<WrittenLoot[]> {
  const { rows } = await tx.query<WrittenLoot>(
    `WITH written AS (
       INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, item_string, boss, instance,
                                 difficulty, response, votes, note, owner, awarded_at, source, source_key)
       SELECT DISTINCT ON (r.source_key) $2, p.character_id, p.character_name, r.item_id, r.item_name, r.item_string,
              r.boss, r.instance, r.difficulty, r.response, r.votes, r.note, r.owner, r.awarded_at, $3, r.source_key
         FROM loot_import_rows r
         JOIN jsonb_to_recordset($4::jsonb) AS p(player text, character_id uuid, character_name text) ON p.player = r.player
        WHERE r.import_id = $1 AND r.reason IS NULL
        ORDER BY r.source_key, r.line
       ON CONFLICT (guild_id, source, source_key) WHERE source_key IS NOT NULL DO NOTHING
       RETURNING character_id, awarded_at)
     SELECT character_id, count(*)::int AS count, max(awarded_at) AS last_at FROM written GROUP BY character_id`,
    [importId, guildId, source, JSON.stringify(players)],
  );
  return rows;
}
