import { describe, expect, it } from 'vitest';
import { isInWindow, minuteOfDay, timeOfDay } from './maintenance-window';

const sunday0200 = { weekday: 0, start_minute: minuteOfDay('02:00'), duration_minutes: 60 };

describe('a weekly maintenance window', () => {
  it('holds from its start for its length, in UTC', () => {
    expect(isInWindow(sunday0200, new Date('2026-11-29T01:59:59Z'))).toBe(false);
    expect(isInWindow(sunday0200, new Date('2026-11-29T02:00:00Z'))).toBe(true);
    expect(isInWindow(sunday0200, new Date('2026-11-29T02:59:59Z'))).toBe(true);
    expect(isInWindow(sunday0200, new Date('2026-11-29T03:00:00Z'))).toBe(false);
    // A week later, the same.
    expect(isInWindow(sunday0200, new Date('2026-12-06T02:30:00Z'))).toBe(true);
    // Not on Monday.
    expect(isInWindow(sunday0200, new Date('2026-11-30T02:30:00Z'))).toBe(false);
  });

  it('runs past midnight, and past Saturday into Sunday', () => {
    const saturdayNight = { weekday: 6, start_minute: minuteOfDay('23:00'), duration_minutes: 120 };
    expect(isInWindow(saturdayNight, new Date('2026-11-28T23:30:00Z'))).toBe(true);
    expect(isInWindow(saturdayNight, new Date('2026-11-29T00:59:00Z'))).toBe(true);
    expect(isInWindow(saturdayNight, new Date('2026-11-29T01:00:00Z'))).toBe(false);
    expect(isInWindow(saturdayNight, new Date('2026-11-28T22:59:00Z'))).toBe(false);
  });

  it('writes and reads times of day', () => {
    expect(timeOfDay(minuteOfDay('02:05'))).toBe('02:05');
    expect(timeOfDay(0)).toBe('00:00');
    expect(timeOfDay(1439)).toBe('23:59');
  });
});
