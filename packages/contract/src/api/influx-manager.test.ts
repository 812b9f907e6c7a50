import { describe, expect, it } from 'vitest';
import { influxRetention } from './influx-manager';

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
