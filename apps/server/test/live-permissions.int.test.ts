import { MESSAGES, type Role, TEXT_RULE_MESSAGES } from '@guildhall/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

/**
 * Issue 25: any admin could subscribe to `monitoring` and `logs` on /admin and run `refresh-services`, although the
 * same data over HTTP is a 403 for them. The socket now asks what HTTP asks; a refusal carries the 403's message and
 * no data. (The sweep over every event, role and permission is in authorisation-matrix.int.test.ts.)
 */

let environment: TestEnvironment;
let server: TestApp;
const sockets: AdminLiveClient[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment();
  server = await startTestApp(environment.env, (config) => {
    config.live.metricsPushMs = 200;
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

/** A signed-in socket of a fresh admin of this role, once welcomed. */
async function socketOf(role: Role, permissions: string[] = []) {
  const admin = await createTestAdmin(server.app, { role, permissions: permissions as never[] });
  const http = new HttpClient(server.url);
  await http.signIn(admin.username, admin.password);
  const socket = connectAdmin(server.url, http.cookieHeader());
  sockets.push(socket);
  await nextEvent(socket, 'admin:welcome');
  return { socket, http, admin };
}

const refused = { success: false, error: MESSAGES.accessDeniedBody };

/** True when the event arrives within the time, false when it does not. */
const arrives = (socket: AdminLiveClient, event: 'metrics:update' | 'service:status' | 'alerts:recent', ms: number) =>
  nextEvent(socket, event, ms).then(
    () => true,
    () => false,
  );

describe('/admin events ask what the HTTP routes serving the same data ask', () => {
  it('refuses monitoring, logs and refresh-services to an admin who gets 403 for them over HTTP (support)', async () => {
    const { socket, http } = await socketOf('support');
    // The same data over HTTP.
    expect((await http.get('/api/admin/metrics/alerts')).status).toBe(403);
    expect((await http.get('/api/admin/metrics/services')).status).toBe(403);
    expect((await http.get('/api/admin/logs/files')).status).toBe(403);

    expect(await socket.emitWithAck('subscribe:monitoring')).toEqual(refused);
    expect(await socket.emitWithAck('subscribe:logs')).toEqual(refused);
    const statusPushed = arrives(socket, 'service:status', 1500);
    expect(await socket.emitWithAck('admin:command', { command: 'refresh-services' })).toEqual(refused);
    expect(await socket.emitWithAck('admin:command', { command: 'acknowledge-alert', alertId: crypto.randomUUID() })).toEqual(
      refused,
    );
    expect(await statusPushed).toBe(false);
    // Not in the monitoring room: no metrics pushed to it.
    expect(await arrives(socket, 'metrics:update', 1000)).toBe(false);
    // A queried history is the monitoring screens' (GET /api/admin/metrics/history).
    expect(await socket.emitWithAck('request:metrics-history', { type: 'system', duration: '1h' })).toEqual(refused);
    // What the support role may read is still answered: the accounts topic.
    expect(await socket.emitWithAck('subscribe:accounts')).toEqual({ success: true });
  });

  it('answers an event without an acknowledgement with admin:refused and no data', async () => {
    const { socket } = await socketOf('support');
    const refusal = nextEvent(socket, 'admin:refused');
    const alerts = arrives(socket, 'alerts:recent', 1500);
    socket.emit('request:recent-alerts');
    expect(await refusal).toEqual({ event: 'request:recent-alerts', error: MESSAGES.accessDeniedBody });
    expect(await alerts).toBe(false);

    const commandRefusal = nextEvent(socket, 'admin:refused');
    socket.emit('admin:command', { command: 'refresh-services' });
    expect(await commandRefusal).toEqual({ event: 'admin:command', error: MESSAGES.accessDeniedBody });
  });

  it("keeps the dashboard's own figures open to every admin, as GET /api/backend-performance/system is", async () => {
    const { socket, http } = await socketOf('support');
    expect((await http.get('/api/backend-performance/system')).status).toBe(200);
    const current = nextEvent(socket, 'metrics:current');
    socket.emit('request:current-metrics');
    expect((await current).system.memory.total).toBeGreaterThan(0);
    const status = nextEvent(socket, 'service:status');
    socket.emit('request:service-status');
    expect(await status).toMatchObject({ success: true });
  });

  it('lets an admin who may read monitoring over HTTP do all of it (viewer, admin.system_monitoring)', async () => {
    const { socket, http } = await socketOf('viewer');
    expect((await http.get('/api/admin/metrics/alerts')).status).toBe(200);
    expect(await socket.emitWithAck('subscribe:monitoring')).toEqual({ success: true });
    expect(await socket.emitWithAck('subscribe:logs')).toEqual({ success: true });
    expect(await arrives(socket, 'metrics:update', 3000)).toBe(true);
    expect(await socket.emitWithAck('admin:command', { command: 'refresh-services' })).toEqual({ success: true });
    const alerts = nextEvent(socket, 'alerts:recent');
    socket.emit('request:recent-alerts');
    expect(Array.isArray(await alerts)).toBe(true);
    // But not player accounts, which it may not read over HTTP either.
    expect((await http.get('/api/admin/players')).status).toBe(403);
    expect(await socket.emitWithAck('subscribe:accounts')).toEqual(refused);
  });

  it('refuses a member-sync watch without access to Character Discovery, before reading the payload', async () => {
    const { socket } = await socketOf('viewer');
    expect(await socket.emitWithAck('subscribe:member-sync', { guildId: crypto.randomUUID() })).toEqual(refused);
    const { socket: operator } = await socketOf('operator');
    expect(await operator.emitWithAck('subscribe:member-sync', { guildId: crypto.randomUUID() })).toEqual({ success: true });
  });

  it('takes a demoted admin out of the rooms the new role no longer allows, without a reconnect', async () => {
    const { socket, admin } = await socketOf('viewer');
    expect(await socket.emitWithAck('subscribe:monitoring')).toEqual({ success: true });
    expect(await arrives(socket, 'metrics:update', 3000)).toBe(true);

    await sql(server.app, 'UPDATE admin_users SET role = $2 WHERE id = $1', [admin.id, 'support']);
    // The session watch reads the admin again every 200 ms here; past that, no more monitoring pushes arrive.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await arrives(socket, 'metrics:update', 1500)).toBe(false);
    expect(await socket.emitWithAck('subscribe:monitoring')).toEqual(refused);
    expect(socket.connected).toBe(true);
  });
});

describe('/admin event payloads meet the text rules HTTP bodies meet', () => {
  it('refuses a NUL, an unpaired surrogate or a payload nested past the bound, naming the field, and runs nothing', async () => {
    const { socket } = await socketOf('superadmin');
    expect(await socket.emitWithAck('admin:command', { command: 'acknowledge-alert', alertId: 'a\u0000b' })).toEqual({
      success: false,
      error: TEXT_RULE_MESSAGES.nulCharacter('alertId'),
    });
    expect(await socket.emitWithAck('subscribe:member-sync', { guildId: '\ud800' } as never)).toEqual({
      success: false,
      error: TEXT_RULE_MESSAGES.loneSurrogate('guildId'),
    });
    let deep: unknown = 'x';
    for (let level = 0; level < 200; level++) deep = { deep };
    const nested = await socket.emitWithAck('request:metrics-history', deep as never);
    expect(nested).toMatchObject({ success: false, error: expect.stringContaining('levels') });
    // Without an acknowledgement, admin:refused says which event and why.
    const refusal = nextEvent(socket, 'admin:refused');
    socket.emit('admin:command', { command: 'acknowledge-alert', alertId: '\u0000' });
    expect(await refusal).toEqual({ event: 'admin:command', error: TEXT_RULE_MESSAGES.nulCharacter('alertId') });
    expect(socket.connected).toBe(true);
  });
});
