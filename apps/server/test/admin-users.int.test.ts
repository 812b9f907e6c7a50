import {
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_ROLE_MESSAGES,
  ADMIN_USER_MESSAGES,
  type AdminSessionRow,
  type AdminUserRow,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql, type TestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, OWNER, startSignedInApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const USERS = '/api/admin/users';
const RANDOM_ID = '7b0e1b8e-4f7e-4c1e-9a55-0a2f4f0a9c11';

let ctx: IsolatedApp & { owner: HttpClient };
let ownerId: string;

beforeAll(async () => {
  ctx = await startSignedInApp();
  const [row] = await sql<{ id: string }>(ctx.server.app, 'SELECT id FROM admin_users WHERE username = $1', [OWNER.username]);
  ownerId = row!.id;
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

async function signedIn(admin: TestAdmin): Promise<HttpClient> {
  const client = new HttpClient(ctx.server.url);
  const answer = await client.signIn(admin.username, admin.password);
  expect(answer.status).toBe(200);
  return client;
}

const put = (client: HttpClient, path: string, body: unknown) => client.request('PUT', path, { body });
const del = (client: HttpClient, path: string) => client.request('DELETE', path);
const password = () => `pw-${uniqueSuffix()}-Long-Enough`;

async function auditActions(targetId: string) {
  const rows = await sql<{ action: string; actor_name: string }>(
    ctx.server.app,
    'SELECT action, actor_name FROM audit_log WHERE target_id = $1 ORDER BY id',
    [targetId],
  );
  return rows;
}

describe('the superadmin role and handing out permissions', () => {
  it('only a superadmin makes, changes or removes a superadmin; admin.full_access does not', async () => {
    const manager = await createTestAdmin(ctx.server.app, { role: 'admin' });
    const asManager = await signedIn(manager);
    for (const attempt of [
      () => put(asManager, `${USERS}/${ownerId}`, { isActive: false }),
      () => put(asManager, `${USERS}/${ownerId}`, { role: 'viewer' }),
      () => del(asManager, `${USERS}/${ownerId}`),
      () => del(asManager, `${USERS}/${ownerId}?hard=true`),
      () => asManager.post(`${USERS}/${ownerId}/reset-password`, { newPassword: password() }),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: ADMIN_USER_MESSAGES.superadminOnly });
    }
    const minted = await asManager.post(USERS, { username: `boss_${uniqueSuffix()}`, role: 'superadmin', password: password() });
    expect(minted.status).toBe(403);
    expect(minted.body.fields).toEqual({ role: ADMIN_USER_MESSAGES.superadminOnly });
    expect((await ctx.owner.get(`${USERS}/${ownerId}`)).body.data).toMatchObject({ role: 'superadmin', status: 'active' });

    // The owner (a superadmin) may: a second superadmin made and demoted again.
    const second = await ctx.owner.post<{ data: AdminUserRow }>(USERS, {
      username: `second_${uniqueSuffix()}`,
      role: 'superadmin',
      password: password(),
    });
    expect(second.status, second.text).toBe(200);
    const demoted = await put(ctx.owner, `${USERS}/${second.body.data.id}`, { role: 'viewer' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data).toMatchObject({
      role: 'viewer',
      roleLabel: 'Viewer',
      effectivePermissions: ['admin.system_monitoring'],
    });
    expect(await auditActions(second.body.data.id)).toContainEqual({ action: 'admin.updated', actor_name: OWNER.username });
  });

  it('an admin manager gives no role or permission stronger than their own, nor a role more than they hold', async () => {
    const granter = await createTestAdmin(ctx.server.app, {
      role: 'viewer',
      permissions: ['admin.manage_users', 'players.view'],
    });
    const asGranter = await signedIn(granter);
    const create = (body: Record<string, unknown>) =>
      asGranter.post(USERS, { username: `made_${uniqueSuffix()}`, password: password(), ...body });

    const stronger = await create({ role: 'admin' });
    expect(stronger.status).toBe(403);
    expect(stronger.body.fields).toEqual({ role: ADMIN_USER_MESSAGES.beyondYourOwn });
    const extra = await create({ role: 'viewer', permissions: ['admin.audit_logs'] });
    expect(extra.status).toBe(403);
    expect(extra.body.fields).toEqual({ permissions: ADMIN_USER_MESSAGES.beyondYourOwn });

    const within = await create({ role: 'viewer', permissions: ['players.view'] });
    expect(within.status, within.text).toBe(200);
    // An account holding a permission the granter lacks is out of reach altogether (admin-takeover.int.test.ts).
    const strong = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['admin.audit_logs'] });
    const renamed = await put(asGranter, `${USERS}/${strong.id}`, { fullName: 'Renamed', permissions: ['admin.audit_logs'] });
    expect(renamed.status).toBe(403);
    expect(renamed.body.error).toBe(ADMIN_USER_MESSAGES.outOfReach);

    const roleEditor = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['settings.edit_permissions'] });
    const asRoleEditor = await signedIn(roleEditor);
    const widened = await put(asRoleEditor, '/api/admin/roles/viewer', {
      permissions: ['admin.system_monitoring', 'admin.full_access'],
    });
    expect(widened.status).toBe(403);
    expect(widened.body).toMatchObject({ error: ADMIN_ROLE_MESSAGES.beyondYourOwn });
    const ownRole = await asRoleEditor.post('/api/admin/roles', {
      name: `editors_${uniqueSuffix()}`,
      label: 'Editors',
      permissions: ['settings.edit_permissions'],
    });
    expect(ownRole.status, ownRole.text).toBe(200);
  });
});

