import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  ADMIN_COMMAND_ACCESS,
  ADMIN_EVENT_ACCESS,
  ADMIN_SESSION_COOKIE,
  type AdminClientEvents,
  adminEventRequires,
  CSRF_HEADER,
  hasAnyAdminPermission,
  INFLUX_DEBUG_ACCESS,
  INFLUX_DEBUG_NAMESPACE,
  MESSAGES,
  PERMISSION_NAMES,
  type Permission,
  type PermissionHolder,
  ROLE_NAMES,
  ROLES,
} from '@guildhall/contract';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRouteAccess } from '../src/auth/require-admin';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

/**
 * The authorisation matrix (issue 25): every /api/admin route the app registered (its route registry,
 * app.adminRouteAccess, filled by an onRoute hook) and every /admin socket event (the contract's ADMIN_EVENT_ACCESS),
 * asked by every built-in role and by an admin holding exactly one permission (and one holding none). A route
 * without a declared rule fails; a route open to every signed-in admin must be listed below with its reason. Each
 * call must be refused with 403 exactly when the admin does not pass the route's declared rule, and with 401
 * without a session. Reads are called as they are; writes with a body that no schema accepts, so a permitted call
 * stops at validation and changes nothing.
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

/** Routes open to every signed-in admin on purpose, each with its reason. Any other route must name permissions. */
const OPEN_TO_ANY_ADMIN: Record<string, string> = {
  'GET /api/admin/auth/me': 'who the signed-in admin is and what they hold: every admin reads their own',
  'POST /api/admin/auth/extend': 'extends the own session',
  'POST /api/admin/auth/change-password': 'changes the own password (the current one is asked)',
  'POST /api/admin/auth/two-factor/totp/setup': 'enrols the own authenticator (the current password is asked)',
  'POST /api/admin/auth/two-factor/totp/confirm': 'turns on the own two-factor sign-in (a code from the app is asked)',
  'DELETE /api/admin/auth/two-factor/totp': 'turns off the own two-factor sign-in (the password and a code are asked)',
  'POST /api/admin/auth/two-factor/recovery-codes': 'replaces the own recovery codes (the current password is asked)',
  'GET /api/admin/auth/two-factor/passkeys': 'lists the own passkeys',
  'POST /api/admin/auth/two-factor/passkeys/options': 'starts adding an own passkey (the current password is asked)',
  'POST /api/admin/auth/two-factor/passkeys': "adds an own passkey (the ceremony of the session's own options)",
  'PATCH /api/admin/auth/two-factor/passkeys/:id': 'renames an own passkey',
  'DELETE /api/admin/auth/two-factor/passkeys/:id': 'removes an own passkey (the current password is asked)',
  'GET /api/admin/guild-stats': 'the dashboard, open to every admin (spec 1 §2)',
  'GET /api/admin/user-stats': 'the dashboard, open to every admin (spec 1 §2)',
};

/** Writes that take no body, so a permitted call runs: each is harmless to the matrix, and why. */
const WRITES_WITHOUT_BODY: Record<string, string> = {
  'POST /api/admin/auth/extend': "extends the caller's own session",
};

/** A role that holds no permission at all, for the single-permission admins. */
const EMPTY_ROLE = 'holds_nothing';

/** One admin of the matrix: how it is named in failures, what the rule sees, and its session. */
interface Principal {
  label: string;
  holder: PermissionHolder;
  token: string;
  cookie: string;
}

let ctx: IsolatedApp & { owner: HttpClient };
let routes: AdminRouteAccess[];
const principals: Principal[] = [];

const labelOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

async function signedIn(label: string, holder: PermissionHolder, options: Parameters<typeof createTestAdmin>[1]) {
  const admin = await createTestAdmin(ctx.server.app, options);
  const client = new HttpClient(ctx.server.url);
  expect((await client.signIn(admin.username, admin.password)).status).toBe(200);
  principals.push({ label, holder, token: client.sessionToken!, cookie: client.cookieHeader() });
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  routes = ctx.server.app.adminRouteAccess.filter((route) => route.method !== 'HEAD');
  expect((await ctx.owner.post('/api/admin/roles', { name: EMPTY_ROLE, label: 'Holds nothing', permissions: [] })).status).toBe(
    200,
  );
  for (const role of ROLE_NAMES) {
    await signedIn(`role ${role}`, { role, permissions: ROLES[role].permissions }, { role });
  }
  await signedIn('no permission', { role: EMPTY_ROLE, permissions: [] }, { role: EMPTY_ROLE as 'viewer', permissions: [] });
  for (const permission of PERMISSION_NAMES) {
    await signedIn(
      `only ${permission}`,
      { role: EMPTY_ROLE, permissions: [permission] },
      { role: EMPTY_ROLE as 'viewer', permissions: [permission] },
    );
  }
}, 120_000);

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** Plausible values for path parameters: ids are random uuids, names a role nobody has. */
function fillPath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (/id$/i.test(name)) return randomUUID();
    if (name === 'name') return 'no_such_role';
    return 'placeholder';
  });
}

