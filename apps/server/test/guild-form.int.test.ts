import { duplicateGuildQuestion, GUILD_MESSAGES, guildDuplicateRefusal, guildNotFound, MESSAGES } from '@guildhall/contract';
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

  it('refuses links and addresses with control, bidi or invisible characters, or past 2,048 characters (API fuzz)', async () => {
    // The URL parser accepts them quietly; stored, a bidi override shows a link reversed and a line break splits it.
    for (const website of ['https://example.com/a\u202Egpj.exe', 'https://example.com/\u0001x', 'https://example.com/a\u200Bb']) {
      await expectRefused({ ...valid, website }, { website: GUILD_MESSAGES.website });
    }
    await expectRefused({ ...valid, website: `https://example.com/${'a'.repeat(2048)}` }, { website: GUILD_MESSAGES.website });
    await expectRefused(
      { ...valid, discord_invite: 'https://discord.gg/abc\u2028def' },
      { discord_invite: GUILD_MESSAGES.discordInvite },
    );
    await expectRefused(
      { ...valid, contact_email: 'officers\u202E@example.com' },
      { contact_email: GUILD_MESSAGES.contactEmail },
    );
    const plain = await owner.post('/api/admin/guilds', {
      ...valid,
      guild_name: 'Plain Links',
      website: 'https://example.com/raids?week=1#top',
      discord_invite: 'https://discord.gg/abcDEF',
      contact_email: 'officers@example.com',
    });
    expect(plain.status, plain.text).toBe(200);
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

describe('a new guild that repeats the name, server and region of another', () => {
  type Created = { guild: { id: string; guild_name: string; created_at: string } };
  const countNamed = async (name: string) =>
    (
      await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM guilds WHERE lower(guild_name) = lower($1)', [name])
    )[0]!.n;

  it('is refused with 409 naming the existing guild (case and spaces aside), and created once confirmed', async () => {
    const first = await owner.post<Created>('/api/admin/guilds', { guild_name: 'Twin Blades', server: 'Area 52', region: 'EU' });
    expect(first.status).toBe(200);
    const { id, created_at } = first.body.guild;

    const again = await owner.post('/api/admin/guilds', { guild_name: ' twin BLADES ', server: 'area 52', region: 'EU' });
    expect(again.status).toBe(409);
    expect(guildDuplicateRefusal.parse(again.body)).toEqual({
      success: false,
      code: 'GUILD_DUPLICATE',
      error: duplicateGuildQuestion({
        guild_name: 'Twin Blades',
        server: 'Area 52',
        region: 'EU',
        createdText: created_at.slice(0, 10),
      }),
      existingGuildId: id,
      existingGuildName: 'Twin Blades',
      existingServer: 'Area 52',
      existingRegion: 'EU',
      existingCreatedAt: created_at,
    });
    expect(again.body.error).toBe(
      `A guild named Twin Blades on Area 52 (EU) exists already (created ${created_at.slice(0, 10)}). Create another?`,
    );
    expect(await countNamed('Twin Blades')).toBe(1);

    // Another region or server is another guild.
    expect((await owner.post('/api/admin/guilds', { guild_name: 'Twin Blades', server: 'Area 52', region: 'US' })).status).toBe(
      200,
    );
    expect((await owner.post('/api/admin/guilds', { guild_name: 'Twin Blades', server: 'Draenor', region: 'EU' })).status).toBe(
      200,
    );

    const confirmed = await owner.post<Created>('/api/admin/guilds', {
      guild_name: 'Twin Blades',
      server: 'Area 52',
      region: 'EU',
      confirmDuplicate: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.guild.id).not.toBe(id);
    expect(await countNamed('Twin Blades')).toBe(4);
    const [audit] = await sql<{ details: Record<string, unknown> }>(
      server.app,
      "SELECT details FROM audit_log WHERE action = 'guild.created' AND target_id = $1",
      [confirmed.body.guild.id],
    );
    expect(audit!.details).toMatchObject({ guild_name: 'Twin Blades', confirmedDuplicate: true });

    // A third one names the oldest.
    const third = await owner.post('/api/admin/guilds', { guild_name: 'Twin Blades', server: 'Area 52', region: 'EU' });
    expect(third.body).toMatchObject({ code: 'GUILD_DUPLICATE', existingGuildId: id });
  });

  it('lets only one of several identical creates sent at once through', async () => {
    const body = { guild_name: 'Racing Twins', server: 'Silvermoon', region: 'EU' };
    const answers = await Promise.all([1, 2, 3].map(() => owner.post('/api/admin/guilds', body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await countNamed('Racing Twins')).toBe(1);
  });

  it('leaves renaming an existing guild alone', async () => {
    await owner.post('/api/admin/guilds', { guild_name: 'Rename Target', server: 'Kazzak', region: 'EU' });
    const id = await insertGuild(server.app, { guild_name: 'Rename Source' });
    const renamed = await owner.request('PUT', `/api/admin/guilds/${id}`, {
      body: { guild_name: 'Rename Target', server: 'Kazzak', region: 'EU' },
    });
    expect(renamed.status).toBe(200);
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
