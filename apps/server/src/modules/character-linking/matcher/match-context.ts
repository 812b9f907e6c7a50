// Everything read once per findMatches call: members' display strings, the pruning index, characters' names, the
// realms the guild plays on, and which names the guild has on several realms.
import { type CharacterName, readCharacterName } from './character-name';
import { MemberIndex } from './member-index';
import { type PreparedMember, prepareMember } from './prepared-member';
import type { MatchCharacter, MatchMember } from './types';

export interface MatchContext {
  characters: MatchCharacter[];
  names: CharacterName[];
  members: PreparedMember[];
  /** null scores every pair (the benchmark's baseline). */
  index: MemberIndex | null;
  knownRealms: Set<string>;
  /** Folded name → positions of the characters with it. */
  charactersNamed: Map<string, number[]>;
  /** Discord username (handle form) → member position; usernames are unique on Discord. */
  memberWithHandle: Map<string, number>;
}

export function prepareContext(characters: MatchCharacter[], members: MatchMember[], shouldPrune: boolean): MatchContext {
  const prepared = members.map(prepareMember);
  const knownRealms = new Set<string>();
  const charactersNamed = new Map<string, number[]>();
  const names = characters.map((character, position) => {
    const name = readCharacterName(character.name, character.realm);
    if (name.realm) knownRealms.add(name.realm);
    const named = charactersNamed.get(name.text);
    if (named) named.push(position);
    else charactersNamed.set(name.text, [position]);
    return name;
  });
  return {
    characters,
    names,
    members: prepared,
    index: shouldPrune ? new MemberIndex(prepared) : null,
    knownRealms,
    charactersNamed,
    memberWithHandle: new Map(prepared.map((member, position) => [member.handle, position])),
  };
}

/** Whether the guild has this character's name on more than one realm (then the name alone does not say which). */
export function isSharedName(context: MatchContext, position: number): boolean {
  const name = context.names[position]!;
  return context.charactersNamed.get(name.text)!.some((other) => context.names[other]!.realm !== name.realm);
}
