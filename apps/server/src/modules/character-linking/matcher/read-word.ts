// Reads one word of a display string: the name in it, if any, and how much was taken away to find it.
import { foldAccents, foldCase, lettersOnly, plainLower } from './fold';
import { isCommonWord } from './words';

/** One word of a display string. */
export interface Word {
  kind: 'name' | 'common' | 'blank';
  /** Folded letters. */
  text: string;
  /** Lower-cased letters as typed. */
  plain: string;
  /** Letters as typed, case kept ('Волкодав'), for the evidence line. */
  typed: string;
  /** The most a match on this word may score: less when digits or decoration had to go. */
  qualityCap: number;
  /** Whether letters were dropped to read it (a common word glued on, say). */
  hasDroppedText: boolean;
  /** What was taken away, when qualityCap is below 1. */
  note: string;
}

// 'xXArthasXx': the x's are decoration only when both ends carry a mixed or doubled pair.
const CROSSED = /^(?:xX|Xx|XX|xx)(\p{L}{3,}?)(?:Xx|xX|XX|xx)$/u;
// CJK letters used as ornaments around Latin names ('彡Chen彡', 'ツArthasツ').
const ORNAMENT_LETTERS = /[彡ミツッシ乂〆巛卍]/gu;
const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})/u;
// A name with a short number glued on ('arthas1987', '2arthas') is common for taken Discord usernames.
const NUMBER_AT_AN_END = /^\d{1,4}(?=\p{L})|(?<=\p{L})\d{1,4}$/gu;
const DIGIT = /\d/;

// A number at an end often means the plain name was taken, by somebody else: medium at best.
const CAPS = { crossed: 0.97, digits: 0.93, digitsInside: 0.88, camelCommon: 0.97 } as const;

/** Reads a word (no separators left in it). */
export function readWord(raw: string): Word {
  let cased = foldAccents(raw);
  let qualityCap = 1;
  let hasDroppedText = false;
  let isReshaped = false;
  const notes: string[] = [];
  const withoutOrnaments = cased.replace(ORNAMENT_LETTERS, '');
  if (withoutOrnaments !== cased && /\p{Script=Latin}/u.test(withoutOrnaments)) {
    cased = withoutOrnaments;
    isReshaped = true;
  }
  const crossed = CROSSED.exec(cased);
  if (crossed) {
    cased = crossed[1]!;
    qualityCap = CAPS.crossed;
    isReshaped = true;
    notes.push('decoration dropped');
  }
  if (DIGIT.test(cased)) {
    const trimmed = cased.replace(NUMBER_AT_AN_END, '');
    qualityCap = Math.min(qualityCap, DIGIT.test(trimmed) ? CAPS.digitsInside : CAPS.digits);
    cased = trimmed;
    isReshaped = true;
    notes.push('digits dropped');
  }
  // 'HolyArthas' or 'ArthasTank': a common word glued on in camel case can go; two names glued ('McArthur') stay whole.
  const parts = cased.split(CAMEL_BOUNDARY);
  if (parts.length > 1) {
    const names = parts.filter((part) => !isCommonWord(lettersOnly(foldCase(part))));
    if (names.length === 1 && lettersOnly(names[0]!).length >= 3) {
      cased = names[0]!;
      qualityCap = Math.min(qualityCap, CAPS.camelCommon);
      hasDroppedText = true;
      isReshaped = true;
      notes.push('role word dropped');
    }
  }
  const text = lettersOnly(foldCase(cased));
  const plain = lettersOnly(plainLower(isReshaped ? cased : raw));
  const kind = !text ? 'blank' : isCommonWord(text) ? 'common' : 'name';
  const typed = lettersOnly(isReshaped ? cased : raw.normalize('NFC'));
  return { kind, text, plain, typed, qualityCap, hasDroppedText, note: notes.join(', ') };
}
