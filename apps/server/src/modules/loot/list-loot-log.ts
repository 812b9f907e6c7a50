import { LOOT_LIMITS, type LootLogEntry } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { countLog, selectLog } from './log-queries';
import type { LootMember } from './loot-member';
import { presentLog } from './presenters';

/** A page of the guild's loot log, newest first: every award and ledger change with who recorded it. */
export async function listLootLog(
  db: Queryable,
  member: LootMember,
  page: number,
): Promise<{ entries: LootLogEntry[]; total: number; page: number; pageSize: number }> {
  const pageSize = LOOT_LIMITS.pageSize;
  const rows = await selectLog(db, member.guildId, { limit: pageSize, offset: (page - 1) * pageSize });
  return { entries: rows.map(presentLog), total: await countLog(db, member.guildId), page, pageSize };
}
