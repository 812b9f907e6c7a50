// Whether a weekly maintenance window (UTC) holds at a moment: from start_minute of its weekday for its length,
// running past midnight into the next day, and past Saturday into Sunday.

const MINUTES_PER_WEEK = 7 * 24 * 60;

export interface WeeklyWindow {
  weekday: number;
  start_minute: number;
  duration_minutes: number;
}

/** Minutes since Sunday 00:00 UTC of the moment's week. */
const minuteOfWeek = (at: Date) => at.getUTCDay() * 1440 + at.getUTCHours() * 60 + at.getUTCMinutes();

export function isInWindow(window: WeeklyWindow, at: Date): boolean {
  const start = window.weekday * 1440 + window.start_minute;
  const since = (minuteOfWeek(at) - start + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return since < window.duration_minutes;
}

/** 'HH:MM' of a minute of the day. */
export const timeOfDay = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The minute of the day of 'HH:MM'. */
export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
