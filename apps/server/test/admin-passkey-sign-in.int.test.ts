import {
  ADMIN_MAX_FAILED_ATTEMPTS,
  adminAuthApi,
  adminTwoFactorApi,
  PASSKEY_MESSAGES,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type WebAuthnAuthenticationResponse,
  welcomeBack,
} from '@guildhall/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import type { AddressedClient, HttpClient } from './helpers/http-client';
import { PASSKEY_PATHS, passkeyFlows } from './helpers/passkey-flows';
import { SoftPasskey } from './helpers/soft-passkey';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

/**
 * Signing in with a passkey (issue 25): after a right password, the challenge the first step answered and an
 * assertion of one of the admin's own passkeys open the session. The attacks: a replayed assertion, a WebAuthn
 * challenge used twice or never asked for, another admin's passkey, a forged signature, a wrong origin or relying
 * party, no user presence, a counter going back; each counts toward the lock and the per-address limit like a wrong
 * code. The passkeys are software authenticators (helpers/soft-passkey.ts).
 */

const RATE_LIMIT = 8;

let ctx: IsolatedApp & { owner: HttpClient };
let flows: ReturnType<typeof passkeyFlows>;

beforeAll(async () => {
  ctx = await startSignedInApp({ ADMIN_LOGIN_RATE_LIMIT: String(RATE_LIMIT) });
  flows = passkeyFlows(ctx.server, 10);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

const verify = (c: AddressedClient, challenge: string, credential: WebAuthnAuthenticationResponse) =>
  c.post(PASSKEY_PATHS.signIn, { challenge, credential });

/** A signed-out client's challenge and its passkey options. */
async function started(admin: Parameters<typeof flows.challengeFor>[1], c = flows.client()) {
  const challenge = await flows.challengeFor(c, admin);
  return { c, challenge, options: await flows.signInOptions(c, challenge) };
}

const failuresOf = async (adminId: string) =>
  (
    await sql<{ reason: string }>(
      ctx.server.app,
      "SELECT details->>'reason' AS reason FROM audit_log WHERE action = 'admin.two_factor_failed' AND target_id = $1 ORDER BY id",
      [adminId],
    )
  ).map((row) => row.reason);

function expectRefused(answer: { status: number; body: unknown }, failedAttempts?: number) {
  expect(answer.status).toBe(401);
  expect(answer.body).toMatchObject({
    code: 'ADMIN_LOGIN_FAILED',
    error: PASSKEY_MESSAGES.notAccepted,
    ...(failedAttempts ? { failedAttempts } : {}),
  });
}

describe('signing in with a passkey', () => {
  it('answers a challenge naming the passkey, options for its credential, and opens the session with an assertion, once', async () => {
    const { admin, passkey, passkeyId } = await flows.adminWithPasskey();
    const c = flows.client();
    const first = await c.signIn(admin);
    expect(first.body).toMatchObject({
      twoFactorRequired: true,
      methods: ['passkey'],
      message: PASSKEY_MESSAGES.secondStepNeeded,
    });
    expect(c.http.sessionToken).toBeUndefined();
    const challenge = String(first.body.challenge);

    const options = await flows.signInOptions(c, challenge);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials).toEqual([{ id: passkey.id, type: 'public-key', transports: ['internal'] }]);
    // Only the WebAuthn challenge's hash waits on the sign-in challenge.
    const [stored] = await sql<{ passkey_challenge_hash: string }>(
      ctx.server.app,
      'SELECT passkey_challenge_hash FROM admin_two_factor_challenges WHERE admin_user_id = $1',
      [admin.id],
    );
    expect(stored!.passkey_challenge_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.passkey_challenge_hash).not.toBe(options.challenge);

    const credential = passkey.assert(options);
    const signedIn = await verify(c, challenge, credential);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body).toMatchObject({
      success: true,
      message: welcomeBack(admin.username),
      admin: { username: admin.username },
    });
    expect(c.http.sessionToken).toBeDefined();
    expect((await c.get(PASSKEY_PATHS.me)).body).toMatchObject({ twoFactor: { isEnabled: true, methods: ['passkey'] } });

    const [row] = await sql<{ sign_count: string; last_used_at: Date | null }>(
      ctx.server.app,
      'SELECT sign_count::text, last_used_at FROM admin_passkeys WHERE id = $1',
      [passkeyId],
    );
    expect(row).toMatchObject({ sign_count: String(passkey.signCount) });
    expect(row!.last_used_at).toBeInstanceOf(Date);
    const [login] = await sql<{ details: unknown }>(
      ctx.server.app,
      "SELECT details FROM audit_log WHERE action = 'admin.signed_in' AND actor_id = $1 ORDER BY id DESC LIMIT 1",
      [admin.id],
    );
    expect(login!.details).toEqual({ secondFactor: 'passkey', passkeyId });

    // The same assertion again: the sign-in challenge is spent, whoever sends it.
    const replay = flows.client();
    const replayed = await verify(replay, challenge, credential);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'INVALID_TOKEN', error: TWO_FACTOR_MESSAGES.challengeExpired });
    expect(replay.http.sessionToken).toBeUndefined();
  });

  it('works with a passkey that keeps no counter (0 every time), and keeps its backup state', async () => {
    const { admin, passkey, passkeyId } = await flows.adminWithPasskey({ role: 'viewer' }, { isBackedUp: true });
    for (let round = 0; round < 2; round++) {
      const { c, challenge, options } = await started(admin);
      expect((await verify(c, challenge, passkey.assert(options))).status).toBe(200);
    }
    const [row] = await sql<{ sign_count: string; is_backed_up: boolean }>(
      ctx.server.app,
      'SELECT sign_count::text, is_backed_up FROM admin_passkeys WHERE id = $1',
      [passkeyId],
    );
    expect(row).toEqual({ sign_count: '0', is_backed_up: true });
  });

  it('offers both second factors to an admin with an authenticator app and a passkey', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const { c, challenge, options } = await started(admin);
    expect((await verify(c, challenge, passkey.assert(options))).status).toBe(200);
    const setup = await c.post<{ secret: string }>(adminTwoFactorApi.setup.path, { password: admin.password });
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate();
    expect((await c.post(adminTwoFactorApi.confirm.path, { code })).status).toBe(200);

    const first = await flows.client().signIn(admin);
    expect(first.body).toMatchObject({ methods: ['totp', 'passkey'], message: TWO_FACTOR_MESSAGES.secondStepNeeded });
  });

  it('answers 409 for passkey options when the admin has no passkey', async () => {
    const { admin } = await flows.adminWithPasskey();
    const c = flows.client();
    const challenge = await flows.challengeFor(c, admin);
    await sql(ctx.server.app, 'DELETE FROM admin_passkeys WHERE admin_user_id = $1', [admin.id]);
    const none = await c.post(PASSKEY_PATHS.signInOptions, { challenge });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ error: PASSKEY_MESSAGES.noPasskey });
  });
});

