import type { CharacterRole, WowClass } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { findGuildOr404 } from './find-guild';
import { presentCharacter } from './presenters';
import { selectUnlinkedCharacters } from './queries';

/** A page of the guild's unlinked characters, filtered in SQL, with the classes and roles for the filter menus. */
export async function listUnlinkedCharacters(
  db: Db,
  query: { guildId: string; search?: string; class?: WowClass; role?: CharacterRole; page: number; limit: number },
) {
  await findGuildOr404(db, query.guildId);
  const result = await selectUnlinkedCharacters(db, query.guildId, {
    search: query.search || undefined,
    class: query.class,
    role: query.role,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    characters: result.rows.map(presentCharacter),
    total: result.total,
    page: query.page,
    limit: query.limit,
    filters: { classes: result.classes, roles: result.roles },
  };
}
