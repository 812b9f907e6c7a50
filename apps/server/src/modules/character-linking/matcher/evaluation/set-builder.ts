// Collects labelled (character, member) pairs with stable ids, and refuses a set that contradicts itself.
import type { MatchCharacter, MatchMember } from '../types';

/** One labelled pair: does this member's player own this character? */
export interface EvaluationPair {
  /** The rule or hard case that produced it, to read a miss back to its cause. */
  case: string;
  character: MatchCharacter;
  member: MatchMember;
  isSamePlayer: boolean;
}

/** The committed evaluation set. */
export interface EvaluationSet {
  about: string;
  pairs: EvaluationPair[];
}

export class SetBuilder {
  readonly pairs: EvaluationPair[] = [];
  private characterCount = 0;
  private memberCount = 0;
  private readonly ownerOf = new Map<string, string>();

  character(name: string, realm: string | null, notes: { guildNote?: string; officerNote?: string } = {}): MatchCharacter {
    this.characterCount++;
    const id = `c${String(this.characterCount).padStart(3, '0')}`;
    return { id, name, realm, guildNote: notes.guildNote ?? null, officerNote: notes.officerNote ?? null };
  }

  member(username: string, globalName: string | null, nickname: string | null): MatchMember {
    this.memberCount++;
    return { id: `m${String(this.memberCount).padStart(3, '0')}`, username, globalName, nickname };
  }

  /** Labels a pair; a character has one owner at most, and a pair is labelled once. */
  pair(character: MatchCharacter, member: MatchMember, isSamePlayer: boolean, label: string) {
    if (this.pairs.some((pair) => pair.character.id === character.id && pair.member.id === member.id)) {
      throw new Error(`pair ${character.name} / ${member.username} labelled twice`);
    }
    if (isSamePlayer) {
      const owner = this.ownerOf.get(character.id);
      if (owner && owner !== member.id) throw new Error(`${character.name} has two owners`);
      this.ownerOf.set(character.id, member.id);
    }
    this.pairs.push({ case: label, character, member, isSamePlayer });
  }
}
