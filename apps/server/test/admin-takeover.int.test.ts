import {
  ADMIN_ROLE_MESSAGES,
  ADMIN_USER_MESSAGES,
  type AdminRole,
  type AdminUserRow,
  PASSWORD_MESSAGES,
  type Permission,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/modules/admin-users/create-admin';
import { sql, type TestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startIsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

// Issue 25, high 2 and medium 6: an admin acts on another admin, or on a role, only when everything the other
// holds is theirs too (canActOnAdmin); and admin passwords follow the community rule (low).

const USERS = '/api/admin/users';
const ROLES = '/api/admin/roles';

let ctx: IsolatedApp & { owner: HttpClient };
/** A custom role that gives nothing: its holders have only their extra permissions. */
let emptyRole: string;
/** A custom role that gives admin.audit_logs alone. */
let auditRole: string;
/** A custom role that gives admin.manage_users alone. */
let managerRole: string;

const roleName = (prefix: string) =>
  `${prefix}_${uniqueSuffix()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}`.slice(0, 40);
const password = () => `pw-${uniqueSuffix()}-Long-Enough`;
const put = (client: HttpClient, path: string, body: unknown) => client.request('PUT', path, { body });
const del = (client: HttpClient, path: string) => client.request('DELETE', path);

async function makeRole(prefix: string, permissions: Permission[]): Promise<string> {
  const name = roleName(prefix);
  const created = await ctx.owner.post(ROLES, { name, label: prefix, permissions });
  expect(created.status, created.text).toBe(200);
  return name;
}

/** An admin of any role (custom ones too), made the way the CLI makes them. */
async function makeAdmin(role: string, permissions: Permission[] = []): Promise<TestAdmin> {
  const username = `adm_${uniqueSuffix()}`;
  const secret = password();
  const { id } = await createAdmin(
    ctx.server.app.services.db,
    { username, password: secret, role, permissions },
    { type: 'cli' },
  );
  return { id, username, password: secret };
}

async function signedIn(admin: TestAdmin): Promise<HttpClient> {
  const client = new HttpClient(ctx.server.url);
  const answer = await client.signIn(admin.username, admin.password);
  expect(answer.status, answer.text).toBe(200);
  return client;
}

/** Everything an action on the account could change. */
async function accountState(id: string) {
  const [row] = await sql(
    ctx.server.app,
    `SELECT username, full_name, role, permissions, is_active, deleted_at, password_hash, failed_attempts, locked_until
       FROM admin_users WHERE id = $1`,
    [id],
  );
  return row;
}

async function openSessionIds(id: string): Promise<string[]> {
  const rows = await sql<{ id: string }>(
    ctx.server.app,
    'SELECT id FROM admin_sessions WHERE admin_user_id = $1 AND revoked_at IS NULL ORDER BY id',
    [id],
  );
  return rows.map((row) => row.id);
}

async function auditedBy(actor: TestAdmin, targetId: string): Promise<string[]> {
  const rows = await sql<{ action: string }>(
    ctx.server.app,
    "SELECT action FROM audit_log WHERE actor_name = $1 AND (target_id = $2 OR details->>'adminUserId' = $2)",
    [actor.username, targetId],
  );
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  emptyRole = await makeRole('nothing', []);
  auditRole = await makeRole('auditor', ['admin.audit_logs']);
  managerRole = await makeRole('usermgr', ['admin.manage_users']);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** The two ways of holding admin.manage_users and nothing else. */
const ACTORS = [
  { kind: 'a custom role', make: () => makeAdmin(managerRole) },
  { kind: 'an extra permission', make: () => makeAdmin(emptyRole, ['admin.manage_users']) },
];

/** Stronger targets: admin.full_access by role or by grant, and one permission the actor lacks by role or by grant. */
const STRONGER = [
  { kind: 'the built-in admin role (admin.full_access)', make: () => makeAdmin('admin') },
  { kind: 'admin.full_access as an extra permission', make: () => makeAdmin(emptyRole, ['admin.full_access']) },
  { kind: 'admin.audit_logs from its role', make: () => makeAdmin(auditRole) },
  {
    kind: 'admin.audit_logs as an extra permission',
    make: () => makeAdmin(emptyRole, ['admin.manage_users', 'admin.audit_logs']),
  },
];

describe.each(ACTORS)('an admin holding only admin.manage_users (by $kind)', ({ make: makeActor }) => {
  it.each(STRONGER)('cannot take over, demote, disable, unlock, delete or sign out an admin with $kind', async ({ make }) => {
    const actor = await makeActor();
    const asActor = await signedIn(actor);
    const target = await make();
    const asTarget = await signedIn(target);
    const [sessionId] = await openSessionIds(target.id);
    const before = await accountState(target.id);

    // The answers say so before anything is tried: the screen offers no action on this admin.
    const seen = await asActor.get<{ data: AdminUserRow }>(`${USERS}/${target.id}`);
    expect(seen.body.data.abilities).toEqual({ isSelf: false, canAct: false });
    const listedRows = await asActor.get<{ data: AdminUserRow[] }>(`${USERS}?search=${target.username}`);
    expect(listedRows.body.data.map((row) => row.abilities)).toEqual([{ isSelf: false, canAct: false }]);

    const refuse = async (label: string, attempt: () => Promise<{ status: number; body: Record<string, unknown> }>) => {
      const answer = await attempt();
      expect(answer.status, label).toBe(403);
      expect(answer.body, label).toMatchObject({ code: 'FORBIDDEN', error: ADMIN_USER_MESSAGES.outOfReach });
    };
    await refuse('reset password', () => asActor.post(`${USERS}/${target.id}/reset-password`, { newPassword: password() }));
    await refuse('change role', () => put(asActor, `${USERS}/${target.id}`, { role: emptyRole }));
    await refuse('change extra permissions', () => put(asActor, `${USERS}/${target.id}`, { permissions: [] }));
    await refuse('rename', () => put(asActor, `${USERS}/${target.id}`, { fullName: 'Taken over' }));
    await refuse('disable', () => put(asActor, `${USERS}/${target.id}`, { isActive: false }));
    await refuse('delete', () => del(asActor, `${USERS}/${target.id}`));
    await refuse('delete permanently', () => del(asActor, `${USERS}/${target.id}?hard=true`));
    await refuse('list sessions', () => asActor.get(`${USERS}/${target.id}/sessions`));
    await refuse('end a session', () => del(asActor, `${USERS}/${target.id}/sessions/${sessionId}`));

    expect(await accountState(target.id)).toEqual(before);
    expect(await openSessionIds(target.id)).toEqual([sessionId]);
    expect((await asTarget.get('/api/admin/auth/me')).status).toBe(200);
    // The refused reset left the old password working.
    await signedIn(target);

    // Enable and unlock: the owner disables (then locks) the account; the actor may not undo either.
    expect((await put(ctx.owner, `${USERS}/${target.id}`, { isActive: false })).status).toBe(200);
    await refuse('enable', () => put(asActor, `${USERS}/${target.id}`, { isActive: true }));
    expect((await accountState(target.id))!.is_active).toBe(false);
    expect((await put(ctx.owner, `${USERS}/${target.id}`, { isActive: true })).status).toBe(200);
    await sql(
      ctx.server.app,
      "UPDATE admin_users SET failed_attempts = 5, locked_until = now() + interval '15 minutes' WHERE id = $1",
      [target.id],
    );
    await refuse('unlock', () => asActor.post(`${USERS}/${target.id}/unlock`));
    const locked = await ctx.owner.get<{ data: AdminUserRow }>(`${USERS}/${target.id}`);
    expect(locked.body.data).toMatchObject({ status: 'locked', failedAttempts: 5 });

    expect(await auditedBy(actor, target.id)).toEqual([]);
  });

  it('manages an admin whose permissions are all its own, but grants nothing beyond them', async () => {
    const actor = await makeActor();
    const asActor = await signedIn(actor);
    const target = await makeAdmin(emptyRole);
    const asTarget = await signedIn(target);
    const [sessionId] = await openSessionIds(target.id);

    const listed = await asActor.get<{ data: { id: string }[] }>(`${USERS}/${target.id}/sessions`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((session) => session.id)).toEqual([sessionId]);
    expect((await del(asActor, `${USERS}/${target.id}/sessions/${sessionId}`)).status).toBe(200);
    expect((await asTarget.get('/api/admin/auth/me')).status).toBe(401);

    const renamed = await put(asActor, `${USERS}/${target.id}`, {
      fullName: 'Within reach',
      permissions: ['admin.manage_users'],
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({
      fullName: 'Within reach',
      effectivePermissions: ['admin.manage_users'],
      abilities: { isSelf: false, canAct: true },
    });
    const own = await asActor.get<{ data: AdminUserRow }>(`${USERS}/${actor.id}`);
    expect(own.body.data.abilities).toEqual({ isSelf: true, canAct: true });
    // Now as strong as the actor: still within reach, and taking the permission away again is allowed.
    expect((await put(asActor, `${USERS}/${target.id}`, { permissions: [] })).status).toBe(200);

    // Granting what the actor does not hold, as an extra permission or through a role, is refused.
    const grants = [
      { body: { permissions: ['admin.audit_logs'] }, field: 'permissions' },
      { body: { permissions: ['admin.full_access'] }, field: 'permissions' },
      { body: { role: 'admin' }, field: 'role' },
      { body: { role: auditRole }, field: 'role' },
      { body: { role: 'superadmin' }, field: 'role' },
    ];
    for (const { body, field } of grants) {
      const refused = await put(asActor, `${USERS}/${target.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(Object.keys(refused.body.fields as object)).toEqual([field]);
    }
    expect(await accountState(target.id)).toMatchObject({ role: emptyRole, permissions: [] });

    const newPassword = password();
    expect((await asActor.post(`${USERS}/${target.id}/reset-password`, { newPassword })).status).toBe(200);
    await signedIn({ ...target, password: newPassword });
    await sql(
      ctx.server.app,
      "UPDATE admin_users SET failed_attempts = 5, locked_until = now() + interval '15 minutes' WHERE id = $1",
      [target.id],
    );
    expect((await asActor.post(`${USERS}/${target.id}/unlock`)).status).toBe(200);
    expect((await put(asActor, `${USERS}/${target.id}`, { isActive: false })).status).toBe(200);
    expect((await put(asActor, `${USERS}/${target.id}`, { isActive: true })).status).toBe(200);
    expect((await del(asActor, `${USERS}/${target.id}`)).status).toBe(200);
    expect((await del(asActor, `${USERS}/${target.id}?hard=true`)).status).toBe(200);
    expect(await accountState(target.id)).toBeUndefined();
  });

  it('creates no admin with a role or permission beyond its own', async () => {
    const actor = await makeActor();
    const asActor = await signedIn(actor);
    const create = (body: Record<string, unknown>) =>
      asActor.post(USERS, { username: `made_${uniqueSuffix()}`, password: password(), ...body });
    for (const [body, field] of [
      [{ role: 'admin' }, 'role'],
      [{ role: auditRole }, 'role'],
      [{ role: 'superadmin' }, 'role'],
      [{ role: emptyRole, permissions: ['admin.full_access'] }, 'permissions'],
      [{ role: emptyRole, permissions: ['admin.audit_logs'] }, 'permissions'],
    ] as const) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(Object.keys(refused.body.fields as object)).toEqual([field]);
    }
    const within = await create({ role: emptyRole, permissions: ['admin.manage_users'] });
    expect(within.status, within.text).toBe(200);
  });
});

describe('acting on oneself', () => {
  it('resets no own password through Admin Users (the change form asks for the current one)', async () => {
    const actor = await makeAdmin(managerRole);
    const asActor = await signedIn(actor);
    const before = await accountState(actor.id);
    const refused = await asActor.post(`${USERS}/${actor.id}/reset-password`, { newPassword: password() });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ADMIN_USER_MESSAGES.ownPassword);
    expect(await accountState(actor.id)).toEqual(before);
    // Its own sessions are its own to see.
    expect((await asActor.get(`${USERS}/${actor.id}/sessions`)).status).toBe(200);
  });

  it('may give up an extra permission of its own, never gain one', async () => {
    const actor = await makeAdmin(emptyRole, ['admin.manage_users', 'players.view']);
    const asActor = await signedIn(actor);
    const raised = await put(asActor, `${USERS}/${actor.id}`, { permissions: ['admin.manage_users', 'admin.audit_logs'] });
    expect(raised.status).toBe(403);
    const lowered = await put(asActor, `${USERS}/${actor.id}`, { permissions: ['admin.manage_users'] });
    expect(lowered.status, lowered.text).toBe(200);
  });
});

describe('a full-access admin', () => {
  it('manages an admin with any permission, but not a superadmin', async () => {
    const full = await signedIn(await makeAdmin('admin'));
    const target = await makeAdmin(auditRole, ['players.bulk_edit']);
    expect((await put(full, `${USERS}/${target.id}`, { fullName: 'Managed' })).status).toBe(200);
    const boss = await makeAdmin('superadmin');
    const refused = await full.post(`${USERS}/${boss.id}/reset-password`, { newPassword: password() });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ADMIN_USER_MESSAGES.superadminOnly);
  });
});

describe('editing roles (the editor holds every permission of the role, before and after)', () => {
  it('admin.manage_roles cannot empty, rename or widen a role beyond its own, nor delete one', async () => {
    const editor = await makeAdmin(emptyRole, ['admin.manage_roles']);
    const asEditor = await signedIn(editor);
    const fullAdmin = await makeAdmin('admin');
    const asFullAdmin = await signedIn(fullAdmin);
    const roleState = async (name: string) =>
      (await sql(ctx.server.app, 'SELECT label, description, permissions FROM admin_roles WHERE name = $1', [name]))[0];
    const adminRoleBefore = await roleState('admin');

    const refuse = async (label: string, attempt: () => Promise<{ status: number; body: Record<string, unknown> }>) => {
      const answer = await attempt();
      expect(answer.status, label).toBe(403);
      expect(answer.body.error, label).toBe(ADMIN_ROLE_MESSAGES.outOfReach);
    };
    await refuse('empty the admin role', () => put(asEditor, `${ROLES}/admin`, { permissions: [] }));
    await refuse('rename the admin role', () => put(asEditor, `${ROLES}/admin`, { label: 'Demoted' }));
    await refuse('describe the admin role', () => put(asEditor, `${ROLES}/admin`, { description: 'x' }));
    expect(await roleState('admin')).toEqual(adminRoleBefore);
    // Every full-access admin keeps full access.
    expect((await asFullAdmin.get('/api/admin/audit-logs')).status).toBe(200);

    const held = await makeRole('held', ['admin.audit_logs', 'admin.manage_roles']);
    await refuse('remove a permission from a role holding one the editor lacks', () =>
      put(asEditor, `${ROLES}/${held}`, { permissions: ['admin.manage_roles'] }),
    );
    await refuse('delete a role holding a permission the editor lacks', () => del(asEditor, `${ROLES}/${held}`));
    expect(await roleState(held)).toMatchObject({ permissions: ['admin.audit_logs', 'admin.manage_roles'] });

    const own = await makeRole('own', ['admin.manage_roles']);
    // The list carries the same checks per role, so the screen offers only what the server allows.
    const listed = await asEditor.get<{ data: AdminRole[] }>(ROLES);
    const abilitiesOf = (name: string) => listed.body.data.find((role) => role.name === name)?.abilities;
    expect(abilitiesOf('superadmin')).toEqual({ canEdit: false, canDelete: false });
    expect(abilitiesOf('admin')).toEqual({ canEdit: false, canDelete: false });
    expect(abilitiesOf(held)).toEqual({ canEdit: false, canDelete: false });
    expect(abilitiesOf(own)).toEqual({ canEdit: true, canDelete: true });
    const widened = await put(asEditor, `${ROLES}/${own}`, { permissions: ['admin.manage_roles', 'admin.audit_logs'] });
    expect(widened.status).toBe(403);
    expect(widened.body.error).toBe(ADMIN_ROLE_MESSAGES.beyondYourOwn);
    const created = await asEditor.post(ROLES, { name: roleName('mine'), label: 'Mine', permissions: ['admin.audit_logs'] });
    expect(created.status).toBe(403);
    expect(created.body.error).toBe(ADMIN_ROLE_MESSAGES.beyondYourOwn);

    // Within reach: rename, empty and delete.
    const renamed = await put(asEditor, `${ROLES}/${own}`, { label: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((renamed.body.data as AdminRole).abilities).toEqual({ canEdit: true, canDelete: true });
    expect((await put(asEditor, `${ROLES}/${own}`, { permissions: [] })).status).toBe(200);
    expect((await del(asEditor, `${ROLES}/${own}`)).status).toBe(200);
    expect(await auditedBy(editor, 'admin')).toEqual([]);
  });
});

describe('admin passwords follow the community rule', () => {
  const weak = 'password1234';

  it('refuses a common password or the username on create, reset and change, with the message', async () => {
    const created = await ctx.owner.post(USERS, { username: `weak_${uniqueSuffix()}`, role: 'viewer', password: weak });
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual({ password: PASSWORD_MESSAGES.tooCommon });
    const named = `samename_${Date.now().toString(36)}`;
    const asName = await ctx.owner.post(USERS, { username: named, role: 'viewer', password: named.toUpperCase() });
    expect(asName.status).toBe(400);
    expect(asName.body.fields).toEqual({ password: PASSWORD_MESSAGES.sameAsIdentity });

    const target = await makeAdmin('viewer');
    const before = await accountState(target.id);
    for (const [newPassword, message] of [
      [weak, PASSWORD_MESSAGES.tooCommon],
      [target.username, PASSWORD_MESSAGES.sameAsIdentity],
    ]) {
      const reset = await ctx.owner.post(`${USERS}/${target.id}/reset-password`, { newPassword });
      expect(reset.status, newPassword).toBe(400);
      expect(reset.body.fields).toEqual({ newPassword: message });
    }
    expect(await accountState(target.id)).toEqual(before);

    const asTarget = await signedIn(target);
    for (const [newPassword, message] of [
      [weak, PASSWORD_MESSAGES.tooCommon],
      [target.username, PASSWORD_MESSAGES.sameAsIdentity],
    ]) {
      const changed = await asTarget.post('/api/admin/auth/change-password', { currentPassword: target.password, newPassword });
      expect(changed.status, newPassword).toBe(400);
      expect(changed.body.fields).toEqual({ newPassword: message });
    }
    expect(await accountState(target.id)).toEqual(before);
    await signedIn(target);
  });

  it('the CLI refuses one too', async () => {
    await expect(
      createAdmin(
        ctx.server.app.services.db,
        { username: `cli_${uniqueSuffix()}`, password: weak, role: 'viewer' },
        { type: 'cli' },
      ),
    ).rejects.toThrow(PASSWORD_MESSAGES.tooCommon);
  });

  it('a new first admin with a weak ADMIN_PASSWORD stops the start, saying why', async () => {
    await expect(startIsolatedApp({ ADMIN_PASSWORD: weak })).rejects.toThrow(
      `ADMIN_PASSWORD is refused: ${PASSWORD_MESSAGES.tooCommon}`,
    );
  });
});
