import type { DatabaseSession } from '@guildhall/contract';
import type { BadgeTone } from '../../ui/badge';

/** How a session's state reads in the list: waiting on a lock and idle in transaction are called out. */
export interface SessionStateView {
  label: string;
  tone: BadgeTone;
  /** The wait event, when the session waits on something. */
  detail: string | null;
}

/** The label, colour and wait detail of a session's state, as an operator looks for trouble. */
export function sessionState(
  session: Pick<DatabaseSession, 'state' | 'waitEventType' | 'waitEvent' | 'backendType'>,
): SessionStateView {
  const wait = session.waitEvent ? `${session.waitEventType ?? 'wait'}: ${session.waitEvent}` : null;
  if (session.waitEventType === 'Lock') {
    return { label: 'Waiting on lock', tone: 'bad', detail: session.waitEvent };
  }
  switch (session.state) {
    case 'active':
      return { label: 'Active', tone: 'good', detail: wait };
    case 'idle':
      return { label: 'Idle', tone: 'neutral', detail: null };
    case 'idle in transaction':
      return { label: 'Idle in transaction', tone: 'warn', detail: null };
    case 'idle in transaction (aborted)':
      return { label: 'Idle in transaction (aborted)', tone: 'bad', detail: null };
    case null:
      return { label: session.backendType ?? 'Unknown', tone: 'unknown', detail: wait };
    default:
      return { label: session.state, tone: 'neutral', detail: wait };
  }
}

/** Whether the session runs a statement a cancel could stop. */
export const isRunning = (session: Pick<DatabaseSession, 'state'>) =>
  session.state === 'active' || session.state === 'fastpath function call';

/**
 * What the duration column measures: the running statement, the open transaction, or for an idle session the
 * time since its last statement started; the server's milliseconds plus the time since they were read, so a
 * browser clock that is off does not matter.
 */
export function sessionDuration(
  session: Pick<DatabaseSession, 'state' | 'queryDurationMs' | 'transactionDurationMs'>,
  elapsedSinceReadMs: number,
): { ms: number; kind: 'running' | 'transaction' | 'since-last' } | null {
  const since = (ms: number | null) => (ms === null ? null : ms + Math.max(0, elapsedSinceReadMs));
  if (session.state?.startsWith('idle in transaction')) {
    const ms = since(session.transactionDurationMs);
    return ms === null ? null : { ms, kind: 'transaction' };
  }
  const ms = since(session.queryDurationMs);
  if (ms === null) return null;
  return { ms, kind: session.state === 'idle' ? 'since-last' : 'running' };
}

/** '45 s', '3 min 5 s', '2 h 14 min', '3 d 4 h': an elapsed time, two units at most. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The duration cell's text: 'running 12 s', 'in transaction 3 min', 'last query 2 h ago'. */
export function durationText(duration: ReturnType<typeof sessionDuration>): string {
  if (!duration) return '—';
  const elapsed = formatElapsed(duration.ms);
  if (duration.kind === 'transaction') return `in transaction ${elapsed}`;
  if (duration.kind === 'since-last') return `last query ${elapsed} ago`;
  return `running ${elapsed}`;
}
