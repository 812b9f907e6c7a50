import {
  COMMUNITY_MESSAGES,
  type DiscordRoleMapping,
  GUILD_ADMIN_PERMISSIONS,
  GUILD_GRANT_MESSAGES,
  GUILD_MEMBER_PERMISSIONS,
  type GuildGrant,
  MESSAGES,
  type MemberEffectivePermissions,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordGuild, type FakeDiscordMember, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, registerVerifiedUser, signInWithDiscord } from './helpers/community';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { waitForSync } from './helpers/linking-factories';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const GRANTS = '/api/admin/guild-grants';
const SYNC = '/api/admin/character-discovery/discord/sync-members';
const roles = (tenantId: string) => `/api/admin/guilds/${tenantId}/discord-roles`;
const memberPermissionsPath = (tenantId: string, discordUserId: string) =>
  `/api/admin/guilds/${tenantId}/members/${discordUserId}/permissions`;

/** The Discord server of the guild under test; @everyone's id is the server's own. */
const SERVER_ID = '610000000000000001';
const ROLE = {
  everyone: { id: SERVER_ID, name: '@everyone', color: 0, position: 0, permissions: '1024', managed: false },
  raider: { id: '620000000000000001', name: 'Raider', color: 3447003, position: 1, permissions: '2048', managed: false },
  officer: { id: '620000000000000002', name: 'Officer', color: 15158332, position: 3, permissions: '8192', managed: false },
  leader: { id: '620000000000000003', name: 'Guild Leader', color: 15844367, position: 5, permissions: '8', managed: false },
  managers: { id: '620000000000000004', name: 'Managers', color: 0, position: 4, permissions: '32', managed: false },
  bot: { id: '620000000000000005', name: 'Guildhall', color: 0, position: 2, permissions: '2147568704', managed: true },
};

const discordUser = (n: number, name: string): FakeDiscordUser => ({
  id: `63000000000000000${n}`,
  username: name,
  global_name: name.replace(/^./, (c) => c.toUpperCase()),
  avatar: null,
});
const officer = discordUser(1, 'officer');
const raider = discordUser(2, 'raider');
const leader = discordUser(3, 'leader');
const owner = discordUser(4, 'owner');
const quiet = discordUser(5, 'quiet');
const manager = discordUser(6, 'manager');

const asMember = (user: FakeDiscordUser, roleIds: string[]): FakeDiscordMember => ({
  user,
  nick: null,
  joined_at: '2024-01-01T00:00:00.000Z',
  roles: roleIds,
});
/** The server as /users/@me/guilds shows it to each user: Discord computes permissions from their roles. */
const serverAs = (permissions: string, isOwner = false): FakeDiscordGuild => ({
  id: SERVER_ID,
  name: 'Role Mapped Raiders',
  icon: null,
  owner: isOwner,
  permissions,
});

let environment: TestEnvironment;
let server: TestApp;
let admin: HttpClient;
let tenantId: string;
const fake = new DiscordFake();

beforeAll(async () => {
  await fake.start();
  fake.roles.set(SERVER_ID, Object.values(ROLE));
  fake.members.set(SERVER_ID, [
    asMember(officer, [ROLE.officer.id, ROLE.raider.id]),
    asMember(raider, [ROLE.raider.id]),
    asMember(leader, [ROLE.leader.id]),
    asMember(owner, []),
    asMember(quiet, []),
    asMember(manager, [ROLE.managers.id]),
  ]);
  // Bot guild lists are cached for a minute, so every guild is in place before the first sign-in.
  fake.addGuild(officer, serverAs('11264'), { withBot: true });
  fake.addGuild(raider, serverAs('3072'), { withBot: true });
  fake.addGuild(owner, serverAs('1024', true), { withBot: true });
  environment = await createTestEnvironment(fake.appSettings());
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  admin = new HttpClient(server.url);
  await admin.signIn(OWNER.username, OWNER.password);
  tenantId = await insertGuild(server.app, { guild_name: 'Role Mapped Raiders' });
  await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [tenantId, SERVER_ID]);
  // Members and their roles come to Guildhall with a member sync, as they do in production.
  const started = await admin.post<{ jobId: string }>(SYNC, { guildId: tenantId });
  expect(started.status, started.text).toBe(202);
  expect((await waitForSync(admin, started.body.jobId)).status).toBe('succeeded');
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

const signInAs = (as: FakeDiscordUser) => signInWithDiscord(fake, server.url, as);

const permissionsOf = async (client: HttpClient) => {
  const answer = await client.get<{ permissions: string[]; selectedGuildId: string | null }>('/auth/permissions');
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.selectedGuildId).toBe(SERVER_ID);
  return answer.body.permissions;
};

