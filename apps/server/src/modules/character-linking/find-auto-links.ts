import { AUTO_LINK, type AutoLinkGroup, CONFIDENCE_BANDS, type ConfidenceBand } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { confidenceBand, selectHighConfidence } from './matcher';
import { presentCharacter, presentMemberRef } from './presenters';
import { matchedNameOf, scoreGuild } from './score-guild';

/**
 * Proposes links for the auto-link modal: every match at or above minScore, grouped per member within
 * each confidence band (a member with matches in two bands appears in both), best groups first. High matches
 * say whether Apply takes them, by the same rule Apply uses, so the button counts what it will link.
 */
export async function findAutoLinks(db: Db, request: { guildId: string; minScore: number; includeLinked: boolean }) {
  const scored = await scoreGuild(db, request.guildId, request);
  const unlinked = scored.matches.filter((match) => !scored.characters.get(match.characterId)?.is_linked);
  const { apply, skipped } = selectHighConfidence(unlinked, [], AUTO_LINK.applyThreshold);
  const pairOf = (match: { characterId: string; memberId: string }) => `${match.characterId}\u0000${match.memberId}`;
  const ambiguous = new Set(skipped.map(({ match }) => pairOf(match)));
  const bands = new Map<ConfidenceBand, Map<string, AutoLinkGroup>>(CONFIDENCE_BANDS.map((band) => [band, new Map()]));
  const counts: Record<ConfidenceBand, number> = { high: 0, medium: 0, low: 0 };
  const users = new Set<string>();
  for (const match of scored.matches) {
    const band = confidenceBand(match.score);
    const character = scored.characters.get(match.characterId);
    const member = scored.members.get(match.memberId);
    if (!band || !character || !member) continue;
    const groups = bands.get(band)!;
    const group = groups.get(member.id) ?? { discordUser: presentMemberRef(member), matches: [] };
    group.matches.push({
      character: { ...presentCharacter(character), isLinked: character.is_linked },
      score: match.score,
      matchedAgainst: match.matchedAgainst,
      matchedName: matchedNameOf(match, character, member),
      evidence: match.evidence ?? '',
      isAmbiguous: band === 'high' && ambiguous.has(pairOf(match)),
    });
    groups.set(member.id, group);
    counts[band]++;
    users.add(member.id);
  }
  const ordered = (band: ConfidenceBand) =>
    [...bands.get(band)!.values()]
      .map((group) => ({ ...group, matches: group.matches.sort((a, b) => b.score - a.score) }))
      .sort(
        (a, b) => b.matches[0]!.score - a.matches[0]!.score || a.discordUser.displayName.localeCompare(b.discordUser.displayName),
      );
  return {
    summary: {
      totalMatches: counts.high + counts.medium + counts.low,
      usersWithMatches: users.size,
      highConfidence: counts.high,
      mediumConfidence: counts.medium,
      lowConfidence: counts.low,
      applicable: apply.length,
      ambiguous: ambiguous.size,
    },
    high: ordered('high'),
    medium: ordered('medium'),
    low: ordered('low'),
    unlinkedCharacters: scored.unlinkedCharacters,
  };
}
