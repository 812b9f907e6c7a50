import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_SESSION_COOKIE, MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../src/services/db/pglite-db';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-pglite-'));
  // No DATABASE_URL: the embedded database in an empty temporary data folder, which the first start fills (the cluster,
  // every migration, the demo set).
  environment = await createTestEnvironment({ GUILDHALL_DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' }, { database: 'empty' });
  server = await startTestApp(environment.env);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the same sign-in flow on embedded PGlite', () => {
  it('runs on PGlite, seeded', async () => {
    expect(server.app.services.db.kind).toBe('pglite');
    const [counts] = await sql<{ guilds: number }>(server.app, 'SELECT count(*)::int AS guilds FROM guilds');
    expect(counts!.guilds).toBeGreaterThanOrEqual(60);
  });

  it('signs in, answers /me and the dashboard, connects live, changes the password and signs out', async () => {
    const client = new HttpClient(server.url);
    expect((await client.signIn(OWNER.username, 'wrong')).body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', failedAttempts: 1 });
    const login = await client.signIn(OWNER.username, OWNER.password);
    expect(login.status).toBe(200);
    expect((await client.get('/api/admin/auth/me')).body).toMatchObject({ success: true, admin: { username: OWNER.username } });
    expect((await client.get('/api/admin/guild-stats')).body.total).toBe(64);
    expect((await client.get('/api/monitoring/health-overview')).body).toMatchObject({ postgresql: { status: 'healthy' } });

    const socket = connectAdmin(server.url, client.cookieHeader());
    try {
      expect((await nextEvent(socket, 'admin:welcome')).admin.username).toBe(OWNER.username);
    } finally {
      socket.disconnect();
    }

    const newPassword = 'pglite-New-Password-1';
    const changed = await client.post('/api/admin/auth/change-password', { currentPassword: OWNER.password, newPassword });
    expect(changed.body).toMatchObject({ success: true, message: MESSAGES.passwordChanged });
    const token = client.sessionToken!;
    expect((await client.post('/api/admin/auth/logout')).status).toBe(200);
    client.cookies.set(ADMIN_SESSION_COOKIE, token);
    expect((await client.get('/api/admin/auth/me')).body.code).toBe('INVALID_SESSION');
    expect((await new HttpClient(server.url).signIn(OWNER.username, newPassword)).status).toBe(200);
  });

  it('keeps a second process out of the data folder while the server owns it', async () => {
    await expect(createPgliteDb(dataDir)).rejects.toThrow(/in use by process/);
  });
});
