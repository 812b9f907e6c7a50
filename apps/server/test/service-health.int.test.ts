import { serviceUnavailable } from '@guildhall/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordFake } from './fakes/discord-fake';
import { HttpClient } from './helpers/http-client';
import { TcpProxy } from './helpers/tcp-proxy';
import { createTestEnvironment, OWNER, startSignedInApp, startTestApp, stopTestApp, type TestApp } from './helpers/test-app';

let cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start(overrides: Record<string, string>): Promise<{ server: TestApp; client: HttpClient }> {
  const { environment, server, owner } = await startSignedInApp(overrides);
  cleanups.push(() => stopTestApp(server, environment));
  return { server, client: owner };
}

/** An app that reaches PostgreSQL through the proxy, so the test can cut the database off and bring it back. */
async function startBehind(proxy: TcpProxy): Promise<{ server: TestApp; client: HttpClient }> {
  const environment = await createTestEnvironment();
  const databaseUrl = new URL(environment.databaseUrl!);
  databaseUrl.port = String(proxy.port);
  const server = await startTestApp({ ...environment.env, DATABASE_URL: databaseUrl.toString() });
  cleanups.push(() => stopTestApp(server, environment));
  return { server, client: new HttpClient(server.url) };
}

type Overview = Record<string, { status: string; message: string | null }>;

describe('service health', () => {
  it('reports a Redis on a closed port as down, quickly, while sign-in and the rest keep working', async () => {
    const started = performance.now();
    const { server, client } = await start({ REDIS_URL: 'redis://127.0.0.1:1', HEALTH_CHECK_INTERVAL_MS: '60000' });
    const refreshedAt = performance.now();
    const overview = (await server.app.monitoring.health.refresh()) as unknown as Overview;
    expect(performance.now() - refreshedAt).toBeLessThan(1500);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(overview.redis).toMatchObject({ status: 'down' });
    expect(overview.postgresql).toMatchObject({ status: 'healthy' });

    const answer = await client.get<Overview>('/api/monitoring/health-overview');
    expect(answer.status).toBe(200);
    expect(answer.body.redis!.status).toBe('down');
    expect(answer.body.overall).not.toBe('healthy');
    // A down Redis raised an alert for the live connection (its rule fires as the status change is evaluated).
    await expect
      .poll(async () => (await server.app.monitoring.alerts.recent()).some((alert) => alert.type === 'service_down'))
      .toBe(true);
  });

  it('reports InfluxDB on a closed port as down', async () => {
    const { client } = await start({ INFLUX_URL: 'http://127.0.0.1:1' });
    const answer = await client.get<Overview>('/api/monitoring/health-overview');
    // The tile reads as a sentence, never undici's "fetch failed".
    expect(answer.body.influxdb).toMatchObject({ status: 'down', message: 'InfluxDB is not reachable at http://127.0.0.1:1' });
  });

  it('checks Discord with the bot token when one is configured', async () => {
    const discord = await new DiscordFake().start();
    cleanups.push(() => discord.stop());
    const { client } = await start({ DISCORD_BOT_TOKEN: discord.botToken, DISCORD_API_BASE: discord.baseUrl });
    const answer = await client.get<Overview>('/api/monitoring/health-overview');
    expect(answer.body.discord, JSON.stringify(answer.body.discord)).toMatchObject({ status: 'healthy' });
    expect(discord.requests.some((r) => r.path === '/users/@me' && r.authorization === `Bot ${discord.botToken}`)).toBe(true);

    const rejected = await start({ DISCORD_BOT_TOKEN: 'wrong-token', DISCORD_API_BASE: discord.baseUrl });
    const down = await rejected.client.get<Overview>('/api/monitoring/health-overview');
    expect(down.body.discord).toMatchObject({ status: 'down' });
  });

  it('answers 503 with a clear message while PostgreSQL is unreachable, and recovers by itself', async () => {
    const proxy = await new TcpProxy({ host: '127.0.0.1', port: 5432 }).open();
    cleanups.push(() => proxy.cut());
    const { server, client } = await startBehind(proxy);
    await client.signIn(OWNER.username, OWNER.password);
    expect((await client.get('/api/admin/guild-stats')).status).toBe(200);

    await proxy.cut();
    const answer = await client.get('/api/admin/guild-stats');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: serviceUnavailable('PostgreSQL') });
    expect((await client.get('/readyz')).status).toBe(503);
    expect((await client.get('/healthz')).status).toBe(200);
    const overview = (await server.app.monitoring.health.refresh()) as unknown as Overview;
    expect(overview.postgresql!.status).toBe('down');

    await proxy.open();
    expect((await client.get('/api/admin/guild-stats')).status).toBe(200);
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it('starts while PostgreSQL is unreachable, answers /readyz 503, and becomes ready when it answers', async () => {
    // Reserve a port, then close it: the database is "down" at start.
    const proxy = await new TcpProxy({ host: '127.0.0.1', port: 5432 }).open();
    await proxy.cut();
    cleanups.push(() => proxy.cut());
    const { client } = await startBehind(proxy);
    const notReady = await client.get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ status: 'not_ready', database: { isMigrated: false } });
    expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(503);

    await proxy.open();
    await expect.poll(async () => (await client.get('/readyz')).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
  });
});
