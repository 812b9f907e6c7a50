import {
  adminAuthApi,
  adminPasskeyApi,
  adminPasskeySignInApi,
  type WebAuthnCreationOptions,
  type WebAuthnRequestOptions,
} from '@guildhall/contract';
import { expect } from 'vitest';
import { createTestAdmin, type TestAdmin } from './factories';
import { type AddressedClient, clientFrom } from './http-client';
import { SoftPasskey } from './soft-passkey';
import type { TestApp } from './test-app';

/** The paths of the passkey calls, as the contract names them. */
export const PASSKEY_PATHS = {
  list: adminPasskeyApi.list.path,
  options: adminPasskeyApi.registrationOptions.path,
  add: adminPasskeyApi.add.path,
  one: (id: string) => adminPasskeyApi.remove.path.replace(':id', id),
  signInOptions: adminPasskeySignInApi.options.path,
  signIn: adminPasskeySignInApi.verify.path,
  me: adminAuthApi.me.path,
} as const;

/** The passkey steps of one test app, each test from loopback addresses of its own (see clientFrom). */
export function passkeyFlows(server: TestApp, firstAddress: number) {
  let nextAddress = firstAddress;
  const origin = server.config.webAuthn.origins[0]!;

  const client = () => clientFrom(server.url, `127.0.0.${nextAddress++}`);

  /** Registration options for the signed-in client (the password asked). */
  async function registrationOptions(c: AddressedClient, password: string) {
    const answer = await c.post<{ options: WebAuthnCreationOptions }>(PASSKEY_PATHS.options, { password });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.options;
  }

  /** Adds the passkey to the signed-in client's admin: options, the authenticator's answer, the add; its id. */
  async function addPasskey(c: AddressedClient, password: string, passkey: SoftPasskey, name = 'Test key') {
    const credential = passkey.register(await registrationOptions(c, password));
    const added = await c.post<{ passkey: { id: string } }>(PASSKEY_PATHS.add, { name, credential });
    expect(added.status, added.text).toBe(200);
    return added.body.passkey.id;
  }

  /** A new admin (a viewer by default) with one passkey, and the client that added it (still signed in). */
  async function adminWithPasskey(
    options: Parameters<typeof createTestAdmin>[1] = { role: 'viewer' },
    passkeyOptions: ConstructorParameters<typeof SoftPasskey>[1] = { keepsCounter: true },
  ) {
    const admin = await createTestAdmin(server.app, options);
    const c = client();
    expect((await c.signIn(admin)).status).toBe(200);
    const passkey = new SoftPasskey(origin, passkeyOptions);
    const passkeyId = await addPasskey(c, admin.password, passkey);
    return { admin, passkey, passkeyId, c };
  }

  /** The password step: the challenge it answered for an admin with a second factor. */
  async function challengeFor(c: AddressedClient, admin: TestAdmin) {
    const first = await c.signIn(admin);
    expect(first.status, first.text).toBe(200);
    expect(first.body.twoFactorRequired).toBe(true);
    return String(first.body.challenge);
  }

  /** The sign-in's passkey options for a challenge. */
  async function signInOptions(c: AddressedClient, challenge: string) {
    const answer = await c.post<{ options: WebAuthnRequestOptions }>(PASSKEY_PATHS.signInOptions, { challenge });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.options;
  }

  return { origin, client, registrationOptions, addPasskey, adminWithPasskey, challengeFor, signInOptions };
}
