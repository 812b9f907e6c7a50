import { type CouncilItem, LOOT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findCouncilItem } from './council-queries';
import type { LootMember } from './loot-member';
import { councilItemsFor } from './read-raid-loot';

/** One item before the council as the member may see it; another guild's is not found. */
export async function councilItemOf(db: Queryable, member: LootMember, councilItemId: string): Promise<CouncilItem> {
  const row = await findCouncilItem(db, member.guildId, councilItemId);
  if (!row) throw AppError.notFound(LOOT_MESSAGES.councilItemNotFound);
  const [item] = await councilItemsFor(db, member, [row]);
  return item!;
}
