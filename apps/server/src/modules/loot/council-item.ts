import { type CouncilItem, LOOT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findCouncilItem, findRequest } from './council-queries';
import type { LootMember } from './loot-member';
import { councilItemsFor } from './read-raid-loot';

/** One item before the council as the member may see it; another guild's is not found. */
export async function councilItemOf(db: Queryable, member: LootMember, councilItemId: string): Promise<CouncilItem> {
  const row = await findCouncilItem(db, member.guildId, councilItemId);
  if (!row) throw AppError.notFound(LOOT_MESSAGES.councilItemNotFound);
  const [item] = await councilItemsFor(db, member, [row]);
  return item!;
}

/**
 * An open item before the council, held for the change, and one of its requests: what a vote and a decision start
 * from. Not found for another guild's item or request; refused once the council decided.
 */
export async function openItemRequest(tx: Queryable, member: LootMember, councilItemId: string, requestId: string) {
  const item = await findCouncilItem(tx, member.guildId, councilItemId, true);
  if (!item) throw AppError.notFound(LOOT_MESSAGES.councilItemNotFound);
  if (item.award_id) throw new AppError('CONFLICT', LOOT_MESSAGES.councilClosed);
  const request = await findRequest(tx, item.id, requestId);
  if (!request) throw AppError.notFound(LOOT_MESSAGES.requestNotFound);
  return { item, request };
}
