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
  expect(refused.body.error).toBe(ADMIN_LOGIN_SERVER_ERRORS.rateLimited(retryAfter));
}

describe('per-IP admin sign-in rate limit', () => {
  it('refuses an address past the limit while another address still signs in (counted in Redis)', async () => {
    const server = await start({});
    await exhaustLimit(server);
    const other = new HttpClient(server.url);
    const fromElsewhere = await other.signIn(OWNER.username, OWNER.password, { localAddress: '127.0.0.2' });
    expect(fromElsewhere.status).toBe(200);
    // The count lives in Redis under the file's prefix.
    const prefix = `${server.config.redis.prefix}rate:admin-login:`;
    expect(await server.app.services.redis!.client.exists(`${prefix}127.0.0.1`, `${prefix}127.0.0.2`)).toBe(2);
  });

  it('keeps signing in and limiting in-process while Redis is down', async () => {
    const server = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const client = new HttpClient(server.url);
    expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
    expect((await client.get('/api/admin/auth/me')).status).toBe(200);
    const fresh = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    await exhaustLimit(fresh);
  });
});
