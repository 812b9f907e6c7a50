// The character-to-member name matcher: pure (no database, no I/O), so the server, the web's tests and the benchmark
// call it directly. Thresholds live in the contract (AUTO_LINK) because the web bands scores the same way.

import { readDisplayName } from './display-name';
import { foldCase } from './fold';

export { type ConfidenceBand, confidenceBand } from '@guildhall/contract';
export { findMatches } from './find-matches';
export { SKIP_REASONS, selectHighConfidence } from './select-high-confidence';
export type {
  CharacterMatch,
  ExistingLink,
  FindMatchesOptions,
  LinkedCharacter,
  MatchCharacter,
  MatchedAgainst,
  MatchMember,
} from './types';

/** The name a raw string holds, in the form names are compared in: '[KoD] Ârthás | Tank' → 'arthas'. */
export function normalizeName(raw: string): string {
  const [first] = readDisplayName(raw).candidates;
  return first?.text ?? foldCase(raw).replace(/[^\p{L}\p{N}]/gu, '');
}
