/** The list with `item` in front, cut to the newest `max` entries. */
export function prependBounded<T>(list: readonly T[], item: T, max: number): T[] {
  return [item, ...list].slice(0, max);
}

/** The list with `item` at the end, cut to the newest `max` entries. */
export function appendBounded<T>(list: readonly T[], item: T, max: number): T[] {
  const next = [...list, item];
  return next.length > max ? next.slice(next.length - max) : next;
}
