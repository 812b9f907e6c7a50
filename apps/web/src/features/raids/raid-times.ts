import { zonedParts } from '@guildhall/contract';

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

/** The raids of a period by the viewer's day, each day's in start order. */
export function raidsByDay<R extends { startsAt: string }>(raids: readonly R[]): Map<string, R[]> {
  const days = new Map<string, R[]>();
  for (const raid of raids) {
    const day = ownDate(raid.startsAt);
    days.set(day, [...(days.get(day) ?? []), raid]);
  }
  return days;
}
