import { MESSAGES } from '@guildhall/contract';
import type { AdminSessionContext } from '../../auth/admin-sessions';
import { extendSession } from '../../auth/session-queries';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';

/**
 * "Stay signed in": restarts the session's idle window now, even when the guard's touch skipped it (seen
 * within the last minute), and never past the absolute limit, which does not move. The socket's session
 * watch then sees a new expiry and can warn again as that one approaches.
 */
export async function extendSignedInSession(db: Queryable, context: AdminSessionContext): Promise<AdminSessionContext> {
  const lastSeenAt = await extendSession(db, context.sessionId);
  if (!lastSeenAt) throw new AppError('INVALID_SESSION', MESSAGES.adminSessionExpired);
  return {
    ...context,
    lastSeenAt,
    expiresAt: new Date(Math.min(lastSeenAt.getTime() + context.idleMs, context.absoluteExpiresAt.getTime())),
  };
}
