import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { ADMIN_SESSION_COOKIE, CSRF_HEADER, type Permission } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRouteAccess } from '../src/auth/require-admin';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

/**
 * The authorisation table: every /api/admin route of the built app, as the app's route registry lists them
 * (app.adminRouteAccess, filled by an onRoute hook as routes are registered), asked three times: without a
 * session, with a session that holds nothing, and with one that holds exactly one declared permission per guard.
 * A route that declares no permission fails here, unless it is one of the public routes below.
 */

/**
 * Routes anybody may call: signing in (the password, then a code or a passkey against the challenge it answered), and
 * signing out (which needs no valid session).
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/admin/auth/login',
  'POST /api/admin/auth/login/two-factor',
  'POST /api/admin/auth/login/passkey/options',
  'POST /api/admin/auth/login/passkey',
  'POST /api/admin/auth/logout',
]);

/** A role that holds no permission at all. */
const EMPTY_ROLE = 'holds_nothing';

let ctx: IsolatedApp & { owner: HttpClient };
let routes: AdminRouteAccess[];
let emptyToken: string;
const tokensByPermissions = new Map<string, string>();

beforeAll(async () => {
  ctx = await startSignedInApp();
  routes = ctx.server.app.adminRouteAccess.filter((route) => route.method !== 'HEAD');
  expect((await ctx.owner.post('/api/admin/roles', { name: EMPTY_ROLE, label: 'Holds nothing', permissions: [] })).status).toBe(
    200,
  );
  emptyToken = await tokenFor([]);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** A session of an admin with the empty role and exactly these extra permissions. */
async function tokenFor(permissions: readonly Permission[]): Promise<string> {
  const key = [...permissions].sort().join(',');
  const known = tokensByPermissions.get(key);
  if (known) return known;
  const admin = await createTestAdmin(ctx.server.app, { role: EMPTY_ROLE as 'viewer', permissions: [...permissions] });
  const client = new HttpClient(ctx.server.url);
  expect((await client.signIn(admin.username, admin.password)).status).toBe(200);
  tokensByPermissions.set(key, client.sessionToken!);
  return client.sessionToken!;
}

/** Plausible values for path parameters: ids are random uuids, names a role nobody has. */
function fillPath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (/id$/i.test(name)) return randomUUID();
    if (name === 'name') return 'no_such_role';
    return 'placeholder';
  });
}

/**
 * The status of one call, read from the response head (a stream's body is not awaited). Writes carry an
 * empty JSON body and the CSRF header, as the web app sends them.
 */
function statusOf(method: string, url: string, token?: string): Promise<number> {
  const isWrite = method !== 'GET';
  const payload = isWrite ? '{}' : undefined;
  const headers: Record<string, string> = {
    [CSRF_HEADER.name]: CSRF_HEADER.value,
    ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
    ...(token ? { cookie: `${ADMIN_SESSION_COOKIE}=${token}` } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url, ctx.server.url), { method, headers }, (res) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** One permission from each guard: the first one other than admin.full_access, which would pass every check. */
const onePerGuard = (route: AdminRouteAccess): Permission[] => [
  ...new Set(
    route.guards.filter((anyOf) => anyOf.length > 0).map((anyOf) => anyOf.find((p) => p !== 'admin.full_access') ?? anyOf[0]!),
  ),
];

const isOpenToAnyAdmin = (route: AdminRouteAccess) => route.guards.every((anyOf) => anyOf.length === 0);
const labelOf = (route: AdminRouteAccess) => `${route.method} ${route.url}`;

describe('every /api/admin route', () => {
  it('is listed by the app, the routes of this issue among them', () => {
    const labels = routes.map(labelOf);
    for (const expected of [
      'GET /api/admin/users',
      'DELETE /api/admin/users/:id/sessions/:sessionId',
      'PUT /api/admin/roles/:name',
      'GET /api/admin/audit-logs/export',
      'POST /api/admin/auth/extend',
      'GET /api/admin/players',
    ]) {
      expect(labels).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(50);
    const guardsOf = (label: string) => routes.find((route) => labelOf(route) === label)!.guards;
    // A route's own guard (`onRequest: requireAdmin(...)`), a subtree's guard, and one open to any signed-in admin.
    expect(guardsOf('POST /api/admin/players')).toEqual([['players.create']]);
    expect(guardsOf('GET /api/admin/users')).toEqual([['admin.full_access', 'admin.manage_users']]);
    expect(guardsOf('POST /api/admin/auth/extend')).toEqual([[]]);
  });

  it('declares who may call it, unless it is public', () => {
    const undeclared = routes.filter((route) => route.guards.length === 0 && !PUBLIC_ROUTES.has(labelOf(route)));
    expect(undeclared.map(labelOf)).toEqual([]);
  });

  it('refuses a call without a session with 401', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(labelOf(r)))) {
      const status = await statusOf(route.method, fillPath(route.url));
      if (status !== 401) wrong.push(`${labelOf(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an admin holding no permission with 403, unless open to any signed-in admin', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(labelOf(r)))) {
      const status = await statusOf(route.method, fillPath(route.url), emptyToken);
      const isOpen = isOpenToAnyAdmin(route);
      if (isOpen ? status === 401 || status === 403 : status !== 403) wrong.push(`${labelOf(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets in an admin holding exactly one declared permission per guard', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(labelOf(r)))) {
      const token = await tokenFor(onePerGuard(route));
      const status = await statusOf(route.method, fillPath(route.url), token);
      if (status === 401 || status === 403) wrong.push(`${labelOf(route)} [${onePerGuard(route).join(' ')}] → ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
