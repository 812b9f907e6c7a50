import { ADMIN_LOGIN_SERVER_ERRORS } from '@guildhall/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const LIMIT = 3;
let cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start(overrides: Record<string, string>): Promise<TestApp> {
  const environment: TestEnvironment = await createTestEnvironment({ ADMIN_LOGIN_RATE_LIMIT: String(LIMIT), ...overrides });
  const server = await startTestApp(environment.env);
  cleanups.push(
    () => environment.dispose(),
    () => server.close(),
  );
  return server;
}

/** Signs in successfully more often than the limit allows failures: none of them counts. */
async function succeedPastLimit(server: TestApp) {
  const client = new HttpClient(server.url);
  for (let i = 0; i < LIMIT * 3; i++) expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
}

/** Uses up the limit from 127.0.0.1 with wrong passwords, then expects the next attempt to be refused. */
async function exhaustLimit(server: TestApp) {
  const client = new HttpClient(server.url);
  for (let i = 0; i < LIMIT; i++) expect((await client.signIn(OWNER.username, 'wrong')).status).toBe(401);
  const refused = await client.signIn(OWNER.username, OWNER.password);
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('RATE_LIMITED');
  expect(String(refused.body.error)).toContain('rate limit');
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(refused.body.retryAfterSeconds).toBe(retryAfter);
  expect(refused.body.error).toBe(ADMIN_LOGIN_SERVER_ERRORS.rateLimited(retryAfter));
  // The window is 15 minutes: the wait reads in minutes.
  expect(refused.body.error).toMatch(/Try again in 1[45] minutes\.$/);
}

describe('per-IP admin sign-in rate limit', () => {
  it('counts failures only: many successes first, then the limit of failures refuses the address (counted in Redis)', async () => {
    const server = await start({});
    await succeedPastLimit(server);
    await exhaustLimit(server);
    const other = new HttpClient(server.url);
    const fromElsewhere = await other.signIn(OWNER.username, OWNER.password, { localAddress: '127.0.0.2' });
    expect(fromElsewhere.status).toBe(200);
    // The failures live in Redis under the file's prefix; the other address, with only a success, has none.
    const { client } = server.app.services.redis!;
    const prefix = `${server.config.redis.prefix}rate:admin-login:`;
    expect(Number(await client.get(`${prefix}127.0.0.1`))).toBeGreaterThanOrEqual(LIMIT);
    expect(Number(await client.get(`${prefix}127.0.0.2`))).toBe(0);
  });

  it('keeps the failures counted when a success comes between them', async () => {
    const server = await start({});
    const client = new HttpClient(server.url);
    for (let i = 0; i < LIMIT - 1; i++) expect((await client.signIn(OWNER.username, 'wrong')).status).toBe(401);
    expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
    expect((await client.signIn(OWNER.username, 'wrong')).status).toBe(401);
    expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(429);
  });

  it('keeps signing in and limiting in-process while Redis is down', async () => {
    const server = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const client = new HttpClient(server.url);
    expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
    expect((await client.get('/api/admin/auth/me')).status).toBe(200);
    const fresh = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    await succeedPastLimit(fresh);
    await exhaustLimit(fresh);
  });
});