describe('a recovery code in place of the passkey', () => {
  it('signs a passkey-only admin in once per code; a used code, or six digits, counts as a failure', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const owner = flows.client();
    expect((await owner.signIn(admin)).status).toBe(200);
    const options = await flows.registrationOptions(owner, admin.password);
    const added = await owner.post<{ recoveryCodes: string[] }>(PASSKEY_PATHS.add, {
      name: 'Only key',
      credential: new SoftPasskey(flows.origin).register(options),
    });
    const [code, other] = added.body.recoveryCodes;

    const c = flows.client();
    const challenge = await flows.challengeFor(c, admin);
    const passed = await c.post(adminAuthApi.loginSecondStep.path, { challenge, code: ` ${code!.toUpperCase()} ` });
    expect(passed.status, passed.text).toBe(200);
    expect(passed.body).toMatchObject({ success: true, admin: { username: admin.username } });
    expect(c.http.sessionToken).toBeDefined();

    const again = flows.client();
    const used = await again.post(adminAuthApi.loginSecondStep.path, { challenge: await flows.challengeFor(again, admin), code });
    expect(used.status).toBe(401);
    expect(used.body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', error: TWO_FACTOR_MESSAGES.wrongCode, failedAttempts: 1 });
    // No authenticator app: six digits are no code of this admin's.
    const digits = await again.post(adminAuthApi.loginSecondStep.path, {
      challenge: await flows.challengeFor(again, admin),
      code: '123456',
    });
    expect(digits.body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', failedAttempts: 2 });
    expect(again.http.sessionToken).toBeUndefined();
    expect(await failuresOf(admin.id)).toEqual(['wrong_code', 'wrong_code']);

    // Turning off an authenticator app the admin does not have spends no code.
    const off = await owner.delete(adminTwoFactorApi.disable.path, { password: admin.password, code: other });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ error: TWO_FACTOR_MESSAGES.notEnabled });
    const [left] = await sql<{ unused: number }>(
      ctx.server.app,
      'SELECT count(*)::int AS unused FROM admin_recovery_codes WHERE admin_user_id = $1 AND used_at IS NULL',
      [admin.id],
    );
    expect(left!.unused).toBe(RECOVERY_CODE_COUNT - 1);
    const [usedAudit] = await sql<{ details: Record<string, unknown> }>(
      ctx.server.app,
      "SELECT details FROM audit_log WHERE action = 'admin.recovery_code_used' AND target_id = $1",
      [admin.id],
    );
    expect(usedAudit!.details).toEqual({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
  });
});

describe('attacks on the passkey step', () => {
  it('refuses a captured assertion replayed on a new sign-in: its challenge is not the new one', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const first = await started(admin);
    const captured = passkey.assert(first.options);
    expect((await verify(first.c, first.challenge, captured)).status).toBe(200);

    const attacker = await started(admin);
    expectRefused(await verify(attacker.c, attacker.challenge, captured), 1);
    expect(attacker.c.http.sessionToken).toBeUndefined();
    expect(await failuresOf(admin.id)).toEqual(['passkey_not_verified']);
  });

  it('uses a WebAuthn challenge once, right or wrong, and refuses an assertion no options were asked for', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const { c, challenge, options } = await started(admin);
    // A wrong answer uses the challenge up ...
    expectRefused(await verify(c, challenge, passkey.assert(options, { origin: 'https://evil.example' })), 1);
    // ... so the right one for the same options is refused after it.
    expectRefused(await verify(c, challenge, passkey.assert(options)), 2);
    // New options, a new challenge: the passkey passes.
    const again = await flows.signInOptions(c, challenge);
    expect(again.challenge).not.toBe(options.challenge);
    expect((await verify(c, challenge, passkey.assert(again))).status).toBe(200);

    const bare = flows.client();
    const bareChallenge = await flows.challengeFor(bare, admin);
    expectRefused(await verify(bare, bareChallenge, passkey.assert({ challenge: options.challenge, rpId: 'localhost' })));
    expect(await failuresOf(admin.id)).toEqual(['passkey_not_verified', 'no_passkey_challenge', 'no_passkey_challenge']);
  });

  it("refuses another admin's passkey on this admin's challenge, and a signature by another key", async () => {
    const { admin } = await flows.adminWithPasskey();
    const { passkey: othersPasskey } = await flows.adminWithPasskey();
    const { c, challenge, options } = await started(admin);
    expectRefused(await verify(c, challenge, othersPasskey.assert(options)), 1);
    expect(await failuresOf(admin.id)).toEqual(['unknown_passkey']);

    // An attacker who knows the password and the credential id (it is no secret), but not the key.
    const victim = await flows.adminWithPasskey();
    const attempt = await started(victim.admin);
    expectRefused(await verify(attempt.c, attempt.challenge, victim.passkey.forgeAssertion(attempt.options)), 1);
    expect(await failuresOf(victim.admin.id)).toEqual(['passkey_not_verified']);
  });

  it('refuses a wrong origin, a wrong relying party, a registration answer, and an assertion without user presence', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const forgeries = [
      { origin: 'https://guildhall.example.evil' },
      { origin: 'http://localhost:1' },
      { rpId: 'evil.example' },
      { type: 'webauthn.create' },
      { isUserAbsent: true },
    ];
    for (const forgery of forgeries) {
      const { c, challenge, options } = await started(admin);
      expectRefused(await verify(c, challenge, passkey.assert(options, forgery)), 1);
      // Each counted; cleared, so the lock at the fifth does not end the list early.
      await sql(ctx.server.app, 'UPDATE admin_users SET failed_attempts = 0 WHERE id = $1', [admin.id]);
    }
    expect(await failuresOf(admin.id)).toEqual(forgeries.map(() => 'passkey_not_verified'));
  });

  it('refuses a counter that goes back or stays (a cloned authenticator), then takes the next one', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const first = await started(admin);
    expect((await verify(first.c, first.challenge, passkey.assert(first.options, { signCount: 50 }))).status).toBe(200);

    const back = await started(admin);
    expectRefused(await verify(back.c, back.challenge, passkey.assert(back.options, { signCount: 49 })), 1);
    const same = await started(admin);
    expectRefused(await verify(same.c, same.challenge, passkey.assert(same.options, { signCount: 50 })), 2);
    const zero = await started(admin);
    expectRefused(await verify(zero.c, zero.challenge, passkey.assert(zero.options, { signCount: 0 })), 3);
    expect(await failuresOf(admin.id)).toEqual([
      'passkey_counter_not_increased',
      'passkey_counter_not_increased',
      'passkey_counter_not_increased',
    ]);
    const next = await started(admin);
    expect((await verify(next.c, next.challenge, passkey.assert(next.options, { signCount: 51 }))).status).toBe(200);
  });

  it('locks the account at the fifth failure; the right passkey then opens nothing, nor do new options', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const { c, challenge } = await started(admin);
    for (let attempt = 1; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
      const options = await flows.signInOptions(c, challenge);
      expectRefused(await verify(c, challenge, passkey.assert(options, { rpId: 'evil.example' })), attempt);
    }
    const options = await flows.signInOptions(c, challenge);
    const fifth = await verify(c, challenge, passkey.assert(options, { origin: 'https://evil.example' }));
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ code: 'ADMIN_ACCOUNT_LOCKED' });
    expect((await c.post(PASSKEY_PATHS.signInOptions, { challenge })).status).toBe(423);
    const right = await verify(c, challenge, passkey.assert(options));
    expect(right.status).toBe(423);
    expect(c.http.sessionToken).toBeUndefined();
  });

  it('counts failed passkeys and guessed challenges toward the per-address limit', async () => {
    const c = flows.client();
    let failures = 0;
    for (let round = 0; round < 2; round++) {
      const { admin, passkey } = await flows.adminWithPasskey();
      const challenge = await flows.challengeFor(c, admin);
      for (let attempt = 1; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
        const options = await flows.signInOptions(c, challenge);
        expectRefused(await verify(c, challenge, passkey.assert(options, { origin: 'https://evil.example' })));
        failures++;
      }
    }
    expect(failures).toBe(RATE_LIMIT);
    const limited = await c.post(PASSKEY_PATHS.signInOptions, { challenge: 'x'.repeat(43) });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });

    const guesser = flows.client();
    for (let attempt = 0; attempt < RATE_LIMIT; attempt++) {
      expect((await guesser.post(PASSKEY_PATHS.signInOptions, { challenge: `guess-${attempt}` })).status).toBe(401);
    }
    expect((await guesser.post(PASSKEY_PATHS.signInOptions, { challenge: 'guess-last' })).status).toBe(429);
  });

  it('refuses malformed answers with 400, and a challenge outlived by a reset with 401', async () => {
    const { admin, passkey } = await flows.adminWithPasskey();
    const { c, challenge, options } = await started(admin);
    const credential = passkey.assert(options);
    const broken = [
      { ...credential, type: 'password' },
      { ...credential, response: { ...credential.response, signature: 'not base64url!' } },
      { ...credential, id: 'x'.repeat(2000), rawId: 'x'.repeat(2000) },
      { ...credential, response: { ...credential.response, clientDataJSON: undefined } },
    ];
    for (const body of broken) {
      const answer = await c.post(PASSKEY_PATHS.signIn, { challenge, credential: body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await ctx.owner.request('DELETE', `/api/admin/users/${admin.id}/two-factor`)).status).toBe(200);
    const afterReset = await verify(c, challenge, credential);
    expect(afterReset.status).toBe(401);
    expect(afterReset.body).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
