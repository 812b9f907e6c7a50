import { LOOT_LIMITS, type LootSettingsVersion } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { LootMember } from './loot-member';
import { presentSettingsVersion } from './presenters';
import { selectRulesVersions } from './rules-queries';

/** A page of the guild's loot settings versions, newest first: every member may read how the rules changed. */
export async function listSettingsVersions(
  db: Queryable,
  member: Pick<LootMember, 'guildId'>,
  page: number,
): Promise<{ versions: LootSettingsVersion[]; total: number; page: number; pageSize: number }> {
  const pageSize = LOOT_LIMITS.pageSize;
  const { rows, total } = await selectRulesVersions(db, member.guildId, { limit: pageSize, offset: (page - 1) * pageSize });
  return { versions: rows.map(presentSettingsVersion), total, page, pageSize };
}
