import { describe, expect, it } from 'vitest';
import { influxPointOf, influxRetention, influxRow, influxRowOf } from './influx-manager';

const messageOf = (value: string) => influxRetention.safeParse(value).error?.issues[0]?.message ?? null;

describe('influxRetention', () => {
  it('takes durations in hours, days and weeks, and the ways of saying forever', () => {
    for (const value of ['1h', '30d', '2w', '106751d', 'infinite', 'INF', '0']) expect(messageOf(value), value).toBeNull();
  });

  it("tells a wrong shape from a duration past InfluxDB's longest (issue 29)", () => {
    expect(messageOf('thirty days')).toBe("Retention must look like 1h, 30d, 2w or 'infinite'");
    expect(messageOf('10000000000d')).toMatch(/^Retention can be at most 106,751d \(about 292 years/);
    expect(messageOf('15251w')).toMatch(/^Retention can be at most/);
  });
});

describe('influx rows on the wire (spec 2 §3 "Query result")', () => {
  const point = {
    time: '2026-11-28T02:00:00Z',
    measurement: 'bot_health',
    field: 'latency_ms',
    value: 41.5,
    tags: { shard: '0', region: 'eu' },
  };

  it('names the four columns _time, _measurement, _field and _value, with the tags beside them', () => {
    expect(influxRowOf(point)).toEqual({
      _time: '2026-11-28T02:00:00Z',
      _measurement: 'bot_health',
      _field: 'latency_ms',
      _value: 41.5,
      shard: '0',
      region: 'eu',
    });
    expect(influxRow.safeParse(influxRowOf(point)).success).toBe(true);
  });

  it('reads a wire row back as the same point, and a tag called like a column never overwrites it', () => {
    expect(influxPointOf(influxRowOf(point))).toEqual(point);
    expect(influxRowOf({ ...point, tags: { _value: 'spoof' } })._value).toBe(41.5);
  });
});
