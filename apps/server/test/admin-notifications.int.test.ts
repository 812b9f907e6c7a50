import { ADMIN_ALERTS, ADMIN_MAX_FAILED_ATTEMPTS, type StoredAdminNotification } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, type TestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

// Issue 29: an account security notice (a locked admin account, a new superadmin) waits in the bell of every admin
// who manages admin users until that admin reads it, instead of vanishing on reload.

const NOTIFICATIONS = '/api/admin/notifications';

let ctx: IsolatedApp & { owner: HttpClient };

beforeAll(async () => {
  ctx = await startSignedInApp();
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

async function signedIn(admin: TestAdmin): Promise<HttpClient> {
  const client = new HttpClient(ctx.server.url);
  expect((await client.signIn(admin.username, admin.password)).status).toBe(200);
  return client;
}

async function unread(client: HttpClient): Promise<StoredAdminNotification[]> {
  const answer = await client.get<{ notifications: StoredAdminNotification[] }>(NOTIFICATIONS);
  expect(answer.status).toBe(200);
  return answer.body.notifications;
}

describe('stored account security notices', () => {
  it('keep a lock for each user manager until that one reads it; an admin who may not manage users is refused them', async () => {
    const locked = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const otherManager = await signedIn(await createTestAdmin(ctx.server.app, { role: 'admin' }));
    const viewer = await signedIn(await createTestAdmin(ctx.server.app, { role: 'viewer' }));
    const stranger = new HttpClient(ctx.server.url);
    for (let attempt = 0; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
      expect((await stranger.signIn(locked.username, 'not-the-password')).status).toBeGreaterThanOrEqual(400);
    }
    const message = ADMIN_ALERTS.accountLocked(locked.username, ADMIN_MAX_FAILED_ATTEMPTS);

    const ownersNotice = (await unread(ctx.owner)).find((notice) => notice.message === message);
    expect(ownersNotice).toBeDefined();
    expect((await unread(otherManager)).map((notice) => notice.message)).toContain(message);
    // The viewer hears no account alerts live, and may not read them stored either.
    expect((await viewer.get(NOTIFICATIONS)).status).toBe(403);
    // Nor mark a manager's notice read (the reads are the caller's own in any case).
    expect((await viewer.post(`${NOTIFICATIONS}/read`, { ids: ['7b0e1b8e-4f7e-4c1e-9a55-0a2f4f0a9c11'] })).status).toBe(403);

    // Read by the owner: gone from the owner's bell, still in the other manager's.
    const marked = await ctx.owner.post<{ marked: number }>(`${NOTIFICATIONS}/read`, { ids: [ownersNotice!.id] });
    expect(marked.body.marked).toBe(1);
    expect((await unread(ctx.owner)).map((notice) => notice.id)).not.toContain(ownersNotice!.id);
    expect((await unread(otherManager)).map((notice) => notice.id)).toContain(ownersNotice!.id);
    // Reading it again, or an id that names nothing, changes nothing.
    const again = await ctx.owner.post<{ marked: number }>(`${NOTIFICATIONS}/read`, {
      ids: [ownersNotice!.id, '7b0e1b8e-4f7e-4c1e-9a55-0a2f4f0a9c11'],
    });
    expect(again.body.marked).toBe(0);
  });

  it('keeps a new superadmin notice too, and refuses a malformed id with a clear message', async () => {
    await ctx.owner.post('/api/admin/users', {
      username: `boss_${Date.now()}`,
      password: `pw-${Date.now()}-Long-Enough`,
      role: 'superadmin',
    });
    expect((await unread(ctx.owner)).some((notice) => /superadmin/i.test(notice.message))).toBe(true);
    const bad = await ctx.owner.post<{ error: string }>(`${NOTIFICATIONS}/read`, { ids: ['not-an-id'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/valid id/);
  });

  it('answers no one signed out', async () => {
    expect((await new HttpClient(ctx.server.url).get(NOTIFICATIONS)).status).toBe(401);
  });
});
