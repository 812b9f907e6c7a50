import { ADMIN_SESSION_WARNING_MS, type AdminEvent, MESSAGES } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { SignedInAdmin } from '../auth/admin-sessions';
import { lookUpSessionAndAdmin } from '../auth/require-admin';
import type { sessionState } from '../auth/session-rules';
import { isShutOutOfConsole } from '../auth/two-factor-requirement';
import type { AdminSocket } from './admin-namespace';

/** What the watch does after one look at the session. */
export type WatchVerdict =
  | { action: 'none' }
  | { action: 'warn'; expiresAt: Date }
  | { action: 'force-logout' }
  | { action: 'disconnect' };

/**
 * The decision for one look: warn once when the session is within ADMIN_SESSION_WARNING_MS of its end,
 * force a logout when something other than this session's own logout ended it, and drop the
 * connection when it simply expired.
 */
export function judgeSession(state: ReturnType<typeof sessionState> | null, warnedFor: number | null, now: Date): WatchVerdict {
  if (!state) return { action: 'force-logout' };
  if (state.state === 'revoked') return state.reason === 'logout' ? { action: 'disconnect' } : { action: 'force-logout' };
  if (state.state === 'expired') return { action: 'disconnect' };
  const isNearEnd = state.expiresAt.getTime() - now.getTime() <= ADMIN_SESSION_WARNING_MS;
  if (isNearEnd && warnedFor !== state.expiresAt.getTime()) return { action: 'warn', expiresAt: state.expiresAt };
  return { action: 'none' };
}

/** The event that tells an admin their session was ended by someone else. */
export function forcedLogoutEvent(): AdminEvent {
  return { type: 'admin:forced_logout', message: MESSAGES.forcedLogout, timestamp: new Date().toISOString() };
}

/** Emits the forced-logout event, then leaves the namespace (the event is delivered first). */
function forceLogout(socket: AdminSocket) {
  socket.emit('admin:event', forcedLogoutEvent());
  socket.disconnect();
}

/**
 * Looks at the socket's session now and every `live.sessionCheckMs`. Returns the function that stops it.
 * Revocations also arrive at once through the event bus; this catches expiry and anything the bus missed. While
 * the session lives, the admin is read again (role and grants as they are now) and handed to onAdmin, so a
 * demoted admin's connection loses what the new permissions no longer allow; one whose two-factor grace ran out
 * is dropped.
 */
export function watchSession(
  socket: AdminSocket,
  app: FastifyInstance,
  onAdmin: (admin: SignedInAdmin) => void = () => undefined,
): () => void {
  let warnedFor: number | null = null;
  const look = async () => {
    const now = new Date();
    const found = await lookUpSessionAndAdmin(app, socket.data.sessionId, now);
    const verdict = judgeSession(found?.state ?? null, warnedFor, now);
    const isLive = verdict.action === 'none' || verdict.action === 'warn';
    // A grace that ran out (or a reset password) ends the connection: reconnecting is refused with the reason.
    if (found && isLive && (await isShutOutOfConsole(app, found.admin))) {
      socket.disconnect();
      return;
    }
    if (found && isLive) onAdmin(found.admin);
    if (verdict.action === 'warn') {
      warnedFor = verdict.expiresAt.getTime();
      socket.emit('admin:event', {
        type: 'admin:session_warning',
        message: MESSAGES.sessionWarning,
        timestamp: now.toISOString(),
        expiresAt: verdict.expiresAt.toISOString(),
      });
    } else if (verdict.action === 'force-logout') {
      forceLogout(socket);
    } else if (verdict.action === 'disconnect') {
      socket.disconnect();
    }
  };
  const safeLook = () => {
    // A database outage leaves the connection alone; the next look tries again.
    look().catch((error) => app.log.debug({ err: error }, 'live connection: session look failed'));
  };
  const first = setTimeout(safeLook, 0);
  const timer = setInterval(safeLook, app.config.live.sessionCheckMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