/** The officers' invite list: a guild route that needs guild.manage_members in the X-Guild-ID guild. */
const officerInvites = (client: HttpClient) => client.get('/api/guild/invites', { headers: { 'X-Guild-ID': SERVER_ID } });

const mapRole = (roleId: string, permissions: string[]) =>
  admin.request<{ data: DiscordRoleMapping; message: string }>('PUT', `${roles(tenantId)}/${roleId}`, { body: { permissions } });

const auditOf = (action: string) =>
  sql<{ actor_type: string; actor_name: string; target_type: string; target_id: string; details: Record<string, unknown> }>(
    server.app,
    'SELECT actor_type, actor_name, target_type, target_id, details FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

describe('hand-made guild grants', () => {
  it('grants, lists by guild and user search, newest first, and revokes one by id, each audited', async () => {
    const other = await insertGuild(server.app, { guild_name: 'Other Grant Guild' });
    const { account, user } = await registerVerifiedUser(server.app, new HttpClient(server.url));

    const granted = await admin.post<{ data: GuildGrant[]; message: string }>(GRANTS, {
      guildId: tenantId,
      userId: user.id,
      permissions: ['loot.manage', 'raids.manage'],
    });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.message).toBe(GUILD_GRANT_MESSAGES.granted);
    expect(granted.body.data.map((grant) => grant.permission).sort()).toEqual(['loot.manage', 'raids.manage']);
    expect(granted.body.data[0]).toMatchObject({
      guildId: tenantId,
      guildName: 'Role Mapped Raiders',
      userId: user.id,
      username: account.username,
      email: account.email,
      discordId: null,
      grantedBy: OWNER.username,
    });
    // Granting again keeps what is held and adds the new one; the answer is everything held in that guild.
    const again = await admin.post<{ data: GuildGrant[] }>(GRANTS, {
      guildId: tenantId,
      userId: user.id,
      permissions: ['loot.manage', 'guild.view'],
    });
    expect(again.body.data.map((grant) => grant.permission).sort()).toEqual(['guild.view', 'loot.manage', 'raids.manage']);
    await admin.post(GRANTS, { guildId: other, userId: user.id, permissions: ['settings.view'] });

    const inGuild = await admin.get<{ data: GuildGrant[]; pagination: Record<string, number> }>(
      `${GRANTS}?guildId=${tenantId}&search=${encodeURIComponent(account.email.slice(2).toUpperCase())}`,
    );
    expect(inGuild.status, inGuild.text).toBe(200);
    expect(inGuild.body.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
    expect(inGuild.body.data[0]!.permission).toBe('guild.view');
    const everywhere = await admin.get<{ data: GuildGrant[] }>(`${GRANTS}?search=${account.username}&limit=2`);
    expect(everywhere.body.data.map((grant) => grant.guildName)).toEqual(['Other Grant Guild', 'Role Mapped Raiders']);
    expect((await admin.get<{ data: unknown[] }>(`${GRANTS}?search=nobody-has-this`)).body.data).toEqual([]);

    const revoked = inGuild.body.data.find((grant) => grant.permission === 'raids.manage')!;
    const removed = await admin.request('DELETE', `${GRANTS}/${revoked.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ success: true, message: GUILD_GRANT_MESSAGES.revoked });
    const gone = await admin.request('DELETE', `${GRANTS}/${revoked.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: GUILD_GRANT_MESSAGES.grantNotFound });
    const left = await admin.get<{ data: GuildGrant[] }>(`${GRANTS}?guildId=${tenantId}&search=${account.username}`);
    expect(left.body.data.map((grant) => grant.permission)).toEqual(['guild.view', 'loot.manage']);

    const grantAudits = (await auditOf('guild.access_granted')).filter((row) => row.details.userId === user.id);
    expect(grantAudits[0]).toMatchObject({ actor_type: 'admin', actor_name: OWNER.username, target_id: tenantId });
    expect(grantAudits[1]!.details).toMatchObject({ permissions: ['loot.manage', 'guild.view'], added: ['guild.view'] });
    const [revokeAudit] = (await auditOf('guild.access_revoked')).filter((row) => row.details.grantId === revoked.id);
    expect(revokeAudit).toMatchObject({ actor_name: OWNER.username, target_type: 'guild', target_id: tenantId });
    expect(revokeAudit!.details).toMatchObject({ userId: user.id, permission: 'raids.manage', email: account.email });
  });

  it('refuses unknown guilds and users, no permissions, and bad ids', async () => {
    const { user } = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const unknownGuild = await admin.post(GRANTS, {
      guildId: '00000000-0000-4000-8000-000000000000',
      userId: user.id,
      permissions: ['guild.view'],
    });
    expect(unknownGuild.status).toBe(404);
    expect(unknownGuild.body).toMatchObject({ error: GUILD_GRANT_MESSAGES.guildNotFound });
    const unknownUser = await admin.post(GRANTS, {
      guildId: tenantId,
      userId: '00000000-0000-4000-8000-000000000000',
      permissions: ['guild.view'],
    });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body).toMatchObject({ error: GUILD_GRANT_MESSAGES.userNotFound });
    const none = await admin.post(GRANTS, { guildId: tenantId, userId: user.id, permissions: [] });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ fields: { permissions: GUILD_GRANT_MESSAGES.permissionsRequired } });
    const madeUp = await admin.post(GRANTS, { guildId: tenantId, userId: user.id, permissions: ['admin.full_access'] });
    expect(madeUp.status).toBe(400);
    expect((await admin.request('DELETE', `${GRANTS}/not-a-number`)).status).toBe(400);
  });

  it('finds community users for the picker by part of the username, e-mail or Discord id', async () => {
    const { account, user } = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const byEmail = await admin.get<{ data: { id: string; email: string | null }[] }>(
      `${GRANTS}/users?search=${encodeURIComponent(account.email.toUpperCase())}`,
    );
    expect(byEmail.status, byEmail.text).toBe(200);
    expect(byEmail.body.data).toEqual([{ id: user.id, username: account.username, email: account.email, discordId: null }]);

    await signInAs(raider);
    const byDiscordId = await admin.get<{ data: { username: string; discordId: string | null }[] }>(
      `${GRANTS}/users?search=${raider.id.slice(4)}`,
    );
    expect(byDiscordId.body.data).toContainEqual(expect.objectContaining({ username: raider.username, discordId: raider.id }));
    const many = await admin.get<{ data: unknown[] }>(`${GRANTS}/users?search=member_`);
    expect(many.body.data.length).toBeGreaterThan(0);
    expect(many.body.data.length).toBeLessThanOrEqual(20);
    expect((await admin.get(`${GRANTS}/users?search=`)).status).toBe(400);
  });

  it('needs settings.edit_permissions or admin.manage_roles', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const viewerClient = new HttpClient(server.url);
    await viewerClient.signIn(viewer.username, viewer.password);
    const refused = await viewerClient.get(GRANTS);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: MESSAGES.accessDeniedBody });
    expect((await viewerClient.get(roles(tenantId))).status).toBe(403);

    const editor = await createTestAdmin(server.app, { role: 'viewer', permissions: ['settings.edit_permissions'] });
    const editorClient = new HttpClient(server.url);
    await editorClient.signIn(editor.username, editor.password);
    expect((await editorClient.get(GRANTS)).status).toBe(200);
    expect((await new HttpClient(server.url).get(GRANTS)).status).toBe(401);
  });

  it('a permission manager without Guild Management can pick a guild in the one guild picker', async () => {
    const editor = await createTestAdmin(server.app, { role: 'viewer', permissions: ['settings.edit_permissions'] });
    const editorClient = new HttpClient(server.url);
    await editorClient.signIn(editor.username, editor.password);
    expect((await editorClient.get('/api/admin/guilds')).status).toBe(403);

    const found = await editorClient.get<{ data: { id: string; name: string }[]; total: number }>(
      `/api/admin/guild-options?search=${encodeURIComponent('role mapped')}`,
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.data).toEqual([
      expect.objectContaining({ id: tenantId, name: 'Role Mapped Raiders', discordGuildId: SERVER_ID }),
    ]);
    expect(found.body.total).toBe(1);
    const byId = await editorClient.get<{ data: { name: string }[] }>(`/api/admin/guild-options?id=${tenantId}`);
    expect(byId.body.data.map((guild) => guild.name)).toEqual(['Role Mapped Raiders']);
    const first = await editorClient.get<{ data: unknown[]; total: number }>('/api/admin/guild-options');
    expect(first.body.data.length).toBeLessThanOrEqual(20);
    expect(first.body.total).toBeGreaterThanOrEqual(first.body.data.length);
  });
});

