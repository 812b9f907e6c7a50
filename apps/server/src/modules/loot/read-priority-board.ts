import { LOOT_MESSAGES, type LootItem, type PriorityRow, UPGRADE_RESPONSES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findItem } from './award-queries';
import type { LootMember } from './loot-member';
import { presentItem, presentPriority } from './presenters';
import { rulesInForce } from './rules-in-force';
import { selectPriorityBoard } from './wishlist-queries';

/**
 * The priority board of an item, what the council sees before it decides: everyone with the item on a wishlist, their
 * rank and note, their standing on the guild's ledger and when they last received an upgrade; best claim first.
 */
export async function readPriorityBoard(
  db: Queryable,
  member: LootMember,
  itemId: number,
): Promise<{ item: LootItem; board: PriorityRow[] }> {
  const item = await findItem(db, member.guildId, itemId);
  if (!item) throw AppError.notFound(LOOT_MESSAGES.itemRequired);
  const rules = await rulesInForce(db, member.guildId);
  const baseGp = rules.rules.epgp.baseGp;
  const rows = await selectPriorityBoard(db, member.guildId, itemId, rules.ledger, baseGp, UPGRADE_RESPONSES);
  return { item: presentItem(item), board: rows.map((row) => presentPriority(row, rules.ledger, baseGp)) };
}
