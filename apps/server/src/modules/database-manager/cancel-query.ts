import { AppError } from '../../http/app-error';
import type { Db } from '../../services/db/db';

// The statements running in this process, by the id their client gave them: the backend pid (null on PGlite).
const running = new Map<string, number | null>();

/** Marks a query id as running on a backend; an id already running is a conflict. */
export function rememberRunningQuery(queryId: string, pid: number | null): void {
  if (running.has(queryId)) throw new AppError(409, 'CONFLICT', 'A query with this id is already running.');
  running.set(queryId, pid);
}

/** The query with that id has ended. */
export function forgetRunningQuery(queryId: string): void {
  running.delete(queryId);
}

/**
 * Asks PostgreSQL to cancel the statement running under queryId (pg_cancel_backend on its backend). False when no
 * such statement runs in this process, or on PGlite, which runs one statement at a time on the request's own turn.
 */
export async function cancelQuery(db: Db, queryId: string): Promise<boolean> {
  const pid = running.get(queryId);
  if (pid === undefined || pid === null) return false;
  const { rows } = await db.query<{ cancelled: boolean }>('SELECT pg_cancel_backend($1) AS cancelled', [pid]);
  return rows[0]?.cancelled === true;
}
