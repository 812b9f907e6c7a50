import { addDays, zonedParts } from '@guildhall/contract';

/** The viewer's own time zone, as the browser knows it. */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Wed 3 Dec" of an instant in a zone. */
export function dayLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(new Date(iso));
}

/** "20:00" of an instant in a zone. */
export function clockLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );
}

/** The viewer's date of an instant, 'YYYY-MM-DD': how the list groups raids by day. */
export const ownDate = (iso: string) => zonedParts(new Date(iso), ownTimeZone()).date;

/** Today in the viewer's zone. */
export const today = () => zonedParts(new Date(), ownTimeZone()).date;

/** How many days the list shows at once (the API answers up to RAID_LIMITS.maxRangeDays). */
export const WINDOW_DAYS = 28;

/** The instants a window of days from a local date spans, in the viewer's zone. */
export function windowOf(from: string): { from: string; to: string } {
  const start = new Date(`${from}T00:00:00`);
  const end = new Date(`${addDays(from, WINDOW_DAYS)}T00:00:00`);
  return { from: start.toISOString(), to: end.toISOString() };
}
