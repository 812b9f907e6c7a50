import type { ContactPoint } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake } from './fakes/discord-fake';
import { HttpClient } from './helpers/http-client';
import { TcpProxy } from './helpers/tcp-proxy';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

/**
 * The alert that matters most when PostgreSQL is down is the one saying so: two processes reach PostgreSQL through a
 * relay the test cuts, and "PostgreSQL down" must still reach the Discord channel, sent from a process's copy of the
 * contact points since neither the alert nor a job can be written, and once: the processes agree in Redis.
 */

let environment: TestEnvironment;
let server: TestApp;
let second: TestApp | null = null;
let owner: HttpClient;
const discord = new DiscordFake();
const proxy = new TcpProxy({ host: '127.0.0.1', port: 5432 });

/** A process of the app reaching PostgreSQL through the relay, Redis and the Discord fake as the others. */
function startProcess() {
  const databaseUrl = new URL(environment.databaseUrl!);
  databaseUrl.port = String(proxy.port);
  return startTestApp({
    ...environment.env,
    ...discord.appSettings(),
    DATABASE_URL: databaseUrl.toString(),
    OUTBOUND_ALLOWED_HOSTS: new URL(discord.baseUrl).host,
    HEALTH_CHECK_INTERVAL_MS: '500',
    // The evidence is read from the log lines this process keeps: they must be written.
    LOG_LEVEL: 'warn',
  });
}

beforeAll(async () => {
  await Promise.all([discord.start(), proxy.open()]);
  environment = await createTestEnvironment();
  server = await startProcess();
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
});

afterAll(async () => {
  await proxy.open().catch(() => undefined);
  await second?.close();
  await stopTestApp(server, environment);
  await Promise.all([proxy.cut(), discord.stop()]);
});

describe('alert delivery while PostgreSQL is down', () => {
  it('sends "PostgreSQL down" once, from the contact points the processes keep in memory', async () => {
    const url = discord.addWebhook();
    const created = await owner.post<{ contactPoint: ContactPoint }>('/api/admin/metrics/contact-points', {
      name: 'Night shift',
      kind: 'discord',
      url,
      severities: ['critical'],
      ruleIds: ['postgresql-down'],
    });
    expect(created.status).toBe(200);
    // A contact point for other rules is in the copy too, and stays quiet.
    const other = discord.addWebhook();
    const cpuWatch = { name: 'CPU watch', kind: 'discord', url: other, severities: ['critical'], ruleIds: ['cpu-critical'] };
    expect((await owner.post('/api/admin/metrics/contact-points', cpuWatch)).status).toBe(200);
    const messagesTo = (address: string) =>
      discord.webhookMessages.filter((message) => address.includes(`/webhooks/${message.webhookId}/`));
    // A second process, started now, reads the contact points as it starts.
    second = await startProcess();
    const raisedBy = [server, second].map((process) => {
      const raised: string[] = [];
      process.app.bus.subscribe((event) => {
        if (event.type === 'alert.raised' && event.alert.ruleId === 'postgresql-down' && !event.isStored)
          raised.push(event.alert.id);
      });
      return raised;
    });

    await proxy.cut();
    await until(() => messagesTo(url).length > 0 && raisedBy.every((raised) => raised.length > 0), 20_000);
    // Both processes raised it; one sent it.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(messagesTo(url)).toHaveLength(1);

    const [embed] = messagesTo(url)[0]!.body.embeds as { title: string; description: string; color: number }[];
    expect(embed!.title).toMatch(/^\[Firing\] critical: PostgreSQL is down/);
    expect(embed!.color).toBe(0xdc2626);
    // What caused it travels with it: the warning and error lines of the minute before.
    expect(embed!.description).toMatch(/ warn PostgreSQL connection lost/);
    expect(messagesTo(other)).toEqual([]);

    // Nothing could be stored: the answer of the console is the database being unavailable.
    expect((await owner.get('/api/admin/metrics/alerts')).status).toBe(503);
  });
});
