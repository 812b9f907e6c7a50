/** One of the member's characters, as a raid form offers it. */
interface OwnCharacter {
  id: string;
  name: string;
  class: string;
  spec: string | null;
}

/** The member's characters as the options of a select: 'Name (Class, Spec)'. */
export function OwnCharacterOptions({ characters }: { characters: readonly OwnCharacter[] }) {
  return characters.map((character) => (
    <option key={character.id} value={character.id}>
      {character.name} ({character.class}
      {character.spec ? `, ${character.spec}` : ''})
    </option>
  ));
}
