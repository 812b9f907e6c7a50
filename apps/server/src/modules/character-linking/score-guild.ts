import type { Queryable } from '../../services/db/db';
import { findGuildOr404 } from './find-guild';
import { type CharacterMatch, findMatches } from './matcher';
import { type CharacterRow, type MemberRow, selectCharactersToMatch, selectCurrentMembers } from './queries';

/** A guild's characters and members scored by the matcher, with the rows each match names. */
export interface ScoredGuild {
  characters: Map<string, CharacterRow>;
  members: Map<string, MemberRow>;
  matches: CharacterMatch[];
  unlinkedCharacters: number;
}

/** Runs the matcher over the guild's unlinked characters (or all of them) and its current members. */
export async function scoreGuild(
  db: Queryable,
  guildId: string,
  options: { minScore: number; includeLinked: boolean },
): Promise<ScoredGuild> {
  await findGuildOr404(db, guildId);
  const [characterRows, memberRows] = await Promise.all([
    selectCharactersToMatch(db, guildId, options.includeLinked),
    selectCurrentMembers(db, guildId),
  ]);
  const matches = findMatches(
    characterRows.map((row) => ({
      id: row.id,
      name: row.name,
      realm: row.realm,
      guildNote: row.guild_note,
      officerNote: row.officer_note,
    })),
    memberRows.map((row) => ({ id: row.id, username: row.username, globalName: row.global_name, nickname: row.nickname })),
    { minScore: options.minScore },
  );
  return {
    characters: new Map(characterRows.map((row) => [row.id, row])),
    members: new Map(memberRows.map((row) => [row.id, row])),
    matches,
    unlinkedCharacters: characterRows.filter((row) => !row.is_linked).length,
  };
}

/** The member string (or note) a match was made against, as the results show it. */
export function matchedNameOf(match: CharacterMatch, character: CharacterRow, member: MemberRow): string {
  switch (match.matchedAgainst) {
    case 'username':
      return member.username;
    case 'globalName':
      return member.global_name ?? member.username;
    case 'nickname':
      return member.nickname ?? member.username;
    case 'note':
      return character.officer_note ?? character.guild_note ?? match.evidence ?? '';
  }
}
