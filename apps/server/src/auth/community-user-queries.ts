import type { AuthMethod } from '@guildhall/contract';
import type { Queryable } from '../services/db/db';
import type { CommunitySessionRow } from './community-session-queries';

/** A community account as the sign-in code reads it. */
export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  discord_id: string | null;
  password_hash: string | null;
  email_verified: boolean;
  auth_method: AuthMethod;
  selected_guild_id: string | null;
  global_name: string | null;
  avatar: string | null;
  notification_settings: Record<string, unknown> | null;
}

const COLUMNS = `id, username, email, discord_id, password_hash, email_verified, auth_method, selected_guild_id,
                 global_name, avatar, notification_settings`;

/**
 * A live cookie session by the hash of its token and its account, in one statement (every request of a signed-in
 * member reads both), or null.
 */
export async function findLiveSessionUser(
  db: Queryable,
  tokenHash: string,
): Promise<{ session: CommunitySessionRow; user: UserRow } | null> {
  const { rows } = await db.query<UserRow & { session: CommunitySessionRow }>(
    `SELECT ${COLUMNS.replace(/(\w+)/g, 'u.$1')},
            json_build_object('id', s.id, 'user_id', s.user_id, 'expires_at', s.expires_at, 'last_seen_at', s.last_seen_at,
              'revoked_at', s.revoked_at, 'discord_token_sealed', s.discord_token_sealed,
              'discord_token_expires_at', s.discord_token_expires_at) AS session
       FROM community_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  const { session, ...user } = row;
  const at = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    user,
    session: {
      ...session,
      expires_at: at(session.expires_at)!,
      last_seen_at: at(session.last_seen_at)!,
      revoked_at: at(session.revoked_at),
      discord_token_expires_at: at(session.discord_token_expires_at),
    },
  };
}

/** An account by id. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** An account by e-mail address, ignoring case (the unique index users_email_key). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

/** An account by Discord user id. */
export async function findUserByDiscordId(db: Queryable, discordId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE discord_id = $1`, [discordId]);
  return rows[0] ?? null;
}

/**
 * Creates an e-mail account unless the address is taken; one statement either way, so both cases take
 * the same time. Returns the new account, or null when the address already had one.
 */
export async function insertEmailUser(
  db: Queryable,
  user: { username: string; email: string; passwordHash: string; emailVerified: boolean },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (username, email, password_hash, email_verified, auth_method)
     VALUES ($1, $2, $3, $4, 'email')
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${COLUMNS}`,
    [user.username, user.email, user.passwordHash, user.emailVerified],
  );
  return rows[0] ?? null;
}

/** The Discord profile fields an account mirrors. */
export interface DiscordIdentity {
  discordId: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
}

/** Creates an account for a Discord user; `email` only when Discord verified it and no account uses it. */
export async function insertDiscordUser(db: Queryable, identity: DiscordIdentity, email: string | null): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (username, discord_id, global_name, avatar, email, email_verified, auth_method)
     VALUES ($1, $2, $3, $4, $5, $6, 'discord')
     RETURNING ${COLUMNS}`,
    [identity.username, identity.discordId, identity.globalName, identity.avatar, email, email !== null],
  );
  return rows[0]!;
}

/**
 * Refreshes the Discord profile of an account and links the Discord id to it (an e-mail account whose
 * verified address Discord also verified becomes `both`). A verified address is added when the account has none.
 */
export async function updateDiscordProfile(
  db: Queryable,
  userId: string,
  identity: DiscordIdentity,
  verifiedEmail: string | null,
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users
        SET discord_id = $2, username = CASE WHEN password_hash IS NULL THEN $3 ELSE username END,
            global_name = $4, avatar = $5,
            email = COALESCE(email, $6), email_verified = email_verified OR (email IS NULL AND $6::text IS NOT NULL),
            auth_method = CASE WHEN password_hash IS NULL THEN 'discord' ELSE 'both' END,
            updated_at = now()
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [userId, identity.discordId, identity.username, identity.globalName, identity.avatar, verifiedEmail],
  );
  return rows[0]!;
}

/** Sets the password hash (reset, add-credentials) and, when given, the address and the method. */
export async function updateCredentials(
  db: Queryable,
  userId: string,
  change: { passwordHash: string; email?: string; emailVerified?: boolean },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users
        SET password_hash = $2, email = COALESCE($3, email), email_verified = COALESCE($4, email_verified),
            auth_method = CASE WHEN discord_id IS NULL THEN 'email' ELSE 'both' END, updated_at = now()
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [userId, change.passwordHash, change.email ?? null, change.emailVerified ?? null],
  );
  return rows[0]!;
}

/** Marks an address verified, if it is still the account's address. Returns whether it was. */
export async function markEmailVerified(db: Queryable, userId: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1 AND lower(email) = lower($2)',
    [userId, email],
  );
  return rowCount > 0;
}

/** Stores the selected guild (a Discord guild id), or clears it. */
export async function updateSelectedGuild(db: Queryable, userId: string, discordGuildId: string | null): Promise<void> {
  await db.query('UPDATE users SET selected_guild_id = $2, updated_at = now() WHERE id = $1', [userId, discordGuildId]);
}
