// Turns the names a character's notes give into scores per member. A note is written by an officer about this very
// character, so it is strong evidence; it is still scored through the named member's own strings (or, when the note
// names a main the guild has, through that main's own matches), so a vague pointer stays as vague as its target.
import { AUTO_LINK } from '@guildhall/contract';
import type { MatchContext, NamedCharacter } from './match-context';
import { handleKey, readWrittenName, scoreMember } from './prepared-member';
import type { NoteReference } from './read-notes';
import type { ScoredMember } from './score-character';

/** A member a note points at, with the strength of the pointer. */
export interface NoteMatch {
  score: number;
  evidence: string;
}

/** A note naming a main that is a character of the guild: its owner is whoever owns that main. */
export interface MainReference {
  reference: NoteReference;
  mainPosition: number;
}

/** A note naming a main that is linked already: its owner is that main's member. */
export interface LinkedMainReference {
  reference: NoteReference;
  memberPosition: number;
}

const WEIGHT = {
  /** A note giving the member's exact Discord username. */
  exactHandle: 0.97,
  /** A name in a note counts a little less than the same name on the character. */
  named: 0.97,
  /** 'Arthas alt' without 'of' is often 'Bank alt' with a name we do not know is a word; a main named on two
   *  realms does not say which. */
  looseCap: 0.9,
} as const;

/** Sorts a character's references: mains being matched (followed in a second pass), mains linked already, the rest. */
export function sortReferences(context: MatchContext, position: number, references: NoteReference[]) {
  const byMember: NoteReference[] = [];
  const mains: MainReference[] = [];
  const linkedMains: LinkedMainReference[] = [];
  for (const reference of references) {
    const main = reference.kind === 'main' ? findMain(context, position, reference) : null;
    if (main === 'several') byMember.push({ ...reference, isLoose: true });
    else if (main?.position !== undefined) mains.push({ reference, mainPosition: main.position });
    else if (main?.linkedTo !== undefined) linkedMains.push({ reference, memberPosition: main.linkedTo });
    else byMember.push(reference);
  }
  return { byMember, mains, linkedMains };
}

/** The one other character of the guild a note names as main, 'several', or null when the guild has none. */
function findMain(context: MatchContext, position: number, reference: NoteReference): NamedCharacter | 'several' | null {
  const name = readWrittenName(reference.name);
  let named = (context.charactersNamed.get(name.text) ?? []).filter((other) => other.position !== position);
  if (name.realm) named = named.filter((other) => other.realm === name.realm);
  if (named.length > 1) {
    const ownRealm = context.names[position]!.realm;
    const onOwnRealm = named.filter((other) => other.realm === ownRealm);
    if (onOwnRealm.length > 0) named = onOwnRealm;
  }
  return named.length === 1 ? named[0]! : named.length === 0 ? null : 'several';
}

/** Scores per member position for references resolved through members' own strings. */
export function matchNotes(context: MatchContext, references: NoteReference[]): Map<number, NoteMatch> {
  const found = new Map<number, NoteMatch>();
  for (const reference of references) {
    const handle = reference.kind === 'discord' ? handleKey(reference.name) : undefined;
    const owner = handle === undefined ? undefined : context.memberWithHandle.get(handle);
    if (owner !== undefined) {
      // A Discord username is unique: when a member has it, the note means that member and nobody else.
      keepBest(found, owner, weigh(reference, WEIGHT.exactHandle), `${reference.quote} (username)`);
      continue;
    }
    const name = readWrittenName(reference.name);
    const positions = context.index ? context.index.candidatesFor(name) : context.members.keys();
    for (const position of positions) {
      const member = context.members[position]!;
      const scored = scoreMember(name, member, context.knownRealms);
      if (!scored) continue;
      keepBest(
        found,
        position,
        weigh(reference, scored.score * WEIGHT.named),
        `${reference.quote} (${scored.field} '${scored.raw}')`,
      );
    }
  }
  return found;
}

/** Adds, for each linked main a note names, that main's member. */
export function followLinkedMains(found: Map<number, NoteMatch>, linkedMains: LinkedMainReference[]) {
  for (const { reference, memberPosition } of linkedMains) {
    keepBest(found, memberPosition, weigh(reference, WEIGHT.named), `${reference.quote} (the main is linked to this member)`);
  }
}

/** Adds, for each main a note names, the members that main matched, a little less surely. */
export function followMains(
  found: Map<number, NoteMatch>,
  mains: MainReference[],
  matchesOf: (position: number) => ScoredMember[],
) {
  for (const { reference, mainPosition } of mains) {
    for (const { position, match } of matchesOf(mainPosition)) {
      keepBest(found, position, weigh(reference, match.score * WEIGHT.named), `${reference.quote} (the main: ${match.evidence})`);
    }
  }
}

function weigh(reference: NoteReference, score: number): number {
  return reference.isLoose ? Math.min(score, WEIGHT.looseCap) : score;
}

function keepBest(found: Map<number, NoteMatch>, position: number, score: number, evidence: string) {
  if (score < AUTO_LINK.minScore - 0.1) return;
  const previous = found.get(position);
  if (!previous || score > previous.score) found.set(position, { score, evidence });
}
