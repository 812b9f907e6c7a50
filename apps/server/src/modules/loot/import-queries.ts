import type { Queryable } from '../../services/db/db';

// An RCLootCouncil import's lines (loot_entries of source rclootcouncil, as modules/data-sources writes them) as a
// raid's awards: the lines of the raid's time, the raid's awards of other origins, and a line turned into an award.

/** loot_entries.source of an RCLootCouncil import (modules/data-sources). */
export const IMPORT_SOURCE = 'rclootcouncil';

/** An imported line. */
export interface ImportLineRow {
  id: string;
  character_id: string | null;
  character_name: string;
  item_id: number;
  item_name: string;
  boss: string | null;
  response: string | null;
  awarded_at: Date;
  raid_event_id: string | null;
  drop_number: number | null;
}

/**
 * The guild's imported lines of a raid: those not yet any raid's award from its time (loot_entries_import_idx), and
 * those already turned into its awards; in the order they were awarded.
 */
export async function selectImportLines(
  db: Queryable,
  guildId: string,
  raidId: string,
  window: { from: Date; to: Date },
): Promise<ImportLineRow[]> {
  const { rows } = await db.query<ImportLineRow>(
    `SELECT * FROM (
       SELECT id, character_id, character_name, item_id, item_name, boss, response, awarded_at, raid_event_id, drop_number
         FROM loot_entries
        WHERE guild_id = $1 AND source = $5 AND raid_event_id IS NULL AND awarded_at BETWEEN $3 AND $4
       UNION ALL
       SELECT id, character_id, character_name, item_id, item_name, boss, response, awarded_at, raid_event_id, drop_number
         FROM loot_entries
        WHERE guild_id = $1 AND source = $5 AND raid_event_id = $2) lines
      ORDER BY awarded_at, id`,
    [guildId, raidId, window.from, window.to, IMPORT_SOURCE],
  );
  return rows;
}

/** An award of the raid, of any origin (by hand, through the council, from an import). */
export interface RaidDropRow {
  character_id: string | null;
  item_id: number;
  boss: string | null;
  drop_number: number | null;
}

/** The raid's awards of every origin (loot_entries_raid_event_idx): the drops taken and who has which item. */
export async function selectRaidDrops(db: Queryable, raidId: string): Promise<RaidDropRow[]> {
  const { rows } = await db.query<RaidDropRow>(
    'SELECT character_id, item_id, boss, drop_number FROM loot_entries WHERE raid_event_id = $1',
    [raidId],
  );
  return rows;
}

/** Makes imported lines the raid's awards (each with its drop, slot, level and recorder); the ids it changed. */
export async function attachImportLines(
  tx: Queryable,
  guildId: string,
  raidId: string,
  awards: readonly { id: string; dropNumber: number; slot: string; itemLevel: number | null }[],
  recordedBy: unknown,
): Promise<string[]> {
  if (awards.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE loot_entries l
        SET raid_event_id = $2, drop_number = a.drop_number, slot = a.slot, item_level = a.item_level, recorded_by = $4
       FROM jsonb_to_recordset($3::jsonb) AS a(id uuid, drop_number smallint, slot text, item_level smallint)
      WHERE l.id = a.id AND l.guild_id = $1 AND l.raid_event_id IS NULL
      RETURNING l.id`,
    [
      guildId,
      raidId,
      JSON.stringify(awards.map((a) => ({ id: a.id, drop_number: a.dropNumber, slot: a.slot, item_level: a.itemLevel }))),
      JSON.stringify(recordedBy),
    ],
  );
  return rows.map((row) => row.id);
}