/**
 * The status of one call, read from the response head (a stream's body is not awaited). A write carries a JSON
 * body that is a bare string, which no object schema accepts, and the CSRF header, as the web app sends it.
 */
function statusOf(method: string, url: string, token?: string): Promise<number> {
  const payload = method === 'GET' ? undefined : '"not an object"';
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

/** Runs the calls a few at a time: quick, without crowding the two shared cores. */
async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let from = 0; from < items.length; from += size) await Promise.all(items.slice(from, from + size).map(work));
}

/** Whether an admin passes every guard of a route (each passes with any of its permissions). */
const passes = (holder: PermissionHolder, route: AdminRouteAccess) =>
  route.guards.every((anyOf) => hasAnyAdminPermission(holder, anyOf));

const guarded = () => routes.filter((route) => !PUBLIC_ROUTES.has(labelOf(route)));
const guardsOf = (label: string) => {
  const route = routes.find((known) => labelOf(known) === label);
  expect(route, label).toBeDefined();
  return route!.guards;
};

describe('the authorisation matrix of /api/admin', () => {
  it('lists the routes the app registered, each with a declared rule', () => {
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes.filter((route) => route.guards.length === 0 && !PUBLIC_ROUTES.has(labelOf(route)));
    expect(undeclared.map(labelOf)).toEqual([]);
  });

  it('opens a route to every signed-in admin only when the list above says why', () => {
    const open = guarded().filter((route) => route.guards.every((anyOf) => anyOf.length === 0));
    expect(open.map(labelOf).filter((label) => !(label in OPEN_TO_ANY_ADMIN))).toEqual([]);
    // The list names no route that is gone or that has since asked for a permission.
    const openLabels = new Set(open.map(labelOf));
    expect(Object.keys(OPEN_TO_ANY_ADMIN).filter((label) => !openLabels.has(label))).toEqual([]);
  });

  it('refuses every call without a session with 401', async () => {
    const wrong: string[] = [];
    await inBatches(guarded(), 8, async (route) => {
      const status = await statusOf(route.method, fillPath(route.url));
      if (status !== 401) wrong.push(`${labelOf(route)} → ${status}`);
    });
    expect(wrong).toEqual([]);
  });

  it('answers 403 to every built-in role and single-permission admin exactly when the declared rule is not met', async () => {
    const calls = guarded().flatMap((route) => principals.map((principal) => ({ route, principal })));
    const wrong: string[] = [];
    await inBatches(calls, 12, async ({ route, principal }) => {
      const status = await statusOf(route.method, fillPath(route.url), principal.token);
      const isAllowed = passes(principal.holder, route);
      const isRefused = status === 403;
      // A permitted write stops at validation: it must not have run.
      const ranWrite =
        isAllowed && route.method !== 'GET' && status >= 200 && status < 300 && !(labelOf(route) in WRITES_WITHOUT_BODY);
      if (status === 401 || isAllowed === isRefused || ranWrite) {
        wrong.push(`${labelOf(route)} as ${principal.label} → ${status} (declared ${JSON.stringify(route.guards)})`);
      }
    });
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** An /admin event's answer: its acknowledgement, or, for an event without one, `admin:refused` or the data event. */
async function answerOf(socket: AdminLiveClient, event: keyof AdminClientEvents, payload: unknown) {
  const timed = socket.timeout(5000) as unknown as { emitWithAck(name: string, ...args: unknown[]): Promise<unknown> };
  if (event === 'request:recent-alerts') {
    const refused = nextEvent(socket, 'admin:refused', 3000).then((refusal) => ({ refused: refusal }));
    const answered = nextEvent(socket, 'alerts:recent', 3000).then(() => ({ refused: null }));
    socket.emit('request:recent-alerts');
    const outcome = await Promise.any([refused, answered]);
    return outcome.refused ? { success: false, error: outcome.refused.error } : { success: true };
  }
  return (payload === undefined ? timed.emitWithAck(event) : timed.emitWithAck(event, payload)) as Promise<{
    success?: boolean;
    error?: string;
  }>;
}

/** Each /admin event that asks for a permission, with a payload that gets past validation where one is needed. */
const SOCKET_CASES: { event: keyof AdminClientEvents; payload?: unknown }[] = [
  { event: 'subscribe:monitoring' },
  { event: 'subscribe:accounts' },
  { event: 'subscribe:logs' },
  { event: 'subscribe:member-sync', payload: { guildId: randomUUID() } },
  { event: 'subscribe:data-sources', payload: { guildId: randomUUID() } },
  { event: 'request:metrics-history', payload: { type: 'system', duration: '1h' } },
  { event: 'request:recent-alerts' },
  { event: 'admin:command', payload: { command: 'refresh-services' } },
  { event: 'admin:command', payload: { command: 'acknowledge-alert', alertId: randomUUID() } },
];

describe('the authorisation matrix of the /admin and /influx-debug sockets', () => {
  it('declares every /admin event, and asks what the HTTP routes serving the same data ask', () => {
    const declared = (event: keyof AdminClientEvents, payload?: unknown) => [...adminEventRequires(event, payload)];
    expect([declared('subscribe:monitoring')]).toEqual(guardsOf('GET /api/admin/metrics/alerts'));
    expect([declared('request:recent-alerts')]).toEqual(guardsOf('GET /api/admin/metrics/alerts'));
    expect([declared('request:metrics-history', { type: 'system', duration: '1h' })]).toEqual(
      guardsOf('GET /api/admin/metrics/history'),
    );
    expect([[...ADMIN_COMMAND_ACCESS['refresh-services']]]).toEqual(guardsOf('GET /api/admin/metrics/services'));
    expect([[...ADMIN_COMMAND_ACCESS['acknowledge-alert']]]).toEqual(guardsOf('POST /api/admin/metrics/alerts/:id/acknowledge'));
    expect([declared('subscribe:logs')]).toEqual(guardsOf('POST /api/admin/logs/search'));
    expect([declared('subscribe:accounts')]).toEqual(guardsOf('GET /api/admin/players'));
    expect([declared('subscribe:member-sync', { guildId: randomUUID() })]).toEqual(
      guardsOf('GET /api/admin/character-discovery/summary'),
    );
    expect([[...INFLUX_DEBUG_ACCESS]]).toEqual(guardsOf('GET /api/admin/database/influxdb/status'));
    // Every event of the contract's map has its entry, and every asking one is swept below.
    const asking = (Object.keys(ADMIN_EVENT_ACCESS) as (keyof AdminClientEvents)[]).filter(
      (event) => adminEventRequires(event, SOCKET_CASES.find((c) => c.event === event)?.payload).length > 0,
    );
    expect(asking.filter((event) => !SOCKET_CASES.some((c) => c.event === event))).toEqual([]);
  });

  it('refuses each /admin event with the HTTP message exactly when the admin lacks its permission', async () => {
    const wrong: string[] = [];
    await inBatches(principals, 6, async (principal) => {
      const socket = connectAdmin(ctx.server.url, principal.cookie);
      try {
        await nextEvent(socket, 'admin:welcome');
        for (const { event, payload } of SOCKET_CASES) {
          const answer = (await answerOf(socket, event, payload)) as { success?: boolean; error?: string };
          const isRefused = answer.success === false && answer.error === MESSAGES.accessDeniedBody;
          const isAllowed = hasAnyAdminPermission(principal.holder, adminEventRequires(event, payload));
          if (isAllowed === isRefused) {
            wrong.push(`${event} ${JSON.stringify(payload ?? '')} as ${principal.label} → ${JSON.stringify(answer)}`);
          }
        }
      } finally {
        socket.disconnect();
      }
    });
    expect(wrong).toEqual([]);
  }, 60_000);

  it('lets into /influx-debug only the admins who may open the InfluxDB manager', async () => {
    const wrong: string[] = [];
    await inBatches(principals, 6, async (principal) => {
      const socket = io(`${ctx.server.url}${INFLUX_DEBUG_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: principal.cookie },
      });
      const isConnected = await new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
      });
      socket.disconnect();
      const isAllowed = hasAnyAdminPermission(principal.holder, INFLUX_DEBUG_ACCESS);
      if (isConnected !== isAllowed) wrong.push(`${principal.label} connected: ${isConnected}`);
    });
    expect(wrong).toEqual([]);
  });
});

/** Every permission appears in the matrix, so a new one cannot slip past it. */
it('sweeps every permission of the catalog', () => {
  const swept = new Set(principals.flatMap((principal) => principal.holder.permissions as Permission[]));
  expect(PERMISSION_NAMES.filter((permission) => !swept.has(permission))).toEqual([]);
});
