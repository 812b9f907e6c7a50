// Candidate pruning: members are indexed by the names their display strings hold, so a character is scored only
// against members that share an exact name, its first four letters (prefix containment needs four), or a one-letter
// deletion of it (a name one insertion, deletion, substitution or swap away, which is what a Jaro-Winkler likeness
// of 0.9 or more between names of similar length usually is). Every rule that reaches the high band is an exact
// equality, so pruning never loses a high-band match; it may lose a rare low-band likeness two edits away (the
// benchmark counts them), and members a note points at are always scored besides.
import type { CharacterName } from './character-name';
import type { PreparedMember } from './prepared-member';

const SKELETON = '~';
const PREFIX_LENGTH = 4;

/** Looks up which members may match a name. */
export class MemberIndex {
  private readonly byText = new Map<string, number[]>();
  private readonly byPrefix = new Map<string, number[]>();
  private readonly byDeletion = new Map<string, number[]>();
  /** Per member, the last lookup that listed it, so one lookup lists a member once without allocating a set. */
  private readonly listedIn: Uint32Array;
  private lookup = 0;

  constructor(members: readonly PreparedMember[]) {
    this.listedIn = new Uint32Array(members.length);
    members.forEach((member, position) => {
      for (const { display } of member.fields) {
        for (const candidate of display.candidates) {
          const mark = candidate.isSkeleton ? SKELETON : '';
          add(this.byText, mark + candidate.text, position);
          if (!candidate.isFuzzy) continue;
          add(this.byPrefix, mark + candidate.text.slice(0, PREFIX_LENGTH), position);
          for (const deletion of deletions(candidate.text)) add(this.byDeletion, mark + deletion, position);
        }
      }
    });
  }

  /** Positions of the members a name may match, each once. */
  candidatesFor(name: CharacterName): number[] {
    this.lookup++;
    const found: number[] = [];
    const collect = (positions: number[] | undefined) => {
      if (!positions) return;
      for (const position of positions) {
        if (this.listedIn[position] === this.lookup) continue;
        this.listedIn[position] = this.lookup;
        found.push(position);
      }
    };
    collect(this.byText.get(name.text));
    collect(this.byText.get(SKELETON + name.skeleton));
    if (name.withoutClassSuffix) collect(this.byText.get(name.withoutClassSuffix.text));
    // A name in another script meets members showing one of its Latin spellings ('小明' and 'xiaoming').
    for (const spelling of name.romanized) collect(this.byText.get(spelling));
    if (name.isShort) return found;
    for (const [mark, text] of [
      ['', name.text],
      [SKELETON, name.skeleton],
    ] as const) {
      if (text.length < PREFIX_LENGTH) continue;
      collect(this.byPrefix.get(mark + text.slice(0, PREFIX_LENGTH)));
      collect(this.byDeletion.get(mark + text));
      for (const deletion of deletions(text)) {
        collect(this.byText.get(mark + deletion));
        collect(this.byDeletion.get(mark + deletion));
      }
    }
    return found;
  }
}

/** The strings one letter shorter (each letter left out once). */
function deletions(text: string): string[] {
  const shorter: string[] = [];
  for (let index = 0; index < text.length; index++) shorter.push(text.slice(0, index) + text.slice(index + 1));
  return shorter;
}

function add(map: Map<string, number[]>, key: string, position: number) {
  if (!key) return;
  const positions = map.get(key);
  if (!positions) map.set(key, [position]);
  else if (positions[positions.length - 1] !== position) positions.push(position);
}
