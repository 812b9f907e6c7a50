// Reads what a member shows (username, global name, server nickname) into segments of words: tags, separators,
// decoration, role words and a 'Name-Realm' suffix are taken apart here, once per string.
import { foldCase, lettersOnly, plainLower } from './fold';
import { type NameCandidate, nameCandidates } from './name-candidates';
import { readWord, type Word } from './read-word';

/** A member's display string read once, before any character is compared with it. */
export interface DisplayName {
  raw: string;
  candidates: NameCandidate[];
  /** A 'Name-Realm' suffix, folded (letters and digits), or null. */
  realm: string | null;
}

/** The words of a display string, grouped by the separators between them. */
export interface DisplayWords {
  /** Segments ('Arthas | Tank' has one with a name word, 'Arthas/Jaina' two), name words only. */
  segments: Word[][];
  /** Hyphenated names ('Jean-Luc'), kept whole besides the 'Name-Realm' reading. */
  hyphenated: Word[];
  /** Role, class and filler words found, for a display string that is nothing else ('Frost'). */
  commonWords: Word[];
  /** Whether the string is exactly one name word, as typed. */
  isClean: boolean;
  /** Whether letters (tags, role words, a realm) were dropped, not only symbols and spaces. */
  hasDroppedText: boolean;
  realm: string | null;
}

// Tags ('[KoD]', '<Tag>', '{x}') are dropped when anything is left; parentheses only separate: '(Arthas)' is a name.
const TAG_GROUP = /[[<{]([^\]>}]*)[\]>}]/g;
const BRACKET = /[[\]<>{}()]/g;
// A spaced dash separates ('Arthas - Healer'); an unspaced one is WoW's 'Name-Realm'. Any symbol or emoji separates.
const STRONG_SEPARATOR = /\s[-–—]+\s|[–—]|[^\p{L}\p{N}\p{M}\s_.'’-]/gu;
const WORD_SEPARATOR = /[\s_.]+/;

/** Reads one display string, once per member and field. */
export function readDisplayName(raw: string): DisplayName {
  const words = readDisplayWords(raw);
  return { raw, candidates: nameCandidates(words), realm: words.segments.length > 0 ? words.realm : null };
}

function readDisplayWords(raw: string): DisplayWords {
  let text = raw.normalize('NFC').trim();
  let hasDroppedText = false;
  const withoutTags = text.replace(TAG_GROUP, ' | ');
  if (withoutTags !== text && lettersOnly(withoutTags).length > 0) {
    text = withoutTags;
    hasDroppedText = true;
  }
  const segments: Word[][] = [];
  const hyphenated: Word[] = [];
  const commonWords: Word[] = [];
  let realm: string | null = null;
  for (const segment of text.replace(BRACKET, ' | ').split(STRONG_SEPARATOR)) {
    const names: Word[] = [];
    for (const part of segment.split(WORD_SEPARATOR)) {
      const [head, ...rest] = part.split('-').filter(Boolean);
      if (!head) continue;
      const word = readWord(head);
      const suffix = rest.join('');
      if (suffix) {
        realm = foldCase(suffix).replace(/[^\p{L}\p{N}]/gu, '') || realm;
        hasDroppedText = true;
        const joined = readWord(head + suffix);
        if (word.kind === 'name' && joined.kind === 'name') hyphenated.push(joined);
      }
      if (word.hasDroppedText || word.kind === 'common') hasDroppedText = true;
      if (word.kind === 'name') names.push(word);
      if (word.kind === 'common') commonWords.push(word);
    }
    if (names.length > 0) segments.push(names);
  }
  const only = segments.length === 1 && segments[0]!.length === 1 ? segments[0]![0]! : null;
  const isClean = only !== null && !hasDroppedText && plainLower(raw.trim()) === only.plain;
  return { segments, hyphenated, commonWords, isClean, hasDroppedText, realm };
}
