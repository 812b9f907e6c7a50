import { describe, expect, it } from 'vitest';
import { addDays, isKnownTimeZone, seriesDates, weekdayOf, zonedParts, zonedTimeToUtc } from './raid-times';

describe('wall-clock times of a time zone', () => {
  it('turns 20:00 in Berlin into 18:00 UTC in summer and 19:00 UTC in winter', () => {
    expect(zonedTimeToUtc('2026-10-21', '20:00', 'Europe/Berlin').toISOString()).toBe('2026-10-21T18:00:00.000Z');
    expect(zonedTimeToUtc('2026-10-28', '20:00', 'Europe/Berlin').toISOString()).toBe('2026-10-28T19:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-11', '19:30', 'America/New_York').toISOString()).toBe('2026-03-11T23:30:00.000Z');
    expect(zonedTimeToUtc('2026-03-04', '19:30', 'America/New_York').toISOString()).toBe('2026-03-05T00:30:00.000Z');
    expect(zonedTimeToUtc('2026-01-01', '00:00', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('takes a skipped spring-forward time as the clocks read after the jump, and a doubled one as the first', () => {
    // 02:30 does not exist in Berlin on 29 March 2026: 03:30 CEST is 01:30 UTC.
    expect(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: first at +02:00.
    expect(zonedTimeToUtc('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads what the zone shows at an instant, and round-trips', () => {
    expect(zonedParts(new Date('2026-10-28T19:00:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-10-28',
      time: '20:00',
      weekday: 3,
    });
    expect(zonedParts(new Date('2026-03-05T00:30:00Z'), 'America/New_York').date).toBe('2026-03-04');
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('a weekly series', () => {
  it('lists the chosen weekdays until a date or for a count', () => {
    expect(weekdayOf('2026-10-21')).toBe(3);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // Wednesdays and Sundays from Wednesday 21 October.
    expect(seriesDates('2026-10-21', [3, 0], { count: 4 }, 100)).toEqual([
      '2026-10-21',
      '2026-10-25',
      '2026-10-28',
      '2026-11-01',
    ]);
    expect(seriesDates('2026-10-21', [3], { untilDate: '2026-11-04' }, 100)).toEqual(['2026-10-21', '2026-10-28', '2026-11-04']);
    expect(seriesDates('2026-10-21', [3], { count: 500 }, 10)).toHaveLength(10);
  });
});