describe("a guild's Discord roles", () => {
  it("lists Discord's roles, highest first, with current holders, Discord admin rights and mapped permissions", async () => {
    const answer = await admin.get<{ data: DiscordRoleMapping[]; fetchedAt: string }>(roles(tenantId));
    expect(answer.status, answer.text).toBe(200);
    expect(fake.requests.some((request) => request.path === `/guilds/${SERVER_ID}/roles`)).toBe(true);
    expect(Date.parse(answer.body.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
    const byName = Object.fromEntries(answer.body.data.map((role) => [role.name, role]));
    expect(answer.body.data.map((role) => role.name)).toEqual([
      'Guild Leader',
      'Managers',
      'Officer',
      'Guildhall',
      'Raider',
      '@everyone',
    ]);
    expect(byName.Officer).toMatchObject({
      id: ROLE.officer.id,
      color: ROLE.officer.color,
      position: 3,
      managed: false,
      isDiscordAdmin: false,
      memberCount: 1,
    });
    expect(byName.Raider!.memberCount).toBe(2);
    expect(byName['Guild Leader']).toMatchObject({ isDiscordAdmin: true, memberCount: 1 });
    expect(byName.Managers!.isDiscordAdmin).toBe(true);
    expect(byName.Guildhall).toMatchObject({ managed: true, memberCount: 0 });
    // Every current member holds @everyone, though Discord does not list it among their roles.
    expect(byName['@everyone']).toMatchObject({ id: SERVER_ID, memberCount: 6, isDiscordAdmin: false });
  });

  it('is 404 for an unknown guild, 409 for one without a Discord server, 503 while Discord fails', async () => {
    const unknown = await admin.get(roles('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: GUILD_GRANT_MESSAGES.guildNotFound });

    const noDiscord = await insertGuild(server.app);
    const conflict = await admin.get(roles(noDiscord));
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: 'CONFLICT', error: GUILD_GRANT_MESSAGES.noDiscordGuild });

    fake.rolesFailureStatus = 500;
    try {
      const down = await admin.get(roles(tenantId));
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: GUILD_GRANT_MESSAGES.rolesUnavailable });
      expect((await mapRole(ROLE.raider.id, ['loot.manage'])).status).toBe(503);
    } finally {
      fake.rolesFailureStatus = null;
    }
  });

  it('is 503 DISCORD_NOT_CONFIGURED on a server without a bot token', async () => {
    const noBot = await startTestApp(environment.env, (config) => {
      config.discord.botToken = null;
    });
    try {
      const client = new HttpClient(noBot.url);
      await client.signIn(OWNER.username, OWNER.password);
      const answer = await client.get(roles(tenantId));
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'DISCORD_NOT_CONFIGURED', error: GUILD_GRANT_MESSAGES.discordNotConfigured });
    } finally {
      await noBot.close();
    }
  });

  it('maps only roles Discord lists for the guild, and only catalog permissions', async () => {
    const unknownRole = await mapRole('699999999999999999', ['loot.manage']);
    expect(unknownRole.status).toBe(404);
    expect(unknownRole.body).toMatchObject({ error: GUILD_GRANT_MESSAGES.roleNotFound });
    expect((await mapRole(ROLE.raider.id, ['admin.full_access'])).status).toBe(400);
    expect((await mapRole('not-a-role', [])).status).toBe(400);
  });
});

