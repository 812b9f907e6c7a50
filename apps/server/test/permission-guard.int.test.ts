import fastifyCookie from '@fastify/cookie';
import { ADMIN_SESSION_COOKIE, MESSAGES, type Permission } from '@guildhall/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOf, requireAdmin } from '../src/auth/require-admin';
import { registerErrorHandler } from '../src/http/error-handler';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let guarded: FastifyInstance;

// A route subtree guarded the way feature routes are, mounted on the real app's services.
beforeAll(async () => {
  environment = await createTestEnvironment();
  server = await startTestApp(environment.env);
  guarded = Fastify();
  guarded.decorate('config', server.app.config);
  guarded.decorate('services', server.app.services);
  guarded.decorateRequest('adminSession', null);
  registerErrorHandler(guarded);
  await guarded.register(fastifyCookie);
  await guarded.register(async (users) => {
    users.addHook('onRequest', requireAdmin(['admin.manage_users']));
    users.get('/users', async (request) => ({ username: adminSessionOf(request).admin.username }));
  });
  await guarded.ready();
});

afterAll(async () => {
  await guarded?.close();
  await server?.close();
  await environment?.dispose();
});

async function tokenFor(options: { role: 'superadmin' | 'admin' | 'viewer' | 'operator'; permissions?: Permission[] }) {
  const admin = await createTestAdmin(server.app, options);
  const client = new HttpClient(server.url);
  await client.signIn(admin.username, admin.password);
  return client.sessionToken!;
}

const callAs = (token?: string) =>
  guarded.inject({ method: 'GET', url: '/users', cookies: token ? { [ADMIN_SESSION_COOKIE]: token } : {} });

describe('requireAdmin', () => {
  it('lets in superadmins, admin.full_access holders and holders of the exact permission', async () => {
    expect((await callAs(await tokenFor({ role: 'superadmin' }))).statusCode).toBe(200);
    expect((await callAs(await tokenFor({ role: 'admin' }))).statusCode).toBe(200);
    expect((await callAs(await tokenFor({ role: 'viewer', permissions: ['admin.manage_users'] }))).statusCode).toBe(200);
  });

  it('refuses others with 403 FORBIDDEN and the access-denied message', async () => {
    const answer = await callAs(await tokenFor({ role: 'operator' }));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ success: false, error: MESSAGES.accessDeniedBody, code: 'FORBIDDEN' });
  });

  it('refuses a missing session with 401 before looking at permissions', async () => {
    const answer = await callAs();
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('UNAUTHENTICATED');
  });
});
