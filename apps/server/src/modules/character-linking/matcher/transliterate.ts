// Cross-script comparison: a Russian player writes 'Артас' for the character 'Arthas'. Transliteration loses letters
// ('th' becomes 'т'), so both sides are reduced to a rough sound skeleton before they are compared.

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'i',
  є: 'e',
  ґ: 'g',
};
// Дж is how Russian spells an English J ('Джайна' for 'Jaina').
const CYRILLIC_J = /дж/g;
const CYRILLIC_LETTER = /[\u0400-\u04ff]/;

/** Whether a folded string holds Cyrillic letters. */
export function hasCyrillic(folded: string): boolean {
  return CYRILLIC_LETTER.test(folded);
}

/** Latin letters for a folded Cyrillic string; other characters pass through. */
export function transliterateCyrillic(folded: string): string {
  let latin = '';
  for (const letter of folded.replace(CYRILLIC_J, 'j')) latin += CYRILLIC[letter] ?? letter;
  return latin;
}

const SKELETON_RULES: [RegExp, string][] = [
  [/th/g, 't'],
  [/ph/g, 'f'],
  [/kh/g, 'h'],
  [/ck/g, 'k'],
  [/[cq]/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/[yj]/g, 'i'],
  [/(.)\1+/g, '$1'],
];

/** A rough sound skeleton of a folded Latin name, so spellings from another script meet ('arthas' and 'artas'). */
export function soundSkeleton(latin: string): string {
  let skeleton = latin;
  for (const [pattern, replacement] of SKELETON_RULES) skeleton = skeleton.replace(pattern, replacement);
  return skeleton;
}
