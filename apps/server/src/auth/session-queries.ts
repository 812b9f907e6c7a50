import type { TwoFactorMethod } from '@guildhall/contract';
import type { Queryable } from '../services/db/db';

/**
 * The second factors an admin has on, as a text[] in the contract's order: 'totp' for a confirmed authenticator
 * app, 'passkey' for any passkey. adminId is the SQL of the admin's id (a column or a parameter); both look-ups
 * are on an index that starts with the admin.
 */
export const twoFactorMethodsSql = (adminId: string) => `ARRAY_REMOVE(ARRAY[
    CASE WHEN EXISTS (SELECT 1 FROM admin_totp t WHERE t.admin_user_id = ${adminId} AND t.confirmed_at IS NOT NULL)
         THEN 'totp' END,
    CASE WHEN EXISTS (SELECT 1 FROM admin_passkeys p WHERE p.admin_user_id = ${adminId}) THEN 'passkey' END
  ], NULL)`;

/** A session joined with its admin: everything a request needs to authenticate. */
export interface SessionRow {
  id: string;
  admin_user_id: string;
  created_at: Date;
  last_seen_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  username: string;
  full_name: string | null;
  role: string;
  /** The role's label; null when the role no longer exists. */
  role_label: string | null;
  /** The permissions of the admin's role, read from admin_roles on every request. */
  role_permissions: string[];
  /** Extra permissions granted to the admin directly. */
  permissions: string[];
  last_login_at: Date | null;
  /** False when the account is disabled or soft-deleted: its sessions open nothing. */
  is_active: boolean;
  /** The admin still signs in with a generated password: only me, change-password and logout answer. */
  must_change_password: boolean;
  /** The second factors that are on (a confirmed authenticator, passkeys): sign-in asks for one when any is. */
  two_factor_methods: TwoFactorMethod[];
  /** When the grace to turn on a required two-factor sign-in began; null until it was first required. */
  two_factor_grace_started_at: Date | null;
}

const SESSION_WITH_ADMIN = `
  SELECT s.id, s.admin_user_id, s.created_at, s.last_seen_at, s.absolute_expires_at, s.revoked_at, s.revoked_reason,
         u.username, u.full_name, u.role, r.label AS role_label, COALESCE(r.permissions, '{}') AS role_permissions,
         u.permissions, u.last_login_at, (u.is_active AND u.deleted_at IS NULL) AS is_active,
         u.must_change_password, u.two_factor_grace_started_at,
         ${twoFactorMethodsSql('u.id')} AS two_factor_methods
    FROM admin_sessions s
    JOIN admin_users u ON u.id = s.admin_user_id
    LEFT JOIN admin_roles r ON r.name = u.role`;

/** The session whose cookie token hashes to tokenHash. */
export async function findSessionByTokenHash(db: Queryable, tokenHash: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(`${SESSION_WITH_ADMIN} WHERE s.token_hash = $1`, [tokenHash]);
  return rows[0] ?? null;
}

/** A session by id (the live connection re-checks its session this way). */
export async function findSessionById(db: Queryable, id: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(`${SESSION_WITH_ADMIN} WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Opens a session; returns its id and times. */
export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; adminUserId: string; absoluteExpiresAt: Date; ip: string; userAgent: string | null },
): Promise<{ id: string; last_seen_at: Date; absolute_expires_at: Date }> {
  const { rows } = await db.query<{ id: string; last_seen_at: Date; absolute_expires_at: Date }>(
    `INSERT INTO admin_sessions (token_hash, admin_user_id, absolute_expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING id, last_seen_at, absolute_expires_at`,
    [session.tokenHash, session.adminUserId, session.absoluteExpiresAt, session.ip, session.userAgent],
  );
  return rows[0]!;
}

/** Slides the idle expiry. */
export async function touchSession(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE admin_sessions SET last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL', [id]);
}

/**
 * Slides the idle expiry now, whenever it was last touched, and returns the new last_seen_at; null when the
 * session is no longer open. The absolute limit is not moved: the session still ends at the earlier of the two.
 */
export async function extendSession(db: Queryable, id: string): Promise<Date | null> {
  const { rows } = await db.query<{ last_seen_at: Date }>(
    `UPDATE admin_sessions SET last_seen_at = GREATEST(last_seen_at, now())
      WHERE id = $1 AND revoked_at IS NULL
      RETURNING last_seen_at`,
    [id],
  );
  return rows[0]?.last_seen_at ?? null;
}

/** An open session as the admin users screen lists it. */
export interface OpenSessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  absolute_expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

/**
 * An admin's open sessions (not revoked, neither idle past the limit nor past the absolute one), newest first.
 * idleCutoff is now minus the idle limit: a session last seen before it has expired.
 */
export async function listOpenSessions(db: Queryable, adminUserId: string, idleCutoff: Date): Promise<OpenSessionRow[]> {
  const { rows } = await db.query<OpenSessionRow>(
    `SELECT id, created_at, last_seen_at, absolute_expires_at, ip, user_agent
       FROM admin_sessions
      WHERE admin_user_id = $1 AND revoked_at IS NULL AND absolute_expires_at > now() AND last_seen_at > $2
      ORDER BY created_at DESC, id DESC`,
    [adminUserId, idleCutoff],
  );
  return rows;
}

/** Ends one session of one admin; true when it was open. */
export async function revokeSessionOfAdmin(db: Queryable, adminUserId: string, sessionId: string, reason: string) {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE admin_sessions SET revoked_at = now(), revoked_reason = $3
      WHERE id = $2 AND admin_user_id = $1 AND revoked_at IS NULL
      RETURNING id`,
    [adminUserId, sessionId, reason],
  );
  return rows.length > 0;
}

/** Ends the given sessions; returns the ids that were still open. */
export async function revokeSessions(db: Queryable, ids: readonly string[], reason: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE admin_sessions SET revoked_at = now(), revoked_reason = $2
      WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL
      RETURNING id`,
    [ids, reason],
  );
  return rows.map((row) => row.id);
}

/** Ends every open session of an admin except one (or all when exceptId is null); returns their ids. */
export async function revokeSessionsOfAdmin(
  db: Queryable,
  adminUserId: string,
  exceptId: string | null,
  reason: string,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE admin_sessions SET revoked_at = now(), revoked_reason = $3
      WHERE admin_user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
      RETURNING id`,
    [adminUserId, exceptId, reason],
  );
  return rows.map((row) => row.id);
}
