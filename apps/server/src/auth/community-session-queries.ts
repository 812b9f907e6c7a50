import type { Queryable } from '../services/db/db';

/** A Discord cookie session. */
export interface CommunitySessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  discord_token_sealed: string | null;
  discord_token_expires_at: Date | null;
}

/** Opens a cookie session, keeping the sealed Discord token for later guild refreshes. */
export async function insertCommunitySession(
  db: Queryable,
  session: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    discordTokenSealed: string | null;
    discordTokenExpiresAt: Date | null;
    ip: string;
    userAgent: string | null;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO community_sessions (token_hash, user_id, expires_at, discord_token_sealed, discord_token_expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      session.tokenHash,
      session.userId,
      session.expiresAt,
      session.discordTokenSealed,
      session.discordTokenExpiresAt,
      session.ip,
      session.userAgent,
    ],
  );
  return rows[0]!.id;
}

/** Notes that a session was used (at most once a minute, the caller decides). */
export async function touchCommunitySession(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE community_sessions SET last_seen_at = now() WHERE id = $1', [id]);
}

/** Ends one session. */
export async function revokeCommunitySession(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query('UPDATE community_sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [
    id,
    reason,
  ]);
}

/** Ends every session of a user (password reset), or every one but the session of `exceptTokenHash`. */
export async function revokeCommunitySessionsOfUser(
  db: Queryable,
  userId: string,
  reason: string,
  exceptTokenHash: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE community_sessions SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND token_hash IS DISTINCT FROM $3`,
    [userId, reason, exceptTokenHash],
  );
}

/** Ends the session whose cookie token hashes to tokenHash, if it is still open. */
export async function revokeCommunitySessionByTokenHash(db: Queryable, tokenHash: string, reason: string): Promise<void> {
  await db.query(
    'UPDATE community_sessions SET revoked_at = now(), revoked_reason = $2 WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash, reason],
  );
}

/** The sealed Discord token of the user's newest live session, to re-read their guilds. */
export async function latestDiscordToken(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ discord_token_sealed: string }>(
    `SELECT discord_token_sealed FROM community_sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND discord_token_sealed IS NOT NULL AND discord_token_expires_at > now()
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.discord_token_sealed ?? null;
}
