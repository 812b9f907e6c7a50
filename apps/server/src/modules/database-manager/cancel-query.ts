import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { cancelRunningStatement } from './queries';

/**
 * Where a statement runs: its backend and that backend's transaction start (now() as text, to the microsecond).
 * The pair names one run: a pooled backend that has moved on to another transaction no longer matches it.
 */
export interface RunningOn {
  pid: number;
  xactStart: string;
}

// The statements running in this process, by the id their client gave them (null on PGlite).
const running = new Map<string, RunningOn | null>();

/** Marks a query id as running on a backend; an id already running is a conflict. */
export function rememberRunningQuery(queryId: string, on: RunningOn | null): void {
  if (running.has(queryId)) throw new AppError('CONFLICT', 'A query with this id is already running.');
  running.set(queryId, on);
}

/** The query with that id has ended. */
export function forgetRunningQuery(queryId: string): void {
  running.delete(queryId);
}

/**
 * Asks PostgreSQL to cancel the statement running under queryId. The check and the signal are one statement:
 * pg_cancel_backend reaches the backend only while it is still active in the run's own transaction, so a cancel
 * that comes late (the run ended, its pooled backend now serves another request) signals nothing. False when no
 * such statement runs in this process, or on PGlite, which runs one statement at a time on the request's own turn.
 */
export async function cancelQuery(db: Db, queryId: string): Promise<boolean> {
  const on = running.get(queryId);
  if (!on) return false;
  return cancelRunningStatement(db, on.pid, on.xactStart);
}
