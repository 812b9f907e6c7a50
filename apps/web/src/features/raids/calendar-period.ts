import { addDays, type RaidCalendarView, weekdayOf } from '@guildhall/contract';

/** The days one view of the calendar shows, and the instants the API is asked for, in the viewer's zone. */
export interface CalendarPeriod {
  /** Every day shown, 'YYYY-MM-DD', in order: a month grid's spill-over days from the weeks around it too. */
  days: string[];
  /** The month a grid shows ('YYYY-MM'), so days of the weeks around it are told apart; null for the list and week. */
  month: string | null;
  /** What the period is called: "December 2026", "30 Nov – 6 Dec 2026", "28 days from 28 Nov". */
  label: string;
  /** A day of the period before and after it. */
  previous: string;
  next: string;
}

/** How many days the list shows at once (the API answers up to RAID_LIMITS.maxRangeDays). */
export const LIST_DAYS = 28;

const dayCount = (first: string, count: number) => Array.from({ length: count }, (_, i) => addDays(first, i));
/** The Monday on or before a date: weeks start on Monday. */
const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));
const format = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** The period a view shows around a day. */
export function periodOf(view: RaidCalendarView, date: string): CalendarPeriod {
  if (view === 'month') {
    const first = `${date.slice(0, 7)}-01`;
    const nextMonth = addDays(first, 32).slice(0, 7);
    const last = addDays(`${nextMonth}-01`, -1);
    const start = mondayOf(first);
    const end = addDays(mondayOf(last), 6);
    const count = Math.round((Date.parse(end) - Date.parse(start)) / 864e5) + 1;
    return {
      days: dayCount(start, count),
      month: first.slice(0, 7),
      label: format(first, { month: 'long', year: 'numeric' }),
      previous: addDays(first, -1).slice(0, 8) + '01',
      next: `${nextMonth}-01`,
    };
  }
  if (view === 'week') {
    const start = mondayOf(date);
    const end = addDays(start, 6);
    return {
      days: dayCount(start, 7),
      month: null,
      label: `${format(start, { day: 'numeric', month: 'short' })} – ${format(end, { day: 'numeric', month: 'short', year: 'numeric' })}`,
      previous: addDays(start, -7),
      next: addDays(start, 7),
    };
  }
  return {
    days: dayCount(date, LIST_DAYS),
    month: null,
    label: `${LIST_DAYS} days from ${format(date, { day: 'numeric', month: 'short', year: 'numeric' })}`,
    previous: addDays(date, -LIST_DAYS),
    next: addDays(date, LIST_DAYS),
  };
}

/** The instants from the first day's midnight to the midnight after the last, in the viewer's zone: what the API is asked. */
export function rangeOf(period: CalendarPeriod): { from: string; to: string } {
  const first = period.days[0]!;
  const after = addDays(period.days.at(-1)!, 1);
  return { from: new Date(`${first}T00:00:00`).toISOString(), to: new Date(`${after}T00:00:00`).toISOString() };
}
