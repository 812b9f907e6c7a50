import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** Ed25519 public keys in SPKI DER are this prefix and the 32 raw bytes Discord shows as hex. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const SIGNATURE_HEX = /^[0-9a-fA-F]{128}$/;

/** The application's public key (64 hex characters, as the Developer Portal shows it) as a key node:crypto verifies with. */
export function interactionPublicKey(publicKeyHex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * Whether Discord signed this request: X-Signature-Ed25519 over X-Signature-Timestamp followed by the raw body, byte
 * for byte as it arrived (a re-serialised body would not verify). A missing or malformed header is simply false.
 */
export function isSignedByDiscord(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
): boolean {
  if (!signature || !timestamp || !SIGNATURE_HEX.test(signature)) return false;
  return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]), key, Buffer.from(signature, 'hex'));
}
