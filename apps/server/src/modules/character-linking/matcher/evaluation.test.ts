import { describe, expect, it } from 'vitest';
import { buildEvaluationSet } from './evaluation/build-set';
import { buildCrossScriptSet } from './evaluation/cross-script-set';
import { type Measurement, measure } from './evaluation/measure';
import type { EvaluationSet } from './evaluation/set-builder';
import committed from './evaluation-set.json';
import { findMatches } from './find-matches';

const set = committed as EvaluationSet;

describe('matcher quality on the labelled evaluation set', () => {
  it('holds at least 300 pairs and is what build-set.ts builds', () => {
    expect(set.pairs.length).toBeGreaterThanOrEqual(300);
    expect(buildEvaluationSet()).toEqual(set);
  });

  it('keeps precision in the high band at 0.98 or more and recall at minScore 0.8 at 0.90 or more', () => {
    const result = measure(set.pairs);
    console.log(report(result));
    expect(result.highPrecision).toBeGreaterThanOrEqual(0.98);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe('matcher quality across scripts (Cyrillic, Chinese, Korean, Japanese kana)', () => {
  const crossScript = buildCrossScriptSet();

  it('holds at least 39 true pairs and their near misses', () => {
    expect(crossScript.pairs.filter((pair) => pair.isSamePlayer).length).toBeGreaterThanOrEqual(39);
    expect(crossScript.pairs.filter((pair) => pair.case.startsWith('near miss')).length).toBeGreaterThanOrEqual(10);
  });

  it('finds 90 % of the true pairs at 0.8, with the high band at 0.98 precision or more, and no near miss at 0.8', () => {
    const result = measure(crossScript.pairs);
    console.log(report(result));
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    expect(result.highPrecision).toBeGreaterThanOrEqual(0.98);
    expect(result.appliedPrecision).toBe(1);
    const found = new Set(
      findMatches(
        [...new Map(crossScript.pairs.map((pair) => [pair.character.id, pair.character])).values()],
        [...new Map(crossScript.pairs.map((pair) => [pair.member.id, pair.member])).values()],
      ).map((match) => `${match.characterId}/${match.memberId}`),
    );
    const nearMissesFound = crossScript.pairs
      .filter((pair) => pair.case.startsWith('near miss') && found.has(`${pair.character.id}/${pair.member.id}`))
      .map((pair) => pair.case);
    expect(nearMissesFound).toEqual([]);
  });
});

function report(result: Measurement): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    `high-band precision ${percent(result.highPrecision)} (${result.highMatches} matches ≥ 0.95)`,
    `recall ${percent(result.recall)} (${result.truePairs} true pairs, ${result.missed.length} missed)`,
    `applied precision ${percent(result.appliedPrecision)} (${result.applied} links selectHighConfidence applies)`,
    ...result.falseHigh.map(({ match, case: label }) => `  false high ${match.score}: ${label} [${match.evidence}]`),
    ...result.missed.map(
      (pair) =>
        `  missed: ${pair.case} (${pair.character.name} / ${pair.member.nickname ?? pair.member.globalName ?? pair.member.username})`,
    ),
  ].join('\n');
}
