import { ADMIN_ALERTS, ADMIN_MAX_FAILED_ATTEMPTS } from '@guildhall/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, type TestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

let ctx: IsolatedApp & { owner: HttpClient };
const sockets: AdminLiveClient[] = [];

beforeAll(async () => {
  ctx = await startSignedInApp();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** A live connection of a freshly signed-in admin, once the server has welcomed it. */
async function liveAs(admin: TestAdmin): Promise<AdminLiveClient> {
  const http = new HttpClient(ctx.server.url);
  expect((await http.signIn(admin.username, admin.password)).status).toBe(200);
  const socket = connectAdmin(ctx.server.url, http.cookieHeader());
  sockets.push(socket);
  await nextEvent(socket, 'admin:welcome');
  return socket;
}

describe('admin:alert', () => {
  it('tells the admins who manage users, and only them, when an admin account is locked or made superadmin', async () => {
    const manager = await liveAs(await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['admin.manage_users'] }));
    const viewer = await liveAs(await createTestAdmin(ctx.server.app, { role: 'viewer' }));
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });

    const heard = nextEvent(manager, 'admin:event');
    const notHeard = nextEvent(viewer, 'admin:event', 1500);
    const guesser = new HttpClient(ctx.server.url);
    for (let attempt = 0; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++)
      await guesser.signIn(target.username, 'not the password');
    expect(await heard).toMatchObject({
      type: 'admin:alert',
      message: ADMIN_ALERTS.accountLocked(target.username, ADMIN_MAX_FAILED_ATTEMPTS),
    });
    await expect(notHeard).rejects.toThrow();

    const promoted = nextEvent(manager, 'admin:event');
    const username = `boss_${uniqueSuffix()}`;
    const created = await ctx.owner.post('/api/admin/users', {
      username,
      role: 'superadmin',
      password: `pw-${uniqueSuffix()}-Long-Enough`,
    });
    expect(created.status, created.text).toBe(200);
    expect(await promoted).toMatchObject({
      type: 'admin:alert',
      message: expect.stringContaining(`made ${username} a superadmin`),
    });
  });
});
