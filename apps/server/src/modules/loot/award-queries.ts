import type { Queryable } from '../../services/db/db';

// Raids as loot sees them (who was in one), the awards (rows of loot_entries) and the item catalog. Every read is
// scoped by the guild, so another guild's raid, character or award is simply not found.

/** A raid of the guild. */
export interface LootRaidRow {
  id: string;
  name: string;
  instance: string;
  difficulty: string;
  starts_at: Date;
  ends_at: Date | null;
}

/** A raid of the guild that was not cancelled, or null; `lock`: locked for the caller's transaction. */
export async function findRaid(db: Queryable, guildId: string, raidId: string, lock = false): Promise<LootRaidRow | null> {
  const { rows } = await db.query<LootRaidRow>(
    `SELECT id, name, instance, difficulty, starts_at, ends_at FROM raid_events
      WHERE guild_id = $1 AND id = $2 AND cancelled_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [guildId, raidId],
  );
  return rows[0] ?? null;
}

/** A character in a raid and how it came. */
export interface RosterRow {
  id: string;
  name: string;
  class: string;
  presence: 'on_time' | 'late' | 'bench';
}

/**
 * Who was in a raid: the attendance recorded (present, late, benched), and for characters it does not name,
 * the sign-ups with a character (accept, late, bench). Attendance wins: a character it marks absent was not there.
 */
export async function selectRoster(db: Queryable, guildId: string, raidId: string): Promise<RosterRow[]> {
  const { rows } = await db.query<RosterRow>(
    `SELECT c.id, c.name, c.class, r.presence
       FROM (SELECT a.character_id, CASE a.status WHEN 'present' THEN 'on_time' WHEN 'benched' THEN 'bench' ELSE 'late' END AS presence
               FROM raid_attendance a WHERE a.raid_event_id = $2 AND a.status IN ('present', 'late', 'benched')
             UNION ALL
             SELECT s.character_id, CASE s.status WHEN 'accept' THEN 'on_time' ELSE s.status END
               FROM raid_signups s
              WHERE s.raid_event_id = $2 AND s.character_id IS NOT NULL AND s.status IN ('accept', 'late', 'bench')
                AND NOT EXISTS (SELECT 1 FROM raid_attendance a
                                 WHERE a.raid_event_id = $2 AND a.character_id = s.character_id)) r
       JOIN characters c ON c.id = r.character_id AND c.guild_id = $1
      ORDER BY lower(c.name), c.id`,
    [guildId, raidId],
  );
  return rows;
}

/** A character of the guild. */
export interface LootCharacterRow {
  id: string;
  name: string;
  class: string;
}

export async function findCharacter(db: Queryable, guildId: string, characterId: string): Promise<LootCharacterRow | null> {
  const { rows } = await db.query<LootCharacterRow>('SELECT id, name, class FROM characters WHERE guild_id = $1 AND id = $2', [
    guildId,
    characterId,
  ]);
  return rows[0] ?? null;
}

/** The Guildhall user who plays a character (linked to their Discord member row), or null. */
export async function findCharacterOwner(db: Queryable, guildId: string, characterId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT u.id AS user_id
       FROM character_links l
       JOIN discord_members m ON m.id = l.discord_member_id AND m.guild_id = $1 AND m.left_at IS NULL
       JOIN users u ON u.discord_id = m.discord_user_id
      WHERE l.guild_id = $1 AND l.character_id = $2`,
    [guildId, characterId],
  );
  return rows[0]?.user_id ?? null;
}

/** An item as the catalog or the guild's loot names it. */
export interface ItemRow {
  item_id: number;
  name: string;
  slot: string | null;
  item_level: number | null;
  boss: string | null;
}

/** Items whose name holds the pattern or with this id: the catalog first, then the guild's own loot. */
export async function searchItems(db: Queryable, guildId: string, pattern: string, itemId: number | null): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `SELECT DISTINCT ON (item_id) * FROM (
       (SELECT item_id, name, slot, item_level, boss, 0 AS source FROM loot_items
         WHERE lower(name) LIKE lower($2) OR item_id = $3 ORDER BY lower(name) LIMIT 25)
       UNION ALL
       (SELECT item_id, item_name, slot, item_level, boss, 1 FROM loot_entries
         WHERE guild_id = $1 AND (lower(item_name) LIKE lower($2) OR item_id = $3) ORDER BY awarded_at DESC LIMIT 200)
     ) found
     ORDER BY item_id, source
     LIMIT 25`,
    [guildId, pattern, itemId],
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** One item by id: the catalog's, or the newest award of it in the guild. */
export async function findItem(db: Queryable, guildId: string, itemId: number): Promise<ItemRow | null> {
  const { rows } = await db.query<ItemRow>(
    `(SELECT item_id, name, slot, item_level, boss FROM loot_items WHERE item_id = $2)
     UNION ALL
     (SELECT item_id, item_name, slot, item_level, boss FROM loot_entries
       WHERE guild_id = $1 AND item_id = $2 ORDER BY awarded_at DESC LIMIT 1)
     LIMIT 1`,
    [guildId, itemId],
  );
  return rows[0] ?? null;
}

