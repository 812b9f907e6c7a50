import { ADMIN_USER_MESSAGES, type AdminSessionRow } from '@guildhall/contract';
import { findAdminById } from '../../auth/admin-account-queries';
import { listOpenSessions, revokeSessionOfAdmin } from '../../auth/session-queries';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import { refuseOutOfReach } from './admin-user-checks';
import type { AdminRequester, AdminUserDeps } from './admin-user-deps';
import { presentOpenSession } from './presenters';

/** An admin's open sessions, newest first; the caller's own is marked. Only of an admin within the caller's reach. */
export async function listAdminSessions(deps: AdminUserDeps, id: string, by: AdminRequester): Promise<AdminSessionRow[]> {
  const account = await findAdminById(deps.db, id);
  if (!account) throw AppError.notFound(ADMIN_USER_MESSAGES.notFound);
  await refuseOutOfReach(deps.db, by, account);
  const idleMs = await deps.idleMs();
  const rows = await listOpenSessions(deps.db, id, new Date(Date.now() - idleMs));
  return rows.map((row) => presentOpenSession(row, by.sessionId, idleMs));
}

/**
 * Ends one session of an admin: its cookie stops working on every process, and its browser gets
 * admin:forced_logout over /admin from whichever process holds its socket (through the Redis adapter).
 */
export async function endAdminSession(deps: AdminUserDeps, id: string, sessionId: string, by: AdminRequester) {
  const account = await findAdminById(deps.db, id);
  if (!account) throw AppError.notFound(ADMIN_USER_MESSAGES.notFound);
  await refuseOutOfReach(deps.db, by, account);
  await deps.db.transaction(async (tx) => {
    if (!(await revokeSessionOfAdmin(tx, id, sessionId, 'ended_by_admin'))) {
      throw AppError.notFound(ADMIN_USER_MESSAGES.sessionNotFound);
    }
    await recordAudit(tx, {
      actor: by.actor,
      action: 'admin.session_ended',
      target: { type: 'admin_session', id: sessionId },
      details: { adminUserId: id, username: account.username },
      ip: by.ip,
    });
  });
  deps.bus.publish({ type: 'admin-sessions.ended', sessionIds: [sessionId], reason: 'ended_by_admin' });
}
