import {
  PASSKEY_RULE,
  type WebAuthnAuthenticationResponse,
  type WebAuthnCreationOptions,
  type WebAuthnRegistrationResponse,
  type WebAuthnRequestOptions,
} from '@guildhall/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '../../config';
import type { PasskeyRow } from './passkey-queries';
import { hashChallenge } from './two-factor';

// The WebAuthn ceremonies of the admins' passkeys, through @simplewebauthn/server. The challenges themselves are
// never stored: only their SHA-256 hash (hashChallenge), which the verification compares with the hash of the
// challenge the browser signed.

/** The relying party and the origins a ceremony may come from (WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME, WEBAUTHN_ORIGIN). */
export type WebAuthnSettings = Config['webAuthn'];

/**
 * A passkey here is a second factor, after the password: possession of the authenticator is what it proves, so user
 * verification (a PIN, a fingerprint) is asked for where the authenticator can, never required.
 */
const USER_VERIFICATION = 'preferred';

/** The transports a browser names that browsers also take back in options (WebAuthn's AuthenticatorTransport). */
const KNOWN_TRANSPORTS = new Set(['ble', 'hybrid', 'internal', 'nfc', 'usb', 'smart-card']);
const knownTransports = (transports: readonly string[] | undefined) => (transports ?? []).filter((t) => KNOWN_TRANSPORTS.has(t));

/** The user handle of an admin: the 16 bytes of their id, the same for each of their passkeys. */
const userHandleOf = (adminId: string) => new Uint8Array(Buffer.from(adminId.replaceAll('-', ''), 'hex'));

const bytesOf = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

/** A check of the browser's challenge against the stored hash of the one it was given. */
const matchesHash = (expectedHash: string) => (challenge: string) => hashChallenge(challenge) === expectedHash;

/** Options to register a new passkey for an admin; their passkeys are excluded, so one device is not added twice. */
export async function registrationOptionsFor(
  settings: WebAuthnSettings,
  account: { id: string; username: string; full_name: string | null },
  existing: readonly PasskeyRow[],
): Promise<WebAuthnCreationOptions> {
  return generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: settings.rpId,
    userID: userHandleOf(account.id),
    userName: account.username,
    userDisplayName: account.full_name ?? account.username,
    timeout: PASSKEY_RULE.ceremonyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: USER_VERIFICATION },
  });
}

/** What a verified registration adds. */
export interface VerifiedPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  isBackedUp: boolean;
}

/**
 * Verifies the browser's answer to registration options whose challenge hashes to expectedHash: the challenge, the
 * origin, the relying party, user presence, the attestation ('none' or a self-signed one; no vendor is trusted or
 * refused). Null when any of it is wrong.
 */
export async function verifyRegistration(
  settings: WebAuthnSettings,
  credential: WebAuthnRegistrationResponse,
  expectedHash: string,
): Promise<VerifiedPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: {
        ...credential,
        response: { ...credential.response, transports: knownTransports(credential.response.transports) },
      },
      expectedChallenge: matchesHash(expectedHash),
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential: made, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: made.id,
      publicKey: Buffer.from(made.publicKey).toString('base64url'),
      signCount: made.counter,
      transports: knownTransports(credential.response.transports),
      isBackedUp: credentialBackedUp,
    };
  } catch {
    // A malformed or forged answer: the library says why in its message, which the audit does not need.
    return null;
  }
}

/** Options for the sign-in's second step with one of the admin's passkeys. */
export async function authenticationOptionsFor(
  settings: WebAuthnSettings,
  passkeys: readonly PasskeyRow[],
): Promise<WebAuthnRequestOptions> {
  return generateAuthenticationOptions({
    rpID: settings.rpId,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
    timeout: PASSKEY_RULE.ceremonyTimeoutMs,
    userVerification: USER_VERIFICATION,
  });
}

/**
 * Verifies an assertion of this passkey over the challenge that hashes to expectedHash: the challenge, the origin,
 * the relying party, user presence and the signature. Answers the counter it reported, for recordPasskeyUse to
 * check and keep; null when any of it is wrong.
 */
export async function verifyAssertion(
  settings: WebAuthnSettings,
  passkey: PasskeyRow,
  credential: WebAuthnAuthenticationResponse,
  expectedHash: string,
): Promise<{ signCount: number; isBackedUp: boolean } | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: matchesHash(expectedHash),
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      // The counter is compared where it is stored, in the same statement that takes it (recordPasskeyUse), so two
      // assertions racing cannot both pass; 0 here leaves the library's own comparison out.
      credential: { id: passkey.credential_id, publicKey: bytesOf(passkey.public_key), counter: 0 },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    return { signCount: result.authenticationInfo.newCounter, isBackedUp: result.authenticationInfo.credentialBackedUp };
  } catch {
    return null;
  }
}
