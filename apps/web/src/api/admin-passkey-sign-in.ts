import { adminPasskeySignInApi } from '@guildhall/contract';
import { callEndpoint } from './endpoint';
import { signWithPasskey } from './passkey-ceremony';

// Loaded only when an admin chooses a passkey at the second step of sign-in, so neither the browser's WebAuthn
// library nor these calls weigh on the sign-in page's first paint.

/** The second step with a passkey: options for the challenge, the browser's assertion, the session opened. */
export async function loginAdminWithPasskey(challenge: string): Promise<void> {
  const { options } = await callEndpoint(adminPasskeySignInApi.options, { body: { challenge }, onUnauthorized: 'throw' });
  const credential = await signWithPasskey(options);
  await callEndpoint(adminPasskeySignInApi.verify, { body: { challenge, credential }, onUnauthorized: 'throw' });
}
