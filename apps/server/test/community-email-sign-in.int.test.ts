import {
  ACCESS_TOKEN_TTL_SECONDS,
  COMMUNITY_MESSAGES,
  MESSAGES,
  PASSWORD_MESSAGES,
  REFRESH_TOKEN_TTL_REMEMBER_MS,
  REFRESH_TOKEN_TTL_SESSION_MS,
  welcomeBack,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailedToken, mailsTo, newAccount, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let client: HttpClient;

beforeAll(async () => {
  environment = await createTestEnvironment({ PUBLIC_URL: 'http://guildhall.test:3000' });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  client = new HttpClient(server.url);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
});

describe('registration and e-mail verification', () => {
  it('registers without signing in, refuses login until verified, verifies once through the outbox link', async () => {
    const account = newAccount();
    const registered = await client.post('/auth/register', account);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({
      success: true,
      user: null,
      requiresEmailVerification: true,
      message: MESSAGES.registrationCheckEmail,
    });

    const early = await client.post('/auth/login', { email: account.email, password: account.password });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', error: COMMUNITY_MESSAGES.emailNotVerified });

    const [mail] = await mailsTo(server.app, account.email);
    expect(mail?.text).toContain('http://guildhall.test:3000/verify-email?token=');
    const token = await mailedToken(server.app, account.email, '/verify-email');
    const verified = await client.post('/auth/verify-email', { token });
    expect(verified.body).toEqual({ success: true, message: MESSAGES.emailVerified });
    const again = await client.post('/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_LINK', error: COMMUNITY_MESSAGES.verificationLinkInvalid });

    const login = await client.post('/auth/login', { email: account.email.toUpperCase(), password: account.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      message: welcomeBack(account.username),
      user: { username: account.username, email: account.email, authMethod: 'email', emailVerified: true, hasBasicAccess: true },
    });
    const stored = await sql<{ token_hash: string }>(server.app, 'SELECT token_hash FROM refresh_tokens');
    expect(stored.map((row) => row.token_hash)).not.toContain(login.body.refreshToken);

    const accessToken = login.body.accessToken as string;
    const me = await client.get('/auth/user', bearer(accessToken));
    expect(me.body).toMatchObject({ success: true, user: { email: account.email, selectedGuildId: null, isAdmin: false } });
    const valid = await client.post('/auth/validate', undefined, bearer(accessToken));
    expect(valid.body).toMatchObject({ success: true, valid: true, user: { email: account.email } });
  });

  it('answers an address that already has an account like a new one, and mails its owner instead', async () => {
    const { account } = await registerVerifiedUser(server.app, client);
    const before = (await mailsTo(server.app, account.email)).length;
    const again = await client.post('/auth/register', { ...newAccount(), email: account.email });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      user: null,
      requiresEmailVerification: true,
      message: MESSAGES.registrationCheckEmail,
    });
    const mails = await mailsTo(server.app, account.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain('already has one');
  });

  it('resends a verification link to an address that cannot log in yet; the older link stops working', async () => {
    const account = newAccount();
    await client.post('/auth/register', account);
    const first = await mailedToken(server.app, account.email, '/verify-email');
    const resent = await client.post('/auth/resend-verification', { email: account.email });
    expect(resent.body).toEqual({ success: true, message: MESSAGES.verificationEmailSent });
    const second = await mailedToken(server.app, account.email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await client.post('/auth/verify-email', { token: first })).status).toBe(400);
    expect((await client.post('/auth/verify-email', { token: second })).status).toBe(200);

    const unknown = newAccount().email;
    expect((await client.post('/auth/resend-verification', { email: unknown })).body).toEqual(resent.body);
    expect(await mailsTo(server.app, unknown)).toHaveLength(0);
    expect((await client.post('/auth/resend-verification', {})).status).toBe(400);
  });

  it('refuses short, common and self-describing passwords with their messages', async () => {
    const account = newAccount();
    for (const [password, message] of [
      ['short', PASSWORD_MESSAGES.tooShort],
      ['Password123', PASSWORD_MESSAGES.tooCommon],
      [account.username, PASSWORD_MESSAGES.sameAsIdentity],
    ] as const) {
      const answer = await client.post('/auth/register', { ...account, password });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, error: message, code: 'VALIDATION_FAILED', fields: { password: message } });
    }
    expect(await mailsTo(server.app, account.email)).toHaveLength(0);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens; a reused one ends the whole sign-in and answers 401', async () => {
    const first = await registerVerifiedUser(server.app, client);
    const other = await client.post('/auth/login', { email: first.account.email, password: first.account.password });

    const second = await client.post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      success: true,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      user: { email: first.account.email },
    });
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    const third = await client.post('/auth/refresh', { refreshToken: second.body.refreshToken });
    expect(third.status).toBe(200);

    const reused = await client.post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', error: COMMUNITY_MESSAGES.refreshTokenReused });
    const afterReuse = await client.post('/auth/refresh', { refreshToken: third.body.refreshToken });
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.body).toMatchObject({ code: 'INVALID_TOKEN' });
    const access = await client.get('/auth/user', bearer(third.body.accessToken as string));
    expect(access.status).toBe(401);

    // The other sign-in of the same account is a family of its own and goes on.
    const untouched = await client.post('/auth/refresh', { refreshToken: other.body.refreshToken });
    expect(untouched.status).toBe(200);
  });

  it('lets rememberMe choose a refresh lifetime of 30 days or 1 day', async () => {
    const { account } = await registerVerifiedUser(server.app, client);
    for (const [rememberMe, lifetime] of [
      [true, REFRESH_TOKEN_TTL_REMEMBER_MS],
      [false, REFRESH_TOKEN_TTL_SESSION_MS],
    ] as const) {
      const login = await client.post('/auth/login', { ...account, rememberMe });
      const refreshed = await client.post('/auth/refresh', { refreshToken: login.body.refreshToken });
      const [row] = await sql<{ expires_at: Date; created_at: Date }>(
        server.app,
        `SELECT r.expires_at, r.created_at FROM refresh_tokens r JOIN users u ON u.id = r.user_id
          WHERE lower(u.email) = $1 ORDER BY r.created_at DESC LIMIT 1`,
        [account.email],
      );
      expect(refreshed.status).toBe(200);
      expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeGreaterThan(lifetime - 60_000);
      expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeLessThan(lifetime + 60_000);
    }
  });

  it('logout revokes the refresh token and the access token with it', async () => {
    const signedIn = await registerVerifiedUser(server.app, client);
    const out = await client.post('/auth/logout', { refreshToken: signedIn.refreshToken }, bearer(signedIn.accessToken));
    expect(out.body).toEqual({ success: true, message: MESSAGES.loggedOut });
    expect((await client.post('/auth/refresh', { refreshToken: signedIn.refreshToken })).status).toBe(401);
    expect((await client.get('/auth/user', bearer(signedIn.accessToken))).status).toBe(401);
    // Logging out again is not an error.
    expect((await client.post('/auth/logout', { refreshToken: signedIn.refreshToken })).status).toBe(200);
  });

  it('answers 401, never 500, for tokens of another key, expired or malformed', async () => {
    const signedIn = await registerVerifiedUser(server.app, client);
    const { signAccessToken } = await import('../src/auth/access-token');
    const { randomBytes } = await import('node:crypto');
    const keys = await server.app.signingKeys();
    const subject = { userId: signedIn.user.id, familyId: '00000000-0000-0000-0000-000000000000' };
    const [, payload] = signedIn.accessToken.split('.');
    const cases: [string, string][] = [
      [await signAccessToken(randomBytes(32), subject, 900), 'INVALID_TOKEN'],
      [await signAccessToken(keys.accessToken, subject, 900, Date.now() - 16 * 60_000), 'TOKEN_EXPIRED'],
      ['not-a-token', 'INVALID_TOKEN'],
      ['a.b.c', 'INVALID_TOKEN'],
      [`eyJhbGciOiJub25lIn0.${payload}.`, 'INVALID_TOKEN'],
      ['x'.repeat(5000), 'INVALID_TOKEN'],
    ];
    for (const [token, code] of cases) {
      for (const call of [
        () => client.get('/auth/user', bearer(token)),
        () => client.post('/auth/validate', undefined, bearer(token)),
      ]) {
        const answer = await call();
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ success: false, code });
      }
    }
    const odd = await client.get('/auth/user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(odd.status).toBe(401);
    const junkRefresh = await client.post('/auth/refresh', { refreshToken: 'junk' });
    expect(junkRefresh.status).toBe(401);
    expect((await client.get('/auth/user')).body).toMatchObject({
      code: 'UNAUTHENTICATED',
      error: COMMUNITY_MESSAGES.signInRequired,
    });
  });
});

