import { type AdminPasskey, PASSKEY_MESSAGES, PASSKEY_RULE, type WebAuthnRegistrationResponse } from '@guildhall/contract';
import { lockAdminById } from '../../auth/admin-account-queries';
import type { AdminSessionContext } from '../../auth/admin-sessions';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { accountWithPassword, conflict, targetOf } from './own-account';
import {
  countPasskeysOf,
  deletePasskeyOf,
  insertPasskey,
  listPasskeysOf,
  type PasskeyRow,
  renamePasskeyOf,
  setRegistrationChallenge,
  takeRegistrationChallenge,
} from './passkey-queries';
import { registrationOptionsFor, verifyRegistration, type WebAuthnSettings } from './passkeys';
import { hashChallenge, newRecoveryCodes } from './two-factor';
import { removeRecoveryCodes, replaceRecoveryCodes, twoFactorMethodsOf } from './two-factor-queries';

/** What the own passkeys need from the app. */
export interface PasskeyDeps {
  db: Db;
  webAuthn: WebAuthnSettings;
}

/** A passkey as the console shows it (never its key or credential id). */
export function presentPasskey(row: PasskeyRow): AdminPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    transports: row.transports,
    isBackedUp: row.is_backed_up,
  };
}

const limitReached = () => conflict(PASSKEY_MESSAGES.limitReached);

/** The signed-in admin's passkeys, oldest first. */
export async function listOwnPasskeys(deps: PasskeyDeps, context: AdminSessionContext): Promise<AdminPasskey[]> {
  return (await listPasskeysOf(deps.db, context.admin.id)).map(presentPasskey);
}

/**
 * Starts adding a passkey, after the current password: registration options whose challenge waits (hashed) on this
 * session for five minutes, once; asking again replaces it.
 */
export async function startPasskeyRegistration(deps: PasskeyDeps, context: AdminSessionContext, password: string, ip: string) {
  const account = await accountWithPassword(deps.db, context, password, ip);
  const existing = await listPasskeysOf(deps.db, account.id);
  if (existing.length >= PASSKEY_RULE.maxPerAdmin) throw limitReached();
  const options = await registrationOptionsFor(deps.webAuthn, account, existing);
  const expiresAt = new Date(Date.now() + PASSKEY_RULE.registrationMs);
  await setRegistrationChallenge(deps.db, context.sessionId, hashChallenge(options.challenge), expiresAt);
  await recordAudit(deps.db, {
    actor: adminActor(context.admin),
    action: 'admin.passkey_registration_started',
    target: targetOf(context),
    ip,
  });
  return options;
}

/**
 * Adds the passkey the browser made for this session's registration options (taken once, right or wrong): checked
 * against the challenge, the origin and the relying party, then stored under the admin's name for it. When it is the
 * admin's first second factor, recovery codes come with it (as with an authenticator app), answered this once.
 */
export async function addPasskey(
  deps: PasskeyDeps,
  context: AdminSessionContext,
  body: { name: string; credential: WebAuthnRegistrationResponse },
  ip: string,
): Promise<{ passkey: AdminPasskey; recoveryCodes?: string[] }> {
  const expectedHash = await takeRegistrationChallenge(deps.db, context.sessionId);
  if (!expectedHash) throw conflict(PASSKEY_MESSAGES.registrationExpired);
  const verified = await verifyRegistration(deps.webAuthn, body.credential, expectedHash);
  if (!verified) {
    await recordAudit(deps.db, {
      actor: adminActor(context.admin),
      action: 'admin.two_factor_change_failed',
      target: targetOf(context),
      details: { reason: 'passkey_not_verified' },
      ip,
    });
    throw new AppError('VALIDATION_FAILED', PASSKEY_MESSAGES.registrationFailed);
  }
  return deps.db.transaction(async (tx) => {
    // One add at a time per admin, so two racing adds cannot pass the limit together.
    await lockAdminById(tx, context.admin.id);
    if ((await countPasskeysOf(tx, context.admin.id)) >= PASSKEY_RULE.maxPerAdmin) throw limitReached();
    const isFirstFactor = (await twoFactorMethodsOf(tx, context.admin.id)).length === 0;
    const row = await insertPasskey(tx, {
      admin_user_id: context.admin.id,
      credential_id: verified.credentialId,
      public_key: verified.publicKey,
      sign_count: verified.signCount,
      transports: verified.transports,
      is_backed_up: verified.isBackedUp,
      name: body.name,
    });
    if (!row) throw conflict(PASSKEY_MESSAGES.alreadyRegistered);
    const recovery = isFirstFactor ? newRecoveryCodes() : null;
    if (recovery) await replaceRecoveryCodes(tx, context.admin.id, recovery.hashes);
    await recordAudit(tx, {
      actor: adminActor(context.admin),
      action: 'admin.passkey_added',
      target: targetOf(context),
      details: {
        passkeyId: row.id,
        name: row.name,
        transports: row.transports,
        isBackedUp: row.is_backed_up,
        recoveryCodesMade: recovery !== null,
      },
      ip,
    });
    return { passkey: presentPasskey(row), ...(recovery && { recoveryCodes: recovery.codes }) };
  });
}

/** Renames one of the own passkeys (the session is enough: a name changes nothing about who may sign in). */
export async function renamePasskey(deps: PasskeyDeps, context: AdminSessionContext, id: string, name: string, ip: string) {
  return deps.db.transaction(async (tx) => {
    const row = await renamePasskeyOf(tx, context.admin.id, id, name);
    if (!row) throw AppError.notFound(PASSKEY_MESSAGES.notFound);
    await recordAudit(tx, {
      actor: adminActor(context.admin),
      action: 'admin.passkey_renamed',
      target: targetOf(context),
      details: { passkeyId: row.id, from: row.previous_name, to: row.name },
      ip,
    });
    return presentPasskey(row);
  });
}

/**
 * Removes one of the own passkeys after the current password; answers its name and whether any second factor is left.
 * The last one takes the recovery codes with it.
 */
export async function removePasskey(deps: PasskeyDeps, context: AdminSessionContext, id: string, password: string, ip: string) {
  await accountWithPassword(deps.db, context, password, ip);
  return deps.db.transaction(async (tx) => {
    const name = await deletePasskeyOf(tx, context.admin.id, id);
    if (name === null) throw AppError.notFound(PASSKEY_MESSAGES.notFound);
    const methodsLeft = await twoFactorMethodsOf(tx, context.admin.id);
    const recoveryCodesRemoved = methodsLeft.length === 0 ? await removeRecoveryCodes(tx, context.admin.id) : 0;
    await recordAudit(tx, {
      actor: adminActor(context.admin),
      action: 'admin.passkey_removed',
      target: targetOf(context),
      details: { passkeyId: id, name, twoFactorLeft: methodsLeft, recoveryCodesRemoved },
      ip,
    });
    return { name, isTwoFactorStillOn: methodsLeft.length > 0 };
  });
}
