import { adminAuthApi, adminTwoFactorApi, MESSAGES, TWO_FACTOR_GRACE_DAYS, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql, type TestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { connectAdmin, connectionRefusal, disconnection } from './helpers/live-client';
import { type IsolatedApp, OWNER, startSignedInApp, stopTestApp } from './helpers/test-app';

/**
 * Required two-factor sign-in (issue 25): superadmins and admin.full_access must use it, every admin when the system
 * setting says so; a grace from the first sign-in at which it is required, shown by me; after it, only enrolment
 * (and me) answers, over HTTP and the live socket, until the admin enrols.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SETTINGS = '/api/admin/system-settings';

let ctx: IsolatedApp & { owner: HttpClient };

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

beforeAll(async () => {
  // Open live connections look at their session (and the grace) every 200 ms.
  ctx = await startSignedInApp({ SESSION_CHECK_INTERVAL_MS: '200' });
  // The owner changes the settings these tests try: enrolled, a grace of 0 days does not shut them out.
  const setup = await ctx.owner.post<{ secret: string }>(adminTwoFactorApi.setup.path, { password: OWNER.password });
  expect((await ctx.owner.post(adminTwoFactorApi.confirm.path, { code: codeOf(setup.body.secret) })).status).toBe(200);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

afterEach(async () => {
  // Back to the defaults: required for full access only, the default grace.
  await ctx.owner.request('PUT', SETTINGS, {
    body: { settings: { adminTwoFactorRequiredForAll: null, adminTwoFactorGraceDays: null } },
  });
});

async function signedIn(admin: TestAdmin) {
  const http = new HttpClient(ctx.server.url);
  expect((await http.signIn(admin.username, admin.password)).status).toBe(200);
  return http;
}

const twoFactorOf = async (http: HttpClient) =>
  (await http.get<{ twoFactor: Record<string, unknown> }>(adminAuthApi.me.path)).body.twoFactor;

/** As if the admin's grace had begun `days` ago. */
const graceBegan = (adminId: string, days: number) =>
  sql(ctx.server.app, 'UPDATE admin_users SET two_factor_grace_started_at = $2 WHERE id = $1', [
    adminId,
    new Date(Date.now() - days * DAY_MS),
  ]);

function expectEnrolmentRequired(answer: { status: number; body: unknown }, what: string) {
  expect(answer.status, what).toBe(403);
  expect(answer.body, what).toMatchObject({
    success: false,
    code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
    error: TWO_FACTOR_MESSAGES.enrolmentRequired,
  });
}

describe('who must use two-factor sign-in', () => {
  it('is required of admin.full_access and superadmins, with a grace from their first sign-in', async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const admin = await createTestAdmin(ctx.server.app, { role });
      const before = Date.now();
      const http = await signedIn(admin);
      const status = await twoFactorOf(http);
      expect(status, role).toMatchObject({ isEnabled: false, isRequired: true, isEnrolmentRequired: false });
      const endsAt = new Date(String(status.graceEndsAt)).getTime();
      expect(endsAt).toBeGreaterThanOrEqual(before + TWO_FACTOR_GRACE_DAYS * DAY_MS - 1000);
      expect(endsAt).toBeLessThanOrEqual(Date.now() + TWO_FACTOR_GRACE_DAYS * DAY_MS + 1000);
      // The grace starts once: later sign-ins and requests do not move it.
      const again = await signedIn(admin);
      expect((await twoFactorOf(again)).graceEndsAt).toBe(status.graceEndsAt);
    }
  });

  it('is not required of a viewer unless the setting requires it of every admin', async () => {
    const viewer = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const http = await signedIn(viewer);
    expect(await twoFactorOf(http)).toEqual({
      isEnabled: false,
      methods: [],
      isRequired: false,
      graceEndsAt: null,
      isEnrolmentRequired: false,
    });
    const [row] = await sql<{ started: Date | null }>(
      ctx.server.app,
      'SELECT two_factor_grace_started_at AS started FROM admin_users WHERE id = $1',
      [viewer.id],
    );
    expect(row!.started).toBeNull();

    const saved = await ctx.owner.request('PUT', SETTINGS, { body: { settings: { adminTwoFactorRequiredForAll: true } } });
    expect(saved.status, saved.text).toBe(200);
    expect(await twoFactorOf(http)).toMatchObject({ isRequired: true, isEnrolmentRequired: false });
    expect((await http.get('/api/admin/metrics/current')).status).toBe(200);
  });
});

