import type { TwoFactorMethod } from '@guildhall/contract';
import { twoFactorMethodsSql } from '../../auth/session-queries';
import type { Queryable } from '../../services/db/db';

/** An admin's authenticator as stored: the sealed secret, whether it is confirmed, the last step a code was taken for. */
export interface AdminTotpRow {
  totp_secret_sealed: string;
  confirmed_at: Date | null;
  totp_last_used_step: string | null;
}

/** The admin's authenticator (pending or confirmed), or null. */
export async function findAdminTotp(db: Queryable, adminId: string): Promise<AdminTotpRow | null> {
  const { rows } = await db.query<AdminTotpRow>(
    'SELECT totp_secret_sealed, confirmed_at, totp_last_used_step::text FROM admin_totp WHERE admin_user_id = $1',
    [adminId],
  );
  return rows[0] ?? null;
}

/** The second factors the admin has on (a confirmed authenticator, passkeys): sign-in asks for one when any is. */
export async function twoFactorMethodsOf(db: Queryable, adminId: string): Promise<TwoFactorMethod[]> {
  const { rows } = await db.query<{ methods: TwoFactorMethod[] }>(`SELECT ${twoFactorMethodsSql('$1::uuid')} AS methods`, [
    adminId,
  ]);
  return rows[0]?.methods ?? [];
}

/** Stores a new pending secret, replacing a pending one; never a confirmed one (returns false then). */
export async function storePendingTotp(db: Queryable, adminId: string, sealed: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO admin_totp (admin_user_id, totp_secret_sealed) VALUES ($1, $2)
     ON CONFLICT (admin_user_id) DO UPDATE
       SET totp_secret_sealed = EXCLUDED.totp_secret_sealed, totp_last_used_step = NULL, created_at = now(), updated_at = now()
       WHERE admin_totp.confirmed_at IS NULL
     RETURNING 1`,
    [adminId, sealed],
  );
  return rows.length > 0;
}

/**
 * Takes the step a right code was computed for, once: only a step later than the last one taken passes, so the
 * same code (or an older one still inside the window) cannot be used again. Returns false for a replay.
 */
export async function takeTotpStep(db: Queryable, adminId: string, step: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE admin_totp SET totp_last_used_step = $2, updated_at = now()
      WHERE admin_user_id = $1 AND (totp_last_used_step IS NULL OR totp_last_used_step < $2)
      RETURNING 1`,
    [adminId, step],
  );
  return rows.length > 0;
}

/** Marks the pending authenticator confirmed. */
export async function confirmTotp(db: Queryable, adminId: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE admin_totp SET confirmed_at = now(), updated_at = now()
      WHERE admin_user_id = $1 AND confirmed_at IS NULL RETURNING 1`,
    [adminId],
  );
  return rows.length > 0;
}

/**
 * Removes the authenticator (the admin's own choice); answers how many passkeys remain. The recovery codes belong to
 * two-factor sign-in as a whole: they stay while a passkey does.
 */
export async function removeTotp(db: Queryable, adminId: string): Promise<{ passkeysLeft: number }> {
  await db.query('DELETE FROM admin_totp WHERE admin_user_id = $1', [adminId]);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_passkeys WHERE admin_user_id = $1', [
    adminId,
  ]);
  const passkeysLeft = rows[0]?.n ?? 0;
  if (passkeysLeft === 0) await removeRecoveryCodes(db, adminId);
  return { passkeysLeft };
}

/** Removes the admin's recovery codes (their last second factor went); answers how many were unused. */
export async function removeRecoveryCodes(db: Queryable, adminId: string): Promise<number> {
  const { rows } = await db.query<{ used_at: Date | null }>(
    'DELETE FROM admin_recovery_codes WHERE admin_user_id = $1 RETURNING used_at',
    [adminId],
  );
  return rows.filter((row) => row.used_at === null).length;
}

/**
 * Removes every second factor (another admin's reset): the authenticator, the recovery codes, the passkeys and the
 * pending sign-in challenges. Answers what was on: a confirmed authenticator, and how many passkeys.
 */
export async function removeTwoFactor(db: Queryable, adminId: string): Promise<{ hadTotp: boolean; passkeys: number }> {
  await db.query('DELETE FROM admin_recovery_codes WHERE admin_user_id = $1', [adminId]);
  await db.query('DELETE FROM admin_two_factor_challenges WHERE admin_user_id = $1', [adminId]);
  const totp = await db.query<{ confirmed_at: Date | null }>(
    'DELETE FROM admin_totp WHERE admin_user_id = $1 RETURNING confirmed_at',
    [adminId],
  );
  const passkeys = await db.query('DELETE FROM admin_passkeys WHERE admin_user_id = $1 RETURNING 1', [adminId]);
  return { hadTotp: totp.rows.some((row) => row.confirmed_at !== null), passkeys: passkeys.rows.length };
}

/** Replaces the admin's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Queryable, adminId: string, hashes: string[]): Promise<void> {
  await db.query('DELETE FROM admin_recovery_codes WHERE admin_user_id = $1', [adminId]);
  await db.query('INSERT INTO admin_recovery_codes (admin_user_id, recovery_code_hash) SELECT $1, unnest($2::text[])', [
    adminId,
    hashes,
  ]);
}

/** Spends one unused recovery code with this hash; false when there is none (wrong or already used). */
export async function spendRecoveryCode(db: Queryable, adminId: string, hash: string): Promise<{ left: number } | null> {
  const { rows } = await db.query<{ left: number }>(
    `WITH spent AS (
       UPDATE admin_recovery_codes SET used_at = now()
        WHERE id = (SELECT id FROM admin_recovery_codes
                     WHERE admin_user_id = $1 AND recovery_code_hash = $2 AND used_at IS NULL LIMIT 1 FOR UPDATE)
        RETURNING id
     )
     SELECT (SELECT count(*)::int FROM admin_recovery_codes WHERE admin_user_id = $1 AND used_at IS NULL) - 1 AS left
       FROM spent`,
    [adminId, hash],
  );
  return rows[0] ?? null;
}

/** Stores a sign-in challenge (its hash) for the admin, valid until expiresAt. */
export async function insertChallenge(db: Queryable, adminId: string, hash: string, expiresAt: Date): Promise<void> {
  await db.query("DELETE FROM admin_two_factor_challenges WHERE expires_at < now() - interval '1 day'");
  await db.query('INSERT INTO admin_two_factor_challenges (admin_user_id, challenge_hash, expires_at) VALUES ($1, $2, $3)', [
    adminId,
    hash,
    expiresAt,
  ]);
}

/** The admin a live (unused, unexpired) challenge is for, or null. */
export async function findLiveChallenge(db: Queryable, hash: string): Promise<{ id: string; admin_user_id: string } | null> {
  const { rows } = await db.query<{ id: string; admin_user_id: string }>(
    `SELECT id, admin_user_id FROM admin_two_factor_challenges
      WHERE challenge_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [hash],
  );
  return rows[0] ?? null;
}

/** Uses the challenge up; false when it was used (or expired) meanwhile. */
export async function useChallenge(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE admin_two_factor_challenges SET used_at = now()
      WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING 1`,
    [id],
  );
  return rows.length > 0;
}
