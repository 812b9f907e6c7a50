// Splits what a member shows (username, global name, server nickname) into the names it may hold, each with the score
// it earns when a character's name equals it. Cleaner strings earn more: '[KoD] Arthas | Tank' names Arthas a little
// less surely than 'Arthas', and 'Arthas/Jaina' names two characters, each less surely again.
import { foldCase, lettersOnly, plainLower } from './fold';
import { readWord, type Word } from './read-word';
import { hasCyrillic, soundSkeleton, transliterateCyrillic } from './transliterate';
import { CLASS_SUFFIXES, NAME_PREFIXES } from './words';

/** One name a display string may hold. */
export interface NameCandidate {
  /** Folded letters a character's name is compared with (a sound skeleton when isSkeleton). */
  text: string;
  /** The word as typed, lower-cased: equal to the character's own lower-cased name means no folding was needed. */
  plain: string;
  /** The score a character whose name equals text earns. */
  quality: number;
  isSkeleton: boolean;
  /** Whether the prefix and Jaro-Winkler rules may compare with it (whole words of four letters or more). */
  isFuzzy: boolean;
  /** Why it is a candidate, for the evidence line. */
  why: string;
}

/** A member's display string read once, before any character is compared with it. */
export interface DisplayName {
  raw: string;
  candidates: NameCandidate[];
  /** A 'Name-Realm' suffix, folded, or null. */
  realm: string | null;
}

export const QUALITY = {
  exact: 1,
  decorated: 0.99,
  textDropped: 0.98,
  joinedWords: 0.97,
  listedName: 0.96,
  digitsDropped: 0.95,
  crossScript: 0.9,
  oneOfSeveralWords: 0.9,
  namePrefixDropped: 0.9,
  classSuffixDropped: 0.88,
} as const;

// Tags ('[KoD]', '<Tag>', '{x}') are dropped when anything is left; parentheses only separate: '(Arthas)' is a name.
const TAG_GROUP = /[[<{]([^\]>}]*)[\]>}]/g;
const PARENTHESES = /[()]/g;
const STRONG_SEPARATOR = /\s[-–—]+\s|[–—]|[^\p{L}\p{N}\p{M}\s_.'’-]/gu;
const WORD_SEPARATOR = /[\s_.]+/;

/** Reads one display string, once per member and field. */
export function readDisplayName(raw: string): DisplayName {
  let text = raw.normalize('NFC').trim();
  let hasDroppedText = false;
  const withoutTags = text.replace(TAG_GROUP, ' | ');
  if (withoutTags !== text) {
    if (lettersOnly(withoutTags).length > 0) hasDroppedText = true;
    else text = text.replace(/[[\]<>{}]/g, ' | ');
  }
  if (hasDroppedText) text = withoutTags;
  const segments: Word[][] = [];
  let realm: string | null = null;
  const hyphenated: Word[] = [];
  for (const segment of text.replace(PARENTHESES, ' | ').split(STRONG_SEPARATOR)) {
    const words: Word[] = [];
    for (const part of segment.split(WORD_SEPARATOR)) {
      if (!part) continue;
      const [head, ...suffixes] = part.split('-').filter(Boolean);
      if (!head) continue;
      const suffix = suffixes.join('');
      const word = readWord(head);
      if (suffix) {
        // WoW writes a character from another realm as 'Name-Realm' (no spaces); a spaced dash only separates.
        const folded = foldCase(suffix).replace(/[^\p{L}\p{N}]/gu, '');
        if (folded) realm = folded;
        hasDroppedText = true;
        // Unless it is a hyphenated name ('Jean-Luc'), which then matches as one word.
        const joined = readWord(`${head}${suffix}`);
        if (word.kind === 'name' && joined.kind === 'name')
          hyphenated.push({ ...joined, qualityCap: Math.min(joined.qualityCap, QUALITY.joinedWords) });
      }
      if (word.hasDroppedText) hasDroppedText = true;
      if (word.kind === 'name') words.push(word);
      else if (word.kind !== 'blank') hasDroppedText = true;
    }
    if (words.length > 0) segments.push(words);
  }
  const isClean = segments.length === 1 && segments[0]!.length === 1 && plainLower(raw.trim()) === segments[0]![0]!.plain;
  const isDecorated = !isClean && !hasDroppedText;
  const isListed = segments.length > 1;
  const candidates: NameCandidate[] = [];
  for (const words of segments) {
    if (words.length === 1) {
      const word = words[0]!;
      const quality = isListed
        ? QUALITY.listedName
        : isClean
          ? QUALITY.exact
          : isDecorated
            ? QUALITY.decorated
            : QUALITY.textDropped;
      addWord(candidates, word, Math.min(quality, word.qualityCap), isListed ? 'one of several names' : 'name');
    } else {
      const joined = words.map((word) => word.text).join('');
      const cap = Math.min(...words.map((word) => word.qualityCap));
      const quality = Math.min(cap, isListed ? QUALITY.listedName - 0.01 : QUALITY.joinedWords);
      candidates.push({
        text: joined,
        plain: words.map((w) => w.plain).join(''),
        quality,
        isSkeleton: false,
        isFuzzy: true,
        why: 'words joined',
      });
      for (const word of words)
        addWord(
          candidates,
          word,
          Math.min(QUALITY.oneOfSeveralWords - (isListed ? 0.02 : 0), word.qualityCap),
          'one of several words',
        );
    }
  }
  for (const word of hyphenated) addWord(candidates, word, word.qualityCap, 'hyphenated name');
  return { raw, candidates, realm: segments.length > 0 ? realm : null };
}

/** A word, its variants without a glued class suffix or name prefix, and its sound skeleton when in another script. */
function addWord(candidates: NameCandidate[], word: Word, quality: number, why: string) {
  candidates.push({ text: word.text, plain: word.plain, quality, isSkeleton: false, isFuzzy: word.text.length >= 4, why });
  if (word.text.length >= 6) {
    for (const suffix of CLASS_SUFFIXES) {
      if (word.text.length - suffix.length >= 4 && word.text.endsWith(suffix)) {
        const text = word.text.slice(0, -suffix.length);
        candidates.push({
          text,
          plain: text,
          quality: Math.min(quality, QUALITY.classSuffixDropped),
          isSkeleton: false,
          isFuzzy: false,
          why: `class suffix '${suffix}' dropped`,
        });
      }
    }
    for (const prefix of NAME_PREFIXES) {
      if (word.text.length - prefix.length >= 4 && word.text.startsWith(prefix)) {
        const text = word.text.slice(prefix.length);
        candidates.push({
          text,
          plain: text,
          quality: Math.min(quality, QUALITY.namePrefixDropped),
          isSkeleton: false,
          isFuzzy: false,
          why: `'${prefix}' dropped`,
        });
      }
    }
  }
  if (hasCyrillic(word.text)) {
    const text = soundSkeleton(transliterateCyrillic(word.text));
    candidates.push({
      text,
      plain: text,
      quality: Math.min(quality, QUALITY.crossScript),
      isSkeleton: true,
      isFuzzy: text.length >= 4,
      why: 'transliterated',
    });
  }
}
