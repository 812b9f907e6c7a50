import { createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_RULE } from '@guildhall/contract';
import { Secret, TOTP } from 'otpauth';
import { openSealedText } from '../../auth/sealed-text';
import type { Queryable } from '../../services/db/db';
import { findAdminTotp, spendRecoveryCode, takeTotpStep, twoFactorMethodsOf } from './two-factor-queries';

/** The TOTP of one secret (RFC 6238: 30 s, 6 digits, SHA-1), labelled with the admin's username. */
export function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: TOTP_RULE.issuer,
    label: username,
    algorithm: TOTP_RULE.algorithm,
    digits: TOTP_RULE.digits,
    period: TOTP_RULE.period,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as typed or shown, reduced to what counts: lower case, no spaces or dashes. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The stored form of a recovery code (the codes are random, 50 bits each: a fast hash is enough). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Ten new recovery codes, `xxxxx-xxxxx`, and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** A new sign-in challenge token and its stored hash. */
export function newChallenge(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashChallenge(token) };
}

export const hashChallenge = (token: string) => createHash('sha256').update(token).digest('hex');

/** A six-digit TOTP code as typed (spaces allowed between the digits), or null when the text is not one. */
const totpDigitsOf = (code: string) => {
  const digits = code.replace(/\s/g, '');
  return new RegExp(`^\\d{${TOTP_RULE.digits}}$`).test(digits) ? digits : null;
};

/**
 * Checks a TOTP code against a secret (one step either side) and takes its step, so it is not accepted again.
 * 'replayed' when the code is right but its step (or a later one) was taken already.
 */
export async function checkTotpCode(
  db: Queryable,
  adminId: string,
  secretBase32: string,
  username: string,
  code: string,
): Promise<'ok' | 'wrong' | 'replayed'> {
  const digits = totpDigitsOf(code);
  if (!digits) return 'wrong';
  const now = Date.now();
  const delta = totpOf(secretBase32, username).validate({ token: digits, timestamp: now, window: TOTP_RULE.window });
  if (delta === null) return 'wrong';
  const step = Math.floor(now / 1000 / TOTP_RULE.period) + delta;
  return (await takeTotpStep(db, adminId, step)) ? 'ok' : 'replayed';
}

/** The outcome of a second factor: the method that passed (and the recovery codes left), or why it failed. */
export type SecondFactorResult =
  | { ok: true; method: 'totp' }
  | { ok: true; method: 'recovery_code'; recoveryCodesLeft: number }
  | { ok: false; reason: 'wrong_code' | 'replayed_code' | 'not_enabled' };

/**
 * Checks a confirmed authenticator's code, or spends a recovery code (six digits are a TOTP code; anything else is
 * tried as a recovery code). The recovery codes belong to two-factor sign-in as a whole, so an admin whose only
 * second factor is a passkey spends them here too. Each code passes once.
 */
export async function checkSecondFactor(
  db: Queryable,
  sealingKey: Buffer,
  account: { id: string; username: string },
  code: string,
): Promise<SecondFactorResult> {
  if ((await twoFactorMethodsOf(db, account.id)).length === 0) return { ok: false, reason: 'not_enabled' };
  if (totpDigitsOf(code)) {
    const totp = await findAdminTotp(db, account.id);
    if (!totp?.confirmed_at) return { ok: false, reason: 'wrong_code' };
    const secret = openSealedText(sealingKey, totp.totp_secret_sealed);
    if (!secret) return { ok: false, reason: 'wrong_code' };
    const outcome = await checkTotpCode(db, account.id, secret, account.username, code);
    if (outcome === 'ok') return { ok: true, method: 'totp' };
    return { ok: false, reason: outcome === 'replayed' ? 'replayed_code' : 'wrong_code' };
  }
  const spent = await spendRecoveryCode(db, account.id, hashRecoveryCode(code));
  if (!spent) return { ok: false, reason: 'wrong_code' };
  return { ok: true, method: 'recovery_code', recoveryCodesLeft: spent.left };
}
