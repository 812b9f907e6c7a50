import { randomUUID } from 'node:crypto';
import type { AdminAbilities, AdminAbility, Permission } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;

beforeAll(async () => {
  ({ environment, server } = await startSignedInApp());
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

/**
 * For each ability, a call its route guards with the same permissions. The bodies are empty or the ids unknown on
 * purpose: an admin the guard lets through is answered 400 or 404, one it stops 403, and nothing is changed.
 */
const ABILITY_PROBES: Record<AdminAbility, { method: string; path: string; body?: unknown }> = {
  editAlertRules: { method: 'PUT', path: '/api/admin/metrics/alert-rules/no-such-rule', body: {} },
  editSystemSettings: { method: 'PUT', path: '/api/admin/system-settings', body: {} },
  editGuildSettings: { method: 'PUT', path: `/api/admin/config/guilds/${randomUUID()}/settings`, body: {} },
  createPlayerAccounts: { method: 'POST', path: '/api/admin/players', body: {} },
  editPlayerAccounts: { method: 'PUT', path: `/api/admin/players/${randomUUID()}`, body: {} },
  linkPlayerAccounts: { method: 'POST', path: `/api/admin/players/${randomUUID()}/link-discord`, body: {} },
  bulkEditPlayerAccounts: { method: 'POST', path: '/api/admin/players/bulk/update', body: {} },
  readAuditLog: { method: 'GET', path: '/api/admin/audit-logs' },
  receiveAccountAlerts: { method: 'GET', path: '/api/admin/notifications' },
};

/** Screens with a call their page makes first, guarded like the screen. */
const SCREEN_PROBES: Record<string, string> = {
  '/admin/users': '/api/admin/users',
  '/admin/audit-log': '/api/admin/audit-logs',
  '/admin/monitoring/system': '/api/admin/metrics/alerts',
  '/admin/accounts/players': '/api/admin/players',
};

async function signedIn(permissions: Permission[]) {
  const admin = await createTestAdmin(server.app, { role: 'viewer', permissions });
  const client = new HttpClient(server.url);
  await client.signIn(admin.username, admin.password);
  const me = await client.get<{ admin: { abilities: AdminAbilities } }>('/api/admin/auth/me');
  expect(me.status).toBe(200);
  return { client, abilities: me.body.admin.abilities };
}

/** What the routes allow this admin, asked of each route. */
async function allowedByRoutes(client: HttpClient) {
  const can: Partial<Record<AdminAbility, boolean>> = {};
  for (const [ability, probe] of Object.entries(ABILITY_PROBES) as [AdminAbility, (typeof ABILITY_PROBES)[AdminAbility]][]) {
    const answer = await client.request(probe.method, probe.path, probe.body === undefined ? {} : { body: probe.body });
    expect(answer.status, `${probe.method} ${probe.path}`).not.toBe(401);
    can[ability] = answer.status !== 403;
  }
  const screens: string[] = [];
  for (const [screen, path] of Object.entries(SCREEN_PROBES)) {
    if ((await client.get(path)).status !== 403) screens.push(screen);
  }
  return { can, screens };
}

describe('the abilities the admin session carries', () => {
  it('match what the routes allow an admin who may watch the system and edit player accounts', async () => {
    const { client, abilities } = await signedIn(['admin.system_monitoring', 'players.view', 'players.edit']);
    const routes = await allowedByRoutes(client);
    expect(abilities.can).toEqual(routes.can);
    expect(abilities.can).toMatchObject({ editPlayerAccounts: true, createPlayerAccounts: false, editAlertRules: false });
    expect(abilities.screens.filter((path) => path in SCREEN_PROBES).sort()).toEqual(routes.screens.sort());
    expect(routes.screens.sort()).toEqual(['/admin/accounts/players', '/admin/monitoring/system']);
  });

  it('match what the routes allow an admin of the system configuration and the audit trail', async () => {
    const { client, abilities } = await signedIn(['admin.system_config', 'admin.audit_logs']);
    const routes = await allowedByRoutes(client);
    expect(abilities.can).toEqual(routes.can);
    expect(abilities.can).toMatchObject({
      editAlertRules: true,
      editSystemSettings: true,
      readAuditLog: true,
      editPlayerAccounts: false,
    });
    expect(abilities.screens.filter((path) => path in SCREEN_PROBES).sort()).toEqual(routes.screens.sort());
  });

  it('allow everything to a full-access admin, as the routes do', async () => {
    const { client, abilities } = await signedIn(['admin.full_access']);
    const routes = await allowedByRoutes(client);
    expect(abilities.can).toEqual(routes.can);
    expect(Object.values(abilities.can).every(Boolean)).toBe(true);
  });
});
