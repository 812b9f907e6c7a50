// Latin spellings of a name written in another script, as players type them: 'Громмаш' → grommash, '小明' → xiaoming,
// '민수' → minsu, 'さくら' → sakura. Each name gets the few spellings players actually use (Cyrillic х as kh, h or x;
// Korean 김 as gim or kim; Japanese ゆう as yuu or yu), and a Latin name is compared with them exactly: a spelling
// one letter off is another name ('xiaomei' is not 小明).
import { romanize as romanizeHangul } from 'es-hangul';
import { pinyin } from 'pinyin-pro';
import { toRomaji } from 'wanakana';

/** More spellings than this are cut: a name of many ambiguous letters is rare, and every spelling is looked up. */
const MAX_SPELLINGS = 24;

const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/;
const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const LATIN_WORD = /^[a-z]+$/;

/** Russian (and Ukrainian) letters and the spellings players type for each, the usual one first. */
const CYRILLIC: Record<string, string[]> = {
  а: ['a'],
  б: ['b'],
  в: ['v'],
  г: ['g'],
  д: ['d'],
  е: ['e'],
  ё: ['yo', 'e'],
  ж: ['zh', 'j'],
  з: ['z'],
  и: ['i'],
  й: ['y', 'i', 'j'],
  к: ['k'],
  л: ['l'],
  м: ['m'],
  н: ['n'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s'],
  т: ['t'],
  у: ['u'],
  ф: ['f'],
  х: ['kh', 'h', 'x'],
  ц: ['ts', 'c'],
  ч: ['ch'],
  ш: ['sh'],
  щ: ['shch', 'sch'],
  ъ: [''],
  ы: ['y'],
  ь: [''],
  э: ['e'],
  ю: ['yu', 'ju', 'iu'],
  я: ['ya', 'ja', 'ia'],
  і: ['i'],
  ї: ['yi', 'i'],
  є: ['ye', 'e'],
  ґ: ['g'],
};

/** Korean spellings besides the Revised Romanization players type: 김 as kim, 박 as park, 준 as joon. */
const HANGUL_VARIANTS: [RegExp, string][] = [
  [/^g/, 'k'],
  [/^d/, 't'],
  [/^b/, 'p'],
  [/eo/g, 'u'],
  [/(?<![aeo])u/g, 'oo'],
];

/** Korean surnames as their bearers spell them in Latin letters, whatever the Revised Romanization says. */
const KOREAN_SURNAMES: Record<string, string[]> = {
  김: ['kim'],
  이: ['lee', 'yi', 'rhee'],
  박: ['park', 'pak'],
  최: ['choi'],
  정: ['jung', 'chung'],
  강: ['kang'],
  조: ['cho'],
  윤: ['yoon'],
  장: ['jang', 'chang'],
  임: ['lim'],
  한: ['han'],
  신: ['shin'],
};

/** Japanese long vowels as players drop them: ryuu as ryu, yuuki as yuki, shou as sho. */
const KANA_VARIANTS: [RegExp, string][] = [
  [/uu/g, 'u'],
  [/ou/g, 'o'],
  [/oo/g, 'o'],
];

/**
 * The Latin spellings of a folded word in Cyrillic, Chinese (Han), Korean (Hangul) or Japanese kana, the usual one
 * first; none for a word in Latin letters or mixing scripts.
 */
export function romanizations(word: string): string[] {
  if (!word || LATIN_WORD.test(word)) return [];
  if (CYRILLIC_WORD.test(word)) return cyrillicSpellings(word);
  if (HANGUL.test(word) && !HAN.test(word) && !KANA.test(word)) return hangulSpellings(word);
  if (KANA.test(word) && !HAN.test(word) && !HANGUL.test(word)) {
    return withVariants(latinLetters(toRomaji(word)), KANA_VARIANTS);
  }
  if (HAN.test(word) && !HANGUL.test(word) && !KANA.test(word)) return hanSpellings(word);
  return [];
}

/** Whether a folded word is in Latin letters only (the other side of a transliterated match). */
export function isLatinWord(word: string): boolean {
  return LATIN_WORD.test(word);
}

function cyrillicSpellings(word: string): string[] {
  let spellings = [''];
  // Дж is how Russian writes an English J ('Джайна' for Jaina).
  for (const letter of word.replace(/дж/g, 'j')) {
    const options = CYRILLIC[letter] ?? [letter];
    spellings = spellings.flatMap((start) => options.map((option) => start + option)).slice(0, MAX_SPELLINGS);
  }
  return unique(spellings.filter((spelling) => LATIN_WORD.test(spelling)));
}

/** Revised Romanization and its common variants, and a leading surname as its bearers spell it ('김민준' → kimminjun). */
function hangulSpellings(word: string): string[] {
  const spellings = withVariants(latinLetters(romanizeHangul(word)), HANGUL_VARIANTS);
  const [first = '', ...rest] = word;
  const surnames = rest.length >= 1 ? (KOREAN_SURNAMES[first] ?? []) : [];
  if (surnames.length === 0) return spellings;
  const givenName = withVariants(latinLetters(romanizeHangul(rest.join(''))), HANGUL_VARIANTS.slice(3));
  const more = surnames.flatMap((surname) => givenName.map((given) => surname + given));
  return unique([...spellings, ...more]).slice(0, MAX_SPELLINGS);
}

/** Toneless pinyin, the surname read as a surname (单 as shan), with and without that reading; ü as u and as v. */
function hanSpellings(word: string): string[] {
  const readings = [
    pinyin(word, { toneType: 'none', surname: 'head', type: 'array' }),
    pinyin(word, { toneType: 'none', type: 'array' }),
  ];
  const spellings = readings.map((syllables) => syllables.join(''));
  return unique(
    spellings.flatMap((spelling) => [latinLetters(spelling), latinLetters(spelling.replace(/ü/g, 'v'))]).filter(Boolean),
  );
}

function withVariants(spelling: string, variants: [RegExp, string][]): string[] {
  if (!spelling) return [];
  let spellings = [spelling];
  for (const [pattern, replacement] of variants) {
    const more = spellings.map((known) => known.replace(pattern, replacement));
    spellings = unique([...spellings, ...more]).slice(0, MAX_SPELLINGS);
  }
  return spellings;
}

/** Lower-case Latin letters only, accents dropped (pinyin's ü as u). */
function latinLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

const unique = (values: string[]) => [...new Set(values)];
