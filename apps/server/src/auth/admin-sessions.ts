import {
  ADMIN_SESSION_ABSOLUTE_MS,
  ADMIN_SESSION_IDLE_MS,
  PERMISSIONS,
  type Permission,
  roleLabel,
  type TwoFactorMethod,
} from '@guildhall/contract';
import type { Queryable } from '../services/db/db';
import { findSessionByTokenHash, insertSession, type SessionRow, touchSession } from './session-queries';
import { sessionState, shouldTouch } from './session-rules';
import { hashSessionToken, newSessionToken } from './session-token';

/** The admin behind a request, with the permissions the role and direct grants give. */
export interface SignedInAdmin {
  id: string;
  username: string;
  fullName: string | null;
  role: string;
  /** The role's label as admin_roles names it. */
  roleLabel: string;
  permissions: Permission[];
  lastLoginAt: Date | null;
  /** Signed in with a generated first password, not yet replaced. */
  mustChangePassword: boolean;
  /** The second factors that are on (a confirmed authenticator, passkeys); none: sign-in takes the password alone. */
  twoFactorMethods: TwoFactorMethod[];
  /** When the grace to turn on a required two-factor sign-in began; null until it was first required. */
  twoFactorGraceStartedAt: Date | null;
}

/** A valid session and its admin. */
export interface AdminSessionContext {
  sessionId: string;
  admin: SignedInAdmin;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  expiresAt: Date;
  /** The idle timeout in force (the system setting; ADMIN_SESSION_IDLE_MS by default). */
  idleMs: number;
}

/** When a session idle for idleMs ends: the earlier of its idle expiry and its absolute limit. */
const idleExpiresAt = (lastSeenAt: Date, absoluteExpiresAt: Date, idleMs: number) =>
  new Date(Math.min(lastSeenAt.getTime() + idleMs, absoluteExpiresAt.getTime()));

/** Why a token opened nothing. */
export type SessionRefusal = 'unknown' | 'revoked' | 'expired';

/**
 * The permissions an admin holds: those of the role, as admin_roles holds it now, plus the ones granted to the
 * admin directly; names no longer in the catalog are dropped.
 */
export function holderPermissions(rolePermissions: readonly string[], granted: readonly string[]): Permission[] {
  return [...new Set([...rolePermissions, ...granted])].filter((p): p is Permission => p in PERMISSIONS);
}

/** Builds the request's admin from a session row. */
export function toSessionContext(
  row: SessionRow,
  lastSeenAt = row.last_seen_at,
  idleMs = ADMIN_SESSION_IDLE_MS,
): AdminSessionContext {
  return {
    sessionId: row.id,
    admin: {
      id: row.admin_user_id,
      username: row.username,
      fullName: row.full_name,
      role: row.role,
      roleLabel: row.role_label ?? roleLabel(row.role),
      permissions: holderPermissions(row.role_permissions, row.permissions),
      lastLoginAt: row.last_login_at,
      mustChangePassword: row.must_change_password,
      twoFactorMethods: row.two_factor_methods,
      twoFactorGraceStartedAt: row.two_factor_grace_started_at,
    },
    lastSeenAt,
    absoluteExpiresAt: row.absolute_expires_at,
    expiresAt: idleExpiresAt(lastSeenAt, row.absolute_expires_at, idleMs),
    idleMs,
  };
}

/**
 * The session a cookie token opens, sliding its idle expiry, or why it opens none.
 * Touching is skipped for sessions seen within the last minute. idleMs: the idle timeout in force (the system
 * setting, issue 15); the check is made here, so a changed timeout applies to every session at once.
 */
export async function resolveSession(
  db: Queryable,
  token: string,
  now = new Date(),
  idleMs = ADMIN_SESSION_IDLE_MS,
): Promise<{ ok: true; context: AdminSessionContext } | { ok: false; refusal: SessionRefusal }> {
  const row = await findSessionByTokenHash(db, hashSessionToken(token));
  if (!row) return { ok: false, refusal: 'unknown' };
  // sessionState judges revocation and a disabled admin; the idle window is judged with idleMs below.
  const state = sessionState(
    {
      lastSeenAt: now,
      absoluteExpiresAt: row.absolute_expires_at,
      revokedAt: row.revoked_at,
      revokedReason: row.revoked_reason,
      isAdminActive: row.is_active,
    },
    now,
  );
  if (state.state === 'revoked') return { ok: false, refusal: 'revoked' };
  if (idleExpiresAt(row.last_seen_at, row.absolute_expires_at, idleMs).getTime() <= now.getTime()) {
    return { ok: false, refusal: 'expired' };
  }
  if (!shouldTouch(row.last_seen_at, now)) return { ok: true, context: toSessionContext(row, row.last_seen_at, idleMs) };
  await touchSession(db, row.id);
  return { ok: true, context: toSessionContext(row, now, idleMs) };
}

/** Opens a session for an admin; returns the cookie token (shown once) and the session's times. */
export async function openSession(
  db: Queryable,
  adminUserId: string,
  client: { ip: string; userAgent: string | null },
  now = new Date(),
  absoluteMs = ADMIN_SESSION_ABSOLUTE_MS,
): Promise<{ token: string; sessionId: string; lastSeenAt: Date; absoluteExpiresAt: Date }> {
  const token = newSessionToken();
  const row = await insertSession(db, {
    tokenHash: hashSessionToken(token),
    adminUserId,
    absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { token, sessionId: row.id, lastSeenAt: row.last_seen_at, absoluteExpiresAt: row.absolute_expires_at };
}
