import {
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_USER_MESSAGES,
  MESSAGES,
  RECOVERY_CODE_COUNT,
  SERVER_MESSAGES,
  TWO_FACTOR_MESSAGES,
  welcomeBack,
} from '@guildhall/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql, type TestAdmin } from './helpers/factories';
import { type AddressedClient, clientFrom, type HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

/**
 * Two-factor sign-in for the admin console (issue 25): TOTP enrolment, the second step of sign-in, its lock and
 * per-address limit, replay, recovery codes, the challenge's life, turning it off, and another admin's reset under
 * the subset rule. Each test leaves from a loopback address of its own, so the per-address limit of one does not
 * reach another.
 */

/** A low per-address limit, so the test of wrong codes reaching it stays short. */
const RATE_LIMIT = 8;

let ctx: IsolatedApp & { owner: HttpClient };
let nextAddress = 10;

beforeAll(async () => {
  ctx = await startSignedInApp({ ADMIN_LOGIN_RATE_LIMIT: String(RATE_LIMIT) });
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

const SECOND_STEP = '/api/admin/auth/login/two-factor';
const SETUP = '/api/admin/auth/two-factor/totp/setup';
const CONFIRM = '/api/admin/auth/two-factor/totp/confirm';
const TOTP_PATH = '/api/admin/auth/two-factor/totp';
const RECOVERY = '/api/admin/auth/two-factor/recovery-codes';

/** A client leaving from a loopback address of its own (another "IP" to the server). */
const client = () => clientFrom(ctx.server.url, `127.0.0.${nextAddress++}`);

/** The code an authenticator app shows now for this secret (or one step later). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** A code that is certainly not the one an authenticator shows (now or a step either side). */
function wrongCodeFor(secret: string) {
  const right = new Set([codeOf(secret, -1), codeOf(secret), codeOf(secret, 1)]);
  let code = 123456;
  while (right.has(String(code))) code++;
  return String(code);
}

/** As if the step of the last code taken had passed: the next code of the test is not a replay. */
const forgetLastStep = (adminId: string) =>
  sql(ctx.server.app, 'UPDATE admin_totp SET totp_last_used_step = NULL WHERE admin_user_id = $1', [adminId]);

const auditActions = async (adminId: string) =>
  (await sql<{ action: string }>(ctx.server.app, 'SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id', [adminId])).map(
    (row) => row.action,
  );

/** A new admin with two-factor sign-in on: their secret and recovery codes; signed out again. */
async function enrolledAdmin(options: Parameters<typeof createTestAdmin>[1] = {}) {
  const admin = await createTestAdmin(ctx.server.app, options);
  const c = client();
  expect((await c.signIn(admin)).status).toBe(200);
  const setup = await c.post<{ secret: string }>(SETUP, { password: admin.password });
  expect(setup.status).toBe(200);
  const { secret } = setup.body;
  const confirmed = await c.post<{ recoveryCodes: string[] }>(CONFIRM, { code: codeOf(secret) });
  expect(confirmed.status).toBe(200);
  await forgetLastStep(admin.id);
  return { admin, secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** Signs in with the password: the challenge the first step answers. */
async function challengeFor(c: AddressedClient, admin: TestAdmin) {
  const first = await c.signIn(admin);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ success: true, twoFactorRequired: true, message: TWO_FACTOR_MESSAGES.secondStepNeeded });
  return String(first.body.challenge);
}

describe('enrolling an authenticator', () => {
  it('answers the otpauth URI and base32 secret, stores it sealed, and turns on only with a right code', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'admin' });
    const c = client();
    await c.signIn(admin);

    // The session alone is not enough: the password is asked.
    const wrongPassword = await c.post(SETUP, { password: 'not-the-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } });

    const setup = await c.post<{ secret: string; otpauthUri: string }>(SETUP, { password: admin.password });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Guildhall');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(decodeURIComponent(uri.pathname)).toContain(admin.username);
    const [stored] = await sql<{ totp_secret_sealed: string; confirmed_at: Date | null }>(
      ctx.server.app,
      'SELECT totp_secret_sealed, confirmed_at FROM admin_totp WHERE admin_user_id = $1',
      [admin.id],
    );
    expect(stored!.confirmed_at).toBeNull();
    expect(stored!.totp_secret_sealed).not.toContain(secret);

    // Pending: sign-in still takes the password alone, and /me says it is off.
    expect((await c.get(`/api/admin/auth/me`)).body).toMatchObject({ twoFactor: { isEnabled: false } });
    const stillPasswordOnly = await client().signIn(admin);
    expect(stillPasswordOnly.body).toMatchObject({ success: true, admin: { username: admin.username } });

    const wrong = await c.post(CONFIRM, { code: wrongCodeFor(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { code: TWO_FACTOR_MESSAGES.wrongCodeField } });
    const blank = await c.post(CONFIRM, { code: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ fields: { code: TWO_FACTOR_MESSAGES.codeRequired } });

    const confirmed = await c.post<{ recoveryCodes: string[] }>(CONFIRM, { code: codeOf(secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const hashes = await sql<{ recovery_code_hash: string; used_at: Date | null }>(
      ctx.server.app,
      'SELECT recovery_code_hash, used_at FROM admin_recovery_codes WHERE admin_user_id = $1',
      [admin.id],
    );
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of confirmed.body.recoveryCodes) expect(hashes.map((row) => row.recovery_code_hash)).not.toContain(code);

    expect((await c.get(`/api/admin/auth/me`)).body).toMatchObject({ twoFactor: { isEnabled: true } });
    // A second enrolment is refused while one is on: it would replace the device without a code.
    const again = await c.post(SETUP, { password: admin.password });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: TWO_FACTOR_MESSAGES.alreadyEnabled });

    const actions = await auditActions(admin.id);
    expect(actions).toContain('admin.two_factor_enrolment_started');
    expect(actions).toContain('admin.two_factor_enabled');
    expect(actions).toContain('admin.two_factor_change_failed');
  });

  it("hides the secret, the last step and the hashes from the SQL runner's read-only role", async () => {
    const [role] = await sql(ctx.server.app, "SELECT 1 FROM pg_roles WHERE rolname = 'guildhall_readonly'");
    expect(role).toBeDefined();
    const privileges = await sql<{ column: string; readable: boolean }>(
      ctx.server.app,
      `SELECT table_name || '.' || column_name AS column,
              has_column_privilege('guildhall_readonly', table_name::regclass, column_name, 'SELECT') AS readable
         FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name IN ('admin_totp', 'admin_recovery_codes', 'admin_two_factor_challenges')`,
    );
    const readable = Object.fromEntries(privileges.map((row) => [row.column, row.readable]));
    expect(readable).toMatchObject({
      'admin_totp.totp_secret_sealed': false,
      'admin_totp.totp_last_used_step': false,
      'admin_totp.confirmed_at': true,
      'admin_recovery_codes.recovery_code_hash': false,
      'admin_recovery_codes.used_at': true,
      'admin_two_factor_challenges.challenge_hash': false,
      'admin_two_factor_challenges.expires_at': true,
    });
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('opens no session on the password alone; the challenge and a code do, once', async () => {
    const { admin, secret } = await enrolledAdmin();
    const c = client();
    const first = await c.signIn(admin);
    expect(first.status).toBe(200);
    expect(first.body.admin).toBeUndefined();
    expect(c.http.sessionToken).toBeUndefined();
    expect((await c.get('/api/admin/auth/me')).status).toBe(401);
    const challenge = String(first.body.challenge);
    expect(challenge.length).toBeGreaterThanOrEqual(40);
    // Only its hash is stored.
    const stored = await sql<{ challenge_hash: string }>(
      ctx.server.app,
      'SELECT challenge_hash FROM admin_two_factor_challenges',
    );
    expect(stored.map((row) => row.challenge_hash)).not.toContain(challenge);

    const second = await c.post(SECOND_STEP, { challenge, code: codeOf(secret) });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      success: true,
      message: welcomeBack(admin.username),
      admin: { username: admin.username },
    });
    expect(c.http.sessionToken).toBeDefined();
    expect((await c.get('/api/admin/auth/me')).body).toMatchObject({ twoFactor: { isEnabled: true } });

    // The challenge is spent: even with a fresh code it opens nothing more.
    await forgetLastStep(admin.id);
    const other = client();
    const reused = await other.post(SECOND_STEP, { challenge, code: codeOf(secret) });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'INVALID_TOKEN', error: TWO_FACTOR_MESSAGES.challengeExpired });
    expect(other.http.sessionToken).toBeUndefined();

    const [login] = await sql<{ details: { secondFactor: string } }>(
      ctx.server.app,
      "SELECT details FROM audit_log WHERE action = 'admin.signed_in' AND actor_id = $1 ORDER BY id DESC LIMIT 1",
      [admin.id],
    );
    expect(login!.details).toEqual({ secondFactor: 'totp' });
  });

  it('counts wrong codes toward the lock: the fifth locks the account, and the right code then opens nothing', async () => {
    const { admin, secret } = await enrolledAdmin();
    const c = client();
    const challenge = await challengeFor(c, admin);
    const wrong = wrongCodeFor(secret);
    for (let attempt = 1; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
      const refused = await c.post(SECOND_STEP, { challenge, code: wrong });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        code: 'ADMIN_LOGIN_FAILED',
        error: TWO_FACTOR_MESSAGES.wrongCode,
        failedAttempts: attempt,
        maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS,
      });
    }
    const fifth = await c.post(SECOND_STEP, { challenge, code: 'not-a-recovery-code' });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('ADMIN_ACCOUNT_LOCKED');

    const right = await c.post(SECOND_STEP, { challenge, code: codeOf(secret) });
    expect(right.status).toBe(423);
    expect(c.http.sessionToken).toBeUndefined();
    // The password is refused too while the lock lasts.
    expect((await client().signIn(admin)).status).toBe(423);

    const actions = await auditActions(admin.id);
    expect(actions.filter((action) => action === 'admin.two_factor_failed')).toHaveLength(6);
    expect(actions).toContain('admin.account_locked');
  });

  it('does not clear the failure count on a right password, so wrong codes across sign-ins still lock', async () => {
    const { admin, secret } = await enrolledAdmin();
    const wrong = wrongCodeFor(secret);
    for (let attempt = 1; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
      const c = client();
      const refused = await c.post(SECOND_STEP, { challenge: await challengeFor(c, admin), code: wrong });
      expect(refused.body).toMatchObject({ failedAttempts: attempt });
    }
    const c = client();
    const fifth = await c.post(SECOND_STEP, { challenge: await challengeFor(c, admin), code: wrong });
    expect(fifth.status).toBe(423);
  });

  it('counts wrong codes and bad challenges toward the per-address limit', async () => {
    const c = client();
    const first = await enrolledAdmin();
    const second = await enrolledAdmin();
    let failures = 0;
    for (const { admin, secret } of [first, second]) {
      const challenge = await challengeFor(c, admin);
      for (let attempt = 1; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
        expect((await c.post(SECOND_STEP, { challenge, code: wrongCodeFor(secret) })).status).toBe(401);
        failures++;
      }
    }
    expect(failures).toBe(RATE_LIMIT);
    const limited = await c.post(SECOND_STEP, { challenge: 'made-up-challenge', code: '000000' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();

    // Guessing challenges from another address counts there too.
    const guesser = client();
    for (let attempt = 0; attempt < RATE_LIMIT; attempt++) {
      expect((await guesser.post(SECOND_STEP, { challenge: `guess-${attempt}`, code: '000000' })).status).toBe(401);
    }
    expect((await guesser.post(SECOND_STEP, { challenge: 'guess-last', code: '000000' })).status).toBe(429);
  });

  it('refuses a replayed code, and an older one from the same window', async () => {
    const { admin, secret } = await enrolledAdmin();
    const c = client();
    const code = codeOf(secret);
    expect((await c.post(SECOND_STEP, { challenge: await challengeFor(c, admin), code })).status).toBe(200);

    const replay = client();
    const replayed = await replay.post(SECOND_STEP, { challenge: await challengeFor(replay, admin), code });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', error: TWO_FACTOR_MESSAGES.wrongCode, failedAttempts: 1 });
    const older = await replay.post(SECOND_STEP, { challenge: await challengeFor(replay, admin), code: codeOf(secret, -1) });
    expect(older.status).toBe(401);
    expect(replay.http.sessionToken).toBeUndefined();

    const [failed] = await sql<{ details: { reason: string } }>(
      ctx.server.app,
      "SELECT details FROM audit_log WHERE action = 'admin.two_factor_failed' AND target_id = $1 ORDER BY id LIMIT 1",
      [admin.id],
    );
    expect(failed!.details.reason).toBe('replayed_code');
    // The next step's code still passes, and a success clears the count.
    const next = client();
    const later = await next.post(SECOND_STEP, { challenge: await challengeFor(next, admin), code: codeOf(secret, 1) });
    expect(later.status).toBe(200);
    const [row] = await sql<{ failed_attempts: number }>(
      ctx.server.app,
      'SELECT failed_attempts FROM admin_users WHERE id = $1',
      [admin.id],
    );
    expect(row!.failed_attempts).toBe(0);
  });

  it('takes a recovery code once, as typed with or without its dash and in any case', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const [code] = recoveryCodes as [string];
    const c = client();
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const used = await c.post(SECOND_STEP, { challenge: await challengeFor(c, admin), code: typed });
    expect(used.status).toBe(200);
    expect(c.http.sessionToken).toBeDefined();

    const again = client();
    const reused = await again.post(SECOND_STEP, { challenge: await challengeFor(again, admin), code });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', error: TWO_FACTOR_MESSAGES.wrongCode });

    const [audit] = await sql<{ details: { recoveryCodesLeft: number } }>(
      ctx.server.app,
      "SELECT details FROM audit_log WHERE action = 'admin.recovery_code_used' AND target_id = $1",
      [admin.id],
    );
    expect(audit!.details.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const [unused] = await sql<{ n: number }>(
      ctx.server.app,
      'SELECT count(*)::int AS n FROM admin_recovery_codes WHERE admin_user_id = $1 AND used_at IS NULL',
      [admin.id],
    );
    expect(unused!.n).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('refuses an expired challenge, an unknown one, and a challenge without a code', async () => {
    const { admin, secret } = await enrolledAdmin();
    const c = client();
    const challenge = await challengeFor(c, admin);
    const [row] = await sql<{ expires_at: Date; created_at: Date }>(
      ctx.server.app,
      'SELECT expires_at, created_at FROM admin_two_factor_challenges WHERE admin_user_id = $1',
      [admin.id],
    );
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeGreaterThan(4.9 * 60_000);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    await sql(
      ctx.server.app,
      "UPDATE admin_two_factor_challenges SET expires_at = now() - interval '1 second' WHERE admin_user_id = $1",
      [admin.id],
    );
    const expired = await c.post(SECOND_STEP, { challenge, code: codeOf(secret) });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN', error: TWO_FACTOR_MESSAGES.challengeExpired });
    expect(c.http.sessionToken).toBeUndefined();

    const unknown = await c.post(SECOND_STEP, { challenge: 'x'.repeat(43), code: codeOf(secret) });
    expect(unknown.status).toBe(401);
    const noCode = await c.post(SECOND_STEP, { challenge });
    expect(noCode.status).toBe(400);
    const tooLong = await c.post(SECOND_STEP, { challenge: 'x'.repeat(500), code: '123456' });
    expect(tooLong.status).toBe(400);
    const notObject = await c.post(SECOND_STEP, 'not an object');
    expect(notObject.status).toBe(400);
  });
});

describe('a challenge outlived by its account', () => {
  it('opens nothing once the admin is disabled or their two-factor sign-in is reset', async () => {
    const { admin, secret } = await enrolledAdmin({ role: 'viewer' });
    const c = client();
    const beforeDisable = await challengeFor(c, admin);
    await sql(ctx.server.app, 'UPDATE admin_users SET is_active = false WHERE id = $1', [admin.id]);
    const disabled = await c.post(SECOND_STEP, { challenge: beforeDisable, code: codeOf(secret) });
    expect(disabled.status).toBe(401);
    expect(disabled.body).toMatchObject({ code: 'INVALID_TOKEN' });
    await sql(ctx.server.app, 'UPDATE admin_users SET is_active = true WHERE id = $1', [admin.id]);

    const beforeReset = await challengeFor(c, admin);
    expect((await ctx.owner.request('DELETE', `/api/admin/users/${admin.id}/two-factor`)).status).toBe(200);
    const afterReset = await c.post(SECOND_STEP, { challenge: beforeReset, code: codeOf(secret) });
    expect(afterReset.status).toBe(401);
    expect(afterReset.body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(c.http.sessionToken).toBeUndefined();
  });
});

describe('admins without two-factor sign-in', () => {
  it('sign in exactly as before: one step, the same body, a session', async () => {
    const admin = await createTestAdmin(ctx.server.app);
    const c = client();
    const login = await c.signIn(admin);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['admin', 'expiresAt', 'message', 'session', 'success', 'user']);
    expect(c.http.sessionToken).toBeDefined();
    expect((await c.get('/api/admin/auth/me')).body).toMatchObject({ twoFactor: { isEnabled: false } });
    // Nothing to turn off or regenerate.
    expect((await c.delete(TOTP_PATH, { password: admin.password, code: '123456' })).status).toBe(409);
    expect((await c.post(RECOVERY, { password: admin.password })).status).toBe(409);
    expect((await c.post(CONFIRM, { code: '123456' })).body).toMatchObject({ error: TWO_FACTOR_MESSAGES.notStarted });
  });
});

describe('changing the own two-factor sign-in', () => {
  it('turns off only with the current password and a right code', async () => {
    const { admin, secret } = await enrolledAdmin();
    const c = client();
    await c.post(SECOND_STEP, { challenge: await challengeFor(c, admin), code: codeOf(secret) });
    await forgetLastStep(admin.id);

    const noCode = await c.delete(TOTP_PATH, { password: admin.password });
    expect(noCode.status).toBe(400);
    const wrongPassword = await c.delete(TOTP_PATH, { password: 'wrong-password', code: codeOf(secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } });
    const wrongCode = await c.delete(TOTP_PATH, { password: admin.password, code: wrongCodeFor(secret) });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({ fields: { code: TWO_FACTOR_MESSAGES.wrongCodeField } });
    // A wrong code here counts toward the lock like one at sign-in.
    const [row] = await sql<{ failed_attempts: number }>(
      ctx.server.app,
      'SELECT failed_attempts FROM admin_users WHERE id = $1',
      [admin.id],
    );
    expect(row!.failed_attempts).toBe(1);

    const off = await c.delete(TOTP_PATH, { password: admin.password, code: codeOf(secret) });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.disabled });
    const left = await sql(ctx.server.app, 'SELECT 1 FROM admin_recovery_codes WHERE admin_user_id = $1', [admin.id]);
    expect(left).toHaveLength(0);

    const plain = await client().signIn(admin);
    expect(plain.body).toMatchObject({ success: true, admin: { username: admin.username } });
    expect(await auditActions(admin.id)).toContain('admin.two_factor_disabled');
  });

  it('regenerates the recovery codes after the password: the old ones stop working, the new ones work', async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const c = client();
    await c.post(SECOND_STEP, { challenge: await challengeFor(c, admin), code: codeOf(secret) });

    expect((await c.post(RECOVERY, {})).status).toBe(400);
    const wrong = await c.post(RECOVERY, { password: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } });
    const fresh = await c.post<{ recoveryCodes: string[] }>(RECOVERY, { password: admin.password });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.body.recoveryCodes.filter((code) => recoveryCodes.includes(code))).toEqual([]);

    const old = client();
    expect((await old.post(SECOND_STEP, { challenge: await challengeFor(old, admin), code: recoveryCodes[1] })).status).toBe(401);
    const usesNew = client();
    const passed = await usesNew.post(SECOND_STEP, {
      challenge: await challengeFor(usesNew, admin),
      code: fresh.body.recoveryCodes[0],
    });
    expect(passed.status).toBe(200);
    expect(await auditActions(admin.id)).toContain('admin.recovery_codes_regenerated');
  });
});

