// The names a display string may hold, each with the score it earns when a character's name equals it. Cleaner
// strings earn more: '[KoD] Arthas | Tank' names Arthas a little less surely than 'Arthas', 'Arthas/Jaina' names two
// characters, each less surely again, and only an untouched or lightly decorated name reaches the high band.
import type { DisplayWords } from './display-name';
import type { Word } from './read-word';
import { romanizations } from './romanize';
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
  /** A role or filler word standing alone ('Frost'): only a character of exactly that name may match it. */
  isCommonWord: boolean;
  /** Whether the prefix and Jaro-Winkler rules may compare with it (whole words of four letters or more). */
  isFuzzy: boolean;
  /** Why it is a candidate, for the evidence line. */
  why: string;
  /** A Latin spelling of a word in another script: only a Latin character name may equal it (typed is the word). */
  romanizedFrom?: string;
}

/** The score of a character name equal to a candidate, by how the candidate was read. */
export const QUALITY = {
  exact: 1,
  decorated: 0.99,
  textDropped: 0.98,
  joinedWords: 0.97,
  listedName: 0.96,
  crossScript: 0.9,
  /** A name equal to a spelling of the other in another script ('Volkodav' and 'Волкодав'): high band at most. */
  transliterated: 0.95,
  oneOfSeveralWords: 0.9,
  namePrefixDropped: 0.9,
  classSuffixDropped: 0.88,
  commonWordAlone: 0.86,
} as const;

export function nameCandidates(words: DisplayWords): NameCandidate[] {
  const candidates: NameCandidate[] = [];
  const isListed = words.segments.length > 1;
  for (const segment of words.segments) {
    if (segment.length === 1) {
      const quality = isListed
        ? QUALITY.listedName
        : words.isClean
          ? QUALITY.exact
          : words.hasDroppedText
            ? QUALITY.textDropped
            : QUALITY.decorated;
      addWord(candidates, segment[0]!, quality, isListed ? 'one of several names' : 'name');
      continue;
    }
    // 'Dark Arrow' is most likely the character 'Darkarrow'; 'Arthas Menethil' only perhaps the character 'Arthas'.
    const joined = segment.map((word) => word.text).join('');
    const cap = Math.min(...segment.map((word) => word.qualityCap));
    candidates.push({
      ...plainCandidate(joined, segment.map((word) => word.plain).join('')),
      quality: Math.min(cap, isListed ? QUALITY.listedName - 0.01 : QUALITY.joinedWords),
      why: 'words joined',
    });
    const quality = QUALITY.oneOfSeveralWords - (isListed ? 0.02 : 0);
    for (const word of segment) addWord(candidates, word, quality, 'one of several words');
  }
  for (const word of words.hyphenated) addWord(candidates, word, QUALITY.joinedWords, 'hyphenated name');
  if (words.segments.length === 0 && words.commonWords.length === 1) {
    const [word] = words.commonWords as [Word];
    candidates.push({
      ...plainCandidate(word.text, word.plain),
      quality: QUALITY.commonWordAlone,
      isCommonWord: true,
      isFuzzy: false,
      why: 'common word alone',
    });
  }
  return candidates;
}

/** A word, its variants without a glued class suffix or name prefix, and its sound skeleton when in Cyrillic. */
function addWord(candidates: NameCandidate[], word: Word, quality: number, why: string) {
  const capped = Math.min(quality, word.qualityCap);
  candidates.push({
    ...plainCandidate(word.text, word.plain),
    quality: capped,
    why: word.qualityCap < quality ? `${why}, ${word.note}` : why,
  });
  if (word.text.length >= 6) {
    for (const suffix of CLASS_SUFFIXES) {
      if (word.text.length - suffix.length < 4 || !word.text.endsWith(suffix)) continue;
      const text = word.text.slice(0, -suffix.length);
      candidates.push({
        ...plainCandidate(text, text),
        quality: Math.min(capped, QUALITY.classSuffixDropped),
        isFuzzy: false,
        why: `${why} less class suffix '${suffix}'`,
      });
    }
    for (const prefix of NAME_PREFIXES) {
      if (word.text.length - prefix.length < 4 || !word.text.startsWith(prefix)) continue;
      const text = word.text.slice(prefix.length);
      candidates.push({
        ...plainCandidate(text, text),
        quality: Math.min(capped, QUALITY.namePrefixDropped),
        isFuzzy: false,
        why: `${why} less '${prefix}'`,
      });
    }
  }
  for (const spelling of romanizations(word.plain)) {
    candidates.push({
      ...plainCandidate(spelling, spelling),
      isFuzzy: false,
      quality: Math.min(capped, QUALITY.transliterated),
      why,
      romanizedFrom: word.typed,
    });
  }
  if (hasCyrillic(word.text)) {
    const text = soundSkeleton(transliterateCyrillic(word.text));
    candidates.push({
      ...plainCandidate(text, text),
      isSkeleton: true,
      quality: Math.min(capped, QUALITY.crossScript),
      why: `${why}, transliterated`,
    });
  }
}

function plainCandidate(text: string, plain: string): NameCandidate {
  return { text, plain, quality: 0, isSkeleton: false, isCommonWord: false, isFuzzy: text.length >= 4, why: '' };
}
