import {
  COMMUNITY_MESSAGES,
  DEFAULT_NOTIFICATION_SETTINGS,
  GUILD_MEMBER_PERMISSIONS,
  MASKED_MAIL_TOKEN,
  type OutboxMail,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailsTo, newAccount, raiseCommunityIpLimits } from './helpers/community';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let client: HttpClient;

// E-mail verification off, no Discord at all: the embedded default a small guild might run.
beforeAll(async () => {
  environment = await createTestEnvironment({ REQUIRE_EMAIL_VERIFICATION: 'false' });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  client = new HttpClient(server.url);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
});

async function registerSignedIn() {
  const account = newAccount();
  const answer = await client.post<{ accessToken: string; refreshToken: string; user: { id: string } }>(
    '/auth/register',
    account,
  );
  expect(answer.status).toBe(200);
  return { account, ...answer.body };
}

describe('registration without required verification', () => {
  it('is what the public sign-in methods say', async () => {
    const answer = await client.get('/auth/providers');
    expect(answer.body).toMatchObject({ discord: false, emailSignUp: true, requireEmailVerification: false });
  });

  it('signs the user in at once, and still mails a link to verify the address', async () => {
    const account = newAccount();
    const answer = await client.post('/auth/register', account);
    expect(answer.body).toMatchObject({
      success: true,
      requiresEmailVerification: false,
      message: COMMUNITY_MESSAGES.registrationSignedIn,
      user: { email: account.email, authMethod: 'email', emailVerified: false, hasBasicAccess: true },
    });
    expect(typeof answer.body.accessToken).toBe('string');
    expect(typeof answer.body.refreshToken).toBe('string');
    expect((await client.get('/auth/user', bearer(answer.body.accessToken as string))).status).toBe(200);
    expect((await mailsTo(server.app, account.email)).map((m) => m.subject)).toEqual(['Verify your email for Guildhall']);
  });
});

describe('an e-mail account in a guild through grants', () => {
  it('sees the granted tenant as its guild (no bot token: active tenants count as having the bot)', async () => {
    const signedIn = await registerSignedIn();
    const [tenant] = await sql<{ id: string }>(
      server.app,
      `INSERT INTO guilds (guild_name, server, discord_guild_id) VALUES ('Granted Guild', 'Silvermoon', '400000000000000001')
       RETURNING id`,
    );
    await sql(
      server.app,
      `INSERT INTO guilds (guild_name, server, discord_guild_id) VALUES ('Other Guild', 'Draenor', '400000000000000002')`,
    );
    await sql(
      server.app,
      `INSERT INTO guild_permission_grants (guild_id, user_id, permission, granted_by)
       SELECT $1, $2, unnest($3::text[]), 'test'`,
      [tenant!.id, signedIn.user.id, [...GUILD_MEMBER_PERMISSIONS]],
    );
    const auth = bearer(signedIn.accessToken);
    const guilds = await client.get('/auth/guilds', auth);
    expect(guilds.body).toMatchObject({ botStatus: 'single', selectedGuildId: '400000000000000001' });
    expect((await client.get('/auth/permissions', auth)).body).toMatchObject({
      permissions: [...GUILD_MEMBER_PERMISSIONS],
      requiresGuildSelection: false,
    });
    const overview = await client.get('/api/guild/overview', {
      headers: { ...auth.headers, 'X-Guild-ID': '400000000000000001' },
    });
    expect(overview.body).toMatchObject({ guild: { name: 'Granted Guild', tenantId: tenant!.id } });
    const other = await client.get('/api/guild/overview', { headers: { ...auth.headers, 'X-Guild-ID': '400000000000000002' } });
    expect(other.status).toBe(403);
  });
});

describe('settings', () => {
  it('keeps notification settings per user, starting from the spec defaults', async () => {
    const signedIn = await registerSignedIn();
    const auth = bearer(signedIn.accessToken);
    expect((await client.get('/api/me/notification-settings', auth)).body).toEqual({
      success: true,
      settings: DEFAULT_NOTIFICATION_SETTINGS,
    });
    const saved = await client.request('PUT', '/api/me/notification-settings', { ...auth, body: { sound: true, toasts: false } });
    expect(saved.body).toMatchObject({ settings: { ...DEFAULT_NOTIFICATION_SETTINGS, sound: true, toasts: false } });
    expect((await client.get('/api/me/notification-settings', auth)).body).toMatchObject({
      settings: { sound: true, toasts: false },
    });
    const invalid = await client.request('PUT', '/api/me/notification-settings', { ...auth, body: { sound: 'loud' } });
    expect(invalid.status).toBe(400);
  });

  it('changes the profile username', async () => {
    const signedIn = await registerSignedIn();
    const auth = bearer(signedIn.accessToken);
    const saved = await client.request('PUT', '/api/me/profile', { ...auth, body: { username: 'Raid Leader' } });
    expect(saved.body).toMatchObject({ message: COMMUNITY_MESSAGES.profileUpdated, user: { username: 'Raid Leader' } });
    expect((await client.get('/api/me/profile', auth)).body).toMatchObject({ user: { username: 'Raid Leader' } });
    expect((await client.get('/api/me/profile')).status).toBe(401);
  });
});

