import { COMMUNITY_MESSAGES, CONFIG_MESSAGES, type GuildCategoryState, type GuildSettingsResponse } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordGuild, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits } from './helpers/community';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const SERVER_ID = '640000000000000001';
const CONFIG = '/api/guild/config';

const discordUser = (n: number, name: string): FakeDiscordUser => ({
  id: `65000000000000000${n}`,
  username: name,
  global_name: name.replace(/^./, (c) => c.toUpperCase()),
  avatar: null,
});
const leader = discordUser(1, 'leader');
const raider = discordUser(2, 'raider');
const serverAs = (permissions: string, isOwner = false): FakeDiscordGuild => ({
  id: SERVER_ID,
  name: 'Config Raiders',
  icon: null,
  owner: isOwner,
  permissions,
});

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();

beforeAll(async () => {
  await fake.start();
  // The guild owner holds every guild permission; a plain member (view and send) holds settings.view only.
  fake.addGuild(leader, serverAs('1024', true), { withBot: true });
  fake.addGuild(raider, serverAs('3072'), { withBot: true });
  environment = await createTestEnvironment({
    DISCORD_CLIENT_ID: fake.clientId,
    DISCORD_CLIENT_SECRET: fake.clientSecret,
    DISCORD_BOT_TOKEN: fake.botToken,
    DISCORD_API_BASE: fake.baseUrl,
    CONFIG_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

async function signInWithDiscord(as: FakeDiscordUser) {
  const client = new HttpClient(server.url);
  fake.loginAs = as;
  const start = await client.get<{ authUrl: string }>('/auth/discord');
  expect(start.status, start.text).toBe(200);
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await client.get(`${back.pathname}${back.search}`);
  expect(callback.status, callback.text).toBe(302);
  return client;
}

const inGuild = { headers: { 'X-Guild-ID': SERVER_ID } };

describe('a member’s own guild configuration', () => {
  it('shows it read-only with settings.view and lets guild.manage_settings change it, audited as the member', async () => {
    const member = await signInWithDiscord(raider);
    const read = await member.get<GuildSettingsResponse & { canEdit: boolean }>(`${CONFIG}?category=general`, inGuild);
    expect(read.status, read.text).toBe(200);
    expect(read.body.canEdit).toBe(false);
    expect(read.body.guild.name).toBe('Config Raiders');
    expect(read.body.categories.map((c) => c.category)).toEqual(['general']);
    const refused = await member.request('PUT', CONFIG, {
      ...inGuild,
      body: { category: 'general', settings: { prefix: '?' } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(COMMUNITY_MESSAGES.guildPermissionDenied);

    const owner = await signInWithDiscord(leader);
    const ownView = await owner.get<GuildSettingsResponse & { canEdit: boolean }>(CONFIG, inGuild);
    expect(ownView.body.canEdit).toBe(true);
    expect(ownView.body.categories).toHaveLength(6);
    const bad = await owner.request('PUT', CONFIG, {
      ...inGuild,
      body: { category: 'general', settings: { prefix: 'toolong' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ prefix: 'Must be at most 5 characters' });
    const saved = await owner.request<{ category: GuildCategoryState; message: string }>('PUT', CONFIG, {
      ...inGuild,
      body: { category: 'ai', settings: { apiKey: 'sk-community-secret', model: 'qwen' } },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toBe(CONFIG_MESSAGES.saved);
    expect(saved.text).not.toContain('sk-community-secret');
    expect(saved.body.category.settings.find((s) => s.key === 'apiKey')).toMatchObject({ value: '', secretSet: true });

    const again = await member.get<GuildSettingsResponse>(`${CONFIG}?category=ai`, inGuild);
    expect(again.body.categories[0]!.settings.find((s) => s.key === 'model')).toMatchObject({
      value: 'qwen',
      overridden: true,
    });
    expect(again.text).not.toContain('sk-community-secret');

    const [tenant] = await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [SERVER_ID]);
    const audit = await sql<{ actor_type: string; actor_name: string; details: { category: string } }>(
      server.app,
      `SELECT actor_type, actor_name, details FROM audit_log WHERE action = 'guild_config.updated' AND target_id = $1`,
      [tenant!.id],
    );
    expect(audit.map((a) => [a.actor_type, a.actor_name, a.details.category])).toEqual([['user', 'Leader', 'ai']]);
    const [version] = await sql<{ changed_by: string; action: string }>(
      server.app,
      'SELECT changed_by, action FROM guild_setting_versions WHERE guild_id = $1',
      [tenant!.id],
    );
    expect(version).toEqual({ changed_by: 'Leader', action: 'update' });

    const noGuild = await owner.get(CONFIG);
    expect(noGuild.status).toBe(400);
    const otherGuild = await owner.get(CONFIG, { headers: { 'X-Guild-ID': '640000000000000099' } });
    expect(otherGuild.status).toBe(403);
    const anonymous = await new HttpClient(server.url).get(CONFIG, inGuild);
    expect(anonymous.status).toBe(401);
  });
});
