import { describe, expect, it } from 'vitest';
import { levelsInStats, statsSeries } from './stats-series';

const stats = {
  buckets: [
    { time: '2026-11-24T05:00:00.000Z', counts: { info: 4, error: 1 } },
    { time: '2026-11-24T06:00:00.000Z', counts: { info: 2, warn: 3 } },
  ],
  totals: { info: 6, warn: 3, error: 1 },
};

describe('log counts as chart lines', () => {
  it('draws one line per level counted, least severe first', () => {
    expect(levelsInStats(stats)).toEqual(['info', 'warn', 'error']);
    expect(statsSeries(stats).map((line) => line.name)).toEqual(['Info', 'Warn', 'Error']);
  });

  it('counts zero in a bucket that does not name the level', () => {
    const warn = statsSeries(stats).find((line) => line.name === 'Warn')!;
    expect(warn.points).toEqual([
      [Date.parse('2026-11-24T05:00:00.000Z'), 0],
      [Date.parse('2026-11-24T06:00:00.000Z'), 3],
    ]);
  });

  it('has no lines when nothing was logged', () => {
    expect(statsSeries({ buckets: [], totals: {} })).toEqual([]);
  });
});
