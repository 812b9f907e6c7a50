import { adminPasswordProblem, SERVER_MESSAGES } from '@guildhall/contract';
import { findAdminById, setPasswordChangeRequired, updatePasswordHash } from '../../auth/admin-account-queries';
import type { AdminSessionContext } from '../../auth/admin-sessions';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { findSessionByTokenHash, revokeSessions, revokeSessionsOfAdmin } from '../../auth/session-queries';
import { hashSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';

/** What ending and changing sessions needs from the app. */
export interface SessionChangeDeps {
  db: Db;
  bus: EventBus;
}

/** Ends the session a cookie token opens, if any is still open; signing out twice is not an error. */
export async function signOut(deps: SessionChangeDeps, token: string, ip: string): Promise<void> {
  const session = await findSessionByTokenHash(deps.db, hashSessionToken(token));
  if (!session || session.revoked_at) return;
  const ended = await revokeSessions(deps.db, [session.id], 'logout');
  if (ended.length === 0) return;
  await recordAudit(deps.db, {
    actor: { type: 'admin', id: session.admin_user_id, name: session.username },
    action: 'admin.signed_out',
    target: { type: 'admin_session', id: session.id },
    ip,
  });
  deps.bus.publish({ type: 'admin-sessions.ended', sessionIds: ended, reason: 'logout' });
}

/**
 * Changes the signed-in admin's password after checking the current one, and ends the admin's other
 * sessions: whoever else held them must sign in with the new password.
 */
export async function changePassword(
  deps: SessionChangeDeps,
  context: AdminSessionContext,
  passwords: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  const actor = adminActor(context.admin);
  const target = { type: 'admin_user', id: context.admin.id };
  const account = await findAdminById(deps.db, context.admin.id);
  if (!account || !(await verifyPassword(account.password_hash, passwords.currentPassword))) {
    await recordAudit(deps.db, {
      actor,
      action: 'admin.password_change_failed',
      target,
      details: { reason: 'wrong_current' },
      ip,
    });
    throw AppError.invalidField('currentPassword', SERVER_MESSAGES.currentPasswordIncorrect);
  }
  if (passwords.newPassword === passwords.currentPassword) {
    throw AppError.invalidField('newPassword', SERVER_MESSAGES.passwordUnchanged);
  }
  const problem = adminPasswordProblem(passwords.newPassword, { username: account.username });
  if (problem) throw AppError.invalidField('newPassword', problem);
  const passwordHash = await hashPassword(passwords.newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, account.id, passwordHash);
    await setPasswordChangeRequired(tx, account.id, false);
    const revoked = await revokeSessionsOfAdmin(tx, account.id, context.sessionId, 'password_changed');
    await recordAudit(tx, { actor, action: 'admin.password_changed', target, details: { endedSessions: revoked.length }, ip });
    return revoked;
  });
  if (ended.length > 0) deps.bus.publish({ type: 'admin-sessions.ended', sessionIds: ended, reason: 'password_changed' });
}