describe('Discord roles mapped to guild permissions', () => {
  it("gives a role's holders its permissions in /auth/permissions and on guild routes, until the mapping goes", async () => {
    const officerClient = await signInAs(officer);
    const raiderClient = await signInAs(raider);
    expect((await permissionsOf(officerClient)).sort()).toEqual([...GUILD_MEMBER_PERMISSIONS].sort());
    const before = await officerInvites(officerClient);
    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ error: COMMUNITY_MESSAGES.guildPermissionDenied });

    const mapped = await mapRole(ROLE.officer.id, ['guild.manage_members', 'characters.manage']);
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.body.message).toBe(GUILD_GRANT_MESSAGES.mappingSaved);
    expect(mapped.body.data).toMatchObject({
      id: ROLE.officer.id,
      name: 'Officer',
      memberCount: 1,
      permissions: ['guild.manage_members', 'characters.manage'],
    });

    expect(await permissionsOf(officerClient)).toEqual(expect.arrayContaining(['guild.manage_members', 'characters.manage']));
    const allowed = await officerInvites(officerClient);
    expect(allowed.status, allowed.text).toBe(200);
    // The raider does not hold the role: nothing changes for them.
    expect(await permissionsOf(raiderClient)).not.toContain('guild.manage_members');
    expect((await officerInvites(raiderClient)).status).toBe(403);
    const listed = await admin.get<{ data: DiscordRoleMapping[] }>(roles(tenantId));
    expect(listed.body.data.find((role) => role.id === ROLE.officer.id)!.permissions).toEqual([
      'guild.manage_members',
      'characters.manage',
    ]);

    const narrowed = await mapRole(ROLE.officer.id, ['guild.manage_members']);
    expect(narrowed.body.data.permissions).toEqual(['guild.manage_members']);
    expect(await permissionsOf(officerClient)).not.toContain('characters.manage');

    const removed = await mapRole(ROLE.officer.id, []);
    expect(removed.status).toBe(200);
    expect(removed.body.data.permissions).toEqual([]);
    expect(await permissionsOf(officerClient)).not.toContain('guild.manage_members');
    expect((await officerInvites(officerClient)).status).toBe(403);
    expect(
      await sql(server.app, 'SELECT 1 FROM guild_role_permissions WHERE guild_id = $1 AND discord_role_id = $2', [
        tenantId,
        ROLE.officer.id,
      ]),
    ).toEqual([]);

    const audits = (await auditOf('guild.role_mapped')).filter((row) => row.details.roleId === ROLE.officer.id);
    expect(audits.map((row) => row.details.permissions)).toEqual([
      ['guild.manage_members', 'characters.manage'],
      ['guild.manage_members'],
      [],
    ]);
    expect(audits[0]).toMatchObject({ actor_type: 'admin', actor_name: OWNER.username, target_id: tenantId });
    expect(audits[0]!.details).toMatchObject({
      roleName: 'Officer',
      previous: [],
      added: ['guild.manage_members', 'characters.manage'],
    });
    expect(audits[2]!.details).toMatchObject({ previous: ['guild.manage_members'], removed: ['guild.manage_members'] });
  });

  it('follows the member sync: a member who loses the role in Discord loses its permissions', async () => {
    const raiderClient = await signInAs(raider);
    await mapRole(ROLE.raider.id, ['raids.manage']);
    try {
      expect(await permissionsOf(raiderClient)).toContain('raids.manage');
      fake.members.set(
        SERVER_ID,
        fake.members.get(SERVER_ID)!.map((member) => (member.user.id === raider.id ? { ...member, roles: [] } : member)),
      );
      const started = await admin.post<{ jobId: string }>(SYNC, { guildId: tenantId });
      expect((await waitForSync(admin, started.body.jobId)).status).toBe('succeeded');
      expect(await permissionsOf(raiderClient)).not.toContain('raids.manage');
    } finally {
      fake.members.set(
        SERVER_ID,
        fake.members
          .get(SERVER_ID)!
          .map((member) => (member.user.id === raider.id ? { ...member, roles: [ROLE.raider.id] } : member)),
      );
      const started = await admin.post<{ jobId: string }>(SYNC, { guildId: tenantId });
      await waitForSync(admin, started.body.jobId);
      await mapRole(ROLE.raider.id, []);
    }
  });
});

