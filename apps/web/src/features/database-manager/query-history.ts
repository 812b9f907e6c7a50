/** How many past queries the browser keeps. */
export const QUERY_HISTORY_SIZE = 20;

const STORAGE_KEY = 'guildhall.database.query-history';

/** The last queries run here, newest first, without repeats. */
export function readQueryHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is string => typeof entry === 'string').slice(0, QUERY_HISTORY_SIZE)
      : [];
  } catch {
    return [];
  }
}

/** Puts a query first in the list (moving it if it was there), keeps 20, and stores the list. */
export function addToQueryHistory(history: readonly string[], query: string): string[] {
  const next = [query, ...history.filter((entry) => entry !== query)].slice(0, QUERY_HISTORY_SIZE);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list still lives for this visit.
  }
  return next;
}
