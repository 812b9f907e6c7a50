import {
  adminTwoFactorApi,
  MESSAGES,
  PASSKEY_MESSAGES,
  PASSKEY_RULE,
  RECOVERY_CODE_COUNT,
  SERVER_MESSAGES,
  TWO_FACTOR_ACCOUNT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  WEBAUTHN_RESPONSE_INVALID,
} from '@guildhall/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { PASSKEY_PATHS, passkeyFlows } from './helpers/passkey-flows';
import { SoftPasskey } from './helpers/soft-passkey';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

/**
 * The own passkeys (issue 25): adding one (the password, then the browser's ceremony against a single-use challenge
 * of this session), listing, renaming and removing (the password again), what they change in the two-factor status
 * and the required rule, and another admin's reset. The attacks on adding: no options, options used twice or from
 * another session, an expired challenge, a wrong origin or relying party, a credential registered already.
 */

let ctx: IsolatedApp & { owner: HttpClient };
let flows: ReturnType<typeof passkeyFlows>;

beforeAll(async () => {
  ctx = await startSignedInApp();
  flows = passkeyFlows(ctx.server, 10);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** A new admin signed in with the password alone (no second factor yet), and their client. */
async function signedInAdmin(options: Parameters<typeof createTestAdmin>[1] = { role: 'viewer' }) {
  const admin = await createTestAdmin(ctx.server.app, options);
  const c = flows.client();
  expect((await c.signIn(admin)).status).toBe(200);
  return { admin, c };
}

/** Registration options the server never gave. */
const UNASKED = {
  challenge: Buffer.from('a challenge nobody asked for').toString('base64url'),
  rp: { id: 'localhost', name: 'Guildhall' },
  user: { id: 'AA', name: 'someone', displayName: 'someone' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};

const auditOf = (adminId: string) =>
  sql<{ action: string; details: Record<string, unknown> | null }>(
    ctx.server.app,
    'SELECT action, details FROM audit_log WHERE target_id = $1 ORDER BY id',
    [adminId],
  );

describe('adding a passkey', () => {
  it('asks for the password, answers options for this admin, and adds the passkey under its name', async () => {
    const { admin, c } = await signedInAdmin({ role: 'viewer', fullName: 'Ada Viewer' });
    const wrong = await c.post(PASSKEY_PATHS.options, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } });
    expect((await c.post(PASSKEY_PATHS.options, { password: '' })).body).toMatchObject({
      fields: { password: MESSAGES.passwordRequired },
    });

    const options = await flows.registrationOptions(c, admin.password);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Guildhall' },
      user: {
        name: admin.username,
        displayName: 'Ada Viewer',
        id: Buffer.from(admin.id.replaceAll('-', ''), 'hex').toString('base64url'),
      },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);
    const [session] = await sql<{ hash: string; expires: Date }>(
      ctx.server.app,
      `SELECT passkey_challenge_hash AS hash, passkey_challenge_expires_at AS expires FROM admin_sessions
        WHERE admin_user_id = $1 AND revoked_at IS NULL`,
      [admin.id],
    );
    expect(session!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.expires.getTime() - Date.now()).toBeGreaterThan(PASSKEY_RULE.registrationMs - 60_000);

    const passkey = new SoftPasskey(flows.origin, { transports: ['usb', 'nfc', 'made-up'] });
    const added = await c.post<{ passkey: Record<string, unknown>; message: string }>(PASSKEY_PATHS.add, {
      name: '  Blue key  ',
      credential: passkey.register(options),
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.message).toBe(PASSKEY_MESSAGES.addedWithRecoveryCodes('Blue key'));
    expect(added.body.passkey).toMatchObject({
      name: 'Blue key',
      lastUsedAt: null,
      transports: ['usb', 'nfc'],
      isBackedUp: false,
    });
    expect(Object.keys(added.body.passkey).sort()).toEqual(['createdAt', 'id', 'isBackedUp', 'lastUsedAt', 'name', 'transports']);

    const list = await c.get<{ passkeys: { name: string }[] }>(PASSKEY_PATHS.list);
    expect(list.body.passkeys.map((p) => p.name)).toEqual(['Blue key']);
    expect((await c.get(PASSKEY_PATHS.me)).body).toMatchObject({ twoFactor: { isEnabled: true, methods: ['passkey'] } });
    // The password alone opens no session any more.
    expect((await flows.client().signIn(admin)).body).toMatchObject({ twoFactorRequired: true, methods: ['passkey'] });
    // The next options leave the passkey out, so the device is not added twice.
    const next = await flows.registrationOptions(c, admin.password);
    expect(next.excludeCredentials).toEqual([{ id: passkey.id, type: 'public-key', transports: ['usb', 'nfc'] }]);

    const actions = (await auditOf(admin.id)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['admin.two_factor_change_failed', 'admin.passkey_registration_started', 'admin.passkey_added']),
    );
  });

  it('takes the challenge once, from this session only, and not after five minutes', async () => {
    const { admin, c } = await signedInAdmin();
    const passkey = new SoftPasskey(flows.origin);
    // No options asked for.
    const unasked = await c.post(PASSKEY_PATHS.add, { name: 'Key', credential: passkey.register(UNASKED) });
    expect(unasked.status).toBe(409);
    expect(unasked.body).toMatchObject({ error: PASSKEY_MESSAGES.registrationExpired });

    // Options of another session of the same admin.
    const other = flows.client();
    await other.signIn(admin);
    const othersOptions = await flows.registrationOptions(other, admin.password);
    const borrowed = await c.post(PASSKEY_PATHS.add, { name: 'Key', credential: passkey.register(othersOptions) });
    expect(borrowed.status).toBe(409);

    // Expired.
    const options = await flows.registrationOptions(c, admin.password);
    await sql(
      ctx.server.app,
      "UPDATE admin_sessions SET passkey_challenge_expires_at = now() - interval '1 second' WHERE admin_user_id = $1",
      [admin.id],
    );
    expect((await c.post(PASSKEY_PATHS.add, { name: 'Key', credential: passkey.register(options) })).status).toBe(409);

    // Used once: the same answer again is refused, and so is a wrong one followed by the right one.
    const fresh = await flows.registrationOptions(c, admin.password);
    const credential = passkey.register(fresh);
    expect((await c.post(PASSKEY_PATHS.add, { name: 'Key', credential })).status).toBe(200);
    const again = await c.post(PASSKEY_PATHS.add, { name: 'Key', credential });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: PASSKEY_MESSAGES.registrationExpired });
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_passkeys WHERE admin_user_id = $1', [admin.id])).toHaveLength(1);
  });

  it('refuses an answer for another origin, another relying party, another challenge or of the wrong type', async () => {
    const { admin, c } = await signedInAdmin();
    const forgeries = [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { challenge: Buffer.from('another challenge').toString('base64url') },
      { type: 'webauthn.get' },
      { isUserAbsent: true },
    ];
    for (const forgery of forgeries) {
      const options = await flows.registrationOptions(c, admin.password);
      const refused = await c.post(PASSKEY_PATHS.add, {
        name: 'Key',
        credential: new SoftPasskey(flows.origin).register(options, forgery),
      });
      expect(refused.status, JSON.stringify(forgery)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', error: PASSKEY_MESSAGES.registrationFailed });
    }
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_passkeys WHERE admin_user_id = $1', [admin.id])).toHaveLength(0);
    const reasons = (await auditOf(admin.id)).filter((row) => row.action === 'admin.two_factor_change_failed');
    expect(reasons.map((row) => row.details?.reason)).toEqual(forgeries.map(() => 'passkey_not_verified'));
  });

  it('refuses a credential registered already, to this admin or another, and malformed names and answers', async () => {
    const { passkey } = await flows.adminWithPasskey();
    const { admin, c } = await signedInAdmin();
    const taken = await c.post(PASSKEY_PATHS.add, {
      name: 'Stolen',
      credential: passkey.register(await flows.registrationOptions(c, admin.password)),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: PASSKEY_MESSAGES.alreadyRegistered });

    const credential = new SoftPasskey(flows.origin).register(await flows.registrationOptions(c, admin.password));
    const names: [unknown, string][] = [
      ['   ', PASSKEY_MESSAGES.nameRequired],
      ['x'.repeat(PASSKEY_RULE.nameMaxLength + 1), PASSKEY_MESSAGES.nameTooLong],
      ['Key\u202Eyek', 'A passkey name must not contain line breaks, control characters or invisible characters'],
      [undefined, PASSKEY_MESSAGES.nameRequired],
    ];
    for (const [name, message] of names) {
      const refused = await c.post(PASSKEY_PATHS.add, { name, credential });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ fields: { name: message } });
    }
    const malformed = await c.post(PASSKEY_PATHS.add, { name: 'Key', credential: { ...credential, rawId: 'has spaces' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ fields: { 'credential.rawId': WEBAUTHN_RESPONSE_INVALID } });
    // Validation refuses before the challenge is taken: the answer still adds the passkey.
    expect((await c.post(PASSKEY_PATHS.add, { name: 'Key', credential })).status).toBe(200);
  });

  it(`keeps at most ${PASSKEY_RULE.maxPerAdmin} passkeys per admin`, async () => {
    const { admin, c } = await signedInAdmin();
    const values = Array.from({ length: PASSKEY_RULE.maxPerAdmin }, (_, i) => `($1, 'cred-${admin.id}-${i}', 'key', 'Key ${i}')`);
    await sql(
      ctx.server.app,
      `INSERT INTO admin_passkeys (admin_user_id, credential_id, public_key, name) VALUES ${values.join(', ')}`,
      [admin.id],
    );
    const full = await c.post(PASSKEY_PATHS.options, { password: admin.password });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: PASSKEY_MESSAGES.limitReached });
  });
});

