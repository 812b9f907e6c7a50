// Precision and recall of the matcher over the evaluation set, run as a whole so every member competes for every
// character, as in a real guild.
import { AUTO_LINK } from '@guildhall/contract';
import { findMatches } from '../find-matches';
import { selectHighConfidence } from '../select-high-confidence';
import type { CharacterMatch, MatchCharacter, MatchMember } from '../types';
import type { EvaluationPair } from './set-builder';

/** The figures, and the pairs behind the misses, to read a failure back to its case. */
export interface Measurement {
  highMatches: number;
  /** True pairs among the matches at or above the apply threshold. */
  highPrecision: number;
  truePairs: number;
  /** True pairs found at or above the search minimum. */
  recall: number;
  /** True pairs among the links selectHighConfidence would apply. */
  appliedPrecision: number;
  applied: number;
  falseHigh: { match: CharacterMatch; case: string }[];
  missed: EvaluationPair[];
}

export function measure(pairs: EvaluationPair[]): Measurement {
  const characters = new Map<string, MatchCharacter>();
  const members = new Map<string, MatchMember>();
  const labels = new Map<string, EvaluationPair>();
  for (const pair of pairs) {
    characters.set(pair.character.id, pair.character);
    members.set(pair.member.id, pair.member);
    labels.set(key(pair.character.id, pair.member.id), pair);
  }
  const matches = findMatches([...characters.values()], [...members.values()], { minScore: AUTO_LINK.minScore });
  const isTrue = (match: CharacterMatch) => labels.get(key(match.characterId, match.memberId))?.isSamePlayer === true;
  const high = matches.filter((match) => match.score >= AUTO_LINK.applyThreshold);
  const found = new Set(matches.map((match) => key(match.characterId, match.memberId)));
  const truePairs = pairs.filter((pair) => pair.isSamePlayer);
  const missed = truePairs.filter((pair) => !found.has(key(pair.character.id, pair.member.id)));
  const { apply } = selectHighConfidence(matches, []);
  return {
    highMatches: high.length,
    highPrecision: ratio(high.filter(isTrue).length, high.length),
    truePairs: truePairs.length,
    recall: ratio(truePairs.length - missed.length, truePairs.length),
    appliedPrecision: ratio(apply.filter(isTrue).length, apply.length),
    applied: apply.length,
    falseHigh: high
      .filter((match) => !isTrue(match))
      .map((match) => ({ match, case: labels.get(key(match.characterId, match.memberId))?.case ?? 'unlabelled pair' })),
    missed,
  };
}

const key = (characterId: string, memberId: string) => `${characterId}/${memberId}`;
const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