describe('the mail outbox in the admin console', () => {
  it('lists mail newest first for admins with system configuration, filtered by recipient', async () => {
    const signedIn = await registerSignedIn();
    await mailsTo(server.app, signedIn.account.email);
    const admin = new HttpClient(server.url);
    await admin.signIn(OWNER.username, OWNER.password);
    const list = await admin.get('/api/admin/mail/outbox', { headers: {} });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, page: 1, limit: 20 });
    expect((list.body.total as number) > 0).toBe(true);
    const mine = await admin.get(`/api/admin/mail/outbox?to=${encodeURIComponent(signedIn.account.email)}`);
    expect(mine.body).toMatchObject({
      total: 1,
      mails: [{ to: signedIn.account.email, subject: 'Verify your email for Guildhall' }],
    });
    expect((mine.body.mails as { text: string }[])[0]!.text).toContain('/verify-email?token=');
    // Any part of the address finds it, in any case; LIKE's own characters are taken literally.
    const local = signedIn.account.email.split('@')[0]!;
    const part = await admin.get(`/api/admin/mail/outbox?to=${encodeURIComponent(local.slice(2).toUpperCase())}`);
    expect(part.body).toMatchObject({ total: 1, mails: [{ to: signedIn.account.email }] });
    expect((await admin.get('/api/admin/mail/outbox?to=%25')).body).toMatchObject({ total: 0 });

    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const viewerClient = new HttpClient(server.url);
    await viewerClient.signIn(viewer.username, viewer.password);
    expect((await viewerClient.get('/api/admin/mail/outbox')).status).toBe(403);
    expect((await new HttpClient(server.url).get('/api/admin/mail/outbox')).status).toBe(401);
  });

  it('hides the token of a link that may still work from admins without full access', async () => {
    const signedIn = await registerSignedIn();
    await client.post('/auth/forgot-password', { email: signedIn.account.email });
    const [mail] = (await mailsTo(server.app, signedIn.account.email)).filter((m) => m.text.includes('/reset-password?'));
    const token = /token=([\w%-]+)/.exec(mail!.text)![1]!;
    const outboxOf = async (as: HttpClient) =>
      (
        await as.get<{ mails: OutboxMail[] }>(`/api/admin/mail/outbox?to=${encodeURIComponent(signedIn.account.email)}`)
      ).body.mails.find((m) => m.id === mail!.id)!;

    const configAdmin = await createTestAdmin(server.app, { role: 'viewer', permissions: ['admin.system_config'] });
    const config = new HttpClient(server.url);
    await config.signIn(configAdmin.username, configAdmin.password);
    const masked = await outboxOf(config);
    expect(masked.isMasked).toBe(true);
    expect(JSON.stringify(masked)).not.toContain(token);
    expect(masked.text).toContain(`/reset-password?token=${MASKED_MAIL_TOKEN}`);

    // Full access (and a superadmin) sees the link as sent.
    const fullAdmin = await createTestAdmin(server.app, { role: 'viewer', permissions: ['admin.full_access'] });
    const full = new HttpClient(server.url);
    await full.signIn(fullAdmin.username, fullAdmin.password);
    expect(await outboxOf(full)).toMatchObject({ isMasked: false, text: mail!.text });
    const owner = new HttpClient(server.url);
    await owner.signIn(OWNER.username, OWNER.password);
    expect((await outboxOf(owner)).text).toContain(token);

    // Once every link it could hold has expired, the mail is shown whole.
    await sql(server.app, "UPDATE mail_outbox SET created_at = now() - interval '25 hours' WHERE id = $1", [mail!.id]);
    expect(await outboxOf(config)).toMatchObject({ isMasked: false, text: mail!.text });
  });
});

describe('the generated signing secret', () => {
  it('is kept in the database, so another process (or a restart) accepts the same tokens', async () => {
    const signedIn = await registerSignedIn();
    const second = await startTestApp(environment.env);
    try {
      const me = await new HttpClient(second.url).get('/auth/user', bearer(signedIn.accessToken));
      expect(me.status).toBe(200);
      const stored = await sql(server.app, "SELECT 1 FROM app_meta WHERE key = 'jwt_secret'");
      expect(stored).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