describe('renaming and removing a passkey', () => {
  it('renames its own passkey only, audited', async () => {
    const { admin, passkeyId, c } = await flows.adminWithPasskey();
    const { passkeyId: othersId } = await flows.adminWithPasskey();

    const renamed = await c.patch(PASSKEY_PATHS.one(passkeyId), { name: 'Phone' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: PASSKEY_MESSAGES.renamed('Phone'), passkey: { id: passkeyId, name: 'Phone' } });
    expect((await c.patch(PASSKEY_PATHS.one(passkeyId), { name: '' })).body).toMatchObject({
      fields: { name: PASSKEY_MESSAGES.nameRequired },
    });
    // Another admin's passkey is not found, and stays as it was.
    const foreign = await c.patch(PASSKEY_PATHS.one(othersId), { name: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: PASSKEY_MESSAGES.notFound });
    expect(await sql(ctx.server.app, 'SELECT name FROM admin_passkeys WHERE id = $1', [othersId])).toEqual([
      { name: 'Test key' },
    ]);
    expect((await c.patch(PASSKEY_PATHS.one('not-a-uuid'), { name: 'X' })).status).toBe(400);

    const [audit] = (await auditOf(admin.id)).filter((row) => row.action === 'admin.passkey_renamed');
    expect(audit!.details).toEqual({ passkeyId, from: 'Test key', to: 'Phone' });
  });

  it("removes only with the current password, never another admin's; the last one turns two-factor sign-in off", async () => {
    const { admin, passkeyId, c } = await flows.adminWithPasskey();
    const { passkeyId: othersId } = await flows.adminWithPasskey();

    const noPassword = await c.delete(PASSKEY_PATHS.one(passkeyId), { password: '' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ fields: { password: MESSAGES.passwordRequired } });
    const noBody = await c.delete(PASSKEY_PATHS.one(passkeyId));
    expect(noBody.status).toBe(400);
    const wrong = await c.delete(PASSKEY_PATHS.one(passkeyId), { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } });
    const foreign = await c.delete(PASSKEY_PATHS.one(othersId), { password: admin.password });
    expect(foreign.status).toBe(404);
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_passkeys WHERE id IN ($1, $2)', [passkeyId, othersId])).toHaveLength(2);

    const removed = await c.delete(PASSKEY_PATHS.one(passkeyId), { password: admin.password });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: PASSKEY_MESSAGES.removedLast('Test key') });
    expect((await c.get(PASSKEY_PATHS.me)).body).toMatchObject({ twoFactor: { isEnabled: false, methods: [] } });
    expect((await flows.client().signIn(admin)).body).toMatchObject({ success: true, admin: { username: admin.username } });
    expect((await c.delete(PASSKEY_PATHS.one(passkeyId), { password: admin.password })).status).toBe(404);
    const [audit] = (await auditOf(admin.id)).filter((row) => row.action === 'admin.passkey_removed');
    expect(audit!.details).toEqual({ passkeyId, name: 'Test key', twoFactorLeft: [], recoveryCodesRemoved: RECOVERY_CODE_COUNT });
  });
});

