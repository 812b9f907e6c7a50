import { LOOT_MESSAGES, type WishlistInput, type WishlistItem } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { findOwnCharacter } from '../raids/signup-queries';
import { findItem } from './award-queries';
import type { LootMember } from './loot-member';
import { presentWishlist } from './presenters';
import { isWishlistLocked, rulesInForce } from './rules-in-force';
import { replaceWishlist, selectWishlist } from './wishlist-queries';

/**
 * Replaces the wishlist of one of the member's characters, ranked in the order given, each item with its note. Only
 * the member's own characters, and not once the officers' lock date has passed. Members keep their own lists: not
 * audited. Callable from other modules (the Discord /wishlist command) with the member it acts for.
 */
export async function saveWishlist(
  db: Db,
  member: LootMember,
  characterId: string,
  input: WishlistInput,
): Promise<WishlistItem[]> {
  return db.transaction(async (tx) => {
    if (!(await findOwnCharacter(tx, member.guildId, member.userId, characterId))) {
      throw new AppError('FORBIDDEN', LOOT_MESSAGES.notYourCharacter);
    }
    const { rules } = await rulesInForce(tx, member.guildId);
    if (isWishlistLocked(rules)) {
      throw new AppError('CONFLICT', LOOT_MESSAGES.wishlistLocked(rules.wishlistLockAt!.slice(0, 16).replace('T', ' ')));
    }
    const items = [];
    for (const [index, line] of input.items.entries()) {
      const item = await findItem(tx, member.guildId, line.itemId);
      if (!item) {
        throw new AppError('VALIDATION_FAILED', LOOT_MESSAGES.itemRequired, {
          fields: { [`items.${index}.itemId`]: LOOT_MESSAGES.itemRequired },
        });
      }
      items.push({ itemId: item.item_id, itemName: item.name, note: line.note ?? '' });
    }
    await replaceWishlist(tx, member.guildId, characterId, items);
    return presentWishlist(await selectWishlist(tx, characterId));
  });
}