describe('password reset', () => {
  it('resets end to end: mailed link, rule on the new password, old password and sign-ins ended, link used once', async () => {
    const signedIn = await registerVerifiedUser(server.app, client);
    const { account } = signedIn;
    const asked = await client.post('/auth/forgot-password', { email: account.email });
    expect(asked.body).toEqual({ success: true, message: MESSAGES.passwordResetRequested });
    const token = await mailedToken(server.app, account.email, '/reset-password');

    const weak = await client.post('/auth/reset-password', { token, password: 'qwertyuiop' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ fields: { password: PASSWORD_MESSAGES.tooCommon } });
    const same = await client.post('/auth/reset-password', { token, password: account.email });
    expect(same.body).toMatchObject({ fields: { password: PASSWORD_MESSAGES.sameAsIdentity } });

    const newPassword = 'an entirely new phrase';
    const reset = await client.post('/auth/reset-password', { token, password: newPassword });
    expect(reset.body).toEqual({ success: true, message: MESSAGES.passwordReset });
    expect((await client.post('/auth/reset-password', { token, password: 'yet another phrase' })).body).toMatchObject({
      code: 'INVALID_LINK',
    });
    expect((await client.post('/auth/refresh', { refreshToken: signedIn.refreshToken })).status).toBe(401);
    const old = await client.post('/auth/login', { email: account.email, password: account.password });
    expect(old.body).toMatchObject({ code: 'INVALID_CREDENTIALS', error: COMMUNITY_MESSAGES.invalidEmailOrPassword });
    expect((await client.post('/auth/login', { email: account.email, password: newPassword })).status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await registerVerifiedUser(server.app, client);
    const unknown = newAccount().email;
    const forKnown = await client.post('/auth/forgot-password', { email: known.account.email });
    const forUnknown = await client.post('/auth/forgot-password', { email: unknown });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(await mailsTo(server.app, unknown)).toHaveLength(0);
  });

  it('limits reset requests per address', async () => {
    const email = newAccount().email;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.post('/auth/forgot-password', { email }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(answers[3]!.headers['retry-after']).toBeDefined();
  });
});

describe('without Discord settings', () => {
  it('the public sign-in methods say so, without a session or a refusal', async () => {
    const answer = await new HttpClient(server.url).get('/auth/providers');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, discord: false, emailSignUp: true, requireEmailVerification: true });
  });

  it('GET /auth/discord answers 503 with the not-configured message', async () => {
    const answer = await client.get('/auth/discord');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      success: false,
      error: COMMUNITY_MESSAGES.discordNotConfigured,
      code: 'DISCORD_NOT_CONFIGURED',
    });
  });
});
