import type { Db } from '../../services/db/db';
import { type SignalInput, signalSessionAudited } from './signal-session';

/** Cancels the statement a session of this database is running (pg_cancel_backend), audited. */
export function cancelSession(db: Db, input: SignalInput): Promise<boolean> {
  return signalSessionAudited(db, 'cancel', input);
}
