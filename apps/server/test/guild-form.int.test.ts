import { GUILD_MESSAGES, guildNotFound, MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { OWNER, startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

const valid = { guild_name: 'Crimson Covenant', server: 'Stormrage' };

/** Creating with `body` is refused with 400, and each named field carries its message. */
async function expectRefused(body: Record<string, unknown>, fields: Record<string, string>) {
  const answer = await owner.post('/api/admin/guilds', body);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fields });
  expect(Object.values(fields)).toContain(answer.body.error);
}

describe('the guild form rules on the server (spec 1 §5)', () => {
  it('requires a guild name and a server name', async () => {
    await expectRefused({}, { guild_name: GUILD_MESSAGES.nameRequired, server: GUILD_MESSAGES.serverRequired });
    await expectRefused(
      { guild_name: '   ', server: '' },
      {
        guild_name: GUILD_MESSAGES.nameRequired,
        server: GUILD_MESSAGES.serverRequired,
      },
    );
  });

  it('keeps guild and server names between 2 and 100 characters', async () => {
    await expectRefused(
      { guild_name: 'A', server: 'S' },
      { guild_name: GUILD_MESSAGES.nameLength, server: GUILD_MESSAGES.serverLength },
    );
    await expectRefused(
      { guild_name: 'x'.repeat(101), server: 'y'.repeat(101) },
      { guild_name: GUILD_MESSAGES.nameLength, server: GUILD_MESSAGES.serverLength },
    );
    expect((await owner.post('/api/admin/guilds', { guild_name: 'x'.repeat(100), server: 'Ab' })).status).toBe(200);
  });

  it('requires a region and a faction of the allowed values', async () => {
    await expectRefused({ ...valid, region: 'XX' }, { region: GUILD_MESSAGES.regionRequired });
    await expectRefused({ ...valid, region: null }, { region: GUILD_MESSAGES.regionRequired });
    await expectRefused({ ...valid, faction: 'Neutral' }, { faction: GUILD_MESSAGES.factionRequired });
  });

  it('keeps max members between 1 and 10,000', async () => {
    for (const max_members of [0, 10_001, 2.5, 'many']) {
      await expectRefused({ ...valid, max_members }, { max_members: GUILD_MESSAGES.maxMembers });
    }
    expect((await owner.post('/api/admin/guilds', { ...valid, guild_name: 'Max Ten K', max_members: 10_000 })).status).toBe(200);
  });

  it('checks website, Discord invite and contact e-mail when given', async () => {
    await expectRefused({ ...valid, website: 'not a url' }, { website: GUILD_MESSAGES.website });
    await expectRefused({ ...valid, website: 'ftp://files.example.com' }, { website: GUILD_MESSAGES.website });
    await expectRefused(
      { ...valid, discord_invite: 'https://example.com/abc' },
      { discord_invite: GUILD_MESSAGES.discordInvite },
    );
    await expectRefused({ ...valid, contact_email: 'officers-at-example' }, { contact_email: GUILD_MESSAGES.contactEmail });
  });

  it('creates with every default of the entity and says so', async () => {
    const answer = await owner.post<{ guild: Record<string, unknown>; message: string }>('/api/admin/guilds', {
      ...valid,
      website: '',
      discord_invite: 'https://discord.gg/abc123',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(GUILD_MESSAGES.created);
    expect(answer.body.guild).toMatchObject({
      ...valid,
      region: 'US',
      faction: 'Alliance',
      is_active: true,
      max_members: 1000,
      timezone: 'UTC',
      language: 'en',
      loot_system: 'DKP',
      public_logs: false,
      recruitment_open: false,
      website: null,
      discord_invite: 'https://discord.gg/abc123',
      contact_email: null,
      memberCount: 0,
    });
    const [audit] = await sql<{ actor_name: string; ip: string }>(
      server.app,
      "SELECT actor_name, ip FROM audit_log WHERE action = 'guild.created' AND target_id = $1",
      [answer.body.guild.id],
    );
    expect(audit).toMatchObject({ actor_name: OWNER.username, ip: '127.0.0.1' });
  });

  it('updates with the same rules, and 404 names an unknown guild', async () => {
    const id = await insertGuild(server.app, { guild_name: 'Before Rename' });
    await expect(owner.request('PUT', `/api/admin/guilds/${id}`, { body: { ...valid, max_members: 0 } })).resolves.toMatchObject({
      status: 400,
      body: { fields: { max_members: GUILD_MESSAGES.maxMembers } },
    });
    const updated = await owner.request<{ guild: { guild_name: string; region: string }; message: string }>(
      'PUT',
      `/api/admin/guilds/${id}`,
      { body: { ...valid, guild_name: 'After Rename', region: 'EU' } },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: GUILD_MESSAGES.updated, guild: { guild_name: 'After Rename', region: 'EU' } });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await owner.request('PUT', `/api/admin/guilds/${unknown}`, { body: valid });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: guildNotFound(unknown) });
    expect((await owner.request('PUT', '/api/admin/guilds/not-a-uuid', { body: valid })).status).toBe(400);
  });

  it('refuses an empty bulk selection and an unknown action', async () => {
    const none = await owner.request('PATCH', '/api/admin/guilds/bulk', { body: { guildIds: [], action: 'activate' } });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(GUILD_MESSAGES.noneSelected);
    const noneDeleted = await owner.request('DELETE', '/api/admin/guilds/bulk', { body: { guildIds: [] } });
    expect(noneDeleted.body).toMatchObject({ error: GUILD_MESSAGES.noneSelected });
    const id = await insertGuild(server.app);
    const invalid = await owner.request('PATCH', '/api/admin/guilds/bulk', { body: { guildIds: [id], action: 'explode' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: MESSAGES.invalidAction, fields: { action: MESSAGES.invalidAction } });
  });
});

describe('who may manage guilds', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/guilds'],
    ['POST', '/api/admin/guilds', valid],
    ['PUT', `/api/admin/guilds/${id}`, valid],
    ['DELETE', `/api/admin/guilds/${id}`],
    ['PATCH', '/api/admin/guilds/bulk', { guildIds: [id], action: 'activate' }],
    ['DELETE', '/api/admin/guilds/bulk', { guildIds: [id] }],
    ['GET', '/api/admin/guilds/export'],
    ['GET', `/api/admin/guilds/${id}/data`],
    ['GET', `/api/admin/guilds/${id}/raid-events`],
    ['GET', `/api/admin/guilds/${id}/combat-logs`],
    ['GET', `/api/admin/guilds/${id}/discord-members`],
    ['GET', `/api/admin/guilds/${id}/analytics`],
    ['GET', `/api/admin/guilds/${id}/export?type=json`],
    ['DELETE', `/api/admin/guilds/${id}/data`, { confirmation: 'x' }],
  ];

  it('answers 401 without a session, on every guild call', async () => {
    const anonymous = new HttpClient(server.url);
    for (const [method, path, body] of calls) {
      const answer = await anonymous.request(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to an admin without guild access (role viewer), on every guild call', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    for (const [method, path, body] of calls) {
      const answer = await client.request(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toMatchObject({ code: 'FORBIDDEN', error: MESSAGES.accessDeniedBody });
    }
  });

  it('lets in holders of guild.manage_members (role support) and admin.full_access', async () => {
    for (const options of [
      { role: 'support' as const },
      { role: 'viewer' as const, permissions: ['admin.full_access' as const] },
    ]) {
      const admin = await createTestAdmin(server.app, options);
      const client = new HttpClient(server.url);
      await client.signIn(admin.username, admin.password);
      expect((await client.get('/api/admin/guilds')).status).toBe(200);
    }
  });
});
