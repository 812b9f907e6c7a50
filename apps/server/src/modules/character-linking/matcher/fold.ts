// Folds a raw string into the form names are compared in. Display always keeps the original; this is for scoring only.

/** Letters that do not decompose under NFKD but are plainly one Latin letter or two. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŧ: 't',
  ħ: 'h',
};

// Small capitals are a favourite nickname "font" and NFKD leaves them alone.
const SMALL_CAPITALS = 'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ';
const SMALL_CAPITAL_LETTERS = 'abcdefghijklmnopqrstuvwyz';
for (let index = 0; index < SMALL_CAPITALS.length; index++) {
  LETTER_FOLDS[SMALL_CAPITALS[index]!] = SMALL_CAPITAL_LETTERS[index]!;
}

const COMBINING_ACCENTS = /[\u0300-\u036f]/g;
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/**
 * Compatibility forms (fullwidth, mathematical and circled letters) to plain letters, Latin accents dropped, case kept.
 * Only the Latin combining accents are dropped, so Korean syllables recompose (NFC) and kana keep their voicing marks.
 */
export function foldAccents(raw: string): string {
  return raw.normalize('NFKD').replace(COMBINING_ACCENTS, '').normalize('NFC');
}

/** foldAccents, lower-cased, with the letters NFKD leaves alone folded too. */
export function foldCase(raw: string): string {
  return foldAccents(raw)
    .toLowerCase()
    .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter]!);
}

/** Lower case only: what the player typed, to tell an exact name from one that matched after folding. */
export function plainLower(raw: string): string {
  return raw.normalize('NFC').toLowerCase();
}

/** The letters of a string, nothing else: a WoW character name never holds digits, spaces or marks. */
export function lettersOnly(text: string): string {
  return text.replace(/[^\p{L}]/gu, '');
}
