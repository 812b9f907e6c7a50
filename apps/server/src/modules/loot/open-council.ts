import { type CouncilItem, LOOT_MESSAGES, type LootSlot } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { findItem, findRaid, isDropAwarded } from './award-queries';
import { councilItemOf } from './council-item';
import { insertCouncilItem } from './council-queries';
import { auditLoot } from './loot-audit';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';

/**
 * Puts a drop of a raid before the loot council, where the raid's members ask for it and the council votes. Once per
 * drop, and not for a drop already awarded. Audited (loot.council_opened).
 */
export async function openCouncil(
  deps: LootDeps,
  member: LootMember,
  input: { raidId: string; itemId: number; boss: string; slot?: LootSlot; itemLevel?: number; dropNumber: number },
): Promise<CouncilItem> {
  return deps.db.transaction(async (tx) => {
    const raid = await findRaid(tx, member.guildId, input.raidId);
    if (!raid) throw AppError.notFound(LOOT_MESSAGES.raidNotFound);
    const item = await findItem(tx, member.guildId, input.itemId);
    if (!item) {
      throw new AppError('VALIDATION_FAILED', LOOT_MESSAGES.itemRequired, { fields: { itemId: LOOT_MESSAGES.itemRequired } });
    }
    const drop = { raidId: raid.id, boss: input.boss, itemId: item.item_id, dropNumber: input.dropNumber };
    if (await isDropAwarded(tx, drop)) throw new AppError('CONFLICT', LOOT_MESSAGES.dropAwarded);
    const id = await insertCouncilItem(tx, member.guildId, {
      ...drop,
      itemName: item.name,
      slot: input.slot ?? item.slot ?? 'other',
      itemLevel: input.itemLevel ?? item.item_level ?? 1,
      openedBy: member.requester.actor,
    });
    if (!id) throw new AppError('CONFLICT', LOOT_MESSAGES.councilDuplicate);
    await auditLoot(tx, member, 'loot.council_opened', { type: 'loot_council_item', id }, { ...drop });
    return councilItemOf(tx, member, id);
  });
}
