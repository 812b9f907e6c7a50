import { type CharacterSourceType, DATA_SOURCE_LIMITS, type DataSourceRun, type SourcedCharacter } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { guildOr404 } from './find-guild';
import { presentCharacter, presentRun } from './presenters';
import { selectRuns, selectSourcedCharacters } from './queries';

/** The guild's latest runs of every source, newest first ("Roster synced 3 h ago: 4 new, 2 left"). */
export async function listRuns(db: Db, guildId: string): Promise<DataSourceRun[]> {
  await guildOr404(db, guildId);
  return (await selectRuns(db, guildId, DATA_SOURCE_LIMITS.runs)).map(presentRun);
}

/** A page of the guild's characters with their sources, by name. */
export async function listSourcedCharacters(
  db: Db,
  guildId: string,
  query: { page: number; limit: number; source?: CharacterSourceType },
): Promise<{ characters: SourcedCharacter[]; total: number; page: number; limit: number }> {
  await guildOr404(db, guildId);
  const { rows, total } = await selectSourcedCharacters(db, guildId, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    source: query.source,
  });
  return { characters: rows.map(presentCharacter), total, page: query.page, limit: query.limit };
}