/** What an award records. */
export interface AwardValues {
  characterId: string;
  characterName: string;
  itemId: number;
  itemName: string;
  boss: string;
  raidId: string;
  instance: string;
  difficulty: string;
  response: string;
  note: string;
  slot: string;
  itemLevel: number | null;
  bid: string | null;
  dropNumber: number;
  recordedBy: unknown;
}

/** True when this drop of the raid (boss, item, drop number) already has an award. */
export async function isDropAwarded(
  db: Queryable,
  values: Pick<AwardValues, 'raidId' | 'boss' | 'itemId' | 'dropNumber'>,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM loot_entries
      WHERE raid_event_id = $1 AND lower(boss) = lower($2) AND item_id = $3 AND drop_number = $4`,
    [values.raidId, values.boss, values.itemId, values.dropNumber],
  );
  return rows.length > 0;
}

/** Stores an award (loot_entries_drop_idx refuses a second one for the drop); its id. */
export async function insertAward(tx: Queryable, guildId: string, v: AwardValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, raid_event_id, source,
                               response, note, instance, difficulty, slot, item_level, bid, drop_number, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'manual', $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING id`,
    [
      guildId,
      v.characterId,
      v.characterName,
      v.itemId,
      v.itemName,
      v.boss,
      v.raidId,
      v.response,
      v.note,
      v.instance,
      v.difficulty,
      v.slot,
      v.itemLevel,
      v.bid,
      v.dropNumber,
      JSON.stringify(v.recordedBy),
    ],
  );
  return rows[0]!.id;
}

/** An award with its raid, its character and what the ledger charged for it (its first charge: one per award). */
export interface AwardRow {
  id: string;
  character_id: string | null;
  character_class: string | null;
  character_name: string;
  item_id: number;
  item_name: string;
  boss: string | null;
  raid_id: string | null;
  raid_name: string | null;
  raid_starts_at: Date | null;
  response: string | null;
  note: string | null;
  slot: string | null;
  item_level: number | null;
  cost_points: string | null;
  cost_gp: string | null;
  recorded_by_name: string | null;
  awarded_at: Date;
}

const AWARD_SELECT = `
  SELECT l.id, l.character_id, c.class AS character_class, COALESCE(c.name, l.character_name) AS character_name,
         l.item_id, l.item_name, l.boss, r.id AS raid_id, r.name AS raid_name, r.starts_at AS raid_starts_at,
         l.response, l.note, l.slot, l.item_level, (-e.points)::text AS cost_points, e.gp::text AS cost_gp,
         l.recorded_by ->> 'name' AS recorded_by_name, l.awarded_at
    FROM loot_entries l
    LEFT JOIN characters c ON c.id = l.character_id
    LEFT JOIN raid_events r ON r.id = l.raid_event_id
    LEFT JOIN LATERAL (SELECT charge.points, charge.gp FROM loot_ledger_entries charge
                        WHERE charge.award_id = l.id AND charge.kind = 'award' ORDER BY charge.created_at LIMIT 1) e ON true`;

/** Awards of the guild by id. */
export async function selectAwards(db: Queryable, guildId: string, awardIds: readonly string[]): Promise<AwardRow[]> {
  const { rows } = await db.query<AwardRow>(`${AWARD_SELECT} WHERE l.guild_id = $1 AND l.id = ANY($2::uuid[])`, [
    guildId,
    awardIds,
  ]);
  return rows;
}

/** A raid's awards in the order they were recorded (loot_entries_raid_event_idx). */
export async function selectRaidAwards(db: Queryable, guildId: string, raidId: string): Promise<AwardRow[]> {
  const { rows } = await db.query<AwardRow>(
    `${AWARD_SELECT} WHERE l.guild_id = $1 AND l.raid_event_id = $2 ORDER BY l.awarded_at, l.id`,
    [guildId, raidId],
  );
  return rows;
}

/** A character's awards, newest first (loot_entries_character_awarded_idx). */
export async function selectCharacterAwards(
  db: Queryable,
  guildId: string,
  characterId: string,
  limit: number,
): Promise<AwardRow[]> {
  const { rows } = await db.query<AwardRow>(
    `${AWARD_SELECT} WHERE l.character_id = $2 AND l.guild_id = $1 ORDER BY l.awarded_at DESC, l.id DESC LIMIT $3`,
    [guildId, characterId, limit],
  );
  return rows;
}
