import {
  MESSAGES,
  SYSTEM_SETTING_MESSAGES,
  SYSTEM_SETTINGS,
  SYSTEM_SETTINGS_CACHE_MS,
  type SystemSettingState,
  systemSettingError,
} from '@guildhall/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Db } from '../src/services/db/db';
import { createSystemSettings } from '../src/services/system-settings';
import { newAccount } from './helpers/community';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, startTestApp, stopTestApp, type TestApp } from './helpers/test-app';

/**
 * System settings (issue 15): environment > database > default, validated, audited, and in force without a
 * restart, in this process at once and in another one sharing the database within SYSTEM_SETTINGS_CACHE_MS.
 */

const URL_PATH = '/api/admin/system-settings';
/** Set on this file's servers: the setting is fixed by the environment and read-only. */
const ENV_REGISTER_LIMIT = 50;

let ctx: IsolatedApp & { owner: HttpClient };
/** A second process on the same database and Redis prefix. */
let other: TestApp;

beforeAll(async () => {
  ctx = await startSignedInApp({ REGISTER_RATE_LIMIT: String(ENV_REGISTER_LIMIT), REQUIRE_EMAIL_VERIFICATION: 'false' });
  other = await startTestApp(ctx.environment.env);
});

afterAll(async () => {
  await other?.close();
  await stopTestApp(ctx?.server, ctx?.environment);
});

const put = (client: HttpClient, settings: Record<string, unknown>) =>
  client.request<{ settings: SystemSettingState[]; fields?: Record<string, string>; error?: string; message?: string }>(
    'PUT',
    URL_PATH,
    { body: { settings } },
  );

async function states(client = ctx.owner): Promise<Record<string, SystemSettingState>> {
  const answer = await client.get<{ settings: SystemSettingState[] }>(URL_PATH);
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.body.settings.map((s) => [s.key, s]));
}

const register = (client: HttpClient) => client.post('/auth/register', newAccount());

describe('reading the settings', () => {
  it('lists every setting in catalog order with its value, default and source', async () => {
    const answer = await ctx.owner.get<{ settings: SystemSettingState[] }>(URL_PATH);
    expect(answer.status).toBe(200);
    expect(answer.body.settings.map((s) => s.key)).toEqual(SYSTEM_SETTINGS.map((s) => s.key));
    const byKey = await states();
    expect(byKey.registerRateLimit).toMatchObject({
      value: ENV_REGISTER_LIMIT,
      source: 'environment',
      envVar: 'REGISTER_RATE_LIMIT',
    });
    expect(byKey.requireEmailVerification).toMatchObject({ value: false, source: 'environment' });
    expect(byKey.registrationOpen).toMatchObject({ value: true, defaultValue: true, source: 'default', updatedBy: null });
    expect(byKey.maintenanceBannerEnabled).toMatchObject({ value: false, source: 'default', envVar: null });
  });

  it('needs a signed-in admin; the platform status is public', async () => {
    const stranger = new HttpClient(ctx.server.url);
    expect((await stranger.get(URL_PATH)).status).toBe(401);
    const status = await stranger.get('/api/platform/status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ success: true, registrationOpen: true, maintenanceBanner: null });
  });
});

describe('changing them', () => {
  it('refuses a setting the environment fixes, naming the variable', async () => {
    const answer = await put(ctx.owner, { registerRateLimit: 20 });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ registerRateLimit: SYSTEM_SETTING_MESSAGES.fromEnvironment('REGISTER_RATE_LIMIT') });
    expect((await states()).registerRateLimit).toMatchObject({ value: ENV_REGISTER_LIMIT, source: 'environment' });
  });

  it('refuses values out of bounds with a message per field, and saves none of the batch', async () => {
    const answer = await put(ctx.owner, {
      adminLoginRateLimit: 1,
      maintenanceBannerText: 'x'.repeat(301),
      registrationOpen: 'yes',
      noSuchSetting: 1,
      maintenanceBannerEnabled: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      adminLoginRateLimit: systemSettingError('adminLoginRateLimit', 1),
      maintenanceBannerText: systemSettingError('maintenanceBannerText', 'x'.repeat(301)),
      registrationOpen: systemSettingError('registrationOpen', 'yes'),
      noSuchSetting: SYSTEM_SETTING_MESSAGES.unknown,
    });
    expect(answer.body.fields?.adminLoginRateLimit).toMatch(/3/);
    expect((await states()).maintenanceBannerEnabled?.source).toBe('default');
  });

  it('refuses an idle timeout longer than the longest life', async () => {
    const answer = await put(ctx.owner, { adminSessionIdleHours: 12, adminSessionAbsoluteHours: 10 });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ adminSessionIdleHours: SYSTEM_SETTING_MESSAGES.idleBeyondAbsolute });
  });

  it('saves a change from the database, audited with before and after; null goes back to the default', async () => {
    const text = 'Upgrade tonight at 22:00 UTC';
    const saved = await put(ctx.owner, { maintenanceBannerEnabled: true, maintenanceBannerText: text });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(SYSTEM_SETTING_MESSAGES.saved);
    const byKey = Object.fromEntries(saved.body.settings.map((s) => [s.key, s]));
    expect(byKey.maintenanceBannerText).toMatchObject({ value: text, source: 'database', updatedBy: 'owner' });
    expect(byKey.maintenanceBannerEnabled).toMatchObject({ value: true, source: 'database' });

    const status = await new HttpClient(ctx.server.url).get('/api/platform/status');
    expect(status.body).toMatchObject({ maintenanceBanner: text });

    const [audit] = await sql<{ actor_name: string; details: { changes: Record<string, unknown> } }>(
      ctx.server.app,
      "SELECT actor_name, details FROM audit_log WHERE action = 'system_settings.updated' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.actor_name).toBe('owner');
    expect(audit?.details.changes).toEqual({
      maintenanceBannerEnabled: { before: false, after: true },
      maintenanceBannerText: { before: SYSTEM_SETTINGS.find((s) => s.key === 'maintenanceBannerText')!.default, after: text },
    });

    const reset = await put(ctx.owner, { maintenanceBannerEnabled: null, maintenanceBannerText: null });
    expect(reset.status).toBe(200);
    expect((await states()).maintenanceBannerEnabled).toMatchObject({ value: false, source: 'default' });
    expect(await sql(ctx.server.app, 'SELECT key FROM system_settings')).toEqual([]);
    expect((await new HttpClient(ctx.server.url).get('/api/platform/status')).body).toMatchObject({ maintenanceBanner: null });
  });

  it('lets a settings.view admin read but not change them', async () => {
    const viewer = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['settings.view'] });
    const client = new HttpClient(ctx.server.url);
    expect((await client.signIn(viewer.username, viewer.password)).status).toBe(200);
    expect((await client.get(URL_PATH)).status).toBe(200);
    const refused = await put(client, { registrationOpen: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.accessDeniedBody);
    expect((await states()).registrationOpen?.source).toBe('default');
  });
});

