import type { Db } from '../../services/db/db';
import { type SignalInput, signalSessionAudited } from './signal-session';

/** Ends a session of this database (pg_terminate_backend), never the one serving the request, audited. */
export function terminateSession(db: Db, input: SignalInput): Promise<boolean> {
  return signalSessionAudited(db, 'terminate', input);
}
