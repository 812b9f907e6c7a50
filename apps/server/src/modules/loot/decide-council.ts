import type { CouncilItem, LootResponse, LootSlot } from '@guildhall/contract';
import { councilItemOf, openItemRequest } from './council-item';
import { markCouncilAwarded, selectRequestsWithVotes } from './council-queries';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';
import { writeAward } from './write-award';

/**
 * The council's decision: awards the item to a request's character with the note members read (the request's
 * response goes on the award), through the one award path (in the raid, once per drop, charged, audited), and closes
 * the item. One transaction.
 */
export async function decideCouncil(
  deps: LootDeps,
  member: LootMember,
  councilItemId: string,
  input: { requestId: string; note: string; bid?: string },
): Promise<CouncilItem> {
  return deps.db.transaction(async (tx) => {
    const { item, request } = await openItemRequest(tx, member, councilItemId, input.requestId);
    const [requestRow] = (await selectRequestsWithVotes(tx, [item.id])).filter((row) => row.id === request.id);
    const award = await writeAward(tx, member, {
      raidId: item.raid_event_id,
      characterId: request.character_id,
      itemId: item.item_id,
      itemName: item.item_name,
      boss: item.boss,
      slot: item.slot as LootSlot,
      itemLevel: item.item_level,
      dropNumber: item.drop_number,
      response: requestRow!.response as LootResponse,
      note: input.note,
      bid: input.bid,
    });
    await markCouncilAwarded(tx, item.id, award.id);
    return councilItemOf(tx, member, item.id);
  });
}
