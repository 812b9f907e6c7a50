import { DATABASE_SESSION_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { signalSession } from './queries';

export interface SignalInput {
  pid: number;
  actor: AuditActor;
  ip: string | null;
}

const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Cancels a session's statement or ends the session, audited. 404 for a pid that is not a session of this
 * database, 409 for the backend serving this request and on PGlite (one embedded session), 403 when PostgreSQL
 * refuses the signal to the deploying user.
 */
export async function signalSessionAudited(db: Db, signal: 'cancel' | 'terminate', input: SignalInput): Promise<boolean> {
  if (db.kind === 'pglite') throw new AppError('CONFLICT', DATABASE_SESSION_MESSAGES.embedded);
  let row: Awaited<ReturnType<typeof signalSession>>;
  try {
    row = await signalSession(db, input.pid, signal);
  } catch (error) {
    if ((error as { code?: string }).code === INSUFFICIENT_PRIVILEGE) {
      throw new AppError('FORBIDDEN', (error as Error).message);
    }
    throw error;
  }
  if (!row) throw new AppError('NOT_FOUND', DATABASE_SESSION_MESSAGES.notFound(input.pid));
  if (row.is_current) throw new AppError('CONFLICT', DATABASE_SESSION_MESSAGES.ownSession(signal));
  await recordAudit(db, {
    actor: input.actor,
    action: signal === 'cancel' ? 'database.session_cancelled' : 'database.session_terminated',
    target: { type: 'database_session', id: String(input.pid) },
    details: { signalled: row.done, user: row.user, application: row.application },
    ip: input.ip,
  });
  return row.done;
}
