import { describe, expect, it } from 'vitest';
import { periodOf } from './calendar-period';

describe('the calendar periods', () => {
  it('shows a month as whole weeks from Monday, with the months around it a step away', () => {
    const december = periodOf('month', '2026-12-17');
    expect(december.days[0]).toBe('2026-11-30');
    expect(december.days.at(-1)).toBe('2027-01-03');
    expect(december.days).toHaveLength(35);
    expect(december.month).toBe('2026-12');
    expect([december.previous, december.next]).toEqual(['2026-11-01', '2027-01-01']);
    // March 2027 starts on a Monday and ends on a Wednesday: from 1 March to Sunday 4 April.
    const march = periodOf('month', '2027-03-31');
    expect([march.days[0], march.days.at(-1), march.days.length]).toEqual(['2027-03-01', '2027-04-04', 35]);
  });

  it('shows a week from Monday to Sunday, and the list four weeks from its day', () => {
    const week = periodOf('week', '2026-11-29');
    expect(week.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect([week.previous, week.next]).toEqual(['2026-11-16', '2026-11-30']);
    const list = periodOf('list', '2026-11-28');
    expect([list.days[0], list.days.at(-1), list.next]).toEqual(['2026-11-28', '2026-12-25', '2026-12-26']);
  });
});
