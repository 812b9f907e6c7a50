import type { LootItem } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { containsPattern } from '../../services/db/like';
import { searchItems as selectItems } from './award-queries';
import type { LootMember } from './loot-member';
import { presentItem } from './presenters';

/** Items whose name holds the search (or whose id it is), from the catalog and the guild's own loot. */
export async function searchItems(db: Queryable, member: LootMember, search: string): Promise<LootItem[]> {
  const itemId = /^\d{1,9}$/.test(search) ? Number(search) : null;
  const rows = await selectItems(db, member.guildId, containsPattern(search), itemId);
  return rows.map(presentItem);
}
