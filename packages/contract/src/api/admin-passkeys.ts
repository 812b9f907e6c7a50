import { z } from 'zod';
import { MESSAGES } from '../messages';
import { displayNameRule } from '../text-rules';
import { adminAuthApi } from './admin-auth';
import { adminLoginSecondStepBody } from './admin-two-factor';
import { endpoint } from './common';
import {
  webAuthnAuthenticationResponse,
  webAuthnCreationOptions,
  webAuthnRegistrationResponse,
  webAuthnRequestOptions,
} from './webauthn';

// Passkeys (WebAuthn) as a second factor of the admin sign-in, beside the authenticator app: the own passkeys
// (the console's Two-factor sign-in page) and the second step of sign-in with one (loaded only after the password).

/** Limits of the own passkeys. */
export const PASSKEY_RULE = {
  /** Passkeys one admin may keep: enough for every device and a spare key, few enough to review. */
  maxPerAdmin: 10,
  nameMaxLength: 64,
  /** How long a registration's challenge waits for the browser's answer (the browser itself gives up after 60 s). */
  registrationMs: 5 * 60_000,
  /** How long the browser's own dialog waits. */
  ceremonyTimeoutMs: 60_000,
} as const;

/** The texts of the own passkeys and of signing in with one. */
export const PASSKEY_MESSAGES = {
  nameRequired: 'Name the passkey, for example "Work laptop" or "Blue security key"',
  nameTooLong: `A passkey name is at most ${PASSKEY_RULE.nameMaxLength} characters`,
  limitReached: `An account keeps at most ${PASSKEY_RULE.maxPerAdmin} passkeys. Remove one before adding another`,
  /** The registration's challenge ran out, was used, or was made in another session. */
  registrationExpired: 'This passkey setup has expired or was already used. Start again',
  registrationFailed: 'This passkey could not be checked. Try again, or use another passkey',
  alreadyRegistered: 'This passkey is already registered',
  notFound: 'Passkey not found',
  /** The sign-in's passkey step for an admin without one. */
  noPasskey: 'This account has no passkey. Use the code from your authenticator app',
  optionsReady: 'Confirm with your passkey',
  /** The first step's message for an admin whose only second factor is a passkey. */
  secondStepNeeded: 'Use your passkey to finish signing in',
  /** The second step of sign-in: an assertion that did not verify (or a spent one, or another admin's passkey). */
  notAccepted: 'That passkey was not accepted. Try again, or use another way to sign in',
  added: (name: string) => `Passkey "${name}" added: it now signs you in after your password`,
  /** The first second factor was this passkey: its recovery codes come with it. */
  addedWithRecoveryCodes: (name: string) =>
    `Passkey "${name}" added. Keep these recovery codes somewhere safe: they sign you in if you lose it, and are shown only once`,
  renamed: (name: string) => `Passkey renamed to "${name}"`,
  removed: (name: string) => `Passkey "${name}" removed`,
  /** The last second factor went with it. */
  removedLast: (name: string) => `Passkey "${name}" removed. Two-factor sign-in is off`,
  removeConfirm: (name: string) =>
    `Remove the passkey "${name}"? It no longer signs you in; the device keeps it until you delete it there.`,
  /** The browser's dialog was closed, timed out, or found no passkey of this account. */
  cancelled: 'The passkey was not used. Try again when you are ready',
  unsupported: 'This browser cannot use passkeys',
  /** The console was opened at an address the passkeys are not for (the relying party id). */
  wrongAddress: (rpId: string) => `Passkeys work only on ${rpId}: open the console there to use one`,
} as const;

/** A passkey's name as the admin types it. */
export const passkeyName = z
  .string(PASSKEY_MESSAGES.nameRequired)
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_RULE.nameMaxLength, PASSKEY_MESSAGES.nameTooLong)
  .refine(...displayNameRule('A passkey name'));

/** One of the signed-in admin's passkeys. */
export const adminPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().describe('The last sign-in it completed; null: never used'),
  transports: z.array(z.string()).describe('How the browser reaches it (internal, usb, nfc, ble, hybrid), as it said'),
  isBackedUp: z.boolean().describe('A synced passkey (a password manager or a platform account), not one device only'),
});
/** A passkey. */
export type AdminPasskey = z.infer<typeof adminPasskey>;

const done = z.object({ success: z.literal(true), message: z.string() });
const password = z.string().min(1, MESSAGES.passwordRequired);
const idParams = z.object({ id: z.uuid(PASSKEY_MESSAGES.notFound) });

/** The signed-in admin's own passkeys: list, add (the password, then the browser's ceremony), rename, remove. */
export const adminPasskeyApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/auth/two-factor/passkeys',
    summary: 'The own passkeys, oldest first (at most 10)',
    response: z.object({ success: z.literal(true), passkeys: z.array(adminPasskey) }),
  }),
  registrationOptions: endpoint({
    method: 'POST',
    path: '/api/admin/auth/two-factor/passkeys/options',
    summary: 'Start adding a passkey (asks for the current password): the options for navigator.credentials.create()',
    body: z.object({ password }),
    response: done.extend({
      options: webAuthnCreationOptions.describe('Single-use, for this session, valid for 5 minutes'),
    }),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/admin/auth/two-factor/passkeys',
    summary: "Add the passkey the browser made with the session's registration options, under a name",
    body: z.object({ name: passkeyName, credential: webAuthnRegistrationResponse }),
    response: done.extend({
      passkey: adminPasskey,
      recoveryCodes: z
        .array(z.string())
        .optional()
        .describe('The first second factor of the admin: one-time recovery codes, shown this once; absent otherwise'),
    }),
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/admin/auth/two-factor/passkeys/:id',
    summary: 'Rename one of the own passkeys',
    params: idParams,
    body: z.object({ name: passkeyName }),
    response: done.extend({ passkey: adminPasskey }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/auth/two-factor/passkeys/:id',
    summary: 'Remove one of the own passkeys (asks for the current password)',
    params: idParams,
    body: z.object({ password }),
    response: done,
  }),
} as const;

const challengeBody = adminLoginSecondStepBody.pick({ challenge: true });

/** The second step of sign-in with a passkey: options for the challenge the password step answered, then the assertion. */
export const adminPasskeySignInApi = {
  options: endpoint({
    method: 'POST',
    path: '/api/admin/auth/login/passkey/options',
    summary: "The second step with a passkey: the options for navigator.credentials.get() (the admin's passkeys)",
    body: challengeBody,
    response: done.extend({
      options: webAuthnRequestOptions.describe('Its challenge is used by the next assertion, right or not'),
    }),
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/admin/auth/login/passkey',
    summary: 'The second step with a passkey: the challenge and the assertion open the session',
    body: challengeBody.extend({ credential: webAuthnAuthenticationResponse }),
    response: adminAuthApi.loginSecondStep.response,
  }),
} as const;
