import { LOG_LIMITS, type LogEntry } from '@guildhall/contract';

/** A line of the tail with a key of its own for the list. */
export interface TailLine {
  id: number;
  entry: LogEntry;
}

/**
 * The lines of the live tail: those on screen (oldest first, at most `limit`), and while paused those received
 * since (also bounded) with how many there were, shown on resume.
 */
export interface TailState {
  lines: TailLine[];
  held: TailLine[];
  /** Lines received while paused, counted even past the bound of `held`. */
  heldCount: number;
  isPaused: boolean;
  nextId: number;
  limit: number;
}

export type TailAction =
  | { type: 'receive'; entries: readonly LogEntry[] }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'clear' };

/** An empty tail. */
export const emptyTail = (limit: number = LOG_LIMITS.tailOnScreen): TailState => ({
  lines: [],
  held: [],
  heldCount: 0,
  isPaused: false,
  nextId: 1,
  limit,
});

/**
 * What tells one line from another. A reconnected stream sends its backfill again; lines already held are not
 * shown twice.
 */
export const lineKey = (entry: LogEntry) =>
  `${entry.time}|${entry.instance}|${entry.level}|${entry.source}|${entry.requestId ?? ''}|${entry.message}`;

const lastOf = <T>(items: T[], count: number) => (items.length > count ? items.slice(items.length - count) : items);

function receive(state: TailState, entries: readonly LogEntry[]): TailState {
  const known = new Set([...state.lines, ...state.held].map((line) => lineKey(line.entry)));
  let nextId = state.nextId;
  const fresh: TailLine[] = [];
  for (const entry of entries) {
    const key = lineKey(entry);
    if (known.has(key)) continue;
    known.add(key);
    fresh.push({ id: nextId++, entry });
  }
  if (fresh.length === 0) return state;
  if (state.isPaused) {
    return {
      ...state,
      held: lastOf([...state.held, ...fresh], state.limit),
      heldCount: state.heldCount + fresh.length,
      nextId,
    };
  }
  return { ...state, lines: lastOf([...state.lines, ...fresh], state.limit), nextId };
}

/** The tail after one action. */
export function tailReducer(state: TailState, action: TailAction): TailState {
  switch (action.type) {
    case 'receive':
      return receive(state, action.entries);
    case 'pause':
      return state.isPaused ? state : { ...state, isPaused: true };
    case 'resume':
      return {
        ...state,
        isPaused: false,
        lines: lastOf([...state.lines, ...state.held], state.limit),
        held: [],
        heldCount: 0,
      };
    case 'clear':
      return { ...emptyTail(state.limit), isPaused: state.isPaused, nextId: state.nextId };
  }
}
