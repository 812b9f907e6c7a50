import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { adminAuthApi, MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEEDED_AT_KEY } from '../src/seed/seed-demo-data';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestEnvironment } from './helpers/test-app';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

let environment: TestEnvironment;

beforeAll(async () => {
  // Empty: the first start itself creates the schema.
  environment = await createTestEnvironment({ SEED_DEMO_DATA: 'true' }, { database: 'empty' });
});

afterAll(async () => {
  await environment?.dispose();
});

/** Runs the CLI from source with the test file's settings. */
function runCli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...environment.env },
    encoding: 'utf8',
  });
}

describe('first run', () => {
  it('creates the schema, seeds the demo set once and the first admin; a second start changes nothing', async () => {
    const first = await startTestApp(environment.env);
    const counts = async () =>
      (
        await sql<{ guilds: number; members: number; users: number; admins: number }>(
          first.app,
          `SELECT (SELECT count(*)::int FROM guilds) AS guilds, (SELECT count(*)::int FROM discord_members) AS members,
                  (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM admin_users) AS admins`,
        )
      )[0]!;
    const seeded = await counts();
    expect(seeded.guilds).toBeGreaterThanOrEqual(60);
    expect(seeded.members).toBeGreaterThan(seeded.guilds);
    expect(seeded.admins).toBe(1);
    const regions = await sql<{ region: string; active: boolean }>(
      first.app,
      'SELECT DISTINCT region, is_active AS active FROM guilds',
    );
    expect(new Set(regions.map((r) => r.region))).toEqual(new Set(['US', 'EU', 'KR', 'CN']));
    expect(new Set(regions.map((r) => r.active))).toEqual(new Set([true, false]));
    expect(await sql(first.app, 'SELECT 1 FROM app_meta WHERE key = $1', [SEEDED_AT_KEY])).toHaveLength(1);
    expect((await new HttpClient(first.url).get('/readyz')).body).toMatchObject({ status: 'ready' });
    await first.close();

    const second = await startTestApp(environment.env);
    try {
      const [again] = await sql<{ guilds: number; admins: number }>(
        second.app,
        'SELECT (SELECT count(*)::int FROM guilds) AS guilds, (SELECT count(*)::int FROM admin_users) AS admins',
      );
      expect(again).toEqual({ guilds: seeded.guilds, admins: 1 });
      const client = new HttpClient(second.url);
      expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('create-admin makes an admin holding only the given permission, and updates it on a second run', async () => {
    const created = runCli(['create-admin', '--username', 'monitor', '--password', 'monitor-Password-1', '--role', 'viewer']);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('created admin "monitor"');

    const refused = runCli(['create-admin', '--username', 'x', '--password', 'long-enough-pass', '--role', 'wizard']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('role');

    const updated = runCli([
      'create-admin',
      '--username',
      'monitor',
      '--password',
      'monitor-Password-2',
      '--role',
      'viewer',
      '--permissions',
      'settings.view',
    ]);
    expect(updated.stdout).toContain('updated admin "monitor"');

    const server = await startTestApp(environment.env);
    try {
      const client = new HttpClient(server.url);
      expect((await client.signIn('monitor', 'monitor-Password-1')).status).toBe(401);
      const login = await client.signIn('monitor', 'monitor-Password-2');
      expect(login.body.admin).toMatchObject({ role: 'viewer', permissions: ['admin.system_monitoring', 'settings.view'] });
    } finally {
      await server.close();
    }
  });

  it('seeds nothing when SEED_DEMO_DATA=false', async () => {
    const empty = await createTestEnvironment({ SEED_DEMO_DATA: 'false' });
    const server = await startTestApp(empty.env);
    try {
      expect(await sql(server.app, 'SELECT 1 FROM guilds')).toHaveLength(0);
      expect(await sql(server.app, 'SELECT 1 FROM admin_users')).toHaveLength(1);
    } finally {
      await server.close();
      await empty.dispose();
    }
  });

  it('prints a generated first password on the console only, never in a log, and makes it be changed first', async () => {
    const generated = await createTestEnvironment({ ADMIN_PASSWORD: '', LOG_LEVEL: 'info' });
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    let server: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      server = await startTestApp(generated.env);
    } finally {
      write.mockRestore();
    }
    try {
      const password = /password: (\S+)/.exec(printed.join(''))?.[1];
      expect(password, printed.join('')).toBeDefined();

      // The log files and the live tail say the admin was made, and never hold the password.
      const files = await server.app.logHub.files();
      const logged = `${(await Promise.all(files.map((file) => readFile(file.path, 'utf8')))).join('\n')}\n${JSON.stringify(server.app.logHub.recent({}, 1000))}`;
      expect(logged).toContain('first admin created');
      expect(logged).not.toContain(password!);

      // Signed in with it, the admin may read who they are and change the password, and nothing else.
      const admin = new HttpClient(server.url);
      const login = await admin.signIn(OWNER.username, password!);
      expect(login.status).toBe(200);
      expect(login.body.admin).toMatchObject({ mustChangePassword: true });
      expect((await admin.get(adminAuthApi.me.path)).status).toBe(200);
      for (const path of ['/api/admin/guilds', '/api/admin/users', '/api/admin/logs/files', '/api/docs/json']) {
        const refused = await admin.get(path);
        expect(refused.status, path).toBe(403);
        expect(refused.body, path).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', error: MESSAGES.passwordChangeRequired });
      }
      const changed = await admin.post(adminAuthApi.changePassword.path, {
        currentPassword: password,
        newPassword: 'a brand new Password-42',
      });
      expect(changed.status, changed.text).toBe(200);
      expect((await admin.get(adminAuthApi.me.path)).body.admin).toMatchObject({ mustChangePassword: false });
      expect((await admin.get('/api/admin/guilds')).status).toBe(200);
      const [row] = await sql<{ must_change_password: boolean }>(
        server.app,
        'SELECT must_change_password FROM admin_users WHERE username = $1',
        [OWNER.username],
      );
      expect(row).toEqual({ must_change_password: false });
    } finally {
      await server.close();
      await generated.dispose();
    }
  });

  it('asks no change of a first admin whose password came from ADMIN_PASSWORD', async () => {
    const server = await startTestApp(environment.env);
    try {
      const admin = new HttpClient(server.url);
      const login = await admin.signIn(OWNER.username, OWNER.password);
      expect(login.body.admin).toMatchObject({ mustChangePassword: false });
      expect((await admin.get('/api/admin/guilds')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
