import { PASSKEY_MESSAGES, TWO_FACTOR_MESSAGES, type WebAuthnAuthenticationResponse } from '@guildhall/contract';
import { findAdminById } from '../../auth/admin-account-queries';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import {
  findPasskeyOfAdmin,
  listPasskeysOf,
  recordPasskeyUse,
  setSignInPasskeyChallenge,
  takeSignInPasskeyChallenge,
} from './passkey-queries';
import { authenticationOptionsFor, verifyAssertion, type WebAuthnSettings } from './passkeys';
import {
  challengeError,
  countFailure,
  lockedError,
  openSignedInSession,
  type SignInDeps,
  type SignInOutcome,
  underRateLimit,
} from './sign-in';
import { checkSecondFactor, hashChallenge } from './two-factor';
import { findLiveChallenge, useChallenge } from './two-factor-queries';

// The second step of sign-in, after a right password: a code (TOTP or recovery) or a passkey, against the
// single-use challenge the first step answered. Every failure counts like a wrong password: the per-address limit,
// and the account's lock at the fifth.

/** What the second step needs besides sign-in's: the key of the sealed TOTP secrets, the passkeys' relying party. */
export interface SecondFactorDeps extends SignInDeps {
  sealingKey: () => Promise<Buffer>;
  webAuthn: WebAuthnSettings;
}

/** Where a second step comes from. */
interface Client {
  ip: string;
  userAgent: string | null;
}

/**
 * The live challenge and its admin, or a counted refusal: an unknown, expired or spent challenge (or one whose admin
 * is gone or disabled) answers INVALID_TOKEN, a locked account 423 whatever comes next. Each is audited.
 */
async function challengedAccount(deps: SignInDeps, challenge: string, ip: string) {
  const live = await findLiveChallenge(deps.db, hashChallenge(challenge));
  const account = live ? await findAdminById(deps.db, live.admin_user_id) : null;
  if (!live || !account?.is_active || account.deleted_at) {
    await recordAudit(deps.db, {
      actor: { type: 'anonymous', name: account?.username ?? null },
      action: 'admin.two_factor_failed',
      details: { reason: 'invalid_challenge' },
      ip,
    });
    throw challengeError();
  }
  if (account.locked_until && account.locked_until.getTime() > Date.now()) {
    await recordAudit(deps.db, {
      actor: { type: 'anonymous', name: account.username },
      action: 'admin.two_factor_failed',
      target: { type: 'admin_user', id: account.id },
      details: { reason: 'locked' },
      ip,
    });
    throw lockedError(account.locked_until, account.failed_attempts);
  }
  return { challengeId: live.id, account };
}

/** The second step with a TOTP or recovery code; a wrong or replayed code counts as a failed sign-in. */
export async function signInWithSecondFactor(
  deps: SecondFactorDeps,
  attempt: Client & { challenge: string; code: string },
): Promise<SignInOutcome> {
  return underRateLimit(deps, attempt.ip, async () => {
    const { challengeId, account } = await challengedAccount(deps, attempt.challenge, attempt.ip);
    const result = await checkSecondFactor(deps.db, await deps.sealingKey(), account, attempt.code);
    if (!result.ok) {
      return countFailure(deps, account, attempt.ip, {
        action: 'admin.two_factor_failed',
        reason: result.reason,
        message: TWO_FACTOR_MESSAGES.wrongCode,
      });
    }
    if (!(await useChallenge(deps.db, challengeId))) throw challengeError();
    if (result.method === 'recovery_code') {
      await recordAudit(deps.db, {
        actor: adminActor(account),
        action: 'admin.recovery_code_used',
        target: { type: 'admin_user', id: account.id },
        details: { recoveryCodesLeft: result.recoveryCodesLeft },
        ip: attempt.ip,
      });
    }
    return openSignedInSession(deps, account, attempt, { secondFactor: result.method });
  });
}

/**
 * The options of the second step with a passkey: the admin's passkeys and a new WebAuthn challenge, kept (hashed) on
 * the sign-in's challenge until an assertion uses it, right or wrong; asking again replaces it.
 */
export async function passkeySignInOptions(deps: SecondFactorDeps, attempt: Client & { challenge: string }) {
  return underRateLimit(deps, attempt.ip, async () => {
    const { challengeId, account } = await challengedAccount(deps, attempt.challenge, attempt.ip);
    const passkeys = await listPasskeysOf(deps.db, account.id);
    if (passkeys.length === 0) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noPasskey);
    const options = await authenticationOptionsFor(deps.webAuthn, passkeys);
    await setSignInPasskeyChallenge(deps.db, challengeId, hashChallenge(options.challenge));
    return options;
  });
}

/**
 * The second step with a passkey: an assertion by one of the admin's own passkeys over the WebAuthn challenge the
 * options gave, taken once. Another admin's passkey, a spent or missing WebAuthn challenge, a wrong origin or
 * relying party, a bad signature and a counter that did not grow each count as a failed sign-in.
 */
export async function signInWithPasskey(
  deps: SecondFactorDeps,
  attempt: Client & { challenge: string; credential: WebAuthnAuthenticationResponse },
): Promise<SignInOutcome> {
  return underRateLimit(deps, attempt.ip, async () => {
    const { challengeId, account } = await challengedAccount(deps, attempt.challenge, attempt.ip);
    const refuse = (reason: string) =>
      countFailure(deps, account, attempt.ip, {
        action: 'admin.two_factor_failed',
        reason,
        message: PASSKEY_MESSAGES.notAccepted,
      });
    const expectedHash = await takeSignInPasskeyChallenge(deps.db, challengeId);
    if (!expectedHash) return refuse('no_passkey_challenge');
    const passkey = await findPasskeyOfAdmin(deps.db, account.id, attempt.credential.id);
    if (!passkey) return refuse('unknown_passkey');
    const verified = await verifyAssertion(deps.webAuthn, passkey, attempt.credential, expectedHash);
    if (!verified) return refuse('passkey_not_verified');
    if (!(await recordPasskeyUse(deps.db, passkey.id, verified.signCount, verified.isBackedUp))) {
      return refuse('passkey_counter_not_increased');
    }
    // A concurrent step that used the challenge first wins.
    if (!(await useChallenge(deps.db, challengeId))) throw challengeError();
    return openSignedInSession(deps, account, attempt, { secondFactor: 'passkey', passkeyId: passkey.id });
  });
}
