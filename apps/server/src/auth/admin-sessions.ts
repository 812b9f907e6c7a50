import { ADMIN_SESSION_ABSOLUTE_MS, PERMISSIONS, type Permission, roleLabel } from '@guildhall/contract';
import type { Queryable } from '../services/db/db';
import { findSessionByTokenHash, insertSession, type SessionRow, touchSession } from './session-queries';
import { sessionExpiresAt, sessionState, shouldTouch } from './session-rules';
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
}

/** A valid session and its admin. */
export interface AdminSessionContext {
  sessionId: string;
  admin: SignedInAdmin;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  expiresAt: Date;
}

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
export function toSessionContext(row: SessionRow, lastSeenAt = row.last_seen_at): AdminSessionContext {
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
    },
    lastSeenAt,
    absoluteExpiresAt: row.absolute_expires_at,
    expiresAt: sessionExpiresAt({ lastSeenAt, absoluteExpiresAt: row.absolute_expires_at }),
  };
}

/**
 * The session a cookie token opens, sliding its idle expiry, or why it opens none.
 * Touching is skipped for sessions seen within the last minute.
 */
export async function resolveSession(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<{ ok: true; context: AdminSessionContext } | { ok: false; refusal: SessionRefusal }> {
  const row = await findSessionByTokenHash(db, hashSessionToken(token));
  if (!row) return { ok: false, refusal: 'unknown' };
  const state = sessionState(
    {
      lastSeenAt: row.last_seen_at,
      absoluteExpiresAt: row.absolute_expires_at,
      revokedAt: row.revoked_at,
      revokedReason: row.revoked_reason,
      isAdminActive: row.is_active,
    },
    now,
  );
  if (state.state !== 'active') return { ok: false, refusal: state.state };
  if (!shouldTouch(row.last_seen_at, now)) return { ok: true, context: toSessionContext(row) };
  await touchSession(db, row.id);
  return { ok: true, context: toSessionContext(row, now) };
}

/** Opens a session for an admin; returns the cookie token (shown once) and the session's times. */
export async function openSession(
  db: Queryable,
  adminUserId: string,
  client: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; sessionId: string; lastSeenAt: Date; absoluteExpiresAt: Date }> {
  const token = newSessionToken();
  const row = await insertSession(db, {
    tokenHash: hashSessionToken(token),
    adminUserId,
    absoluteExpiresAt: new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_MS),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { token, sessionId: row.id, lastSeenAt: row.last_seen_at, absoluteExpiresAt: row.absolute_expires_at };
}
