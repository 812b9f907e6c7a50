import type { InfluxPoint } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { resultSeries, tagsText, valueText } from './result-series';

const row = (
  time: string | null,
  field: string,
  value: InfluxPoint['value'],
  tags: Record<string, string> = {},
): InfluxPoint => ({
  time,
  measurement: 'bot_health',
  field,
  value,
  tags,
});

describe('a query result', () => {
  it('becomes one chart line per measurement, field and tag set, with numbers only', () => {
    const series = resultSeries([
      row('2026-01-01T00:00:00Z', 'latency', 12, { shard: '1' }),
      row('2026-01-01T00:01:00Z', 'latency', 14, { shard: '1' }),
      row('2026-01-01T00:00:00Z', 'latency', 30, { shard: '2' }),
      row('2026-01-01T00:00:00Z', 'status', 'ok'),
      row(null, 'latency', 1),
    ]);
    expect(series).toEqual([
      {
        name: 'bot_health.latency {shard=1}',
        points: [
          [Date.parse('2026-01-01T00:00:00Z'), 12],
          [Date.parse('2026-01-01T00:01:00Z'), 14],
        ],
      },
      { name: 'bot_health.latency {shard=2}', points: [[Date.parse('2026-01-01T00:00:00Z'), 30]] },
    ]);
  });

  it('shows values to 4 decimals and tags in name order', () => {
    expect(valueText(1.23456)).toBe('1.2346');
    expect(valueText(3)).toBe('3');
    expect(valueText(251)).toBe('251');
    expect(valueText(2.5)).toBe('2.5000');
    expect(valueText('heal')).toBe('heal');
    expect(valueText(true)).toBe('true');
    expect(valueText(null)).toBe('');
    expect(tagsText({ realm: 'eu', guild: '7' })).toBe('guild=7, realm=eu');
  });
});
