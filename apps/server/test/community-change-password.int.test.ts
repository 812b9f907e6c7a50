import { COMMUNITY_MESSAGES, MESSAGES, PASSWORD_MESSAGES, SERVER_MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailsTo, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let client: HttpClient;

beforeAll(async () => {
  environment = await createTestEnvironment({ PUBLIC_URL: 'http://guildhall.test:3000' });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  client = new HttpClient(server.url);
});

afterAll(() => stopTestApp(server, environment));

const change = (accessToken: string, body: Record<string, unknown>) =>
  client.post('/auth/change-password', body, bearer(accessToken));

describe('changing the password of an e-mail account', () => {
  it('checks the current password and the rule, field by field', async () => {
    const { account, accessToken } = await registerVerifiedUser(server.app, client);
    const wrong = await change(accessToken, { currentPassword: 'not my password at all', newPassword: 'a brand new phrase 42' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: SERVER_MESSAGES.currentPasswordIncorrect,
      fields: { currentPassword: SERVER_MESSAGES.currentPasswordIncorrect },
    });
    const same = await change(accessToken, { currentPassword: account.password, newPassword: account.password });
    expect(same.body).toMatchObject({ fields: { newPassword: SERVER_MESSAGES.passwordUnchanged } });
    const common = await change(accessToken, { currentPassword: account.password, newPassword: 'Password123' });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ fields: { newPassword: PASSWORD_MESSAGES.tooCommon } });
    const own = await change(accessToken, { currentPassword: account.password, newPassword: account.email });
    expect(own.body).toMatchObject({ fields: { newPassword: PASSWORD_MESSAGES.sameAsIdentity } });
    const login = await client.post('/auth/login', { email: account.email, password: account.password });
    expect(login.status).toBe(200);
  });

  it("changes it, keeps this sign-in, ends the account's other sign-ins, and mails the owner", async () => {
    const here = await registerVerifiedUser(server.app, client);
    const { account } = here;
    const elsewhere = await client.post<{ accessToken: string; refreshToken: string }>('/auth/login', {
      email: account.email,
      password: account.password,
    });
    const newPassword = `${account.password} and more`;

    const changed = await change(here.accessToken, { currentPassword: account.password, newPassword });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ success: true, message: MESSAGES.passwordChanged });

    expect((await client.get('/auth/user', bearer(here.accessToken))).status).toBe(200);
    expect((await client.post('/auth/refresh', { refreshToken: here.refreshToken })).status).toBe(200);
    const ended = await client.get('/auth/user', bearer(elsewhere.body.accessToken));
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ error: COMMUNITY_MESSAGES.sessionInvalid });
    expect((await client.post('/auth/refresh', { refreshToken: elsewhere.body.refreshToken })).status).toBe(401);
    const reasons = await sql<{ revoked_reason: string }>(
      server.app,
      'SELECT DISTINCT revoked_reason FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NOT NULL',
      [here.user.id],
    );
    expect(reasons.map((row) => row.revoked_reason)).toContain('password_changed');

    const old = await client.post('/auth/login', { email: account.email, password: account.password });
    expect(old.status).toBe(401);
    expect((await client.post('/auth/login', { email: account.email, password: newPassword })).status).toBe(200);

    const mails = await mailsTo(server.app, account.email);
    expect(mails.at(-1)).toMatchObject({ subject: 'Your Guildhall password was changed' });
    expect(mails.at(-1)?.text).toContain('http://guildhall.test:3000/forgot-password');
  });

  it('needs a sign-in, and the current password on the form', async () => {
    const anonymous = await client.post('/auth/change-password', { currentPassword: 'x', newPassword: 'a brand new phrase 42' });
    expect(anonymous.status).toBe(401);
    const { accessToken } = await registerVerifiedUser(server.app, client);
    const empty = await change(accessToken, { currentPassword: '', newPassword: 'a brand new phrase 42' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fields: { currentPassword: PASSWORD_MESSAGES.required } });
  });
});
