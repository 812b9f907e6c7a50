import type { GuildCharacter } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { selectCharacterPage } from './queries';
import { findGuildOr404 } from './read-summary';

/** A page of the guild's characters by name, searched by a part of the name or realm; 404 for an unknown guild. */
export async function readCharacters(db: Db, guildId: string, query: { page: number; limit: number; search?: string }) {
  await findGuildOr404(db, guildId);
  const { rows, total } = await selectCharacterPage(db, guildId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    search: query.search || undefined,
  });
  const characters: GuildCharacter[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    realm: row.realm,
    class: row.class,
    level: row.level,
    last_seen: row.last_seen?.toISOString() ?? null,
  }));
  return { characters, total, page: query.page, limit: query.limit };
}
