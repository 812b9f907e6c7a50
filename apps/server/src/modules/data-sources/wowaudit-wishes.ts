import { LOOT_LIMITS } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { WowAuditWishedItem, WowAuditWishlist } from '../../services/game-data/wowaudit';
import { isWishlistLocked, rulesInForce } from '../loot/rules-in-force';
import { type ImportedWish, replaceImportedWishes } from '../loot/wishlist-queries';
import { CharacterIndex } from './plan-characters';
import { selectKnownCharacters } from './queries';

/** Manual wish sizes, strongest first, for ordering items Droptimizer gave no number. */
const UPGRADE_ORDER = ['huge', 'big', 'medium', 'small', 'tiny'];
const NOTE_LENGTH = 200;

const upgradeRank = (upgrade: string | null) => {
  const index = UPGRADE_ORDER.indexOf(upgrade ?? '');
  return index === -1 ? UPGRADE_ORDER.length : index;
};

/** The line's note: where it drops and how much it helps, as WoWAudit says it. */
function noteOf(item: WowAuditWishedItem): string {
  const parts = [
    item.comment,
    item.percentage > 0 ? `+${item.percentage.toFixed(1)}%` : item.upgrade ? `${item.upgrade} upgrade` : null,
    `${item.encounter} (${item.instance}, ${item.difficulty})`,
  ].filter(Boolean);
  return `WoWAudit: ${parts.join(' · ')}`.slice(0, NOTE_LENGTH);
}

/**
 * A character's WoWAudit items as wishlist lines, best first: each item once (its best sighting across wishlists,
 * difficulties and bosses), ordered by Droptimizer's upgrade, then the manual wish's size; items that help nothing
 * (no percentage, no wish) are left out.
 */
export function rankWishes(items: readonly WowAuditWishedItem[]): ImportedWish[] {
  const best = new Map<number, WowAuditWishedItem>();
  for (const item of items) {
    if (item.percentage <= 0 && !item.upgrade) continue;
    const known = best.get(item.itemId);
    if (!known || item.percentage > known.percentage || upgradeRank(item.upgrade) < upgradeRank(known.upgrade)) {
      best.set(item.itemId, item);
    }
  }
  return [...best.values()]
    .sort(
      (a, b) => b.percentage - a.percentage || upgradeRank(a.upgrade) - upgradeRank(b.upgrade) || a.name.localeCompare(b.name),
    )
    .map((item) => ({ itemId: item.itemId, itemName: item.name, note: noteOf(item) }));
}

/**
 * Writes WoWAudit's wishlists onto the guild's characters (found by WoWAudit's Blizzard id, else name and realm): the
 * imported lines of each are replaced, the member's own kept. Nothing once the officers' wishlist lock date has passed
 * (the lock freezes every list). How many characters' wishlists changed.
 */
export async function saveWowAuditWishes(
  tx: Queryable,
  guildId: string,
  wishlists: readonly WowAuditWishlist[],
  battlenetIds: ReadonlyMap<number, string | null>,
): Promise<number> {
  if (wishlists.length === 0) return 0;
  if (isWishlistLocked((await rulesInForce(tx, guildId)).rules)) return 0;
  const index = new CharacterIndex(await selectKnownCharacters(tx, guildId));
  let changed = 0;
  for (const wishlist of wishlists) {
    const character = index.find({
      name: wishlist.name,
      realm: wishlist.realm,
      battlenetId: battlenetIds.get(wishlist.characterId) ?? null,
    });
    if (!character) continue;
    const wishes = rankWishes(wishlist.items);
    if (await replaceImportedWishes(tx, guildId, character.id, wishes, LOOT_LIMITS.wishlistItems)) changed += 1;
  }
  return changed;
}
