import { type CouncilItem, LOOT_MESSAGES, type LootResponse } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { findOwnCharacter } from '../raids/signup-queries';
import { selectRoster } from './award-queries';
import { councilItemOf } from './council-item';
import { findCouncilItem, upsertRequest } from './council-queries';
import type { LootMember } from './loot-member';

/**
 * Asks for an item before the council with one of the member's characters who was in the raid (on time or late), with
 * a response and a note; asking again changes the request. Closed once the council decided.
 */
export async function requestItem(
  db: Db,
  member: LootMember,
  councilItemId: string,
  input: { characterId: string; response: LootResponse; note: string },
): Promise<CouncilItem> {
  return db.transaction(async (tx) => {
    const item = await findCouncilItem(tx, member.guildId, councilItemId, true);
    if (!item) throw AppError.notFound(LOOT_MESSAGES.councilItemNotFound);
    if (item.award_id) throw new AppError('CONFLICT', LOOT_MESSAGES.councilClosed);
    if (!(await findOwnCharacter(tx, member.guildId, member.userId, input.characterId))) {
      throw new AppError('FORBIDDEN', LOOT_MESSAGES.notYourCharacter);
    }
    const roster = await selectRoster(tx, member.guildId, item.raid_event_id);
    if (!roster.some((row) => row.id === input.characterId && row.presence !== 'bench')) {
      throw new AppError('VALIDATION_FAILED', LOOT_MESSAGES.notInRaid, { fields: { characterId: LOOT_MESSAGES.notInRaid } });
    }
    await upsertRequest(tx, { councilItemId: item.id, userId: member.userId, ...input });
    return councilItemOf(tx, member, item.id);
  });
}