describe("another admin's reset", () => {
  it('is refused to an admin out of reach (403), allowed to a stronger one, and audited', async () => {
    const { admin: target } = await enrolledAdmin({ role: 'admin' });
    const weaker = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['admin.manage_users'] });
    const c = client();
    await c.signIn(weaker);
    const refused = await c.delete(`/api/admin/users/${target.id}/two-factor`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: ADMIN_USER_MESSAGES.outOfReach });
    const stillOn = await sql(ctx.server.app, 'SELECT 1 FROM admin_totp WHERE admin_user_id = $1', [target.id]);
    expect(stillOn).toHaveLength(1);

    // Without admin.manage_users at all: the route's own guard.
    const monitor = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const m = client();
    await m.signIn(monitor);
    const denied = await m.delete(`/api/admin/users/${target.id}/two-factor`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: MESSAGES.accessDeniedBody });

    const done = await ctx.owner.request('DELETE', `/api/admin/users/${target.id}/two-factor`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.reset });
    const plain = await client().signIn(target);
    expect(plain.body).toMatchObject({ success: true, admin: { username: target.username } });
    const [audit] = await sql<{ actor_name: string; details: { username: string } }>(
      ctx.server.app,
      "SELECT actor_name, details FROM audit_log WHERE action = 'admin.two_factor_reset' AND target_id = $1",
      [target.id],
    );
    expect(audit).toMatchObject({ actor_name: 'owner', details: { username: target.username } });

    // Nothing left to reset.
    const again = await ctx.owner.request('DELETE', `/api/admin/users/${target.id}/two-factor`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: TWO_FACTOR_MESSAGES.targetNotEnabled });
  });

  it('lets a weaker admin reset one within reach, but never their own this way', async () => {
    const { admin: target } = await enrolledAdmin({ role: 'viewer' });
    const { admin: manager, secret } = await enrolledAdmin({ role: 'viewer', permissions: ['admin.manage_users'] });
    const session = client();
    expect(
      (await session.post(SECOND_STEP, { challenge: await challengeFor(session, manager), code: codeOf(secret) })).status,
    ).toBe(200);
    const own = await session.delete(`/api/admin/users/${manager.id}/two-factor`);
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ error: TWO_FACTOR_MESSAGES.notYourself });
    const within = await session.delete(`/api/admin/users/${target.id}/two-factor`);
    expect(within.status).toBe(200);
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_totp WHERE admin_user_id = $1', [target.id])).toHaveLength(0);
  });

  it('answers 404 for an unknown admin and 400 for a malformed id', async () => {
    expect((await ctx.owner.request('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor')).status).toBe(
      404,
    );
    expect((await ctx.owner.request('DELETE', '/api/admin/users/not-a-uuid/two-factor')).status).toBe(400);
  });
});
