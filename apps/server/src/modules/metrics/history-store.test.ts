import { describe, expect, it } from 'vitest';
import { resolutionFor, toSeries } from './history-store';

describe('resolutionFor', () => {
  it('reads the finest resolution whose retention covers the range', () => {
    expect(resolutionFor(3600)).toBe(5);
    expect(resolutionFor(86_400)).toBe(5);
    expect(resolutionFor(86_401)).toBe(60);
    expect(resolutionFor(604_800)).toBe(60);
    expect(resolutionFor(2_592_000)).toBe(600);
    expect(resolutionFor(9_999_999)).toBe(600);
  });
});

describe('toSeries', () => {
  it('joins pieces into one line per metric and process, in catalog order, with label and unit', () => {
    const series = toSeries([
      { metric: 'system.rss_bytes', instance: 'b', points: [[1, 10]] },
      { metric: 'system.cpu_percent', instance: 'b', points: [[1, 1]] },
      { metric: 'system.cpu_percent', instance: 'a', points: [[1, 2]] },
      { metric: 'system.rss_bytes', instance: 'b', points: [[2, 20]] },
    ]);
    expect(series.map((one) => [one.metric, one.instance])).toEqual([
      ['system.cpu_percent', 'a'],
      ['system.cpu_percent', 'b'],
      ['system.rss_bytes', 'b'],
    ]);
    expect(series[2]).toEqual({
      metric: 'system.rss_bytes',
      label: 'Resident memory',
      unit: 'bytes',
      instance: 'b',
      points: [
        [1, 10],
        [2, 20],
      ],
    });
  });
});