describe('your own account', () => {
  it('cannot be disabled, demoted or deleted, but its name and extra permissions can change', async () => {
    for (const attempt of [
      () => put(ctx.owner, `${USERS}/${ownerId}`, { isActive: false }),
      () => put(ctx.owner, `${USERS}/${ownerId}`, { role: 'admin' }),
      () => del(ctx.owner, `${USERS}/${ownerId}`),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(ADMIN_USER_MESSAGES.notYourself);
    }
    const renamed = await put(ctx.owner, `${USERS}/${ownerId}`, { fullName: 'The Owner' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: ADMIN_USER_MESSAGES.saved, data: { fullName: 'The Owner' } });
  });
});

describe('creating and listing admin users', () => {
  it('creates an admin who can sign in, refuses a taken username in any case and an unknown role', async () => {
    const username = `Created_${uniqueSuffix()}`;
    const initial = password();
    const created = await ctx.owner.post<{ data: AdminUserRow; message: string }>(USERS, {
      username,
      fullName: 'Created Person',
      role: 'support',
      permissions: ['players.bulk_edit'],
      password: initial,
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(ADMIN_USER_MESSAGES.created);
    expect(created.body.data).toMatchObject({
      username,
      fullName: 'Created Person',
      role: 'support',
      roleLabel: 'Support',
      permissions: ['players.bulk_edit'],
      status: 'active',
      activeSessions: 0,
      deletedAt: null,
    });
    expect(created.body.data.effectivePermissions).toEqual(expect.arrayContaining(['players.view', 'players.bulk_edit']));
    expect((await new HttpClient(ctx.server.url).signIn(username, initial)).status).toBe(200);
    expect(await auditActions(created.body.data.id)).toContainEqual({ action: 'admin.created', actor_name: OWNER.username });

    const taken = await ctx.owner.post(USERS, { username: username.toUpperCase(), role: 'viewer', password: password() });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ username: ADMIN_USER_MESSAGES.usernameTaken });

    const unknownRole = await ctx.owner.post(USERS, { username: `x_${uniqueSuffix()}`, role: 'wizard', password: password() });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.fields).toEqual({ role: ADMIN_USER_MESSAGES.unknownRole });
    const changedToUnknown = await put(ctx.owner, `${USERS}/${created.body.data.id}`, { role: 'wizard' });
    expect(changedToUnknown.status).toBe(400);
    expect(changedToUnknown.body.fields).toEqual({ role: ADMIN_USER_MESSAGES.unknownRole });
  });

  it('searches, filters, sorts and pages in SQL, and counts the statistics', async () => {
    const tag = uniqueSuffix().replace(/[^a-z0-9]/gi, '');
    for (const [index, role] of (['viewer', 'operator', 'viewer'] as const).entries()) {
      await ctx.owner.post(USERS, { username: `list_${tag}_${index}`, fullName: `Lister ${index}`, role, password: password() });
    }
    const page1 = await ctx.owner.get<{ data: AdminUserRow[]; pagination: Record<string, number> }>(
      `${USERS}?search=${tag}&sortBy=username&sortOrder=desc&limit=2`,
    );
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((row) => row.username)).toEqual([`list_${tag}_2`, `list_${tag}_1`]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const page2 = await ctx.owner.get<{ data: AdminUserRow[] }>(
      `${USERS}?search=${tag}&sortBy=username&sortOrder=desc&limit=2&page=2`,
    );
    expect(page2.body.data.map((row) => row.username)).toEqual([`list_${tag}_0`]);
    const viewers = await ctx.owner.get<{ data: AdminUserRow[] }>(`${USERS}?search=${tag}&role=viewer`);
    expect(viewers.body.data.map((row) => row.username)).toEqual([`list_${tag}_0`, `list_${tag}_2`]);
    const byFullName = await ctx.owner.get<{ data: AdminUserRow[] }>(`${USERS}?search=LISTER 1`);
    expect(byFullName.body.data.map((row) => row.username)).toEqual([`list_${tag}_1`]);

    const stats = await ctx.owner.get<{ data: Record<string, unknown> & { byRole: { role: string; count: number }[] } }>(
      `${USERS}/statistics`,
    );
    expect(stats.status).toBe(200);
    const [counted] = await sql<{ total: number }>(
      ctx.server.app,
      'SELECT count(*)::int AS total FROM admin_users WHERE deleted_at IS NULL',
    );
    expect(stats.body.data.total).toBe(counted!.total);
    expect(stats.body.data.signedInLast24h).toBeGreaterThanOrEqual(1);
    expect(stats.body.data.byRole.map((entry) => entry.role)).toEqual(
      expect.arrayContaining(['superadmin', 'admin', 'operator', 'support', 'viewer']),
    );

    expect((await ctx.owner.get(`${USERS}/${RANDOM_ID}`)).status).toBe(404);
  });
});

