import { createHash } from 'node:crypto';
import {
  alreadyGuildMember,
  COMMUNITY_MESSAGES,
  GUILD_INVITE_MESSAGES,
  GUILD_MEMBER_PERMISSIONS,
  INVITE_LIMITS,
  joinedGuild,
  MESSAGES,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantGuildAccess } from '../src/modules/guild-permissions/grant-guild-access';
import { bearer, mailsTo, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient, type RequestOptions } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const PUBLIC_URL = 'http://guildhall.test:3000';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let client: HttpClient;

beforeAll(async () => {
  environment = await createTestEnvironment({ PUBLIC_URL });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  client = new HttpClient(server.url);
});

afterAll(() => stopTestApp(server, environment));

interface CreatedInvite {
  code: string;
  url: string;
  message: string;
  invite: { id: string; codeHint: string; maxUses: number; uses: number; status: string; createdBy: string | null };
}

let discordIds = 0;
/** A guild tenant with a Discord server (bot presence comes from the active tenants: no bot token here). */
async function guildWithDiscord(options: { isActive?: boolean; name?: string } = {}) {
  const name = options.name ?? `Invite Guild ${uniqueSuffix()}`;
  const id = await insertGuild(server.app, { guild_name: name, is_active: options.isActive ?? true });
  discordIds += 1;
  const discordGuildId = `5${String(Date.now()).slice(-9)}${String(discordIds).padStart(8, '0')}`;
  await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [id, discordGuildId]);
  return { id, name, discordGuildId };
}

const adminInvites = (guildId: string) => `/api/admin/guilds/${guildId}/invites`;

