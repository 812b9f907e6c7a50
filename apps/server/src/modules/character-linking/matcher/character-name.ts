// A character's name and realm, read once before it is compared with any member.
import { foldCase, lettersOnly, plainLower } from './fold';
import { romanizations } from './romanize';
import { soundSkeleton } from './transliterate';
import { CLASS_SUFFIXES, isCommonWord } from './words';

/** A character name ready for comparison. */
export interface CharacterName {
  /** Folded letters ('Ârthás' → 'arthas'). */
  text: string;
  /** Lower-cased letters as typed. */
  plain: string;
  /** Three letters or fewer: only an exact match counts, as 'Al' is inside too many names. */
  isShort: boolean;
  /** A role, class or filler word ('Tank', 'Holy'), which identifies nobody. */
  isCommon: boolean;
  /** Sound skeleton, met by names transliterated from another script. */
  skeleton: string;
  /** The name without a glued class suffix ('arthasdk' → 'arthas'), often a player's main plus the alt's class. */
  withoutClassSuffix: { text: string; suffix: string } | null;
  /** Folded realm (letters and digits), or null. */
  realm: string | null;
  /** The name as typed ('Громмаш'), for the evidence of a transliterated match. */
  typed: string;
  /** Latin spellings of a name in another script ('громмаш' → grommash), the usual one first; empty for a Latin name. */
  romanized: string[];
}

/** Letters and digits of a folded realm: 'Area 52' and 'Area52', "Kel'Thuzad" and 'KelThuzad' meet. */
function realmKey(raw: string | null): string | null {
  if (!raw) return null;
  return foldCase(raw).replace(/[^\p{L}\p{N}]/gu, '') || null;
}

/** Reads a character name (any 'Name-Realm' suffix is dropped: the realm is its own field). */
export function readCharacterName(name: string, realm: string | null): CharacterName {
  const [head = name] = name.split('-');
  const text = lettersOnly(foldCase(head));
  let withoutClassSuffix: CharacterName['withoutClassSuffix'] = null;
  for (const suffix of CLASS_SUFFIXES) {
    if (text.length - suffix.length >= 4 && text.endsWith(suffix)) {
      if (!withoutClassSuffix || suffix.length > withoutClassSuffix.suffix.length) {
        withoutClassSuffix = { text: text.slice(0, -suffix.length), suffix };
      }
    }
  }
  return {
    text,
    plain: lettersOnly(plainLower(head)),
    isShort: [...text].length <= 3,
    isCommon: isCommonWord(text),
    skeleton: soundSkeleton(text),
    withoutClassSuffix,
    realm: realmKey(realm),
    typed: lettersOnly(head.normalize('NFC')),
    romanized: romanizations(lettersOnly(plainLower(head))),
  };
}
