import { ADMIN_LOCK_MS, ADMIN_LOGIN_SERVER_ERRORS, ADMIN_MAX_FAILED_ATTEMPTS, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { type AdminAccountRow, recordFailedSignIn } from '../../auth/admin-account-queries';
import type { AdminSessionContext } from '../../auth/admin-sessions';
import { openSealedText, sealText } from '../../auth/sealed-text';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { accountWithPassword, conflict, targetOf } from './own-account';
import { checkSecondFactor, checkTotpCode, newRecoveryCodes, newTotpSecret, totpOf } from './two-factor';
import {
  confirmTotp,
  findAdminTotp,
  removeTotp,
  replaceRecoveryCodes,
  storePendingTotp,
  twoFactorMethodsOf,
} from './two-factor-queries';

/** What the own two-factor settings need from the app. */
export interface TwoFactorDeps {
  db: Db;
  sealingKey: () => Promise<Buffer>;
}

/**
 * A wrong code where the own two-factor settings change counts like a wrong code at sign-in (toward the lock at
 * the fifth), so a session alone cannot try codes without end; a locked account is refused first.
 */
async function refuseLocked(account: AdminAccountRow) {
  if (account.locked_until && account.locked_until.getTime() > Date.now()) {
    const minutes = Math.max(1, Math.ceil((account.locked_until.getTime() - Date.now()) / 60_000));
    throw new AppError('ADMIN_ACCOUNT_LOCKED', ADMIN_LOGIN_SERVER_ERRORS.locked(minutes), {
      details: { failedAttempts: account.failed_attempts, maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS },
    });
  }
}

async function refuseWrongCode(deps: TwoFactorDeps, context: AdminSessionContext, reason: string, ip: string): Promise<never> {
  const counted = await recordFailedSignIn(
    deps.db,
    context.admin.id,
    ADMIN_MAX_FAILED_ATTEMPTS,
    new Date(Date.now() + ADMIN_LOCK_MS),
  );
  await recordAudit(deps.db, {
    actor: adminActor(context.admin),
    action: 'admin.two_factor_failed',
    target: targetOf(context),
    details: { reason, failedAttempts: counted.failed_attempts },
    ip,
  });
  throw AppError.invalidField('code', TWO_FACTOR_MESSAGES.wrongCodeField);
}

/** Starts enrolling an authenticator: a new secret, stored sealed and pending until a code confirms it. */
export async function startTotpSetup(deps: TwoFactorDeps, context: AdminSessionContext, password: string, ip: string) {
  const account = await accountWithPassword(deps.db, context, password, ip);
  const secret = newTotpSecret();
  if (!(await storePendingTotp(deps.db, account.id, sealText(await deps.sealingKey(), secret)))) {
    throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  }
  await recordAudit(deps.db, {
    actor: adminActor(context.admin),
    action: 'admin.two_factor_enrolment_started',
    target: targetOf(context),
    ip,
  });
  return { secret, otpauthUri: totpOf(secret, account.username).toString() };
}

/** Confirms the pending authenticator with a code from it: two-factor sign-in is on; answers the recovery codes once. */
export async function confirmTotpSetup(deps: TwoFactorDeps, context: AdminSessionContext, code: string, ip: string) {
  const pending = await findAdminTotp(deps.db, context.admin.id);
  if (!pending) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
  if (pending.confirmed_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = openSealedText(await deps.sealingKey(), pending.totp_secret_sealed);
  if (!secret) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
  const outcome = await checkTotpCode(deps.db, context.admin.id, secret, context.admin.username, code);
  if (outcome !== 'ok') throw AppError.invalidField('code', TWO_FACTOR_MESSAGES.wrongCodeField);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    if (!(await confirmTotp(tx, context.admin.id))) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    await replaceRecoveryCodes(tx, context.admin.id, hashes);
    await recordAudit(tx, {
      actor: adminActor(context.admin),
      action: 'admin.two_factor_enabled',
      target: targetOf(context),
      ip,
    });
  });
  return codes;
}

/**
 * Turns the own authenticator app off (and its recovery codes): the current password and a code (TOTP or recovery)
 * are asked. Answers whether two-factor sign-in stays on (passkeys remain).
 */
export async function disableTotp(
  deps: TwoFactorDeps,
  context: AdminSessionContext,
  body: { password: string; code: string },
  ip: string,
) {
  const account = await accountWithPassword(deps.db, context, body.password, ip);
  await refuseLocked(account);
  if (!(await findAdminTotp(deps.db, account.id))?.confirmed_at) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  const result = await checkSecondFactor(deps.db, await deps.sealingKey(), account, body.code);
  if (!result.ok) {
    if (result.reason === 'not_enabled') throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    return refuseWrongCode(deps, context, result.reason, ip);
  }
  return deps.db.transaction(async (tx) => {
    const { passkeysLeft } = await removeTotp(tx, account.id);
    await recordAudit(tx, {
      actor: adminActor(context.admin),
      action: 'admin.two_factor_disabled',
      target: targetOf(context),
      details: { secondFactor: result.method, passkeysLeft },
      ip,
    });
    return { isStillOn: passkeysLeft > 0 };
  });
}

/**
 * Replaces the own recovery codes after the current password, whatever the second factor (an authenticator app, a
 * passkey); answers the new ones once.
 */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, context: AdminSessionContext, password: string, ip: string) {
  const account = await accountWithPassword(deps.db, context, password, ip);
  const methods = await twoFactorMethodsOf(deps.db, account.id);
  if (methods.length === 0) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, account.id, hashes);
    await recordAudit(tx, {
      actor: adminActor(context.admin),
      action: 'admin.recovery_codes_regenerated',
      target: targetOf(context),
      details: { twoFactor: methods },
      ip,
    });
  });
  return codes;
}
