import type { GuildDiscordMember } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { selectMemberPage } from './queries';
import { findGuildOr404 } from './read-summary';

/**
 * A page of the guild's current Discord members with linked character counts, and the linked share over
 * all current members (not only the page or the search); 404 for an unknown guild.
 */
export async function readDiscordMembers(db: Db, guildId: string, query: { page: number; limit: number; search?: string }) {
  await findGuildOr404(db, guildId);
  const result = await selectMemberPage(db, guildId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    search: query.search || undefined,
  });
  const members: GuildDiscordMember[] = result.rows.map((row) => ({
    id: row.id,
    username: row.username,
    global_name: row.global_name,
    nickname: row.nickname,
    joined_at: row.joined_at?.toISOString() ?? null,
    linkedCharacters: row.linked_characters,
  }));
  return {
    members,
    totals: {
      members: result.members,
      linked: result.linked,
      linkedShare: result.members === 0 ? 0 : result.linked / result.members,
    },
    total: result.total,
    page: query.page,
    limit: query.limit,
  };
}
