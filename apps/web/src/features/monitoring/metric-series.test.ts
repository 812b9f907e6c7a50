import type { MetricSeries } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { chartLines } from './metric-series';

const line = (metric: MetricSeries['metric'], instance: string, value: number): MetricSeries => ({
  metric,
  label: metric,
  unit: 'percent',
  instance,
  points: [[1_700_000_000_000, value]],
});

describe('chartLines', () => {
  it('names lines by the catalog label with one process, in the order asked', () => {
    const lines = chartLines(
      [line('system.memory_percent', 'a', 1), line('system.cpu_percent', 'a', 2), line('system.load_1m', 'a', 3)],
      ['system.cpu_percent', 'system.memory_percent'],
    );
    expect(lines.map((l) => l.name)).toEqual(['CPU', 'Memory']);
    expect(lines[0]!.points).toEqual([[1_700_000_000_000, 2]]);
  });

  it('draws one line per process when several report', () => {
    const lines = chartLines(
      [line('system.cpu_percent', 'web-2', 1), line('system.cpu_percent', 'web-1', 2)],
      ['system.cpu_percent'],
    );
    expect(lines.map((l) => l.name)).toEqual(['CPU (web-1)', 'CPU (web-2)']);
  });

  it('has no line for a metric the answer lacks', () => {
    expect(chartLines([], ['system.cpu_percent'])).toEqual([]);
  });
});
