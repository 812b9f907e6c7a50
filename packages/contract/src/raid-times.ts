/**
 * Wall-clock times of a time zone and the UTC instants behind them, for raids: a series is planned at "20:00 in the
 * guild's zone" on chosen weekdays, and each of its raids is stored as the UTC instant that is 20:00 there on its day,
 * whatever daylight-saving does between them. Intl only: the same code runs in the server and the browser.
 */

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;
/** A wall-clock time 'HH:MM' (24 hours). */
export type WallTime = string;

/** 'HH:MM', 00:00 to 23:59. */
export const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'YYYY-MM-DD'. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone (Europe/Berlin, UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** What a clock and calendar in the zone show at an instant. */
export interface ZonedParts {
  date: IsoDate;
  time: WallTime;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

function numericParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAY_INDEX[parts.weekday as string] ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date, time and weekday the zone's clocks show at an instant. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const p = numericParts(instant, timeZone);
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}`, weekday: p.weekday };
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = numericParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant the zone's clocks show `time` on `date`. A time that a spring-forward skips is taken an hour later (as
 * clocks read it after the jump); a time a fall-back shows twice is the first of the two.
 */
export function zonedTimeToUtc(date: IsoDate, time: WallTime, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset a little before and after the wall time: where they differ a transition lies near, and each is tried.
  const candidates = [offsetAt(wall - 864e5 / 2, timeZone), offsetAt(wall + 864e5 / 2, timeZone)]
    .map((offset) => wall - offset)
    .filter((instant) => wall - offsetAt(instant, timeZone) === instant);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // Skipped by a spring-forward: the same clock reading under the offset before the jump lands after it.
  return new Date(wall - offsetAt(wall - 864e5 / 2, timeZone));
}

/** The date `days` after an ISO date (negative: before). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of an ISO date. */
export const weekdayOf = (date: IsoDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Where a weekly series stops: after a last date, or after a number of raids. */
export type SeriesEnd = { untilDate: IsoDate } | { count: number };

/**
 * The dates of a weekly series: every date from `firstDate` on whose weekday is chosen, up to `untilDate` or `count`
 * dates, and never more than `max`.
 */
export function seriesDates(firstDate: IsoDate, weekdays: readonly number[], end: SeriesEnd, max: number): IsoDate[] {
  const chosen = new Set(weekdays);
  const limit = 'count' in end ? Math.min(end.count, max) : max;
  const dates: IsoDate[] = [];
  if (chosen.size === 0) return dates;
  for (let date = firstDate; dates.length < limit; date = addDays(date, 1)) {
    if ('untilDate' in end && date > end.untilDate) break;
    if (chosen.has(weekdayOf(date))) dates.push(date);
  }
  return dates;
}
