import type { Queryable } from '../services/db/db';

/** A refresh token row (the token itself is never stored, only its SHA-256). */
export interface RefreshTokenRow {
  id: string;
  family_id: string;
  user_id: string;
  is_remembered: boolean;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** Stores a refresh token of a family. */
export async function insertRefreshToken(
  db: Queryable,
  token: {
    tokenHash: string;
    familyId: string;
    userId: string;
    isRemembered: boolean;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, is_remembered, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [token.tokenHash, token.familyId, token.userId, token.isRemembered, token.expiresAt, token.ip, token.userAgent],
  );
}

/**
 * Marks a live refresh token used, atomically: of two requests presenting the same token, one wins and the
 * other sees it used (reuse). Returns the row when this call used it.
 */
export async function useRefreshToken(db: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `UPDATE refresh_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      RETURNING id, family_id, user_id, is_remembered, expires_at, used_at, revoked_at`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** A refresh token by hash, whatever its state. */
export async function findRefreshToken(db: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `SELECT id, family_id, user_id, is_remembered, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Ends every token of a sign-in. Returns how many were still live. */
export async function revokeFamily(db: Queryable, familyId: string, reason: string): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = $2 WHERE family_id = $1 AND revoked_at IS NULL',
    [familyId, reason],
  );
  return rowCount;
}

/** Ends every sign-in of a user (password reset), or every one but `exceptFamilyId` (password change). */
export async function revokeFamiliesOfUser(
  db: Queryable,
  userId: string,
  reason: string,
  exceptFamilyId: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $3::uuid`,
    [userId, reason, exceptFamilyId],
  );
}

/**
 * True while the user's sign-in may still be refreshed: access tokens of an ended family stop working too. The family
 * must be the user's own: a token naming another user's live family is not a live sign-in of this user.
 */
export async function isFamilyLive(db: Queryable, familyId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM refresh_tokens
      WHERE family_id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() LIMIT 1`,
    [familyId, userId],
  );
  return rows.length > 0;
}

/** The purposes of e-mailed links. */
export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** Stores a new link token and retires the user's older unused ones of the same purpose. */
export async function replaceEmailToken(
  db: Queryable,
  token: { tokenHash: string; userId: string; purpose: EmailTokenPurpose; email: string; expiresAt: Date },
): Promise<void> {
  await db.query('UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    token.userId,
    token.purpose,
  ]);
  await db.query('INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    token.tokenHash,
    token.userId,
    token.purpose,
    token.email,
    token.expiresAt,
  ]);
}

/** Uses a live link token once; returns whose it is and for which address, or null. */
export async function useEmailToken(
  db: Queryable,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<{ user_id: string; email: string } | null> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, email`,
    [tokenHash, purpose],
  );
  return rows[0] ?? null;
}

/** Stores the hash of a Discord sign-in's state; `linkUserId` when it links Discord to that signed-in user. */
export async function insertOAuthState(
  db: Queryable,
  stateHash: string,
  expiresAt: Date,
  linkUserId: string | null = null,
): Promise<void> {
  await db.query('DELETE FROM oauth_states WHERE expires_at < now()');
  await db.query('INSERT INTO oauth_states (state_hash, expires_at, link_user_id) VALUES ($1, $2, $3)', [
    stateHash,
    expiresAt,
    linkUserId,
  ]);
}

/** Uses a state once; null unless it was live, else whom it links Discord to (null for a sign-in). */
export async function useOAuthState(db: Queryable, stateHash: string): Promise<{ linkUserId: string | null } | null> {
  const { rows } = await db.query<{ link_user_id: string | null }>(
    `UPDATE oauth_states SET used_at = now() WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING link_user_id`,
    [stateHash],
  );
  return rows[0] ? { linkUserId: rows[0].link_user_id } : null;
}
