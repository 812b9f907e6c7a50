// The auto-link matcher at guild scale: 5,000 unlinked characters against 2,000 Discord members, with candidate
// pruning (what the server runs) and without it (every pair scored), measured in the same run.
// Run: node --import tsx bench/matcher.ts   (single-threaded, as the matcher is: one core)
import { AUTO_LINK, pick, seededRandom } from '@guildhall/contract';
import { findMatches } from '../apps/server/src/modules/character-linking/matcher';
import { addPlayer } from '../apps/server/src/modules/character-linking/matcher/evaluation/generated-players';
import { REALMS, SYLLABLE_NAMES } from '../apps/server/src/modules/character-linking/matcher/evaluation/name-parts';
import { SetBuilder } from '../apps/server/src/modules/character-linking/matcher/evaluation/set-builder';
import type { CharacterMatch, MatchCharacter } from '../apps/server/src/modules/character-linking/matcher/types';

const CHARACTERS = 5000;
const MEMBERS = 2000;
const PRUNED_RUNS = 9;
const UNPRUNED_RUNS = 3;
const MAX_PRUNED_MS = 1000;
const ENDINGS = ['', '', '', 'a', 'el', 'in', 'or', 'ys', 'ion'];

/** Members written in the styles players use (tags, emoji, fonts, realms, numbers, Cyrillic), mains with alts and
 *  notes, and characters of players who are not in Discord, from a fixed seed. */
function generateGuild() {
  const random = seededRandom(52);
  const set = new SetBuilder();
  const used = new Set<string>();
  const nextName = () => {
    for (;;) {
      const name = pick(random, SYLLABLE_NAMES) + pick(random, ENDINGS);
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
  const members = [];
  const characters: MatchCharacter[] = [];
  for (let index = 0; index < MEMBERS; index++) {
    const player = addPlayer(set, random, nextName, index);
    members.push(player.member);
    characters.push(player.main, ...player.alts);
  }
  while (characters.length < CHARACTERS) characters.push(set.character(nextName(), pick(random, REALMS)));
  return { characters: characters.slice(0, CHARACTERS), members };
}

function time(run: () => CharacterMatch[], runs: number) {
  const times: number[] = [];
  let matches: CharacterMatch[] = [];
  for (let round = 0; round < runs; round++) {
    const started = performance.now();
    matches = run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, matches };
}

const highBand = (matches: CharacterMatch[]) =>
  new Map(matches.filter((m) => m.score >= AUTO_LINK.applyThreshold).map((m) => [`${m.characterId}/${m.memberId}`, m.score]));

function main() {
  const { characters, members } = generateGuild();
  findMatches(characters, members);
  const pruned = time(() => findMatches(characters, members), PRUNED_RUNS);
  const unpruned = time(() => findMatches(characters, members, { prune: false }), UNPRUNED_RUNS);
  const prunedHigh = highBand(pruned.matches);
  const unprunedHigh = highBand(unpruned.matches);
  const differences = [...new Set([...prunedHigh.keys(), ...unprunedHigh.keys()])].filter(
    (key) => prunedHigh.get(key) !== unprunedHigh.get(key),
  );
  const lost = unpruned.matches.length - pruned.matches.length;
  const isFast = pruned.median < MAX_PRUNED_MS;
  console.log(`
matcher: ${characters.length} characters × ${members.length} members (${(characters.length * members.length).toLocaleString('en')} pairs)
  pruned     ${pruned.median.toFixed(1)} ms median of ${PRUNED_RUNS}   (must be < ${MAX_PRUNED_MS} ms)   ${isFast ? 'PASS' : 'FAIL'}
  unpruned   ${unpruned.median.toFixed(1)} ms median of ${UNPRUNED_RUNS}
  ratio unpruned/pruned   ${(unpruned.median / pruned.median).toFixed(1)}×
  matches ≥ ${AUTO_LINK.minScore}: ${pruned.matches.length} pruned, ${unpruned.matches.length} unpruned (${lost} only without pruning)
  high band (≥ ${AUTO_LINK.applyThreshold}): ${prunedHigh.size} pruned, ${unprunedHigh.size} unpruned, ${differences.length} different   ${differences.length === 0 ? 'PASS' : 'FAIL'}`);
  for (const key of differences.slice(0, 20))
    console.log(`    ${key}: pruned ${prunedHigh.get(key) ?? '-'}, unpruned ${unprunedHigh.get(key) ?? '-'}`);
  process.exitCode = isFast && differences.length === 0 ? 0 : 1;
}

main();
