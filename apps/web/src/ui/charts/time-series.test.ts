import { describe, expect, it } from 'vitest';
import { alignSeries, chartFileName, timeSeriesCsv } from './time-series';

const cpu = { name: 'cpu', points: [[2000, 5] as const, [1000, 4] as const] };
const mem = { name: 'mem, MB', points: [[3000, 512] as const, [1000, 500] as const] };

describe('time series for the chart', () => {
  it('share one sorted axis in seconds, with gaps where a series has no point', () => {
    expect(alignSeries([cpu, mem])).toEqual([
      [1, 2, 3],
      [4, 5, null],
      [500, null, 512],
    ]);
    expect(alignSeries([])).toEqual([[]]);
  });

  it('export as CSV with a time column and one quoted column per series', () => {
    expect(timeSeriesCsv([cpu, mem]).split('\r\n')).toEqual([
      'time,cpu,"mem, MB"',
      '1970-01-01T00:00:01.000Z,4,500',
      '1970-01-01T00:00:02.000Z,5,',
      '1970-01-01T00:00:03.000Z,,512',
      '',
    ]);
  });

  it('name their files after the title', () => {
    expect(chartFileName('Query result: CPU', 'png')).toBe('query-result-cpu.png');
    expect(chartFileName('!!', 'csv')).toBe('chart.csv');
  });
});