/** Adds the admin's passkey by hand, to read the whole answer (recovery codes with a first one). */
async function addPasskeyAnswer(c: ReturnType<typeof flows.client>, password: string, name: string) {
  const options = await flows.registrationOptions(c, password);
  const added = await c.post<{ message: string; recoveryCodes?: string[]; passkey: { id: string } }>(PASSKEY_PATHS.add, {
    name,
    credential: new SoftPasskey(flows.origin).register(options),
  });
  expect(added.status, added.text).toBe(200);
  return added.body;
}

const recoveryCodeRowsOf = (adminId: string) =>
  sql<{ recovery_code_hash: string }>(
    ctx.server.app,
    'SELECT recovery_code_hash FROM admin_recovery_codes WHERE admin_user_id = $1',
    [adminId],
  );

describe('recovery codes of an admin whose second factor is a passkey', () => {
  it('come with the first passkey only, once, stored hashed, and are audited', async () => {
    const { admin, c } = await signedInAdmin();
    const first = await addPasskeyAnswer(c, admin.password, 'Laptop');
    expect(first.message).toBe(PASSKEY_MESSAGES.addedWithRecoveryCodes('Laptop'));
    expect(first.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(first.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of first.recoveryCodes!) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = (await recoveryCodeRowsOf(admin.id)).map((row) => row.recovery_code_hash);
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const hash of stored) expect(hash).toMatch(/^[0-9a-f]{64}$/);

    const second = await addPasskeyAnswer(c, admin.password, 'Phone');
    expect(second.message).toBe(PASSKEY_MESSAGES.added('Phone'));
    expect(second).not.toHaveProperty('recoveryCodes');
    expect((await recoveryCodeRowsOf(admin.id)).map((row) => row.recovery_code_hash).sort()).toEqual(stored.sort());

    const added = (await auditOf(admin.id)).filter((row) => row.action === 'admin.passkey_added');
    expect(added.map((row) => row.details?.recoveryCodesMade)).toEqual([true, false]);
  });

  it('are made again after the current password, the old ones then gone', async () => {
    const { admin, c } = await signedInAdmin();
    const { recoveryCodes } = await addPasskeyAnswer(c, admin.password, 'Laptop');
    const before = (await recoveryCodeRowsOf(admin.id)).map((row) => row.recovery_code_hash);
    const wrong = await c.post(adminTwoFactorApi.regenerateRecoveryCodes.path, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } });

    const fresh = await c.post<{ recoveryCodes: string[]; message: string }>(adminTwoFactorApi.regenerateRecoveryCodes.path, {
      password: admin.password,
    });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.message).toBe(TWO_FACTOR_MESSAGES.regenerated);
    expect(fresh.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.body.recoveryCodes.filter((code) => recoveryCodes!.includes(code))).toEqual([]);
    const after = (await recoveryCodeRowsOf(admin.id)).map((row) => row.recovery_code_hash);
    expect(after.filter((hash) => before.includes(hash))).toEqual([]);
    const [audit] = (await auditOf(admin.id)).filter((row) => row.action === 'admin.recovery_codes_regenerated');
    expect(audit!.details).toEqual({ twoFactor: ['passkey'] });
  });

  it('stay while an authenticator app goes and a passkey stays, and go with the last passkey', async () => {
    const { admin, c } = await signedInAdmin();
    const setup = await c.post<{ secret: string }>(adminTwoFactorApi.setup.path, { password: admin.password });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret) });
    const enabled = await c.post<{ recoveryCodes: string[] }>(adminTwoFactorApi.confirm.path, { code: totp.generate() });
    expect(enabled.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // The authenticator app came first: the passkey brings no codes of its own.
    const { passkey, recoveryCodes } = await addPasskeyAnswer(c, admin.password, 'Laptop');
    expect(recoveryCodes).toBeUndefined();

    await sql(ctx.server.app, 'UPDATE admin_totp SET totp_last_used_step = NULL WHERE admin_user_id = $1', [admin.id]);
    const off = await c.delete(adminTwoFactorApi.disable.path, { password: admin.password, code: totp.generate() });
    expect(off.status, off.text).toBe(200);
    expect(await recoveryCodeRowsOf(admin.id)).toHaveLength(RECOVERY_CODE_COUNT);

    expect((await c.delete(PASSKEY_PATHS.one(passkey.id), { password: admin.password })).status).toBe(200);
    expect(await recoveryCodeRowsOf(admin.id)).toHaveLength(0);
    const [audit] = (await auditOf(admin.id)).filter((row) => row.action === 'admin.passkey_removed');
    expect(audit!.details).toMatchObject({ twoFactorLeft: [], recoveryCodesRemoved: RECOVERY_CODE_COUNT });
    // No second factor left: nothing to make codes for.
    expect((await c.post(adminTwoFactorApi.regenerateRecoveryCodes.path, { password: admin.password })).status).toBe(409);
  });

  it("go with another admin's reset", async () => {
    const { admin, c } = await signedInAdmin();
    await addPasskeyAnswer(c, admin.password, 'Laptop');
    expect(await recoveryCodeRowsOf(admin.id)).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await ctx.owner.request('DELETE', `/api/admin/users/${admin.id}/two-factor`)).status).toBe(200);
    expect(await recoveryCodeRowsOf(admin.id)).toHaveLength(0);
  });
});

