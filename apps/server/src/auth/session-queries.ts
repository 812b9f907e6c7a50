import type { Queryable } from '../services/db/db';

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
  permissions: string[];
  last_login_at: Date | null;
  is_active: boolean;
}

const SESSION_WITH_ADMIN = `
  SELECT s.id, s.admin_user_id, s.created_at, s.last_seen_at, s.absolute_expires_at, s.revoked_at, s.revoked_reason,
         u.username, u.full_name, u.role, u.permissions, u.last_login_at, u.is_active
    FROM admin_sessions s
    JOIN admin_users u ON u.id = s.admin_user_id`;

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
