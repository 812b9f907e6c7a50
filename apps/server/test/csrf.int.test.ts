import { SERVER_MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { OWNER, startIsolatedApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;

beforeAll(async () => {
  ({ environment, server } = await startIsolatedApp());
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

async function signedIn() {
  const client = new HttpClient(server.url);
  expect((await client.signIn(OWNER.username, OWNER.password)).status).toBe(200);
  return client;
}

describe('CSRF protection of cookie-authenticated writes', () => {
  it('refuses a write without X-Requested-With, and the session survives', async () => {
    const client = await signedIn();
    const refused = await client.post('/api/admin/auth/logout', undefined, { isXhr: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: SERVER_MESSAGES.csrfRejected, code: 'CSRF_REJECTED' });
    expect((await client.get('/api/admin/auth/me')).status).toBe(200);
  });

  it('refuses a write from a foreign Origin', async () => {
    const client = await signedIn();
    const refused = await client.post('/api/admin/auth/logout', undefined, { headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CSRF_REJECTED');
  });

  it('accepts a write from its own origin', async () => {
    const client = await signedIn();
    const accepted = await client.post('/api/admin/auth/logout', undefined, { headers: { origin: server.url } });
    expect(accepted.status).toBe(200);
  });

  it('requires the header on the login call itself', async () => {
    const refused = await new HttpClient(server.url).signIn(OWNER.username, OWNER.password, { isXhr: false });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CSRF_REJECTED');
  });

  it('leaves reads alone', async () => {
    const client = await signedIn();
    expect((await client.get('/api/admin/auth/me', { isXhr: false, headers: { origin: 'https://evil.example' } })).status).toBe(
      200,
    );
  });
});
