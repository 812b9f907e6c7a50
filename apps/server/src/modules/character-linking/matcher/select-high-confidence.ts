// Chooses the matches safe to link without an operator: a wrong automatic link is worse than none, so anything
// doubtful is skipped with its reason and left for a person to decide.
import { AUTO_LINK } from '@guildhall/contract';
import type { CharacterMatch, ExistingLink } from './types';

/** Why a match at or above the threshold was not applied. */
export const SKIP_REASONS = {
  alreadyLinked: 'Already linked to this member',
  linkedElsewhere: 'Character is already linked to another member',
  ambiguous: 'Ambiguous: more than one member matches this character',
} as const;

/** The matches safe to apply automatically at `threshold`, and the skipped ones with a reason. */
export function selectHighConfidence(
  matches: CharacterMatch[],
  existing: ExistingLink[],
  threshold: number = AUTO_LINK.applyThreshold,
): { apply: CharacterMatch[]; skipped: { match: CharacterMatch; reason: string }[] } {
  const ownerOf = new Map(existing.map((link) => [link.characterId, link.memberId]));
  const strong = new Map<string, CharacterMatch>();
  const membersOf = new Map<string, Set<string>>();
  for (const match of matches) {
    if (match.score < threshold) continue;
    const key = `${match.characterId}\u0000${match.memberId}`;
    const previous = strong.get(key);
    if (previous && previous.score >= match.score) continue;
    strong.set(key, match);
    const members = membersOf.get(match.characterId) ?? new Set<string>();
    members.add(match.memberId);
    membersOf.set(match.characterId, members);
  }
  const apply: CharacterMatch[] = [];
  const skipped: { match: CharacterMatch; reason: string }[] = [];
  for (const match of strong.values()) {
    const owner = ownerOf.get(match.characterId);
    if (owner === match.memberId) skipped.push({ match, reason: SKIP_REASONS.alreadyLinked });
    else if (owner !== undefined) skipped.push({ match, reason: SKIP_REASONS.linkedElsewhere });
    else if (membersOf.get(match.characterId)!.size > 1) skipped.push({ match, reason: SKIP_REASONS.ambiguous });
    else apply.push(match);
  }
  apply.sort((a, b) => b.score - a.score);
  return { apply, skipped };
}
