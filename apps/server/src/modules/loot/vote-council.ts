import type { CouncilItem } from '@guildhall/contract';
import { councilItemOf, openItemRequest } from './council-item';
import { upsertVote } from './council-queries';
import { auditLoot } from './loot-audit';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';

/**
 * A council member's vote for a request, with the reason kept beside it; voting again changes the vote. Closed once
 * the item is awarded. Audited (loot.council_voted), so the vote's history outlives a change of mind.
 */
export async function voteCouncil(
  deps: LootDeps,
  member: LootMember,
  councilItemId: string,
  input: { requestId: string; reason: string },
): Promise<CouncilItem> {
  return deps.db.transaction(async (tx) => {
    const { item } = await openItemRequest(tx, member, councilItemId, input.requestId);
    await upsertVote(tx, { councilItemId: item.id, voterUserId: member.userId, ...input });
    await auditLoot(tx, member, 'loot.council_voted', { type: 'loot_council_item', id: item.id }, { ...input });
    return councilItemOf(tx, member, item.id);
  });
}
