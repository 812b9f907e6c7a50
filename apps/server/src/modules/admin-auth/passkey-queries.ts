import type { Queryable } from '../../services/db/db';

/** A passkey as stored (migration 0026). */
export interface PasskeyRow {
  id: string;
  admin_user_id: string;
  /** base64url, as the authenticator names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter last reported (bigint, read as a number: WebAuthn's counter is 32 bits). */
  sign_count: number;
  transports: string[];
  is_backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The columns of a PasskeyRow, of the table under this alias. */
const columnsOf = (alias: string) =>
  `${alias}.id, ${alias}.admin_user_id, ${alias}.credential_id, ${alias}.public_key, ${alias}.sign_count::float8 AS sign_count,
   ${alias}.transports, ${alias}.is_backed_up, ${alias}.name, ${alias}.created_at, ${alias}.last_used_at`;
const COLUMNS = columnsOf('admin_passkeys');

/** The admin's passkeys, oldest first. */
export async function listPasskeysOf(db: Queryable, adminId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM admin_passkeys WHERE admin_user_id = $1 ORDER BY created_at, id`,
    [adminId],
  );
  return rows;
}

/** How many passkeys the admin keeps. */
export async function countPasskeysOf(db: Queryable, adminId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_passkeys WHERE admin_user_id = $1', [
    adminId,
  ]);
  return rows[0]?.n ?? 0;
}

/** The admin's passkey with this credential id; another admin's credential is simply not found. */
export async function findPasskeyOfAdmin(db: Queryable, adminId: string, credentialId: string): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM admin_passkeys WHERE admin_user_id = $1 AND credential_id = $2`,
    [adminId, credentialId],
  );
  return rows[0] ?? null;
}

/** Stores a new passkey; null when the credential is registered already (to this admin or another). */
export async function insertPasskey(
  db: Queryable,
  passkey: Pick<
    PasskeyRow,
    'admin_user_id' | 'credential_id' | 'public_key' | 'sign_count' | 'transports' | 'is_backed_up' | 'name'
  >,
): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO admin_passkeys (admin_user_id, credential_id, public_key, sign_count, transports, is_backed_up, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      passkey.admin_user_id,
      passkey.credential_id,
      passkey.public_key,
      passkey.sign_count,
      passkey.transports,
      passkey.is_backed_up,
      passkey.name,
    ],
  );
  return rows[0] ?? null;
}

/** Renames one of the admin's passkeys: the renamed row and the name before, or null when the admin has none with this id. */
export async function renamePasskeyOf(db: Queryable, adminId: string, id: string, name: string) {
  const { rows } = await db.query<PasskeyRow & { previous_name: string }>(
    `UPDATE admin_passkeys p SET name = $3
       FROM (SELECT id, name FROM admin_passkeys WHERE id = $2 AND admin_user_id = $1 FOR UPDATE) prev
      WHERE p.id = prev.id
      RETURNING ${columnsOf('p')}, prev.name AS previous_name`,
    [adminId, id, name],
  );
  return rows[0] ?? null;
}

/** Deletes one of the admin's passkeys; its name, or null when the admin has none with this id. */
export async function deletePasskeyOf(db: Queryable, adminId: string, id: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM admin_passkeys WHERE id = $2 AND admin_user_id = $1 RETURNING name',
    [adminId, id],
  );
  return rows[0]?.name ?? null;
}

/**
 * Records a sign-in the passkey completed: its new counter, its backup state, the time. The counter must grow
 * (WebAuthn §7.2, step 22: unless both the stored and the new one are 0, the authenticators that keep none), checked
 * in this one statement, so two assertions racing cannot both pass; false means it did not (a cloned authenticator,
 * or a replay).
 */
export async function recordPasskeyUse(db: Queryable, id: string, newCount: number, isBackedUp: boolean): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE admin_passkeys SET sign_count = $2, is_backed_up = $3, last_used_at = now()
      WHERE id = $1 AND (sign_count < $2 OR (sign_count = 0 AND $2 = 0))
      RETURNING 1`,
    [id, newCount, isBackedUp],
  );
  return rows.length > 0;
}

/** Keeps a registration's challenge (its hash) on the session that asked for it, until expiresAt; replaces one before. */
export async function setRegistrationChallenge(db: Queryable, sessionId: string, hash: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE admin_sessions SET passkey_challenge_hash = $2, passkey_challenge_expires_at = $3 WHERE id = $1', [
    sessionId,
    hash,
    expiresAt,
  ]);
}

/** Takes the session's registration challenge, once: its hash if it was there and unexpired; it is gone either way. */
export async function takeRegistrationChallenge(db: Queryable, sessionId: string): Promise<string | null> {
  const { rows } = await db.query<{ hash: string | null }>(
    `UPDATE admin_sessions s SET passkey_challenge_hash = NULL, passkey_challenge_expires_at = NULL
        FROM (SELECT id, passkey_challenge_hash, passkey_challenge_expires_at FROM admin_sessions WHERE id = $1 FOR UPDATE) prev
      WHERE s.id = prev.id
      RETURNING CASE WHEN prev.passkey_challenge_expires_at > now() THEN prev.passkey_challenge_hash END AS hash`,
    [sessionId],
  );
  return rows[0]?.hash ?? null;
}

/** Keeps a sign-in's WebAuthn challenge (its hash) on its two-factor challenge; replaces one asked for before. */
export async function setSignInPasskeyChallenge(db: Queryable, challengeId: string, hash: string): Promise<void> {
  await db.query('UPDATE admin_two_factor_challenges SET passkey_challenge_hash = $2 WHERE id = $1', [challengeId, hash]);
}

/** Takes the sign-in's WebAuthn challenge, once: its hash, or null when none was asked for (or it was taken). */
export async function takeSignInPasskeyChallenge(db: Queryable, challengeId: string): Promise<string | null> {
  const { rows } = await db.query<{ hash: string | null }>(
    `UPDATE admin_two_factor_challenges c SET passkey_challenge_hash = NULL
       FROM (SELECT id, passkey_challenge_hash FROM admin_two_factor_challenges WHERE id = $1 FOR UPDATE) prev
      WHERE c.id = prev.id
      RETURNING prev.passkey_challenge_hash AS hash`,
    [challengeId],
  );
  return rows[0]?.hash ?? null;
}
