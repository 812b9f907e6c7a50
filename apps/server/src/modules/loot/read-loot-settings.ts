import { hasGuildPermission, LOOT_MANAGE_PERMISSION, type LootSettings } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { LootMember } from './loot-member';
import { presentSettings } from './presenters';
import { isWishlistLocked, rulesInForce } from './rules-in-force';

/** The guild's loot system and its values in force, as every member may read them. */
export async function readLootSettings(db: Queryable, member: LootMember): Promise<LootSettings> {
  const rules = await rulesInForce(db, member.guildId);
  return presentSettings(rules, isWishlistLocked(rules.rules), hasGuildPermission(member.permissions, LOOT_MANAGE_PERMISSION));
}
