import { ADMIN_SESSION_COOKIE, HEARTBEAT_MS, MESSAGES } from '@guildhall/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, connectionRefusal, disconnection, nextEvent } from './helpers/live-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

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

/** Signs a fresh admin in and opens /admin with its cookie; `welcome` resolves with admin:welcome. */
async function signedInSocket() {
  const admin = await createTestAdmin(server.app, { role: 'viewer' });
  const http = new HttpClient(server.url);
  await http.signIn(admin.username, admin.password);
  const socket = connectAdmin(server.url, http.cookieHeader());
  const welcome = nextEvent(socket, 'admin:welcome');
  sockets.push(socket);
  return { admin, http, socket, welcome };
}

describe('the /admin live connection', () => {
  it('refuses a connection without a cookie, and with an unknown one, with the contract messages', async () => {
    const bare = connectAdmin(server.url);
    sockets.push(bare);
    expect((await connectionRefusal(bare)).message).toBe(MESSAGES.authTokenNotFound);

    const forged = connectAdmin(server.url, `${ADMIN_SESSION_COOKIE}=forged-token`);
    sockets.push(forged);
    expect((await connectionRefusal(forged)).message).toBe(MESSAGES.adminSessionExpired);
  });

  it('welcomes a signed-in admin and answers subscriptions, heartbeats and requests', async () => {
    const { admin, socket, welcome: welcomed } = await signedInSocket();
    const welcome = await welcomed;
    expect(welcome.admin).toMatchObject({ username: admin.username, role: 'viewer', isAdmin: true });
    expect(welcome.heartbeatMs).toBe(HEARTBEAT_MS);

    expect(await socket.emitWithAck('subscribe:monitoring')).toEqual({ success: true });
    expect(await socket.emitWithAck('subscribe:logs')).toEqual({ success: true });

    const current = nextEvent(socket, 'metrics:current');
    socket.emit('request:current-metrics');
    const metrics = await current;
    expect(metrics.system.cpu.usage).toBeGreaterThanOrEqual(0);
    expect(metrics.system.memory.total).toBeGreaterThan(0);
    expect(metrics.database.status).toBe('healthy');
    expect(['healthy', 'degraded', 'warning', 'critical']).toContain(metrics.overall);

    // Pushed to the monitoring room on its own.
    expect((await nextEvent(socket, 'metrics:update')).timestamp).toBeTruthy();

    const history = nextEvent(socket, 'metrics:history');
    socket.emit('request:metrics-history');
    expect((await history).length).toBeGreaterThan(0);

    const status = nextEvent(socket, 'service:status');
    socket.emit('request:service-status');
    expect(await status).toMatchObject({ success: true, postgresql: { status: 'healthy' }, redis: { status: 'healthy' } });

    const alerts = nextEvent(socket, 'alerts:recent');
    socket.emit('request:recent-alerts');
    expect(Array.isArray(await alerts)).toBe(true);

    const ack = nextEvent(socket, 'heartbeat:ack');
    socket.emit('heartbeat');
    expect((await ack).serverTime).toBeTruthy();
  });

  it('validates admin commands and answers through the acknowledgement', async () => {
    const { socket, welcome } = await signedInSocket();
    await welcome;
    const invalid = await socket.emitWithAck('admin:command', { command: 'self-destruct' } as never);
    expect(invalid).toMatchObject({ success: false });
    expect(invalid.error).toBeTruthy();
    const status = nextEvent(socket, 'service:status');
    expect(await socket.emitWithAck('admin:command', { command: 'refresh-services' })).toEqual({ success: true });
    await status;
  });

  it('delivers each alert once: alerts:new to monitoring subscribers, admin:critical to the others', async () => {
    const watcher = await signedInSocket();
    const bystander = await signedInSocket();
    await watcher.welcome;
    await bystander.welcome;
    await watcher.socket.emitWithAck('subscribe:monitoring');
    const heard: string[] = [];
    watcher.socket.on('admin:critical', () => heard.push('watcher:admin:critical'));
    bystander.socket.on('alerts:new', () => heard.push('bystander:alerts:new'));

    const toWatcher = nextEvent(watcher.socket, 'alerts:new');
    const toBystander = nextEvent(bystander.socket, 'admin:critical');
    const raised = await server.app.monitoring.alerts.raise({ severity: 'critical', type: 'test', message: 'Test alert' });
    expect(await toWatcher).toEqual(raised);
    expect(await toBystander).toEqual(raised);

    const acknowledged = nextEvent(watcher.socket, 'alerts:acknowledged');
    expect(await watcher.socket.emitWithAck('admin:command', { command: 'acknowledge-alert', alertId: raised.id })).toEqual({
      success: true,
    });
    expect(await acknowledged).toEqual({ id: raised.id });
    expect(heard).toEqual([]);
  });

  it('forces a logout when the session is ended elsewhere (a password change in another session)', async () => {
    const { admin, socket, welcome } = await signedInSocket();
    await welcome;
    const other = new HttpClient(server.url);
    await other.signIn(admin.username, admin.password);

    const event = nextEvent(socket, 'admin:event');
    const closed = disconnection(socket);
    const changed = await other.post('/api/admin/auth/change-password', {
      currentPassword: admin.password,
      newPassword: 'changed-elsewhere-Password-1',
    });
    expect(changed.status).toBe(200);
    expect(await event).toMatchObject({ type: 'admin:forced_logout', message: MESSAGES.forcedLogout });
    expect(await closed).toBe('io server disconnect');
  });

  it("closes quietly on the session's own logout", async () => {
    const { http, socket, welcome } = await signedInSocket();
    await welcome;
    const events: unknown[] = [];
    socket.on('admin:event', (payload) => events.push(payload));
    const closed = disconnection(socket);
    await http.post('/api/admin/auth/logout');
    expect(await closed).toBe('io server disconnect');
    expect(events).toEqual([]);
  });

  it('warns once, 15 minutes before the session ends', async () => {
    const { admin, socket, welcome } = await signedInSocket();
    await welcome;
    await sql(
      server.app,
      "UPDATE admin_sessions SET absolute_expires_at = now() + interval '10 minutes' WHERE admin_user_id = $1",
      [admin.id],
    );
    const warning = await nextEvent(socket, 'admin:event');
    expect(warning).toMatchObject({ type: 'admin:session_warning', message: MESSAGES.sessionWarning });
    expect(new Date(warning.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    await expect(nextEvent(socket, 'admin:event', 800)).rejects.toThrow();
  });

  it('drops the connection once the session passes the idle timeout set in System Settings', async () => {
    const { admin, socket, welcome } = await signedInSocket();
    await welcome;
    const actor = { actor: { type: 'system' as const } };
    await server.app.systemSettings.update({ adminSessionIdleHours: 1 }, actor);
    try {
      const closed = disconnection(socket);
      // Idle for 90 minutes: past the 1-hour setting, though within the 8-hour default.
      await sql(server.app, "UPDATE admin_sessions SET last_seen_at = now() - interval '90 minutes' WHERE admin_user_id = $1", [
        admin.id,
      ]);
      await closed;
    } finally {
      await server.app.systemSettings.update({ adminSessionIdleHours: null }, actor);
    }
  });

  it('notices a session revoked straight in the database on its next look', async () => {
    const { admin, socket, welcome } = await signedInSocket();
    await welcome;
    const event = nextEvent(socket, 'admin:event');
    await sql(
      server.app,
      "UPDATE admin_sessions SET revoked_at = now(), revoked_reason = 'revoked_by_admin' WHERE admin_user_id = $1",
      [admin.id],
    );
    expect(await event).toMatchObject({ type: 'admin:forced_logout' });
  });
});
