// Candidate pruning: members are indexed by the names their display strings hold, so a character is scored only
// against members that share an exact name, its first three letters, or its first and last two letters. Every rule
// that can reach the high band is an exact equality, so pruning never loses a high-band match; it may lose a rare
// low-band Jaro-Winkler likeness whose beginning and end both differ (the benchmark reports any difference).
import type { CharacterName } from './character-name';
import type { PreparedMember } from './prepared-member';

const SKELETON = '~';

/** Looks up which members may match a name. */
export class MemberIndex {
  private readonly byText = new Map<string, number[]>();
  private readonly byStart = new Map<string, number[]>();
  private readonly byEdges = new Map<string, number[]>();
  /** Per member, the last lookup that listed it, so one lookup lists a member once without allocating a set. */
  private readonly listedIn: Uint32Array;
  private lookup = 0;

  constructor(members: readonly PreparedMember[]) {
    this.listedIn = new Uint32Array(members.length);
    members.forEach((member, position) => {
      for (const { display } of member.fields) {
        for (const candidate of display.candidates) {
          const prefix = candidate.isSkeleton ? SKELETON : '';
          add(this.byText, prefix + candidate.text, position);
          if (!candidate.isFuzzy) continue;
          add(this.byStart, prefix + start(candidate.text), position);
          add(this.byEdges, prefix + edges(candidate.text), position);
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
    if (!name.isShort) {
      collect(this.byStart.get(start(name.text)));
      collect(this.byEdges.get(edges(name.text)));
      collect(this.byStart.get(SKELETON + start(name.skeleton)));
      collect(this.byEdges.get(SKELETON + edges(name.skeleton)));
    }
    return found;
  }
}

const start = (text: string) => text.slice(0, 3);
const edges = (text: string) => text.slice(0, 1) + text.slice(-2);

function add(map: Map<string, number[]>, key: string, position: number) {
  if (!key) return;
  const positions = map.get(key);
  if (!positions) map.set(key, [position]);
  else if (positions[positions.length - 1] !== position) positions.push(position);
}
