// Scores one character against the members worth scoring: its name against each member's strings, combined with
// what its notes say. A note that clearly names one owner caps name-only matches to anybody else at medium, so
// 'Jaina, alt of Arthas' is never applied to a stranger who happens to be called Jaina.
import { AUTO_LINK } from '@guildhall/contract';
import { hasNamesakeInAnotherScript, isSharedName, type MatchContext } from './match-context';
import type { NoteMatch } from './match-notes';
import { type MemberNameScore, scoreMember } from './prepared-member';
import type { CharacterMatch } from './types';

const COMBINE = {
  /** Name and note agreeing on one member: the stronger plus this much. */
  agreementBonus: 0.03,
  /** Both must be at least this for the bonus: a note does not lift a name that is no likeness at all. */
  agreementFloor: 0.7,
  /** Agreement alone never claims more certainty than an exact name. */
  agreementCap: 0.99,
  /** A name-only match when the notes name someone else at the apply threshold. */
  overruledCap: 0.9,
  /** A name-only match for a name the guild has on several realms, unless the member's string gives the realm. */
  sharedNameCap: 0.9,
} as const;

/** A match with the member's position, so a later pass can follow it. */
export interface ScoredMember {
  position: number;
  match: CharacterMatch;
}

/** The character's matches scoring at least floor, for members its name or its notes point at. */
export function scoreCharacter(
  context: MatchContext,
  position: number,
  notes: Map<number, NoteMatch>,
  floor: number,
): ScoredMember[] {
  const name = context.names[position]!;
  const isShared = isSharedName(context, position);
  const hasClearOwner = [...notes.values()].some((note) => note.score >= AUTO_LINK.applyThreshold);
  const candidates = context.index ? [...context.index.candidatesFor(name), ...notes.keys()] : context.members.keys();
  const seen = new Set<number>();
  const scored: ScoredMember[] = [];
  for (const memberPosition of candidates) {
    if (seen.has(memberPosition)) continue;
    seen.add(memberPosition);
    const byName = scoreMember(name, context.members[memberPosition]!, context.knownRealms);
    const note = notes.get(memberPosition);
    let nameScore = byName?.score ?? 0;
    if (hasClearOwner && (note?.score ?? 0) < AUTO_LINK.applyThreshold) nameScore = Math.min(nameScore, COMBINE.overruledCap);
    if (isShared && !byName?.isSameRealm) nameScore = Math.min(nameScore, COMBINE.sharedNameCap);
    if (byName?.isTransliterated && hasNamesakeInAnotherScript(context, position)) {
      nameScore = Math.min(nameScore, COMBINE.sharedNameCap);
    }
    const score = combine(nameScore, note?.score ?? 0);
    if (score === 0 || score < floor) continue;
    const match = present(context, position, memberPosition, { score, nameScore, byName, note });
    scored.push({ position: memberPosition, match });
  }
  return scored;
}

function combine(nameScore: number, noteScore: number): number {
  const score = Math.max(nameScore, noteScore);
  if (Math.min(nameScore, noteScore) < COMBINE.agreementFloor) return score;
  return Math.max(score, Math.min(COMBINE.agreementCap, score + COMBINE.agreementBonus));
}

function present(
  context: MatchContext,
  position: number,
  memberPosition: number,
  found: { score: number; nameScore: number; byName: MemberNameScore | null; note: NoteMatch | undefined },
): CharacterMatch {
  const { byName, note } = found;
  const isByNote = (note?.score ?? 0) > found.nameScore || !byName;
  const nameEvidence = byName ? `${byName.field} '${byName.raw}': ${byName.why}` : undefined;
  const evidence = (isByNote ? [note?.evidence, nameEvidence] : [nameEvidence, note?.evidence]).filter(Boolean);
  return {
    characterId: context.characters[position]!.id,
    memberId: context.members[memberPosition]!.member.id,
    score: Math.round(found.score * 1000) / 1000,
    matchedAgainst: isByNote ? 'note' : byName.field,
    evidence: evidence.join('; '),
  };
}
