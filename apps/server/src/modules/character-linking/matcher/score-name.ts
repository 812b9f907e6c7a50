// Scores a character's name against one display string of a member: exact equality on a candidate earns the
// candidate's quality; prefix containment and Jaro-Winkler only ever earn the low and medium bands, so a near-miss
// ('Arthas' and 'Arthasdk', 'Arthas' and 'Arthass') is offered to an operator but never applied by itself.
import type { CharacterName } from './character-name';
import type { DisplayName } from './display-name';
import { type NameCandidate, QUALITY } from './name-candidates';
import { isOneEditApart, jaroWinkler } from './similarity';

/** The best score of a name against a display string, and why. */
export interface NameScore {
  score: number;
  why: string;
  /** Whether the member's string carries the character's own realm ('Arthas-Silvermoon' for Arthas of Silvermoon). */
  isSameRealm: boolean;
  /** Whether the name met a spelling of itself in another script ('Громмаш' and 'grommash'). */
  isTransliterated?: boolean;
}

export const NO_MATCH: NameScore = { score: 0, why: '', isSameRealm: false };

const RULES = {
  /** Names equal only after accents were folded ('Ârthás' and 'arthas'). */
  accentsFolded: 0.98,
  /** One name a prefix of the other: low band at most. */
  containmentFloor: 0.8,
  containmentSpan: 0.04,
  /** Jaro-Winkler below this is no likeness at all; above, it maps linearly to at most fuzzyCap. */
  fuzzyFloor: 0.82,
  fuzzyCap: 0.93,
  crossScriptFuzzyCap: 0.85,
  /** A 'Name-Realm' suffix naming another realm the guild has characters on: a different character. */
  otherRealmCap: 0.84,
  sameRealmBonus: 0.01,
} as const;

/** Scores a character name against one display string; knownRealms are the folded realms of the characters matched. */
export function scoreName(name: CharacterName, display: DisplayName, knownRealms: ReadonlySet<string>): NameScore {
  if (!name.text) return NO_MATCH;
  let best = NO_MATCH;
  for (const candidate of display.candidates) {
    // A character called like a role word ('Frost') matches only a member showing that word and nothing else.
    if (candidate.isCommonWord !== name.isCommon) continue;
    const scored = scoreCandidate(name, candidate);
    if (scored.score > best.score) best = scored;
  }
  if (best.score === 0 || !display.realm || !name.realm) return best;
  if (display.realm === name.realm) {
    return { score: Math.min(1, best.score + RULES.sameRealmBonus), why: `${best.why}, same realm`, isSameRealm: true };
  }
  if (knownRealms.has(display.realm)) {
    return { ...best, score: Math.min(best.score, RULES.otherRealmCap), why: `${best.why}, other realm` };
  }
  return best;
}

function scoreCandidate(name: CharacterName, candidate: NameCandidate): NameScore {
  const transliterated = scoreTransliterated(name, candidate);
  if (transliterated) return transliterated;
  if (candidate.isSkeleton) {
    if (candidate.text === name.skeleton) return { score: candidate.quality, why: candidate.why, isSameRealm: false };
    if (name.isShort || !candidate.isFuzzy) return NO_MATCH;
    const score = Math.min(fuzzy(name.skeleton, candidate.text), RULES.crossScriptFuzzyCap);
    return { score, why: `${candidate.why}, alike`, isSameRealm: false };
  }
  if (candidate.text === name.text) {
    const isAsTyped = candidate.plain === name.plain;
    return {
      score: isAsTyped ? candidate.quality : Math.min(candidate.quality, RULES.accentsFolded),
      why: isAsTyped ? candidate.why : `${candidate.why}, accents folded`,
      isSameRealm: false,
    };
  }
  let best = NO_MATCH;
  const base = name.withoutClassSuffix;
  if (base && candidate.text === base.text) {
    best = {
      score: Math.min(candidate.quality, QUALITY.classSuffixDropped),
      why: `${candidate.why} plus class suffix '${base.suffix}'`,
      isSameRealm: false,
    };
  }
  if (name.isShort || !candidate.isFuzzy) return best;
  const score = Math.min(fuzzyOrContained(name.text, candidate.text), candidate.quality - 0.02);
  return score > best.score ? { score, why: `${candidate.why}, alike`, isSameRealm: false } : best;
}

/**
 * A name and a display word in two scripts, one a usual Latin spelling of the other: 'Громмаш' and 'grommash', or
 * 'Volkodav' and 'Волкодав'. Only exact spellings count; null when the two are not in two scripts.
 */
function scoreTransliterated(name: CharacterName, candidate: NameCandidate): NameScore | null {
  if (candidate.romanizedFrom !== undefined) {
    if (candidate.text !== name.text) return NO_MATCH;
    return transliteratedScore(candidate, candidate.romanizedFrom, candidate.text);
  }
  if (name.romanized.length === 0 || candidate.isSkeleton) return null;
  if (!name.romanized.includes(candidate.text)) return null;
  return transliteratedScore(candidate, name.typed, candidate.text);
}

function transliteratedScore(candidate: NameCandidate, from: string, to: string): NameScore {
  return {
    score: Math.min(candidate.quality, QUALITY.transliterated),
    why: `${candidate.why}, transliterated: ${from} → ${to}`,
    isSameRealm: false,
    isTransliterated: true,
  };
}

function fuzzyOrContained(name: string, other: string): number {
  const shorter = name.length <= other.length ? name : other;
  const longer = shorter === name ? other : name;
  const likeness = fuzzy(name, other);
  if (!longer.startsWith(shorter) || shorter.length < 4 || longer.length > shorter.length * 2) return likeness;
  return Math.max(likeness, RULES.containmentFloor + (RULES.containmentSpan * shorter.length) / longer.length);
}

/**
 * Jaro-Winkler mapped into the low and medium bands, for names one typing step apart ('Arthass', 'Arthos', 'Artahs')
 * that start alike. Jaro-Winkler alone is generous to names sharing a beginning and an end ('Korthor' and
 * 'Korlethor' score 0.95), which are different names; the one-edit gate keeps them out.
 */
function fuzzy(a: string, b: string): number {
  if (a.charCodeAt(0) !== b.charCodeAt(0) || !isOneEditApart(a, b)) return 0;
  const similarity = jaroWinkler(a, b);
  if (similarity < RULES.fuzzyFloor) return 0;
  return Math.min(RULES.fuzzyCap, RULES.containmentFloor + (similarity - 0.9) * 1.3);
}
