/** Where the reviewer is in the queue: the batch on screen, the position in it, and what was done. */
export interface QueueState {
  batch: number;
  index: number;
  /** Ids skipped this session, sent as `skip` with the next batch. */
  skipped: readonly string[];
  /** The skipped ids the batch on screen was asked without. */
  batchSkip: readonly string[];
  /** Ids verified or relabelled in the batch on screen. */
  done: readonly string[];
}

/** What the reviewer does to the sample on screen. */
export type QueueAction =
  | { kind: 'verified'; id: string }
  | { kind: 'skipped'; id: string }
  | { kind: 'move'; by: 1 | -1; size: number }
  | { kind: 'next-batch' };

/** The queue at the start of a session. */
export const initialQueue: QueueState = { batch: 0, index: 0, skipped: [], batchSkip: [], done: [] };

/** The queue after one action: verifying or skipping moves on; a new batch starts at its first sample. */
export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.kind) {
    case 'verified':
      return {
        ...state,
        done: state.done.includes(action.id) ? state.done : [...state.done, action.id],
        skipped: state.skipped.filter((id) => id !== action.id || state.batchSkip.includes(id)),
        index: state.index + 1,
      };
    case 'skipped':
      return {
        ...state,
        skipped: state.skipped.includes(action.id) ? state.skipped : [...state.skipped, action.id],
        index: state.index + 1,
      };
    case 'move':
      return { ...state, index: Math.min(Math.max(0, state.index + action.by), Math.max(0, action.size - 1)) };
    case 'next-batch':
      return { ...state, batch: state.batch + 1, index: 0, done: [], batchSkip: state.skipped };
  }
}

/**
 * Samples still to review: the server's count for the batch (every unverified sample not skipped before it) less
 * those verified or skipped since.
 */
export function remainingCount(serverRemaining: number, state: QueueState): number {
  return Math.max(0, serverRemaining - state.done.length - (state.skipped.length - state.batchSkip.length));
}

/** The action of a key press in the queue, or null: V verify, C correct, S skip, arrows move. */
export function queueKey(key: string): 'verify' | 'correct' | 'skip' | 'next' | 'previous' | null {
  switch (key.toLowerCase()) {
    case 'v':
      return 'verify';
    case 'c':
      return 'correct';
    case 's':
      return 'skip';
    case 'arrowright':
    case 'arrowdown':
      return 'next';
    case 'arrowleft':
    case 'arrowup':
      return 'previous';
    default:
      return null;
  }
}
