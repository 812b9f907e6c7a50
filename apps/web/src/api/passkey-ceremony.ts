import { PASSKEY_MESSAGES, type WebAuthnCreationOptions, type WebAuthnRequestOptions } from '@guildhall/contract';
import { browserSupportsWebAuthn, startAuthentication, startRegistration, type WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from './api-error';

// The browser's side of a passkey (navigator.credentials through @simplewebauthn/browser), for the options the
// server gave. What the browser's dialog ends in, when it is not a passkey, is said in the console's words, as a
// refusal that counts for nothing on the server: it never reached it.

/** The code of a passkey dialog that ended without a passkey (closed, timed out, another address, none of this account). */
export const PASSKEY_NOT_USED = 'PASSKEY_NOT_USED';

/** The console's words for what ended the browser's dialog. */
export function ceremonyFailure(error: unknown, rpId: string | undefined): ApiError {
  const { name, code } = (error ?? {}) as Partial<WebAuthnError>;
  let message: string = PASSKEY_MESSAGES.cancelled;
  if (!browserSupportsWebAuthn()) message = PASSKEY_MESSAGES.unsupported;
  else if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') message = PASSKEY_MESSAGES.alreadyRegistered;
  else if ((code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') && rpId) {
    message = PASSKEY_MESSAGES.wrongAddress(rpId);
  }
  return new ApiError(400, message, { code: PASSKEY_NOT_USED });
}

/** Makes a new passkey for registration options (the browser asks the admin which authenticator). */
export async function createPasskey(options: WebAuthnCreationOptions) {
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw ceremonyFailure(error, options.rp.id);
  }
}

/** Asks one of the allowed passkeys to sign the options' challenge. */
export async function signWithPasskey(options: WebAuthnRequestOptions) {
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw ceremonyFailure(error, options.rpId);
  }
}