describe("a member's effective permissions", () => {
  const read = (discordUserId: string) =>
    admin.get<{ data: MemberEffectivePermissions }>(memberPermissionsPath(tenantId, discordUserId));
  const sourcesOf = (answer: MemberEffectivePermissions, permission: string) =>
    answer.permissions.find((held) => held.permission === permission)?.sources ?? [];

  it('shows each permission with where it comes from: member, mapped roles, @everyone and grants', async () => {
    await signInAs(officer);
    const [officerUser] = await sql<{ id: string }>(server.app, 'SELECT id FROM users WHERE discord_id = $1', [officer.id]);
    await mapRole(ROLE.officer.id, ['guild.manage_members']);
    await mapRole(ROLE.everyone.id, ['characters.link']);
    await admin.post(GRANTS, {
      guildId: tenantId,
      userId: officerUser!.id,
      permissions: ['loot.manage', 'guild.manage_members'],
    });
    try {
      const answer = await read(officer.id);
      expect(answer.status, answer.text).toBe(200);
      const effective = answer.body.data;
      expect(effective).toMatchObject({ discordUserId: officer.id, username: officer.username, userId: officerUser!.id });
      expect(effective.permissions.map((held) => held.permission)).toEqual([
        'guild.view',
        'guild.manage_members',
        'characters.link',
        'loot.manage',
        'settings.view',
      ]);
      expect(sourcesOf(effective, 'guild.manage_members')).toEqual([
        { kind: 'role', label: 'Role: Officer' },
        { kind: 'grant', label: `Granted by ${OWNER.username}` },
      ]);
      expect(sourcesOf(effective, 'characters.link')).toEqual([
        { kind: 'member', label: 'Guild member' },
        { kind: 'role', label: 'Role: @everyone' },
      ]);
      expect(sourcesOf(effective, 'guild.view')).toEqual([{ kind: 'member', label: 'Guild member' }]);

      // A member who never signed in to Guildhall: roles from the member sync, no user, no grants.
      const quietAnswer = await read(quiet.id);
      expect(quietAnswer.body.data).toMatchObject({ userId: null, username: quiet.username });
      expect(sourcesOf(quietAnswer.body.data, 'characters.link')).toEqual([
        { kind: 'member', label: 'Guild member' },
        { kind: 'role', label: 'Role: @everyone' },
      ]);
      expect(sourcesOf(quietAnswer.body.data, 'guild.manage_members')).toEqual([]);
    } finally {
      await mapRole(ROLE.officer.id, []);
      await mapRole(ROLE.everyone.id, []);
    }
  });

  it('names the server owner and Administrator or Manage Server, from the sign-in or from the roles held', async () => {
    await signInAs(owner);
    const ownerAnswer = await read(owner.id);
    expect(ownerAnswer.status, ownerAnswer.text).toBe(200);
    expect(ownerAnswer.body.data.permissions.map((held) => held.permission)).toEqual([...GUILD_ADMIN_PERMISSIONS]);
    expect(sourcesOf(ownerAnswer.body.data, 'settings.edit_permissions')).toEqual([{ kind: 'owner', label: 'Server owner' }]);

    const leaderAnswer = await read(leader.id);
    expect(leaderAnswer.body.data.userId).toBeNull();
    expect(sourcesOf(leaderAnswer.body.data, 'raids.manage')).toEqual([
      { kind: 'discord_admin', label: 'Administrator (Role: Guild Leader)' },
    ]);
    const managerAnswer = await read(manager.id);
    expect(sourcesOf(managerAnswer.body.data, 'guild.manage_settings')).toEqual([
      { kind: 'discord_admin', label: 'Manage Server (Role: Managers)' },
    ]);
  });

  it('is 404 for a Discord id that is no member of the guild', async () => {
    const answer = await read('639999999999999999');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: GUILD_GRANT_MESSAGES.memberNotFound });
  });
});
