// Scores every plausible (character, member) pair: the character's name against the member's three strings, and
// what the character's notes say about its owner. A note that clearly names one owner also caps name-only matches
// to anybody else at medium, so 'Jaina, alt of Arthas' is never applied to a stranger who happens to be called Jaina.
import { AUTO_LINK } from '@guildhall/contract';
import { type CharacterName, readCharacterName } from './character-name';
import { matchNotes, type NoteMatch } from './match-notes';
import { MemberIndex } from './member-index';
import { type MemberNameScore, type PreparedMember, prepareMember, scoreMember } from './prepared-member';
import { readNotes } from './read-notes';
import type { CharacterMatch, FindMatchesOptions, MatchCharacter, MatchMember } from './types';

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

/** Every (character, member) pair scoring at least minScore, best first. */
export function findMatches(
  characters: MatchCharacter[],
  members: MatchMember[],
  options: FindMatchesOptions = {},
): CharacterMatch[] {
  const minScore = options.minScore ?? AUTO_LINK.minScore;
  const prepared = members.map(prepareMember);
  const index = options.prune === false ? null : new MemberIndex(prepared);
  const knownRealms = new Set<string>();
  const realmsOfName = new Map<string, Set<string | null>>();
  const names = characters.map((character) => {
    const name = readCharacterName(character.name, character.realm);
    if (name.realm) knownRealms.add(name.realm);
    const realms = realmsOfName.get(name.text) ?? new Set();
    realms.add(name.realm);
    realmsOfName.set(name.text, realms);
    return name;
  });
  const matches: CharacterMatch[] = [];
  characters.forEach((character, position) => {
    const name = names[position]!;
    const isSharedName = realmsOfName.get(name.text)!.size > 1;
    const notes = matchNotes(readNotes(character.guildNote, character.officerNote), prepared, index, knownRealms);
    const hasClearOwner = [...notes.values()].some((note) => note.score >= AUTO_LINK.applyThreshold);
    const positions = index ? [...index.candidatesFor(name), ...notes.keys()] : prepared.keys();
    const scored = new Set<number>();
    for (const position of positions) {
      if (scored.has(position)) continue;
      scored.add(position);
      const doubt = { hasClearOwner, isSharedName };
      const match = combine(character, name, prepared[position]!, notes.get(position), doubt, knownRealms);
      if (match && match.score >= minScore) matches.push(match);
    }
  });
  return matches.sort((a, b) => b.score - a.score || compare(a.characterId, b.characterId) || compare(a.memberId, b.memberId));
}

function combine(
  character: MatchCharacter,
  name: CharacterName,
  member: PreparedMember,
  note: NoteMatch | undefined,
  doubt: { hasClearOwner: boolean; isSharedName: boolean },
  knownRealms: ReadonlySet<string>,
): CharacterMatch | null {
  const byName: MemberNameScore | null = scoreMember(name, member, knownRealms);
  let nameScore = byName?.score ?? 0;
  if (doubt.hasClearOwner && (note?.score ?? 0) < AUTO_LINK.applyThreshold) {
    nameScore = Math.min(nameScore, COMBINE.overruledCap);
  }
  if (doubt.isSharedName && !byName?.isSameRealm) nameScore = Math.min(nameScore, COMBINE.sharedNameCap);
  const noteScore = note?.score ?? 0;
  if (nameScore === 0 && noteScore === 0) return null;
  let score = Math.max(nameScore, noteScore);
  if (Math.min(nameScore, noteScore) >= COMBINE.agreementFloor) {
    score = Math.max(score, Math.min(COMBINE.agreementCap, score + COMBINE.agreementBonus));
  }
  const isByNote = noteScore > nameScore;
  const nameEvidence = byName ? `${byName.field} '${byName.raw}': ${byName.why}` : '';
  const evidence = [isByNote ? note?.evidence : nameEvidence, isByNote ? nameEvidence : note?.evidence].filter(Boolean);
  return {
    characterId: character.id,
    memberId: member.member.id,
    score: Math.round(score * 1000) / 1000,
    matchedAgainst: isByNote || !byName ? 'note' : byName.field,
    evidence: evidence.join('; '),
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
