import { type AdminSessionRow, MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, disconnection, nextEvent } from './helpers/live-client';
import { ServerProcess } from './helpers/server-process';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

/**
 * An admin ends another admin's session on one server (A, in this test process) while that admin's browser holds
 * its /admin socket on another server process (B, its own OS process); both share PostgreSQL and Redis, as behind
 * a load balancer. The forced logout can only reach B through the Socket.IO Redis adapter: B's own session watch
 * looks every 30 s.
 */

/** Time for the socket's first session look (on connect) to finish, so a later ending is the adapter's doing. */
const FIRST_LOOK_MS = 300;

let environment: TestEnvironment | undefined;
let a: TestApp | undefined;
let b: ServerProcess | undefined;
let owner: HttpClient;
const sockets: AdminLiveClient[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment({ LOG_LEVEL: 'info', INFLUX_URL: '', HOST: '127.0.0.1', PORT: '0' });
  // A first: it migrates and creates the owner; B then starts on the ready database.
  a = await startTestApp({ ...environment.env, LOG_LEVEL: 'silent' });
  b = new ServerProcess('B', environment.env);
  await b.waitUntilReady(40_000);
  owner = new HttpClient(a.url);
  expect((await owner.signIn(OWNER.username, OWNER.password)).status).toBe(200);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await b?.stop();
  await stopTestApp(a, environment);
});

/** A viewer signed in on B with a live /admin socket there. */
async function liveOnB() {
  const admin = await createTestAdmin(a!.app, { role: 'viewer' });
  const browser = new HttpClient(b!.url);
  expect((await browser.signIn(admin.username, admin.password)).status).toBe(200);
  const socket = connectAdmin(b!.url, browser.cookieHeader());
  sockets.push(socket);
  await nextEvent(socket, 'admin:welcome');
  await new Promise((resolve) => setTimeout(resolve, FIRST_LOOK_MS));
  return { admin, browser, socket };
}

describe('ending an admin session from another server process', () => {
  it('End session on A: the socket on B gets admin:forced_logout at once and the cookie stops working on both', async () => {
    const { admin, browser, socket } = await liveOnB();
    const event = nextEvent(socket, 'admin:event');
    const closed = disconnection(socket);

    const sessions = await owner.get<{ data: AdminSessionRow[] }>(`/api/admin/users/${admin.id}/sessions`);
    expect(sessions.body.data).toHaveLength(1);
    const ended = await owner.request('DELETE', `/api/admin/users/${admin.id}/sessions/${sessions.body.data[0]!.id}`);
    expect(ended.status).toBe(200);

    expect(await event).toMatchObject({ type: 'admin:forced_logout', message: MESSAGES.forcedLogout });
    expect(await closed).toBe('io server disconnect');
    expect((await browser.get('/api/admin/auth/me')).status).toBe(401);
    const onA = new HttpClient(a!.url);
    for (const [name, value] of browser.cookies) onA.cookies.set(name, value);
    expect((await onA.get('/api/admin/auth/me')).status).toBe(401);
  });

  it('disabling the admin on A logs out its socket on B the same way', async () => {
    const { admin, socket } = await liveOnB();
    const event = nextEvent(socket, 'admin:event');
    expect((await owner.request('PUT', `/api/admin/users/${admin.id}`, { body: { isActive: false } })).status).toBe(200);
    expect(await event).toMatchObject({ type: 'admin:forced_logout' });
  });
});
