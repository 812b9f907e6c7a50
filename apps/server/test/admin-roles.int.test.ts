import { ADMIN_ROLE_MESSAGES, type AdminRole, ROLES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/modules/admin-users/create-admin';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const ROLES_PATH = '/api/admin/roles';

let ctx: IsolatedApp & { owner: HttpClient };

beforeAll(async () => {
  ctx = await startSignedInApp();
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

const roleName = () =>
  `role_${uniqueSuffix()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}`.slice(0, 40);
const put = (client: HttpClient, path: string, body: unknown) => client.request('PUT', path, { body });

describe('the roles API', () => {
  it('lists the five built-in roles as the contract names them, superadmin not editable, and the catalog', async () => {
    const listed = await ctx.owner.get<{ data: AdminRole[]; permissions: { name: string }[] }>(ROLES_PATH);
    expect(listed.status).toBe(200);
    const builtIn = listed.body.data.filter((role) => role.isBuiltIn);
    expect(builtIn.map((role) => role.name)).toEqual(Object.keys(ROLES));
    for (const role of builtIn) {
      const expected = ROLES[role.name as keyof typeof ROLES];
      expect(role.label).toBe(expected.label);
      expect(role.permissions).toEqual(expected.permissions);
      expect(role.isEditable).toBe(role.name !== 'superadmin');
      // The owner (a superadmin) may change every built-in role but superadmin, and delete none of them.
      expect(role.abilities, role.name).toEqual({ canEdit: role.name !== 'superadmin', canDelete: false });
    }
    expect(builtIn.find((role) => role.name === 'superadmin')!.holders).toBeGreaterThanOrEqual(1);
    expect(listed.body.permissions.map((p) => p.name)).toContain('admin.audit_logs');
  });

  it('keeps superadmin as it is, built-in roles and held roles from deletion, and names unique', async () => {
    const superadmin = await put(ctx.owner, `${ROLES_PATH}/superadmin`, { permissions: ['settings.view'] });
    expect(superadmin.status).toBe(409);
    expect(superadmin.body.error).toBe(ADMIN_ROLE_MESSAGES.superadminLocked);

    const builtIn = await ctx.owner.request('DELETE', `${ROLES_PATH}/viewer`);
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error).toBe(ADMIN_ROLE_MESSAGES.builtInKept);

    const edited = await put(ctx.owner, `${ROLES_PATH}/viewer`, { description: 'Watches things' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: ADMIN_ROLE_MESSAGES.saved, data: { description: 'Watches things' } });

    const name = roleName();
    const created = await ctx.owner.post(ROLES_PATH, { name, label: 'Held', permissions: ['settings.view'] });
    expect(created.status).toBe(200);
    const taken = await ctx.owner.post(ROLES_PATH, { name, label: 'Again' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ name: ADMIN_ROLE_MESSAGES.nameTaken });

    // The CLI takes any role that exists now, and refuses one that does not.
    const holder = await createAdmin(
      ctx.server.app.services.db,
      { username: `holder_${uniqueSuffix()}`, password: `pw-${uniqueSuffix()}-Long-Enough`, role: name },
      { type: 'cli' },
    );
    await expect(
      createAdmin(
        ctx.server.app.services.db,
        { username: `nobody_${uniqueSuffix()}`, password: `pw-${uniqueSuffix()}-Long-Enough`, role: 'no_such_role' },
        { type: 'cli' },
      ),
    ).rejects.toThrow(/No role with this name/);

    const held = await ctx.owner.request('DELETE', `${ROLES_PATH}/${name}`);
    expect(held.status).toBe(409);
    expect(held.body.error).toBe(ADMIN_ROLE_MESSAGES.inUse);
    await ctx.owner.request('DELETE', `/api/admin/users/${holder.id}?hard=true`);
    const deleted = await ctx.owner.request('DELETE', `${ROLES_PATH}/${name}`);
    expect(deleted.body).toEqual({ success: true, message: ADMIN_ROLE_MESSAGES.deleted });
    expect((await ctx.owner.request('DELETE', `${ROLES_PATH}/${name}`)).status).toBe(404);

    const audited = await sql<{ action: string }>(
      ctx.server.app,
      "SELECT action FROM audit_log WHERE target_type = 'admin_role' AND target_id = $1 ORDER BY id",
      [name],
    );
    expect(audited.map((row) => row.action)).toEqual(['role.created', 'role.deleted']);
  });

  it("changes every holder's permissions on their next request", async () => {
    const name = roleName();
    await ctx.owner.post(ROLES_PATH, { name, label: 'Auditor', permissions: ['admin.audit_logs'] });
    const password = `pw-${uniqueSuffix()}-Long-Enough`;
    const username = `auditor_${uniqueSuffix()}`;
    expect((await ctx.owner.post('/api/admin/users', { username, role: name, password })).status).toBe(200);
    const holder = new HttpClient(ctx.server.url);
    const signedIn = await holder.signIn(username, password);
    expect(signedIn.body.admin).toMatchObject({ role: name, roleLabel: 'Auditor', permissions: ['admin.audit_logs'] });
    expect((await holder.get('/api/admin/audit-logs')).status).toBe(200);
    expect((await holder.get('/api/admin/users')).status).toBe(403);

    const changed = await put(ctx.owner, `${ROLES_PATH}/${name}`, { label: 'User Keeper', permissions: ['admin.manage_users'] });
    expect(changed.body.data).toMatchObject({ label: 'User Keeper', permissions: ['admin.manage_users'], holders: 1 });

    expect((await holder.get('/api/admin/users')).status).toBe(200);
    expect((await holder.get('/api/admin/audit-logs')).status).toBe(403);
    const me = await holder.get<{ admin: { roleLabel: string; permissions: string[] } }>('/api/admin/auth/me');
    expect(me.body.admin).toMatchObject({ roleLabel: 'User Keeper', permissions: ['admin.manage_users'] });
  });

  it('is open to settings.edit_permissions or admin.manage_roles holders only', async () => {
    for (const [permissions, status] of [
      [['settings.edit_permissions'], 200],
      [['admin.manage_roles'], 200],
      [['admin.manage_users'], 403],
    ] as const) {
      const admin = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: [...permissions] });
      const client = new HttpClient(ctx.server.url);
      await client.signIn(admin.username, admin.password);
      expect((await client.get(ROLES_PATH)).status, permissions[0]).toBe(status);
    }
  });
});
