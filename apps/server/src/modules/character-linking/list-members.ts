import type { DiscoveryMember, LinkedCharacter } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { findGuildOr404 } from './find-guild';
import { selectLinkedCharacters } from './link-queries';
import { presentLinkedCharacter, presentMemberRef } from './presenters';
import { selectMemberPage } from './queries';

/** A page of the guild's current members; with includeLinked, each with its linked characters, primary first. */
export async function listMembers(
  db: Db,
  query: { guildId: string; includeLinked: boolean; search?: string; page: number; limit: number },
) {
  await findGuildOr404(db, query.guildId);
  const page = await selectMemberPage(db, query.guildId, {
    search: query.search || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const links = query.includeLinked
    ? await selectLinkedCharacters(
        db,
        page.rows.map((row) => row.id),
      )
    : [];
  const linksByMember = new Map<string, LinkedCharacter[]>();
  for (const link of links) {
    const list = linksByMember.get(link.discord_member_id) ?? [];
    list.push(presentLinkedCharacter(link));
    linksByMember.set(link.discord_member_id, list);
  }
  const members: DiscoveryMember[] = page.rows.map((row) => ({
    ...presentMemberRef(row),
    joinedAt: row.joined_at ? new Date(row.joined_at).toISOString() : null,
    linkedCharacters: linksByMember.get(row.id) ?? [],
  }));
  return { members, total: page.total, page: query.page, limit: query.limit };
}
