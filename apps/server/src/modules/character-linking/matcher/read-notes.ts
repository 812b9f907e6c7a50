// What a character's guild and officer notes say about its owner: 'alt of Arthas', "Arthas's alt", 'Main: Arthas'
// name the main character (whose owner owns this one too); '@arthas', 'discord: arthas', 'arthas#1234' name the member.
import { foldCase, lettersOnly } from './fold';
import { isCommonWord } from './words';

/** A name a note gives, and how it names the owner. */
export interface NoteReference {
  /** 'main': a character of the same player; 'discord': the player's Discord name. */
  kind: 'main' | 'discord';
  /** The name as written ('Arthas', 'arthas_tv'). */
  name: string;
  /** Whether the pattern was a loose one ('Arthas alt'), trusted less. */
  isLoose: boolean;
  /** The note phrase, for the evidence line ('officer note: alt of Arthas'). */
  quote: string;
}

const NAME = String.raw`([\p{L}][\p{L}'’]*(?:-[\p{L}\p{N}]+)?)`;
const HANDLE = String.raw`([\p{L}\p{N}_.]{2,32})`;
const PATTERNS: { kind: NoteReference['kind']; isLoose: boolean; pattern: RegExp }[] = [
  {
    kind: 'main',
    isLoose: false,
    pattern: new RegExp(String.raw`\balts?\s*(?:of|to|for|from|von|de)\s*[:\-]?\s*@?${NAME}`, 'giu'),
  },
  { kind: 'main', isLoose: false, pattern: new RegExp(String.raw`@?${NAME}['’]s?\s+alts?\b`, 'giu') },
  { kind: 'main', isLoose: false, pattern: new RegExp(String.raw`\bmain\s*(?:is|=|:|-|–|—)?\s*@?${NAME}`, 'giu') },
  { kind: 'main', isLoose: true, pattern: new RegExp(String.raw`(?:^|[^\p{L}@'’])${NAME}\s+alts?\b`, 'giu') },
  {
    kind: 'discord',
    isLoose: false,
    pattern: new RegExp(String.raw`\b(?:discord|disc|dc)\s*(?:name|id|tag)?\s*[:=\-]?\s*@?${HANDLE}`, 'giu'),
  },
  { kind: 'discord', isLoose: false, pattern: new RegExp(String.raw`(?:^|[^\p{L}\p{N}_.])@${HANDLE}`, 'giu') },
  { kind: 'discord', isLoose: false, pattern: new RegExp(String.raw`${HANDLE}#\d{4}\b`, 'giu') },
];

/** The references in a character's notes, strongest patterns first, one per name and kind. */
export function readNotes(guildNote: string | null, officerNote: string | null): NoteReference[] {
  const references: NoteReference[] = [];
  const seen = new Set<string>();
  for (const [label, note] of [
    ['guild note', guildNote],
    ['officer note', officerNote],
  ] as const) {
    if (!note) continue;
    for (const { kind, isLoose, pattern } of PATTERNS) {
      for (const found of note.matchAll(pattern)) {
        const name = found[1]!.replace(/[.]+$/, '').replace(/['’]s?$/u, '');
        const key = `${kind}:${foldCase(name)}`;
        if (seen.has(key) || !isNameLike(name, kind)) continue;
        seen.add(key);
        references.push({ kind, name, isLoose, quote: `${label}: ${found[0].trim()}` });
      }
    }
  }
  return references;
}

/** A common word ('main tank', 'bank alt') or a pronoun is no name. */
function isNameLike(name: string, kind: NoteReference['kind']): boolean {
  const letters = lettersOnly(foldCase(name.split('-')[0]!));
  if (letters.length < 2) return false;
  if (kind === 'discord') return !['name', 'id', 'tag', 'is'].includes(letters);
  return !isCommonWord(letters) && !NOT_A_MAIN.has(letters);
}

// Words that follow 'main' or precede 'alt' in notes without naming anybody.
const NOT_A_MAIN = new Set([
  ...['his', 'her', 'their', 'char', 'character', 'toon', 'spec', 'gold', 'farm', 'farming', 'craft', 'crafting', 'herb'],
  ...['mining', 'prof', 'profession', 'lowbie', 'leveling', 'levelling', 'fresh', 'another', 'other', 'second', 'third'],
  ...['fun', 'dead', 'inactive', 'unknown', 'none', 'no', 'not', 'was', 'now', 'for', 'with', 'swap', 'change', 'account'],
]);
