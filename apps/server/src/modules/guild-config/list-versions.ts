import type { ConfigVersion, SettingCategoryId } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { presentVersion } from './presenters';
import { findGuild, selectVersions } from './queries';

/** A guild's kept versions, newest first (what changed, never the snapshot). */
export async function listVersions(
  db: Queryable,
  guildId: string,
  query: { category?: SettingCategoryId; limit: number },
): Promise<ConfigVersion[]> {
  await findGuild(db, guildId);
  return (await selectVersions(db, guildId, query)).map(presentVersion);
}
