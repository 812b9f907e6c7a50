import { ADMIN_SESSION_IDLE_MS } from '@guildhall/contract';
import type { SessionEndReason } from '../core/event-bus';

// Why a session ended is told on the event bus, so the type lives on the ground floor with it.
export type { SessionEndReason };

/** The times and flags that decide whether a session still holds. */
export interface SessionTimes {
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  isAdminActive: boolean;
}

/** Where a session stands at one moment. */
export type SessionState =
  | { state: 'active'; expiresAt: Date }
  | { state: 'revoked'; reason: string }
  | { state: 'expired'; expiresAt: Date };

/** Idle expiry slides with activity; the absolute limit does not. A session ends at the earlier one. */
export function sessionExpiresAt(
  times: Pick<SessionTimes, 'lastSeenAt' | 'absoluteExpiresAt'>,
  idleMs = ADMIN_SESSION_IDLE_MS,
): Date {
  return new Date(Math.min(times.lastSeenAt.getTime() + idleMs, times.absoluteExpiresAt.getTime()));
}

/** The state of a session at `now`. A disabled admin's sessions count as revoked. */
export function sessionState(times: SessionTimes, now: Date, idleMs = ADMIN_SESSION_IDLE_MS): SessionState {
  if (times.revokedAt) return { state: 'revoked', reason: times.revokedReason ?? 'revoked_by_admin' };
  if (!times.isAdminActive) return { state: 'revoked', reason: 'account_disabled' };
  const expiresAt = sessionExpiresAt(times, idleMs);
  return expiresAt.getTime() <= now.getTime() ? { state: 'expired', expiresAt } : { state: 'active', expiresAt };
}

/** last_seen_at is written at most once a minute: enough for an 8-hour idle limit, and it spares writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** True when the session's last_seen_at is stale enough to be worth a write. */
export function shouldTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}
