// Turns the names a character's notes give into scores per member. A note is written by an officer about this very
// character, so it is strong evidence; it is still scored through the named member's own strings, so a vague name
// in a note stays as vague as it would be on a character.
import { AUTO_LINK } from '@guildhall/contract';
import type { MemberIndex } from './member-index';
import { handleKey, type PreparedMember, readWrittenName, scoreMember } from './prepared-member';
import type { NoteReference } from './read-notes';

/** A member a note points at, with the strength of the pointer. */
export interface NoteMatch {
  score: number;
  evidence: string;
}

const WEIGHT = {
  /** A note giving the member's exact Discord username. */
  exactHandle: 0.97,
  /** A name in a note counts a little less than the same name on the character. */
  named: 0.97,
  /** 'Arthas alt' without 'of' is often 'Bank alt' with a name we do not know is a word. */
  looseCap: 0.9,
} as const;

/** Scores per member position for the references of one character; index null scores every member. */
export function matchNotes(
  references: NoteReference[],
  members: readonly PreparedMember[],
  index: MemberIndex | null,
  knownRealms: ReadonlySet<string>,
): Map<number, NoteMatch> {
  const found = new Map<number, NoteMatch>();
  for (const reference of references) {
    const name = readWrittenName(reference.name);
    const handle = reference.kind === 'discord' ? handleKey(reference.name) : undefined;
    const positions = index ? index.candidatesFor(name, handle) : members.keys();
    for (const position of positions) {
      const member = members[position]!;
      let score = 0;
      let how = '';
      if (handle && member.handle === handle) {
        score = WEIGHT.exactHandle;
        how = 'username';
      } else {
        const scored = scoreMember(name, member, knownRealms);
        if (!scored) continue;
        score = scored.score * WEIGHT.named;
        how = `${scored.field} '${scored.raw}'`;
      }
      if (reference.isLoose) score = Math.min(score, WEIGHT.looseCap);
      if (score < AUTO_LINK.minScore - 0.1) continue;
      const previous = found.get(position);
      if (!previous || score > previous.score) found.set(position, { score, evidence: `${reference.quote} (${how})` });
    }
  }
  return found;
}
