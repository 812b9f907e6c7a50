// The character-to-member name matcher: pure (no database, no I/O), so the server and the benchmark call it directly.
import { AUTO_LINK } from '@guildhall/contract';

export { type ConfidenceBand, confidenceBand } from '@guildhall/contract';

/** A guild character as the matcher sees it. */
export interface MatchCharacter {
  id: string;
  name: string;
  realm: string | null;
  guildNote: string | null;
  officerNote: string | null;
}
/** A Discord member as the matcher sees it. */
export interface MatchMember {
  id: string;
  username: string;
  globalName: string | null;
  nickname: string | null;
}
/** Which of the member's strings gave the best score ('note' when the character's notes name the member). */
export type MatchedAgainst = 'username' | 'globalName' | 'nickname' | 'note';
/** One scored (character, member) pair. */
export interface CharacterMatch {
  characterId: string;
  memberId: string;
  /** 0-1. */
  score: number;
  matchedAgainst: MatchedAgainst;
  evidence?: string;
}
/** A link that exists already. */
export interface ExistingLink {
  characterId: string;
  memberId: string;
}

/** Lower-cased, accents folded, decoration removed: the form two names are compared in. */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Every (character, member) pair scoring at least minScore, best first. */
export function findMatches(
  characters: MatchCharacter[],
  members: MatchMember[],
  options: { minScore?: number } = {},
): CharacterMatch[] {
  const minScore = options.minScore ?? AUTO_LINK.minScore;
  const matches: CharacterMatch[] = [];
  for (const character of characters) {
    const name = normalizeName(character.name);
    for (const member of members) {
      const fields = [
        ['nickname', member.nickname],
        ['globalName', member.globalName],
        ['username', member.username],
      ] as const;
      for (const [field, value] of fields) {
        if (value && normalizeName(value) === name && 1 >= minScore) {
          matches.push({ characterId: character.id, memberId: member.id, score: 1, matchedAgainst: field });
          break;
        }
      }
    }
  }
  return matches.sort((a, b) => b.score - a.score);
}

/** The matches safe to apply automatically at `threshold`, and the skipped ones with a reason. */
export function selectHighConfidence(
  matches: CharacterMatch[],
  existing: ExistingLink[],
  threshold: number = AUTO_LINK.applyThreshold,
): { apply: CharacterMatch[]; skipped: { match: CharacterMatch; reason: string }[] } {
  const linkedTo = new Map(existing.map((link) => [link.characterId, link.memberId]));
  const strong = matches.filter((match) => match.score >= threshold);
  const membersPerCharacter = new Map<string, Set<string>>();
  for (const match of strong) {
    const set = membersPerCharacter.get(match.characterId) ?? new Set();
    set.add(match.memberId);
    membersPerCharacter.set(match.characterId, set);
  }
  const apply: CharacterMatch[] = [];
  const skipped: { match: CharacterMatch; reason: string }[] = [];
  for (const match of strong) {
    const linked = linkedTo.get(match.characterId);
    if (linked === match.memberId) skipped.push({ match, reason: 'already linked' });
    else if (linked !== undefined) skipped.push({ match, reason: 'character is linked to another member' });
    else if ((membersPerCharacter.get(match.characterId)?.size ?? 0) > 1)
      skipped.push({ match, reason: 'ambiguous: several members match this character' });
    else apply.push(match);
  }
  return { apply, skipped };
}