async function createAsAdmin(guildId: string, body: Record<string, unknown> = {}, as = owner) {
  const answer = await as.post<CreatedInvite>(adminInvites(guildId), body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const accept = (code: string, accessToken: string) =>
  client.post<Record<string, unknown>>(`/api/invites/${code}/accept`, undefined, bearer(accessToken));

const withGuild = (accessToken: string, guildId: string): RequestOptions => ({
  headers: { authorization: `Bearer ${accessToken}`, 'X-Guild-ID': guildId },
});

const auditRows = (action: string, inviteId: string) =>
  sql<{
    actor_type: string;
    actor_id: string | null;
    actor_name: string | null;
    target_id: string;
    details: Record<string, unknown>;
  }>(
    server.app,
    "SELECT actor_type, actor_id, actor_name, target_id, details FROM audit_log WHERE action = $1 AND details->>'inviteId' = $2",
    [action, inviteId],
  );

describe('creating and reading invite links', () => {
  it('creates a single-use link that expires in 7 days by default, keeps only the hash of its code, audits it', async () => {
    const guild = await guildWithDiscord();
    const created = await createAsAdmin(guild.id);
    expect(created.message).toBe(GUILD_INVITE_MESSAGES.created);
    expect(created.code).toMatch(/^[\w-]{24}$/);
    expect(created.url).toBe(`${PUBLIC_URL}/join/${created.code}`);
    expect(created.invite).toMatchObject({
      codeHint: created.code.slice(0, 4),
      maxUses: 1,
      uses: 0,
      status: 'active',
      createdBy: OWNER.username,
    });
    const [stored] = await sql<{ code_hash: string; expires_in_hours: number }>(
      server.app,
      'SELECT code_hash, round(extract(epoch FROM expires_at - created_at) / 3600) AS expires_in_hours FROM guild_invites WHERE id = $1',
      [created.invite.id],
    );
    expect(stored!.code_hash).toBe(createHash('sha256').update(created.code).digest('hex'));
    expect(Number(stored!.expires_in_hours)).toBe(7 * 24);

    const [audit] = await auditRows('guild.invite_created', created.invite.id);
    expect(audit).toMatchObject({ actor_type: 'admin', actor_name: OWNER.username, target_id: guild.id });
    expect(audit!.details).toMatchObject({ maxUses: 1, expiresIn: '7d' });

    const list = await owner.get<{ invites: { id: string }[]; total: number }>(adminInvites(guild.id));
    expect(list.body.total).toBe(1);
    expect(list.body.invites.map((invite) => invite.id)).toEqual([created.invite.id]);
    expect(list.text).not.toContain(created.code);
  });

  it('shows anyone holding the code its guild and whether it can be used; an unknown code is 404', async () => {
    const guild = await guildWithDiscord();
    const { code } = await createAsAdmin(guild.id, { maxUses: 5, expiresIn: '1h' });
    const read = await new HttpClient(server.url).get(`/api/invites/${code}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      success: true,
      invite: { guildId: guild.discordGuildId, guildName: guild.name, status: 'active', usesLeft: 5, iconUrl: null },
      message: null,
    });
    const unknown = await client.get('/api/invites/not-a-real-code-at-all');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: GUILD_INVITE_MESSAGES.notFound });
  });

  it('limits how many codes one address may try: past the limit, 429 with the wait, known codes included', async () => {
    const guild = await guildWithDiscord();
    const { code } = await createAsAdmin(guild.id, { maxUses: 5, expiresIn: '1h' });
    const limits = server.app.community.settings.rateLimits;
    const raised = limits.inviteCodePerIp;
    // This file raised every per-address limit; the hits of earlier tests count too, so a low limit is past at once.
    limits.inviteCodePerIp = { ...raised, limit: 2 };
    try {
      const answers = [];
      for (const tried of ['guess-one', 'guess-two', code]) answers.push(await client.get(`/api/invites/${tried}`));
      const refused = answers.at(-1)!;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    } finally {
      limits.inviteCodePerIp = raised;
    }
  });

  it('refuses bad settings, guilds that cannot take members, and more than the active-link cap', async () => {
    const guild = await guildWithDiscord();
    for (const body of [{ maxUses: 0 }, { maxUses: 1001 }, { maxUses: 2.5 }]) {
      const answer = await owner.post(adminInvites(guild.id), body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ fields: { maxUses: GUILD_INVITE_MESSAGES.maxUses } });
    }
    expect((await owner.post(adminInvites(guild.id), { expiresIn: '2d' })).status).toBe(400);

    const noDiscord = await insertGuild(server.app);
    const refused = await owner.post(adminInvites(noDiscord), {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(GUILD_INVITE_MESSAGES.noDiscordServer);
    const closed = await guildWithDiscord({ isActive: false });
    expect((await owner.post(adminInvites(closed.id), {})).body.error).toBe(GUILD_INVITE_MESSAGES.guildClosed);
    const missing = await owner.post(adminInvites('00000000-0000-4000-8000-000000000000'), {});
    expect(missing.status).toBe(404);

    await sql(
      server.app,
      `INSERT INTO guild_invites (guild_id, code_hash, code_hint, max_uses, expires_at)
       SELECT $1, md5(random()::text || n), 'xxxx', 1, now() + interval '1 day' FROM generate_series(1, $2::int) AS n`,
      [guild.id, INVITE_LIMITS.activePerGuild],
    );
    const capped = await owner.post(adminInvites(guild.id), {});
    expect(capped.status).toBe(409);
    expect(capped.body.error).toBe(GUILD_INVITE_MESSAGES.tooManyActive);
  });
});

describe('joining through a link', () => {
  it('grants the member permissions, selects the guild, audits; the used-up link then says so', async () => {
    const guild = await guildWithDiscord();
    const { code, invite } = await createAsAdmin(guild.id);
    const member = await registerVerifiedUser(server.app, client);
    const before = await client.get('/auth/guilds', bearer(member.accessToken));
    expect(before.body).toMatchObject({ botStatus: 'none', availableGuilds: [] });

    const joined = await accept(code, member.accessToken);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toEqual({
      success: true,
      message: joinedGuild(guild.name),
      guild: { id: guild.discordGuildId, name: guild.name },
      selectedGuildId: guild.discordGuildId,
    });
    const after = await client.get<{ availableGuilds: { id: string }[]; selectedGuildId: string; botStatus: string }>(
      '/auth/guilds',
      bearer(member.accessToken),
    );
    expect(after.body.availableGuilds.map((g) => g.id)).toEqual([guild.discordGuildId]);
    expect(after.body).toMatchObject({ selectedGuildId: guild.discordGuildId, botStatus: 'single' });
    const permissions = await client.get('/auth/permissions', bearer(member.accessToken));
    expect(permissions.body).toMatchObject({ permissions: [...GUILD_MEMBER_PERMISSIONS], requiresGuildSelection: false });
    const overview = await client.get('/api/guild/overview', withGuild(member.accessToken, guild.discordGuildId));
    expect(overview.body).toMatchObject({ guild: { name: guild.name, tenantId: guild.id } });

    const grants = await sql<{ permission: string; granted_by: string }>(
      server.app,
      'SELECT permission, granted_by FROM guild_permission_grants WHERE user_id = $1 ORDER BY permission',
      [member.user.id],
    );
    expect(grants.map((g) => g.permission)).toEqual([...GUILD_MEMBER_PERMISSIONS].sort());
    expect(new Set(grants.map((g) => g.granted_by))).toEqual(new Set([`invite:${invite.id}`]));
    const [audit] = await auditRows('guild.invite_accepted', invite.id);
    expect(audit).toMatchObject({ actor_type: 'user', actor_id: member.user.id, target_id: guild.id });
    expect(audit!.details).toMatchObject({ userId: member.user.id, email: member.account.email, uses: 1, maxUses: 1 });

    const again = await accept(code, member.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(alreadyGuildMember(guild.name));

    const latecomer = await registerVerifiedUser(server.app, client);
    const late = await accept(code, latecomer.accessToken);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'INVITE_ENDED', error: GUILD_INVITE_MESSAGES.usedUp });
    const read = await client.get(`/api/invites/${code}`);
    expect(read.body).toMatchObject({ invite: { status: 'used_up', usesLeft: 0 }, message: GUILD_INVITE_MESSAGES.usedUp });
  });

  it('answers a member who already has the guild without spending a use', async () => {
    const guild = await guildWithDiscord();
    const { code, invite } = await createAsAdmin(guild.id, { maxUses: 3 });
    const member = await registerVerifiedUser(server.app, client);
    await grantGuildAccess(server.app.services.db, { email: member.account.email, guild: guild.id }, { type: 'cli' });
    const answer = await accept(code, member.accessToken);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', error: alreadyGuildMember(guild.name) });
    const [row] = await sql<{ uses: number }>(server.app, 'SELECT uses FROM guild_invites WHERE id = $1', [invite.id]);
    expect(row!.uses).toBe(0);
  });

  it('lets exactly one of two people take the last use of a link at the same moment', async () => {
    const guild = await guildWithDiscord();
    const { code, invite } = await createAsAdmin(guild.id, { maxUses: 1 });
    const [first, second] = await Promise.all([
      registerVerifiedUser(server.app, client),
      registerVerifiedUser(server.app, client),
    ]);
    const answers = await Promise.all([accept(code, first.accessToken), accept(code, second.accessToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    expect(answers.find((answer) => answer.status === 410)?.body.error).toBe(GUILD_INVITE_MESSAGES.usedUp);
    const [row] = await sql<{ uses: number }>(server.app, 'SELECT uses FROM guild_invites WHERE id = $1', [invite.id]);
    expect(row!.uses).toBe(1);
    const members = await sql<{ count: number }>(
      server.app,
      'SELECT count(DISTINCT user_id)::int AS count FROM guild_permission_grants WHERE guild_id = $1',
      [guild.id],
    );
    expect(members[0]!.count).toBe(1);
  });

  it('takes in exactly as many people as a limited link allows when more arrive at once', async () => {
    const guild = await guildWithDiscord();
    const { code, invite } = await createAsAdmin(guild.id, { maxUses: 2 });
    const people = await Promise.all(Array.from({ length: 5 }, () => registerVerifiedUser(server.app, client)));
    const answers = await Promise.all(people.map((person) => accept(code, person.accessToken)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(3);
    expect(await auditRows('guild.invite_accepted', invite.id)).toHaveLength(2);
  });

  it('refuses an expired link, and a link of a guild that was switched off', async () => {
    const guild = await guildWithDiscord();
    const { code, invite } = await createAsAdmin(guild.id, { maxUses: 10, expiresIn: '1h' });
    await sql(server.app, "UPDATE guild_invites SET expires_at = now() - interval '1 minute' WHERE id = $1", [invite.id]);
    const member = await registerVerifiedUser(server.app, client);
    const expired = await accept(code, member.accessToken);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe(GUILD_INVITE_MESSAGES.expired);
    expect((await client.get(`/api/invites/${code}`)).body).toMatchObject({
      invite: { status: 'expired' },
      message: GUILD_INVITE_MESSAGES.expired,
    });

    const other = await guildWithDiscord();
    const open = await createAsAdmin(other.id, { maxUses: 10 });
    await sql(server.app, 'UPDATE guilds SET is_active = false WHERE id = $1', [other.id]);
    expect((await client.get(`/api/invites/${open.code}`)).body).toMatchObject({ message: GUILD_INVITE_MESSAGES.guildClosed });
    const closed = await accept(open.code, member.accessToken);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe(GUILD_INVITE_MESSAGES.guildClosed);
  });

  it('keeps the join page through registration: the verification link goes on to it', async () => {
    const account = {
      username: `joiner_${uniqueSuffix()}`,
      email: `joiner-${uniqueSuffix()}@example.com`,
      password: 'a long phrase to join with',
    };
    const registered = await client.post('/auth/register', { ...account, returnPath: '/join/abcdEFGH1234' });
    expect(registered.status).toBe(200);
    const [mail] = await mailsTo(server.app, account.email);
    expect(mail?.text).toMatch(/\/verify-email\?token=[\w-]+&from=%2Fjoin%2FabcdEFGH1234/);
    for (const returnPath of ['//elsewhere.example/x', 'https://elsewhere.example', '/join/<script>']) {
      const refused = await client.post('/auth/register', { ...account, returnPath });
      expect(refused.status).toBe(400);
    }
  });

  it('needs a signed-in community user to accept', async () => {
    const guild = await guildWithDiscord();
    const { code } = await createAsAdmin(guild.id);
    const anonymous = await client.post(`/api/invites/${code}/accept`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED', error: COMMUNITY_MESSAGES.signInRequired });
  });
});

describe('revoking', () => {
  it('revokes a link so nobody joins through it, audits it, and keeps it in the full list only', async () => {
    const guild = await guildWithDiscord();
    const { code, invite } = await createAsAdmin(guild.id, { maxUses: 5 });
    const revoked = await owner.request<{ message: string; invite: { status: string } }>(
      'DELETE',
      `${adminInvites(guild.id)}/${invite.id}`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ message: GUILD_INVITE_MESSAGES.revoked, invite: { status: 'revoked' } });
    const [audit] = await auditRows('guild.invite_revoked', invite.id);
    expect(audit).toMatchObject({ actor_type: 'admin', target_id: guild.id });

    const member = await registerVerifiedUser(server.app, client);
    const refused = await accept(code, member.accessToken);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toBe(GUILD_INVITE_MESSAGES.revokedLink);

    const twice = await owner.request('DELETE', `${adminInvites(guild.id)}/${invite.id}`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(GUILD_INVITE_MESSAGES.alreadyRevoked);
    const otherGuild = await guildWithDiscord();
    const foreign = await owner.request('DELETE', `${adminInvites(otherGuild.id)}/${invite.id}`);
    expect(foreign.status).toBe(404);

    expect((await owner.get(adminInvites(guild.id))).body).toMatchObject({ invites: [], total: 0 });
    const all = await owner.get<{ invites: { id: string; status: string; revokedAt: string | null }[] }>(
      `${adminInvites(guild.id)}?status=all`,
    );
    expect(all.body.invites).toEqual([
      expect.objectContaining({ id: invite.id, status: 'revoked', revokedAt: expect.any(String) }),
    ]);
  });
});

describe('who may manage links', () => {
  it('an admin without the guild permission cannot list or create; one with guild.manage_members can', async () => {
    const guild = await guildWithDiscord();
    const viewer = await createTestAdmin(server.app, { role: 'viewer', permissions: ['settings.view'] });
    const viewerClient = new HttpClient(server.url);
    await viewerClient.signIn(viewer.username, viewer.password);
    expect((await viewerClient.get(adminInvites(guild.id))).status).toBe(403);
    const refused = await viewerClient.post(adminInvites(guild.id), {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.accessDeniedBody);

    const manager = await createTestAdmin(server.app, { role: 'viewer', permissions: ['guild.manage_members'] });
    const managerClient = new HttpClient(server.url);
    await managerClient.signIn(manager.username, manager.password);
    const created = await createAsAdmin(guild.id, {}, managerClient);
    expect(created.invite.createdBy).toBe(manager.username);
  });

  it('a member without the officer permission cannot create; an officer creates and revokes for the selected guild', async () => {
    const guild = await guildWithDiscord();
    const { code } = await createAsAdmin(guild.id);
    const member = await registerVerifiedUser(server.app, client);
    await accept(code, member.accessToken);
    const refused = await client.post('/api/guild/invites', {}, withGuild(member.accessToken, guild.discordGuildId));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(COMMUNITY_MESSAGES.guildPermissionDenied);
    expect((await client.get('/api/guild/invites', withGuild(member.accessToken, guild.discordGuildId))).status).toBe(403);

    const officer = await registerVerifiedUser(server.app, client);
    await grantGuildAccess(
      server.app.services.db,
      { email: officer.account.email, guild: guild.id, permissions: ['guild.view', 'guild.manage_members'] },
      { type: 'cli' },
    );
    const created = await client.post<CreatedInvite>(
      '/api/guild/invites',
      { maxUses: 10, expiresIn: '1d' },
      withGuild(officer.accessToken, guild.discordGuildId),
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body.url).toBe(`${PUBLIC_URL}/join/${created.body.code}`);
    expect(created.body.invite).toMatchObject({ maxUses: 10, createdBy: officer.account.username });
    const [audit] = await auditRows('guild.invite_created', created.body.invite.id);
    expect(audit).toMatchObject({ actor_type: 'user', actor_id: officer.user.id, target_id: guild.id });

    const list = await client.get<{ invites: { id: string }[] }>(
      '/api/guild/invites?status=all',
      withGuild(officer.accessToken, guild.discordGuildId),
    );
    expect(list.body.invites.map((invite) => invite.id)).toContain(created.body.invite.id);
    const revoked = await client.request(
      'DELETE',
      `/api/guild/invites/${created.body.invite.id}`,
      withGuild(officer.accessToken, guild.discordGuildId),
    );
    expect(revoked.status).toBe(200);
    expect((await auditRows('guild.invite_revoked', created.body.invite.id))[0]).toMatchObject({ actor_type: 'user' });

    // A link of another guild is not found from this guild's officer calls.
    const other = await guildWithDiscord();
    const foreign = await createAsAdmin(other.id);
    const cross = await client.request(
      'DELETE',
      `/api/guild/invites/${foreign.invite.id}`,
      withGuild(officer.accessToken, guild.discordGuildId),
    );
    expect(cross.status).toBe(404);
  });
});
