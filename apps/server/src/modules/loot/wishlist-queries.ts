import type { Queryable } from '../../services/db/db';

// Members' wishlists per character, and the priority board that reads them.

/** One wishlist line. */
export interface WishlistRow {
  item_id: number;
  item_name: string;
  rank: number;
  note: string;
}

/** A character's wishlist in rank order. */
export async function selectWishlist(db: Queryable, characterId: string): Promise<WishlistRow[]> {
  const { rows } = await db.query<WishlistRow>(
    'SELECT item_id, item_name, rank, note FROM loot_wishlist_items WHERE character_id = $1 ORDER BY rank',
    [characterId],
  );
  return rows;
}

/**
 * Replaces a character's wishlist with these lines, ranked from 1 in the order given. A line the list already had keeps
 * its source (an item imported from WoWAudit stays WoWAudit's, for the next sync to replace); a new line is the member's.
 */
export async function replaceWishlist(
  tx: Queryable,
  guildId: string,
  characterId: string,
  items: readonly { itemId: number; itemName: string; note: string }[],
): Promise<void> {
  const { rows: before } = await tx.query<{ item_id: number; source: string }>(
    'DELETE FROM loot_wishlist_items WHERE character_id = $1 RETURNING item_id, source',
    [characterId],
  );
  const sourceOf = new Map(before.map((row) => [row.item_id, row.source]));
  await insertLines(
    tx,
    guildId,
    characterId,
    items.map((i) => ({ item_id: i.itemId, item_name: i.itemName, note: i.note, source: sourceOf.get(i.itemId) ?? 'member' })),
  );
}

/** A wishlist line as written. */
interface WishlistLine {
  item_id: number;
  item_name: string;
  note: string;
  source: string;
}

/** Writes a character's lines, ranked from 1 in the order given (its old lines are already gone). */
async function insertLines(tx: Queryable, guildId: string, characterId: string, lines: readonly WishlistLine[]) {
  if (lines.length === 0) return;
  await tx.query(
    `INSERT INTO loot_wishlist_items (guild_id, character_id, item_id, item_name, rank, note, source)
     SELECT $1, $2, i.item_id, i.item_name, i.rank, i.note, i.source
       FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS i(item_id, item_name, note, source, rank)`,
    [
      guildId,
      characterId,
      lines.map((line) => line.item_id),
      lines.map((line) => line.item_name),
      lines.map((line) => line.note),
      lines.map((line) => line.source),
    ],
  );
}

/** A line WoWAudit wants on a character's wishlist, best first. */
export interface ImportedWish {
  itemId: number;
  itemName: string;
  note: string;
}

/**
 * Sets the WoWAudit lines of a character's wishlist: its earlier imported lines go, the member's own stay first (ranked
 * from 1 in their order), then WoWAudit's items they do not already list, up to the list's 50. Whether anything
 * changed (a second sync of the same wishlists changes nothing).
 */
export async function replaceImportedWishes(
  tx: Queryable,
  guildId: string,
  characterId: string,
  wishes: readonly ImportedWish[],
  maxItems: number,
): Promise<boolean> {
  const { rows } = await tx.query<{ item_id: number; item_name: string; note: string; source: string; rank: number }>(
    'SELECT item_id, item_name, note, source, rank FROM loot_wishlist_items WHERE character_id = $1 ORDER BY rank FOR UPDATE',
    [characterId],
  );
  const own = rows.filter((row) => row.source === 'member');
  const ownIds = new Set(own.map((row) => row.item_id));
  const imported = wishes.filter((wish) => !ownIds.has(wish.itemId)).slice(0, Math.max(0, maxItems - own.length));
  const next: WishlistLine[] = [
    ...own.map((row) => ({ item_id: row.item_id, item_name: row.item_name, note: row.note, source: 'member' })),
    ...imported.map((wish) => ({ item_id: wish.itemId, item_name: wish.itemName, note: wish.note, source: 'wowaudit' })),
  ];
  const same = (a: WishlistLine, b: (typeof rows)[number] | undefined, rank: number) =>
    b !== undefined &&
    b.rank === rank &&
    a.item_id === b.item_id &&
    a.item_name === b.item_name &&
    a.note === b.note &&
    a.source === b.source;
  if (next.length === rows.length && next.every((line, i) => same(line, rows[i], i + 1))) return false;
  await tx.query('DELETE FROM loot_wishlist_items WHERE character_id = $1', [characterId]);
  await insertLines(tx, guildId, characterId, next);
  return true;
}

/** One line of an item's priority board. */
export interface PriorityRow {
  character_id: string;
  name: string;
  class: string;
  rank: number;
  note: string;
  points: string | null;
  ep: string | null;
  gp: string | null;
  last_upgrade_at: Date | null;
  last_upgrade_item: string | null;
}

/**
 * Who in the guild wants an item (loot_wishlist_item_idx), with their sums on the ledger (loot_ledger_totals) and
 * their last upgrade (loot_entries_character_awarded_idx). Ordered as the council reads it: the
 * standing first (DKP points, EPGP priority), then the wishlist rank, then whoever waited longest for an upgrade.
 */
export async function selectPriorityBoard(
  db: Queryable,
  guildId: string,
  itemId: number,
  ledger: string | null,
  baseGp: string,
  upgradeResponses: readonly string[],
): Promise<PriorityRow[]> {
  const { rows } = await db.query<PriorityRow>(
    `SELECT w.character_id, c.name, c.class, w.rank, w.note, s.points::text, s.ep::text, s.gp::text,
            up.awarded_at AS last_upgrade_at, up.item_name AS last_upgrade_item
       FROM loot_wishlist_items w
       JOIN characters c ON c.id = w.character_id
       LEFT JOIN loot_ledger_totals s ON s.guild_id = w.guild_id AND s.ledger = $3 AND s.character_id = w.character_id
       LEFT JOIN LATERAL (SELECT l.awarded_at, l.item_name FROM loot_entries l
                           WHERE l.character_id = w.character_id AND l.response = ANY($5::text[])
                           ORDER BY l.awarded_at DESC LIMIT 1) up ON true
      WHERE w.guild_id = $1 AND w.item_id = $2
      ORDER BY CASE WHEN $3 = 'epgp' THEN COALESCE(s.ep, 0) / ($4::numeric + COALESCE(s.gp, 0))
                    WHEN $3 = 'dkp' THEN COALESCE(s.points, 0) END DESC NULLS LAST,
               w.rank, up.awarded_at NULLS FIRST, lower(c.name)`,
    [guildId, itemId, ledger, baseGp, upgradeResponses],
  );
  return rows;
}
