const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'in 2 hours', 'just now'; 'Never' without a time. */
export function formatRelative(iso: string | null | undefined, now: Date = new Date(), locale?: string): string {
  if (!iso) return 'Never';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return 'Never';
  const seconds = Math.round((time - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A date and time in the browser's locale; 'Never' without one. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Never' : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** 'Mar 3, 2026': the day of a time in the browser's locale; the text itself when it is no time. */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** 'Mar 3' for an ISO day 'YYYY-MM-DD', read as a local day so no time zone shifts it. */
export function formatShortDay(day: string, locale?: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(year, month - 1, date).toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}
