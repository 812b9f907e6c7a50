import { describe, expect, it } from 'vitest';
import { buildEvaluationSet } from './evaluation/build-set';
import { measure } from './evaluation/measure';
import type { EvaluationSet } from './evaluation/set-builder';
import committed from './evaluation-set.json';

const set = committed as EvaluationSet;

describe('matcher quality on the labelled evaluation set', () => {
  it('holds at least 300 pairs and is what build-set.ts builds', () => {
    expect(set.pairs.length).toBeGreaterThanOrEqual(300);
    expect(buildEvaluationSet()).toEqual(set);
  });

  it('keeps precision in the high band at 0.98 or more and recall at minScore 0.8 at 0.90 or more', () => {
    const result = measure(set.pairs);
    const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
    console.log(
      [
        `high-band precision ${percent(result.highPrecision)} (${result.highMatches} matches ≥ 0.95)`,
        `recall ${percent(result.recall)} (${result.truePairs} true pairs, ${result.missed.length} missed)`,
        `applied precision ${percent(result.appliedPrecision)} (${result.applied} links selectHighConfidence applies)`,
        ...result.falseHigh.map(({ match, case: label }) => `  false high ${match.score}: ${label} [${match.evidence}]`),
        ...result.missed.map(
          (pair) =>
            `  missed: ${pair.case} (${pair.character.name} / ${pair.member.nickname ?? pair.member.globalName ?? pair.member.username})`,
        ),
      ].join('\n'),
    );
    expect(result.highPrecision).toBeGreaterThanOrEqual(0.98);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
  });
});
