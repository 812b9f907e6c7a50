import { z } from 'zod';

// The JSON forms of WebAuthn's ceremonies (W3C WebAuthn Level 3, §5.1 "toJSON"), as the browser's
// PublicKeyCredential.toJSON() and the server's option generators write them: binary values are base64url text.
// Only what Guildhall sends and reads is listed; the server's answers are encoded through these, so a field
// missing here would be dropped on the way out.

/** The one text every malformed passkey answer gets (a browser wrote it, not a person). */
export const WEBAUTHN_RESPONSE_INVALID = 'The passkey answer is not valid. Try again';

/** Base64url text (no padding) of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string(WEBAUTHN_RESPONSE_INVALID)
    .min(1, WEBAUTHN_RESPONSE_INVALID)
    .max(max, WEBAUTHN_RESPONSE_INVALID)
    .regex(/^[A-Za-z0-9_-]+$/, WEBAUTHN_RESPONSE_INVALID);

/** A credential id: at most 1,023 bytes (WebAuthn §5.8.3), 1,364 characters of base64url. */
const credentialId = base64url(1364);
const transports = z
  .array(z.string(WEBAUTHN_RESPONSE_INVALID).max(32, WEBAUTHN_RESPONSE_INVALID))
  .max(10, WEBAUTHN_RESPONSE_INVALID);
const publicKeyType = z.literal('public-key', WEBAUTHN_RESPONSE_INVALID);
const attachment = z.enum(['platform', 'cross-platform'], WEBAUTHN_RESPONSE_INVALID);
/** The client extension outputs Guildhall reads: none but credProps; the rest is dropped. */
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** What every PublicKeyCredential says of itself, around its response. */
const publicKeyCredential = z.object({
  id: credentialId,
  rawId: credentialId,
  type: publicKeyType,
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults,
});

/** What navigator.credentials.create() answered, as JSON: the new credential and its attestation. */
export const webAuthnRegistrationResponse = publicKeyCredential.extend({
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number(WEBAUTHN_RESPONSE_INVALID).int(WEBAUTHN_RESPONSE_INVALID).optional(),
    publicKey: base64url(8192).optional(),
  }),
});
/** A registration answer. */
export type WebAuthnRegistrationResponse = z.infer<typeof webAuthnRegistrationResponse>;

/** What navigator.credentials.get() answered, as JSON: an assertion signed by the credential. */
export const webAuthnAuthenticationResponse = publicKeyCredential.extend({
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
});
/** An authentication answer (an assertion). */
export type WebAuthnAuthenticationResponse = z.infer<typeof webAuthnAuthenticationResponse>;

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
const userVerification = z.enum(['required', 'preferred', 'discouraged']);

/** The options for navigator.credentials.create(), as JSON. */
export const webAuthnCreationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
/** Registration options. */
export type WebAuthnCreationOptions = z.infer<typeof webAuthnCreationOptions>;

/** The options for navigator.credentials.get(), as JSON. */
export const webAuthnRequestOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
});
/** Authentication options. */
export type WebAuthnRequestOptions = z.infer<typeof webAuthnRequestOptions>;
