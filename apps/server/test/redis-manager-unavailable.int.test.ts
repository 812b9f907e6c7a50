import { REDIS_MESSAGES } from '@guildhall/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './helpers/http-client';
import { TcpProxy } from './helpers/tcp-proxy';
import { startSignedInApp, stopTestApp, TEST_REDIS_URL, type TestApp, type TestEnvironment } from './helpers/test-app';

const BASE = '/api/admin/database/redis';
/** This file's Redis database. */
const DB = 14;

describe('the Redis manager without Redis', () => {
  let environment: TestEnvironment;
  let server: TestApp;
  let owner: HttpClient;

  beforeAll(async () => {
    ({ environment, server, owner } = await startSignedInApp({ REDIS_URL: '' }));
  }, 60_000);
  afterAll(() => stopTestApp(server, environment));

  it('answers the reads with how to connect Redis (REDIS_URL, REDIS_PREFIX)', async () => {
    for (const path of ['keys', 'info', 'stats', 'databases', 'key-value?key=k']) {
      const answer = await owner.get(`${BASE}/${path}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        configured: false,
        setup: { message: REDIS_MESSAGES.notConfigured, settings: ['REDIS_URL', 'REDIS_PREFIX'] },
      });
    }
  });

  it('refuses the writes with a 503 that says how to connect Redis', async () => {
    const answers = [
      await owner.post(`${BASE}/key`, { key: 'k', value: 'v', type: 'string', ttl: null, database: 0 }),
      await owner.post(`${BASE}/flush/confirmation`, { database: 0 }),
      await owner.request('DELETE', `${BASE}/flush?database=0`, { body: { token: 'a-token' } }),
      await owner.request('PUT', `${BASE}/ttl`, { body: { key: 'k', ttl: 5, database: 0 } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: REDIS_MESSAGES.notConfigured, code: 'SERVICE_UNAVAILABLE' });
    }
  });
});

describe('the Redis manager while Redis is down', () => {
  let environment: TestEnvironment;
  let server: TestApp;
  let owner: HttpClient;
  let proxy: TcpProxy;
  let redis: Redis;

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) }).open();
    ({ environment, server, owner } = await startSignedInApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` }));
    // The manager reaches the keys under REDIS_PREFIX only.
    redis = new Redis(TEST_REDIS_URL, { db: DB, keyPrefix: environment.env.REDIS_PREFIX });
    await redis.flushdb();
    await redis.set('still-here', 'v');
  }, 60_000);
  afterAll(async () => {
    await redis?.flushdb();
    redis?.disconnect();
    await proxy?.cut();
    await stopTestApp(server, environment);
  });

  it('answers 503 with a clear message, keeps the rest of the console working, and recovers by itself', async () => {
    expect((await owner.get(`${BASE}/keys?database=${DB}`)).status).toBe(200);
    await proxy.cut();

    for (const answer of [
      await owner.get(`${BASE}/keys?database=${DB}`),
      await owner.get(`${BASE}/stats`),
      await owner.request('DELETE', `${BASE}/key?key=still-here&database=${DB}`),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: REDIS_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' });
    }
    expect((await owner.get('/api/admin/database/postgresql/schemas')).status).toBe(200);
    expect(await redis.get('still-here')).toBe('v');

    await proxy.open();
    await expect
      .poll(async () => (await owner.get(`${BASE}/keys?database=${DB}`)).status, { timeout: 10_000, interval: 250 })
      .toBe(200);
    const page = await owner.get<{ entries: { key: string }[] }>(`${BASE}/keys?database=${DB}`);
    expect(page.body.entries.map((entry) => entry.key)).toEqual(['still-here']);
  });
});
