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

/** Replaces a character's wishlist with these lines, ranked from 1 in the order given. */
export async function replaceWishlist(
  tx: Queryable,
  guildId: string,
  characterId: string,
  items: readonly { itemId: number; itemName: string; note: string }[],
): Promise<void> {
  await tx.query('DELETE FROM loot_wishlist_items WHERE character_id = $1', [characterId]);
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO loot_wishlist_items (guild_id, character_id, item_id, item_name, rank, note)
     SELECT $1, $2, i.item_id, i.item_name, i.rank, i.note
       FROM unnest($3::int[], $4::text[], $5::text[]) WITH ORDINALITY AS i(item_id, item_name, note, rank)`,
    [guildId, characterId, items.map((i) => i.itemId), items.map((i) => i.itemName), items.map((i) => i.note)],
  );
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
