// Scores every plausible (character, member) pair in two passes: first each character on its own name and notes;
// then each alt whose note names a main the guild has ('alt of Arthas') again, following the members that main
// matched, so an alt goes wherever its main goes, even when the main was only found through its own note.
import { AUTO_LINK } from '@guildhall/contract';
import { prepareContext } from './match-context';
import { followLinkedMains, followMains, matchNotes, sortReferences } from './match-notes';
import { readNotes } from './read-notes';
import { type ScoredMember, scoreCharacter } from './score-character';
import type { CharacterMatch, FindMatchesOptions, MatchCharacter, MatchMember } from './types';

/** Lowest score kept between passes: a main matched this weakly still lends some weight to its alt. */
const PASS_FLOOR = 0.7;

/** Every (character, member) pair scoring at least minScore, best first. */
export function findMatches(
  characters: MatchCharacter[],
  members: MatchMember[],
  options: FindMatchesOptions = {},
): CharacterMatch[] {
  const minScore = options.minScore ?? AUTO_LINK.minScore;
  const floor = Math.min(minScore, PASS_FLOOR);
  const context = prepareContext(characters, members, {
    shouldPrune: options.prune !== false,
    linkedCharacters: options.linkedCharacters ?? [],
  });
  const references = characters.map((character, position) =>
    sortReferences(context, position, readNotes(character.guildNote, character.officerNote)),
  );
  const byMember = references.map((sorted) => {
    const found = matchNotes(context, sorted.byMember);
    followLinkedMains(found, sorted.linkedMains);
    return found;
  });
  const firstPass: ScoredMember[][] = characters.map((_, position) =>
    scoreCharacter(context, position, byMember[position]!, floor),
  );
  const matches: CharacterMatch[] = [];
  characters.forEach((_, position) => {
    const { mains } = references[position]!;
    let scored = firstPass[position]!;
    if (mains.length > 0) {
      const notes = new Map(byMember[position]!);
      followMains(notes, mains, (main) => firstPass[main]!);
      scored = scoreCharacter(context, position, notes, floor);
    }
    for (const { match } of scored) if (match.score >= minScore) matches.push(match);
  });
  return matches.sort((a, b) => b.score - a.score || compare(a.characterId, b.characterId) || compare(a.memberId, b.memberId));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
