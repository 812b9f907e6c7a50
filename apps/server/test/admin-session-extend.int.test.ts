import { ADMIN_SESSION_IDLE_MS, ADMIN_SESSION_WARNING_MS, MESSAGES } from '@guildhall/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const EXTEND = '/api/admin/auth/extend';

let environment: TestEnvironment;
let server: TestApp;
const sockets: AdminLiveClient[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment();
  // The socket's session watch looks every 200 ms instead of every 30 s.
  server = await startTestApp(environment.env, (config) => {
    config.live.sessionCheckMs = 200;
  });
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
});

type Extended = { session: { expiresAt: string; absoluteExpiresAt: string }; expiresAt: string };

async function signedIn() {
  const admin = await createTestAdmin(server.app, { role: 'viewer' });
  const http = new HttpClient(server.url);
  await http.signIn(admin.username, admin.password);
  return { admin, http };
}

/** Moves the admin's session so that its idle window ends `minutes` from now. */
async function idleEndsIn(adminId: string, minutes: number) {
  await sql(server.app, 'UPDATE admin_sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE admin_user_id = $1', [
    adminId,
    (ADMIN_SESSION_IDLE_MS - minutes * 60_000) / 1000,
  ]);
}

describe('staying signed in', () => {
  it('slides the idle window now, even when the session was touched within the last minute', async () => {
    const { admin, http } = await signedIn();
    // Seen 30 s ago: the guard's once-a-minute touch leaves it alone, the extend does not.
    await sql(server.app, "UPDATE admin_sessions SET last_seen_at = now() - interval '30 seconds' WHERE admin_user_id = $1", [
      admin.id,
    ]);
    const before = Date.now();
    const extended = await http.post<Extended>(EXTEND);
    expect(extended.status).toBe(200);
    expect(new Date(extended.body.expiresAt).getTime()).toBeGreaterThanOrEqual(before + ADMIN_SESSION_IDLE_MS - 1000);
    expect(extended.body.session.expiresAt).toBe(extended.body.expiresAt);
    const [row] = await sql<{ age: number }>(
      server.app,
      'SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM admin_sessions WHERE admin_user_id = $1',
      [admin.id],
    );
    expect(row!.age).toBeLessThan(5);
    const me = await http.get<Extended>('/api/admin/auth/me');
    expect(me.body.session.expiresAt).toBe(extended.body.expiresAt);
  });

  it('never goes past the absolute limit', async () => {
    const { admin, http } = await signedIn();
    await sql(
      server.app,
      "UPDATE admin_sessions SET absolute_expires_at = now() + interval '10 minutes' WHERE admin_user_id = $1",
      [admin.id],
    );
    const extended = await http.post<Extended>(EXTEND);
    expect(extended.status).toBe(200);
    expect(extended.body.expiresAt).toBe(extended.body.session.absoluteExpiresAt);
    expect(new Date(extended.body.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it('needs a signed-in admin', async () => {
    expect((await new HttpClient(server.url).post(EXTEND)).status).toBe(401);
  });

  it('warns 15 minutes before the idle end, goes quiet after an extend, and warns again for the new end', async () => {
    const { admin, http } = await signedIn();
    const socket = connectAdmin(server.url, http.cookieHeader());
    sockets.push(socket);
    await nextEvent(socket, 'admin:welcome');

    await idleEndsIn(admin.id, 10);
    const first = await nextEvent(socket, 'admin:event');
    expect(first).toMatchObject({ type: 'admin:session_warning', message: MESSAGES.sessionWarning });
    const firstEnd = new Date(first.expiresAt!).getTime();
    expect(firstEnd - Date.now()).toBeLessThanOrEqual(ADMIN_SESSION_WARNING_MS);

    const extended = await http.post<Extended>(EXTEND);
    expect(new Date(extended.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(ADMIN_SESSION_WARNING_MS);
    await expect(nextEvent(socket, 'admin:event', 800)).rejects.toThrow();

    await idleEndsIn(admin.id, 5);
    const second = await nextEvent(socket, 'admin:event');
    expect(second).toMatchObject({ type: 'admin:session_warning' });
    expect(new Date(second.expiresAt!).getTime()).toBeLessThan(firstEnd);
  });
});
