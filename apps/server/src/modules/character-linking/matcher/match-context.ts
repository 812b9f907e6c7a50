// Everything read once per findMatches call: members' display strings, the pruning index, characters' names, the
// realms the guild plays on, and which names the guild has on several realms.
import { type CharacterName, readCharacterName } from './character-name';
import { MemberIndex } from './member-index';
import { type PreparedMember, prepareMember } from './prepared-member';
import type { LinkedCharacter, MatchCharacter, MatchMember } from './types';

/** A character a note may name as main: one being matched (by position) or one linked already (to a member). */
export interface NamedCharacter {
  realm: string | null;
  position?: number;
  linkedTo?: number;
}

export interface MatchContext {
  characters: MatchCharacter[];
  names: CharacterName[];
  members: PreparedMember[];
  /** null scores every pair (the benchmark's baseline). */
  index: MemberIndex | null;
  knownRealms: Set<string>;
  /** Folded name → the characters with it, being matched or linked already. */
  charactersNamed: Map<string, NamedCharacter[]>;
  /** Discord username (handle form) → member position; usernames are unique on Discord. */
  memberWithHandle: Map<string, number>;
  /** Latin spelling → how many characters, being matched or linked, have it ('Sakura' and 'さくら' share sakura). */
  charactersSpelled: Map<string, number>;
}

/** The Latin spellings a character's name stands for: its own letters, or those of its transliterations. */
const spellingsOf = (name: CharacterName) => (name.romanized.length > 0 ? name.romanized : [name.text]);

export function prepareContext(
  characters: MatchCharacter[],
  members: MatchMember[],
  options: { shouldPrune: boolean; linkedCharacters: LinkedCharacter[] },
): MatchContext {
  const prepared = members.map(prepareMember);
  const knownRealms = new Set<string>();
  const charactersNamed = new Map<string, NamedCharacter[]>();
  const charactersSpelled = new Map<string, number>();
  const addNamed = (name: CharacterName, named: NamedCharacter) => {
    const text = name.text;
    for (const spelling of spellingsOf(name)) charactersSpelled.set(spelling, (charactersSpelled.get(spelling) ?? 0) + 1);
    if (named.realm) knownRealms.add(named.realm);
    const list = charactersNamed.get(text);
    if (list) list.push(named);
    else charactersNamed.set(text, [named]);
  };
  const names = characters.map((character, position) => {
    const name = readCharacterName(character.name, character.realm);
    addNamed(name, { realm: name.realm, position });
    return name;
  });
  const memberPosition = new Map(members.map((member, position) => [member.id, position]));
  for (const linked of options.linkedCharacters) {
    const name = readCharacterName(linked.name, linked.realm);
    addNamed(name, { realm: name.realm, linkedTo: memberPosition.get(linked.memberId) });
  }
  return {
    characters,
    names,
    members: prepared,
    index: options.shouldPrune ? new MemberIndex(prepared) : null,
    knownRealms,
    charactersNamed,
    memberWithHandle: new Map(prepared.map((member, position) => [member.handle, position])),
    charactersSpelled,
  };
}

/** Whether the guild has this character's name on more than one realm (then the name alone does not say which). */
export function isSharedName(context: MatchContext, position: number): boolean {
  const name = context.names[position]!;
  return context.charactersNamed.get(name.text)!.some((other) => other.realm !== name.realm);
}

/**
 * Whether another character of the guild is spelled like this one in Latin letters ('小明' and '晓明' are both
 * xiaoming; 'Sakura' and 'さくら' both sakura): then a transliteration alone does not say which is meant.
 */
export function hasNamesakeInAnotherScript(context: MatchContext, position: number): boolean {
  return spellingsOf(context.names[position]!).some((spelling) => (context.charactersSpelled.get(spelling) ?? 0) > 1);
}
