import type { InfluxLanguage } from '@guildhall/contract';

/** How many past queries the browser keeps (spec 2 §2). */
export const INFLUX_HISTORY_SIZE = 20;

/** A query run here (spec 2 §3: query, timestamp, duration) and the language it was written in. */
export interface InfluxHistoryEntry {
  query: string;
  language: InfluxLanguage;
  timestamp: string;
  durationMs: number;
  /** The bucket it read, where it was not Guildhall's own. */
  bucket?: string;
}

const STORAGE_KEY = 'guildhall.influxdb.query-history';

function isEntry(value: unknown): value is InfluxHistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.query === 'string' &&
    (entry.language === 'influxql' || entry.language === 'flux') &&
    typeof entry.timestamp === 'string' &&
    typeof entry.durationMs === 'number' &&
    (entry.bucket === undefined || typeof entry.bucket === 'string')
  );
}

/** The last queries run here, newest first. */
export function readInfluxHistory(): InfluxHistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, INFLUX_HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

/** The list with this run first (an earlier run of the same text in the same language moves up), at most 20. */
export function withHistoryEntry(history: readonly InfluxHistoryEntry[], entry: InfluxHistoryEntry): InfluxHistoryEntry[] {
  const others = history.filter((past) => past.query !== entry.query || past.language !== entry.language);
  return [entry, ...others].slice(0, INFLUX_HISTORY_SIZE);
}

/** Adds a run to the stored list and returns the new list. */
export function addToInfluxHistory(history: readonly InfluxHistoryEntry[], entry: InfluxHistoryEntry): InfluxHistoryEntry[] {
  const next = withHistoryEntry(history, entry);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list still lives for this visit.
  }
  return next;
}
