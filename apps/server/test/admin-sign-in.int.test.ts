import {
  ADMIN_LOGIN_SERVER_ERRORS,
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_SESSION_COOKIE,
  MESSAGES,
  SERVER_MESSAGES,
  welcomeBack,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { OWNER, startIsolatedApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;

beforeAll(async () => {
  ({ environment, server } = await startIsolatedApp());
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

describe('admin sign-in', () => {
  it('sets an httpOnly, SameSite=Strict session cookie and /me answers with the admin and session', async () => {
    const client = new HttpClient(server.url);
    const login = await client.signIn(OWNER.username, OWNER.password);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      message: welcomeBack(OWNER.username),
      admin: { username: OWNER.username },
    });
    expect(login.body.user).toEqual(login.body.admin);
    const cookie = (login.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${ADMIN_SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    // The database keeps a SHA-256 of the token, never the token.
    const stored = await sql<{ token_hash: string }>(server.app, 'SELECT token_hash FROM admin_sessions');
    expect(stored.map((row) => row.token_hash)).not.toContain(client.sessionToken);

    const me = await client.get('/api/admin/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, admin: { username: OWNER.username, role: 'superadmin', isAdmin: true } });
    expect(me.body.session).toMatchObject({ idleTimeoutMs: 8 * 60 * 60 * 1000 });
  });

  it('answers 401 UNAUTHENTICATED without a cookie and INVALID_SESSION for an unknown one', async () => {
    const anonymous = await new HttpClient(server.url).get('/api/admin/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });

    const forged = new HttpClient(server.url);
    forged.cookies.set(ADMIN_SESSION_COOKIE, 'not-a-session');
    const refused = await forged.get('/api/admin/auth/me');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, error: MESSAGES.adminSessionExpired, code: 'INVALID_SESSION' });
  });

  it('refuses a blank username with 400 and the field message', async () => {
    const answer = await new HttpClient(server.url).signIn('   ', 'whatever');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', error: MESSAGES.usernameRequired });
    expect(answer.body.fields).toMatchObject({ username: MESSAGES.usernameRequired });
  });

  it('counts wrong passwords, locks on the fifth, and stays locked through the correct password', async () => {
    const admin = await createTestAdmin(server.app);
    const client = new HttpClient(server.url);
    for (let attempt = 1; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
      const wrong = await client.signIn(admin.username, 'wrong-password');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({
        code: 'ADMIN_LOGIN_FAILED',
        error: MESSAGES.invalidCredentials,
        failedAttempts: attempt,
        maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS,
      });
    }
    const fifth = await client.signIn(admin.username, 'wrong-password');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ code: 'ADMIN_ACCOUNT_LOCKED', error: ADMIN_LOGIN_SERVER_ERRORS.locked(15) });
    expect(String(fifth.body.error)).toContain('locked');

    const correct = await client.signIn(admin.username, admin.password);
    expect(correct.status).toBe(423);
    expect(correct.body.code).toBe('ADMIN_ACCOUNT_LOCKED');
    expect(client.sessionToken).toBeUndefined();

    const audit = await sql<{ action: string }>(server.app, 'SELECT action FROM audit_log WHERE target_id = $1', [admin.id]);
    const actions = audit.map((row) => row.action);
    expect(actions.filter((action) => action === 'admin.sign_in_failed')).toHaveLength(6);
    expect(actions).toContain('admin.account_locked');
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const answer = await new HttpClient(server.url).signIn('nobody-here', 'some-password');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', error: MESSAGES.invalidCredentials, failedAttempts: 1 });
  });

  it('refuses a session idle past 8 hours with INVALID_SESSION', async () => {
    const admin = await createTestAdmin(server.app);
    const client = new HttpClient(server.url);
    expect((await client.signIn(admin.username, admin.password)).status).toBe(200);
    await sql(server.app, "UPDATE admin_sessions SET last_seen_at = now() - interval '9 hours' WHERE admin_user_id = $1", [
      admin.id,
    ]);
    const me = await client.get('/api/admin/auth/me');
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ code: 'INVALID_SESSION', error: MESSAGES.adminSessionExpired });
  });

  it('logout ends the session and records it', async () => {
    const admin = await createTestAdmin(server.app);
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    const token = client.sessionToken!;
    const logout = await client.post('/api/admin/auth/logout');
    expect(logout.body).toEqual({ success: true, message: MESSAGES.loggedOut });
    expect(client.sessionToken).toBeUndefined();

    client.cookies.set(ADMIN_SESSION_COOKIE, token);
    expect((await client.get('/api/admin/auth/me')).body.code).toBe('INVALID_SESSION');
    const audit = await sql(server.app, "SELECT 1 FROM audit_log WHERE action = 'admin.signed_out' AND actor_id = $1", [
      admin.id,
    ]);
    expect(audit).toHaveLength(1);
  });

  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const admin = await createTestAdmin(server.app);
    const here = new HttpClient(server.url);
    const elsewhere = new HttpClient(server.url);
    await here.signIn(admin.username, admin.password);
    await elsewhere.signIn(admin.username, admin.password);
    const newPassword = 'a-brand-new-Password-9';

    const wrongCurrent = await here.post('/api/admin/auth/change-password', { currentPassword: 'nope', newPassword });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.fields).toEqual({ currentPassword: SERVER_MESSAGES.currentPasswordIncorrect });

    const tooShort = await here.post('/api/admin/auth/change-password', {
      currentPassword: admin.password,
      newPassword: 'short',
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.fields).toHaveProperty('newPassword');

    const changed = await here.post('/api/admin/auth/change-password', { currentPassword: admin.password, newPassword });
    expect(changed.body).toEqual({ success: true, message: MESSAGES.passwordChanged });
    expect((await here.get('/api/admin/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/admin/auth/me')).body.code).toBe('INVALID_SESSION');

    const fresh = new HttpClient(server.url);
    expect((await fresh.signIn(admin.username, admin.password)).status).toBe(401);
    expect((await fresh.signIn(admin.username, newPassword)).status).toBe(200);
  });
});