describe('the grace', () => {
  it('lets a required admin use the console while it lasts', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'admin' });
    const http = await signedIn(admin);
    await graceBegan(admin.id, TWO_FACTOR_GRACE_DAYS - 1);
    expect(await twoFactorOf(http)).toMatchObject({ isRequired: true, isEnrolmentRequired: false });
    expect((await http.get('/api/admin/users')).status).toBe(200);
  });

  it('once over, answers only me and enrolment (HTTP and the live socket); enrolling lifts it', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'admin' });
    const http = await signedIn(admin);
    await graceBegan(admin.id, TWO_FACTOR_GRACE_DAYS + 1);

    expect(await twoFactorOf(http)).toMatchObject({ isRequired: true, isEnrolmentRequired: true });
    for (const path of ['/api/admin/users', '/api/admin/guilds', '/api/admin/system-settings', '/api/docs/json']) {
      expectEnrolmentRequired(await http.get(path), path);
    }
    expectEnrolmentRequired(await http.post(adminTwoFactorApi.regenerateRecoveryCodes.path, { code: '123456' }), 'regenerate');
    const socket = connectAdmin(ctx.server.url, http.cookieHeader());
    try {
      expect((await connectionRefusal(socket)).message).toBe(TWO_FACTOR_MESSAGES.enrolmentRequired);
    } finally {
      socket.close();
    }
    // Signing in again opens a session all the same: only to enrol.
    const again = await signedIn(admin);
    expectEnrolmentRequired(await again.get('/api/admin/users'), 'after a new sign-in');

    const setup = await http.post<{ secret: string }>(adminTwoFactorApi.setup.path, { password: admin.password });
    expect(setup.status, setup.text).toBe(200);
    const confirmed = await http.post(adminTwoFactorApi.confirm.path, { code: codeOf(setup.body.secret) });
    expect(confirmed.status, confirmed.text).toBe(200);

    expect(await twoFactorOf(http)).toEqual({
      isEnabled: true,
      methods: ['totp'],
      isRequired: true,
      graceEndsAt: null,
      isEnrolmentRequired: false,
    });
    expect((await http.get('/api/admin/users')).status).toBe(200);
    expect((await again.get('/api/admin/guilds')).status).toBe(200);
  });

  it('ends a live connection opened during the grace once the grace runs out', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'admin' });
    const http = await signedIn(admin);
    await graceBegan(admin.id, TWO_FACTOR_GRACE_DAYS - 1);
    const socket = connectAdmin(ctx.server.url, http.cookieHeader());
    try {
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      const dropped = disconnection(socket);
      await graceBegan(admin.id, TWO_FACTOR_GRACE_DAYS + 1);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      socket.close();
    }
    const again = connectAdmin(ctx.server.url, http.cookieHeader());
    try {
      expect((await connectionRefusal(again)).message).toBe(TWO_FACTOR_MESSAGES.enrolmentRequired);
    } finally {
      again.close();
    }
  });

  it('asks for enrolment at once with a grace of 0 days, and a reset by another admin gives no new grace', async () => {
    const saved = await ctx.owner.request('PUT', SETTINGS, { body: { settings: { adminTwoFactorGraceDays: 0 } } });
    expect(saved.status, saved.text).toBe(200);
    const admin = await createTestAdmin(ctx.server.app, { role: 'admin' });
    const http = await signedIn(admin);
    expectEnrolmentRequired(await http.get('/api/admin/users'), 'grace of 0 days');

    const setup = await http.post<{ secret: string }>(adminTwoFactorApi.setup.path, { password: admin.password });
    expect((await http.post(adminTwoFactorApi.confirm.path, { code: codeOf(setup.body.secret) })).status).toBe(200);
    expect((await http.get('/api/admin/users')).status).toBe(200);

    await ctx.owner.request('PUT', SETTINGS, { body: { settings: { adminTwoFactorGraceDays: null } } });
    await graceBegan(admin.id, TWO_FACTOR_GRACE_DAYS + 1);
    const reset = await ctx.owner.request('DELETE', `/api/admin/users/${admin.id}/two-factor`);
    expect(reset.status, reset.text).toBe(200);
    expectEnrolmentRequired(await (await signedIn(admin)).get('/api/admin/users'), 'after a reset');
  });

  it('leaves a generated password to be replaced first', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'admin' });
    await sql(ctx.server.app, 'UPDATE admin_users SET must_change_password = true WHERE id = $1', [admin.id]);
    await graceBegan(admin.id, TWO_FACTOR_GRACE_DAYS + 1);
    const http = await signedIn(admin);
    expect((await http.get('/api/admin/users')).body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    expect((await http.post(adminTwoFactorApi.setup.path, { password: admin.password })).body).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      error: MESSAGES.passwordChangeRequired,
    });
    const changed = await http.post(adminAuthApi.changePassword.path, {
      currentPassword: admin.password,
      newPassword: 'another Long-Password-77',
    });
    expect(changed.status, changed.text).toBe(200);
    expectEnrolmentRequired(await http.get('/api/admin/users'), 'after the password change');
  });
});

describe('the admin users list', () => {
  it('says whose two-factor sign-in is on', async () => {
    const admin = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const http = await signedIn(admin);
    const setup = await http.post<{ secret: string }>(adminTwoFactorApi.setup.path, { password: admin.password });
    await http.post(adminTwoFactorApi.confirm.path, { code: codeOf(setup.body.secret) });
    const other = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const list = await ctx.owner.get<{ data: { id: string; twoFactorEnabled: boolean }[] }>('/api/admin/users?limit=100');
    const byId = new Map(list.body.data.map((row) => [row.id, row.twoFactorEnabled]));
    expect(byId.get(admin.id)).toBe(true);
    expect(byId.get(other.id)).toBe(false);
    const one = await ctx.owner.get<{ data: { twoFactorEnabled: boolean } }>(`/api/admin/users/${admin.id}`);
    expect(one.body.data.twoFactorEnabled).toBe(true);
  });
});