describe('passkeys beside the authenticator app, the required rule and the reset', () => {
  it('keeps two-factor sign-in on when the authenticator app goes and a passkey stays, and the other way round', async () => {
    const { admin, c } = await signedInAdmin();
    const setup = await c.post<{ secret: string }>('/api/admin/auth/two-factor/totp/setup', { password: admin.password });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret) });
    expect((await c.post('/api/admin/auth/two-factor/totp/confirm', { code: totp.generate() })).status).toBe(200);
    const passkeyId = await flows.addPasskey(c, admin.password, new SoftPasskey(flows.origin), 'Laptop');
    expect((await c.get(PASSKEY_PATHS.me)).body).toMatchObject({ twoFactor: { methods: ['totp', 'passkey'] } });

    const removedKey = await c.delete(PASSKEY_PATHS.one(passkeyId), { password: admin.password });
    expect(removedKey.body).toMatchObject({ message: PASSKEY_MESSAGES.removed('Laptop') });
    await flows.addPasskey(c, admin.password, new SoftPasskey(flows.origin), 'Laptop again');

    await sql(ctx.server.app, 'UPDATE admin_totp SET totp_last_used_step = NULL WHERE admin_user_id = $1', [admin.id]);
    const off = await c.delete('/api/admin/auth/two-factor/totp', { password: admin.password, code: totp.generate() });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: TWO_FACTOR_ACCOUNT_MESSAGES.authenticatorRemoved });
    expect((await c.get(PASSKEY_PATHS.me)).body).toMatchObject({ twoFactor: { isEnabled: true, methods: ['passkey'] } });
    expect((await flows.client().signIn(admin)).body).toMatchObject({ methods: ['passkey'] });
  });

  it('lets an admin past the grace add a passkey, which lifts the block', async () => {
    const { admin, c } = await signedInAdmin({ role: 'admin' });
    await sql(ctx.server.app, "UPDATE admin_users SET two_factor_grace_started_at = now() - interval '30 days' WHERE id = $1", [
      admin.id,
    ]);
    const blocked = await c.get('/api/admin/users');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED', error: TWO_FACTOR_MESSAGES.enrolmentRequired });
    expect((await c.get(PASSKEY_PATHS.list)).status).toBe(200);
    await flows.addPasskey(c, admin.password, new SoftPasskey(flows.origin));
    expect((await c.get('/api/admin/users')).status).toBe(200);
    expect((await c.get(PASSKEY_PATHS.me)).body).toMatchObject({
      twoFactor: { isRequired: true, isEnabled: true, isEnrolmentRequired: false },
    });
  });

  it("is removed by another admin's reset, which the admin users list reflects", async () => {
    const { admin } = await flows.adminWithPasskey();
    const listed = async () =>
      (
        await ctx.owner.get<{ data: { id: string; twoFactorEnabled: boolean }[] }>(`/api/admin/users?search=${admin.username}`)
      ).body.data.find((user) => user.id === admin.id);
    expect(await listed()).toMatchObject({ twoFactorEnabled: true });
    const reset = await ctx.owner.request('DELETE', `/api/admin/users/${admin.id}/two-factor`);
    expect(reset.status).toBe(200);
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_passkeys WHERE admin_user_id = $1', [admin.id])).toHaveLength(0);
    expect(await listed()).toMatchObject({ twoFactorEnabled: false });
    const [audit] = (await auditOf(admin.id)).filter((row) => row.action === 'admin.two_factor_reset');
    expect(audit!.details).toMatchObject({ username: admin.username, authenticatorApp: false, passkeys: 1 });
    expect((await flows.client().signIn(admin)).body).toMatchObject({ success: true, admin: { username: admin.username } });
  });

  it("hides the WebAuthn challenges from the SQL runner's read-only role, not the passkeys' public parts", async () => {
    const privileges = await sql<{ column: string; readable: boolean }>(
      ctx.server.app,
      `SELECT table_name || '.' || column_name AS column,
              has_column_privilege('guildhall_readonly', table_name::regclass, column_name, 'SELECT') AS readable
         FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('passkey_challenge_hash', 'credential_id', 'public_key', 'name')
          AND table_name IN ('admin_sessions', 'admin_two_factor_challenges', 'admin_passkeys')`,
    );
    expect(Object.fromEntries(privileges.map((row) => [row.column, row.readable]))).toEqual({
      'admin_sessions.passkey_challenge_hash': false,
      'admin_two_factor_challenges.passkey_challenge_hash': false,
      'admin_passkeys.credential_id': true,
      'admin_passkeys.public_key': true,
      'admin_passkeys.name': true,
    });
  });
});