describe('in force without a restart', () => {
  it('closing registration refuses sign-ups here at once and in the other process within the cache time', async () => {
    // The other process read the settings (open) before the change, so it holds a copy.
    expect((await new HttpClient(other.url).get('/api/platform/status')).body).toMatchObject({ registrationOpen: true });
    expect((await put(ctx.owner, { registrationOpen: false })).status).toBe(200);

    const refused = await register(new HttpClient(ctx.server.url));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: SYSTEM_SETTING_MESSAGES.registrationClosed });
    expect((await new HttpClient(ctx.server.url).get('/api/platform/status')).body).toMatchObject({ registrationOpen: false });

    // A sign-up that starts once the other process's copy is past the cache time is refused, however long the
    // sign-ups before it took (hashing a password is slow on a busy machine).
    const changedAt = Date.now();
    let elsewhere: Awaited<ReturnType<typeof register>>;
    for (;;) {
      const startedAt = Date.now();
      elsewhere = await register(new HttpClient(other.url));
      if (elsewhere.status === 403 || startedAt - changedAt > SYSTEM_SETTINGS_CACHE_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({ error: SYSTEM_SETTING_MESSAGES.registrationClosed });

    expect((await put(ctx.owner, { registrationOpen: true })).status).toBe(200);
    const welcomed = await register(new HttpClient(ctx.server.url));
    expect(welcomed.status).toBe(200);
    expect(welcomed.body).toMatchObject({ success: true });
  });

  it('new admin sessions get the saved lengths, and the idle check follows the setting', async () => {
    expect((await put(ctx.owner, { adminSessionIdleHours: 1, adminSessionAbsoluteHours: 2 })).status).toBe(200);
    try {
      const admin = await createTestAdmin(ctx.server.app);
      const client = new HttpClient(ctx.server.url);
      const signedIn = await client.signIn(admin.username, admin.password);
      expect(signedIn.status).toBe(200);
      const session = (signedIn.body as { session: { idleTimeoutMs: number; absoluteExpiresAt: string } }).session;
      expect(session.idleTimeoutMs).toBe(60 * 60 * 1000);
      const lifeMs = new Date(session.absoluteExpiresAt).getTime() - Date.now();
      expect(lifeMs).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
      expect(lifeMs).toBeLessThanOrEqual(2 * 60 * 60 * 1000);

      // Idle for 90 minutes: past the 1-hour setting, though within the 8-hour default.
      await sql(
        ctx.server.app,
        "UPDATE admin_sessions SET last_seen_at = now() - interval '90 minutes' WHERE admin_user_id = $1",
        [admin.id],
      );
      // Admin Users counts and lists open sessions by the same setting (the owner's own stays open).
      const sessions = await ctx.owner.get(`/api/admin/users/${admin.id}/sessions`);
      expect(sessions.status).toBe(200);
      expect((sessions.body as { data: unknown[] }).data).toEqual([]);
      const listed = await ctx.owner.get(`/api/admin/users/${admin.id}`);
      expect((listed.body as { data: { activeSessions: number } }).data.activeSessions).toBe(0);

      const expired = await client.get('/api/admin/auth/me');
      expect(expired.status).toBe(401);
      expect(expired.body).toMatchObject({ error: MESSAGES.adminSessionExpired });
    } finally {
      await put(ctx.owner, { adminSessionIdleHours: null, adminSessionAbsoluteHours: null });
    }
  });

  it('a lower admin sign-in limit applies to the next attempt', async () => {
    expect((await put(ctx.owner, { adminLoginRateLimit: 3 })).status).toBe(200);
    try {
      const client = new HttpClient(ctx.server.url);
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(await client.signIn('nobody-here', 'wrong-password', { localAddress: '127.0.0.9' }));
      }
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    } finally {
      await put(ctx.owner, { adminLoginRateLimit: null });
    }
  });
});

describe('an unreadable database', () => {
  it('answers the defaults and the environment, and logs a warning', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const broken = {
      query: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    } as unknown as Db;
    const settings = createSystemSettings({ db: broken, config: loadConfig({ REGISTRATION_OPEN: 'false' }), log });
    const values = await settings.current();
    expect(values).toMatchObject({ registrationOpen: false, requireEmailVerification: true, maintenanceBannerEnabled: false });
    expect(warnings.join('')).toMatch(/System settings could not be read/);
  });
});