describe('disabling, deleting, unlocking and resetting', () => {
  it('disabling ends the sessions and stops sign-in; enabling lets the admin back in', async () => {
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const asTarget = await signedIn(target);
    const disabled = await put(ctx.owner, `${USERS}/${target.id}`, { isActive: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ message: ADMIN_USER_MESSAGES.disabled, data: { status: 'disabled' } });
    expect((await asTarget.get('/api/admin/auth/me')).status).toBe(401);
    expect((await new HttpClient(ctx.server.url).signIn(target.username, target.password)).status).toBe(401);
    const [session] = await sql<{ revoked_reason: string }>(
      ctx.server.app,
      'SELECT revoked_reason FROM admin_sessions WHERE admin_user_id = $1',
      [target.id],
    );
    expect(session!.revoked_reason).toBe('account_disabled');

    const enabled = await put(ctx.owner, `${USERS}/${target.id}`, { isActive: true });
    expect(enabled.body).toMatchObject({ message: ADMIN_USER_MESSAGES.enabled, data: { status: 'active' } });
    await signedIn(target);
    expect((await auditActions(target.id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['admin.disabled', 'admin.enabled']),
    );
  });

  it('a soft delete keeps the row (listed under deleted) but ends sessions and sign-in', async () => {
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const asTarget = await signedIn(target);
    const deleted = await del(ctx.owner, `${USERS}/${target.id}`);
    expect(deleted.body).toEqual({ success: true, message: ADMIN_USER_MESSAGES.deleted });
    expect((await asTarget.get('/api/admin/auth/me')).status).toBe(401);
    expect((await new HttpClient(ctx.server.url).signIn(target.username, target.password)).status).toBe(401);
    const kept = await ctx.owner.get<{ data: AdminUserRow }>(`${USERS}/${target.id}`);
    expect(kept.body.data.status).toBe('deleted');
    expect(kept.body.data.deletedAt).not.toBeNull();
    const listed = await ctx.owner.get<{ data: AdminUserRow[] }>(`${USERS}?search=${target.username}`);
    expect(listed.body.data).toEqual([]);
    const underDeleted = await ctx.owner.get<{ data: AdminUserRow[] }>(`${USERS}?search=${target.username}&status=deleted`);
    expect(underDeleted.body.data.map((row) => row.id)).toEqual([target.id]);
    expect((await put(ctx.owner, `${USERS}/${target.id}`, { fullName: 'Ghost' })).status).toBe(404);
  });

  it('a hard delete removes the row and its sessions', async () => {
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const asTarget = await signedIn(target);
    const deleted = await del(ctx.owner, `${USERS}/${target.id}?hard=true`);
    expect(deleted.body).toEqual({ success: true, message: ADMIN_USER_MESSAGES.deletedForever });
    expect((await asTarget.get('/api/admin/auth/me')).status).toBe(401);
    expect((await ctx.owner.get(`${USERS}/${target.id}`)).status).toBe(404);
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_users WHERE id = $1', [target.id])).toEqual([]);
    expect(await sql(ctx.server.app, 'SELECT 1 FROM admin_sessions WHERE admin_user_id = $1', [target.id])).toEqual([]);
    expect((await auditActions(target.id)).map((row) => row.action)).toContain('admin.permanently_deleted');
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    let last = 0;
    for (let attempt = 0; attempt < ADMIN_MAX_FAILED_ATTEMPTS; attempt++) {
      last = (await new HttpClient(ctx.server.url).signIn(target.username, 'wrong-password', { localAddress: '127.0.0.7' }))
        .status;
    }
    expect(last).toBe(423);
    expect((await ctx.owner.get<{ data: AdminUserRow }>(`${USERS}/${target.id}`)).body.data).toMatchObject({
      status: 'locked',
      failedAttempts: ADMIN_MAX_FAILED_ATTEMPTS,
    });
    const unlocked = await ctx.owner.post<{ data: AdminUserRow; message: string }>(`${USERS}/${target.id}/unlock`);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.message).toBe(ADMIN_USER_MESSAGES.unlocked);
    expect(unlocked.body.data).toMatchObject({ status: 'active', failedAttempts: 0, lockedUntil: null });
    await signedIn(target);
    expect((await auditActions(target.id)).map((row) => row.action)).toContain('admin.unlocked');
  });

  it('resetting the password ends every session of the admin; the new password signs in, the old does not, and must be replaced', async () => {
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const first = await signedIn(target);
    const second = await signedIn(target);
    const newPassword = password();
    const reset = await ctx.owner.post(`${USERS}/${target.id}/reset-password`, { newPassword });
    expect(reset.body).toEqual({ success: true, message: ADMIN_USER_MESSAGES.passwordReset });
    for (const client of [first, second]) expect((await client.get('/api/admin/auth/me')).status).toBe(401);
    expect((await new HttpClient(ctx.server.url).signIn(target.username, target.password)).status).toBe(401);
    // The password another admin chose must be replaced before anything else.
    const asTarget = await signedIn({ ...target, password: newPassword });
    expect((await asTarget.get('/api/admin/auth/me')).body.admin).toMatchObject({ mustChangePassword: true });
    expect((await asTarget.get(USERS)).body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const chosen = password();
    const changed = await asTarget.post('/api/admin/auth/change-password', { currentPassword: newPassword, newPassword: chosen });
    expect(changed.status, changed.text).toBe(200);
    expect((await asTarget.get('/api/admin/auth/me')).body.admin).toMatchObject({ mustChangePassword: false });
    expect((await auditActions(target.id)).map((row) => row.action)).toContain('admin.password_reset');
    const short = await ctx.owner.post(`${USERS}/${target.id}/reset-password`, { newPassword: 'short' });
    expect(short.status).toBe(400);
  });
});

describe('open sessions', () => {
  it('lists open sessions newest first and ends one of them, marking the caller’s own as current', async () => {
    const target = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const older = await signedIn(target);
    const newer = await signedIn(target);
    const ended = await signedIn(target);
    await ended.post('/api/admin/auth/logout');

    const listed = await ctx.owner.get<{ data: AdminSessionRow[] }>(`${USERS}/${target.id}/sessions`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data.every((session) => !session.isCurrent)).toBe(true);
    const [newest, oldest] = listed.body.data;
    expect(new Date(newest!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(oldest!.createdAt).getTime());
    expect(newest!.ip).toBe('127.0.0.1');

    const own = await ctx.owner.get<{ data: AdminSessionRow[] }>(`${USERS}/${ownerId}/sessions`);
    expect(own.body.data.filter((session) => session.isCurrent)).toHaveLength(1);

    const [newerRow] = await sql<{ id: string }>(
      ctx.server.app,
      'SELECT id FROM admin_sessions WHERE admin_user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1',
      [target.id],
    );
    const endOne = await del(ctx.owner, `${USERS}/${target.id}/sessions/${newerRow!.id}`);
    expect(endOne.body).toEqual({ success: true, message: ADMIN_USER_MESSAGES.sessionEnded });
    expect((await newer.get('/api/admin/auth/me')).status).toBe(401);
    expect((await older.get('/api/admin/auth/me')).status).toBe(200);
    const again = await del(ctx.owner, `${USERS}/${target.id}/sessions/${newerRow!.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(ADMIN_USER_MESSAGES.sessionNotFound);
    expect((await ctx.owner.get<{ data: AdminSessionRow[] }>(`${USERS}/${target.id}/sessions`)).body.data).toHaveLength(1);
    const [audited] = await sql<{ action: string; details: { adminUserId: string } }>(
      ctx.server.app,
      "SELECT action, details FROM audit_log WHERE action = 'admin.session_ended' AND target_id = $1",
      [newerRow!.id],
    );
    expect(audited!.details.adminUserId).toBe(target.id);
  });
});

describe('who may manage admin users', () => {
  it('needs admin.manage_users (or admin.full_access)', async () => {
    const operator = await createTestAdmin(ctx.server.app, { role: 'operator' });
    expect((await (await signedIn(operator)).get(USERS)).status).toBe(403);
    const withGrant = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['admin.manage_users'] });
    expect((await (await signedIn(withGrant)).get(USERS)).status).toBe(200);
    expect((await new HttpClient(ctx.server.url).get(USERS)).status).toBe(401);
  });
});
