import {
  COMMUNITY_MESSAGES,
  COMMUNITY_SESSION_COOKIE,
  COMMUNITY_SESSION_HINT_COOKIE,
  GUILD_ADMIN_PERMISSIONS,
  GUILD_MEMBER_PERMISSIONS,
  switchedTo,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordGuild, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits } from './helpers/community';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();

const user = (n: number, extra: Partial<FakeDiscordUser> = {}): FakeDiscordUser => ({
  id: `30000000000000000${n}`,
  username: `discord_user_${n}`,
  global_name: `Discord User ${n}`,
  avatar: `avatarhash${n}`,
  ...extra,
});
const guild = (n: number, name: string, permissions = '1024', owner = false): FakeDiscordGuild => ({
  id: `20000000000000000${n}`,
  name,
  icon: null,
  owner,
  permissions,
});

// Bot guild lists are cached for a minute, so every guild exists before the first sign-in.
const noBotUser = user(1);
const singleUser = user(2);
const multiUser = user(3, { email: 'multi@example.com', verified: true });
const laterUser = user(4);
const g = {
  alphaNoBot: guild(1, 'Alpha Raiders', '8', true),
  bravoNoBot: guild(2, 'Bravo Company'),
  charlie: guild(3, 'Charlie Wing'),
  deltaNoBot: guild(4, 'Delta Force'),
  echoOwned: guild(5, 'Echo Owners', '0', true),
  foxtrotManaged: guild(6, 'Foxtrot Managers', '32'),
  golfPlain: guild(7, 'Golf Members', '1024'),
  hotelManagedNoBot: guild(8, 'Hotel No Bot', '32'),
  indiaLater: guild(9, 'India Later'),
};

beforeAll(async () => {
  await fake.start();
  fake.addGuild(noBotUser, g.alphaNoBot, { withBot: false });
  fake.addGuild(noBotUser, g.bravoNoBot, { withBot: false });
  fake.addGuild(singleUser, g.charlie, { withBot: true });
  fake.addGuild(singleUser, g.deltaNoBot, { withBot: false });
  fake.addGuild(multiUser, g.echoOwned, { withBot: true });
  fake.addGuild(multiUser, g.foxtrotManaged, { withBot: true });
  fake.addGuild(multiUser, g.golfPlain, { withBot: true });
  fake.addGuild(multiUser, g.hotelManagedNoBot, { withBot: false });
  fake.addGuild(laterUser, g.indiaLater, { withBot: false });
  environment = await createTestEnvironment(discordSettings());
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
  await fake.stop();
});

const discordSettings = () => ({
  DISCORD_CLIENT_ID: fake.clientId,
  DISCORD_CLIENT_SECRET: fake.clientSecret,
  DISCORD_BOT_TOKEN: fake.botToken,
  DISCORD_API_BASE: fake.baseUrl,
});

/** Goes through Discord sign-in as a browser would: start, Discord's authorize page, the callback. */
async function signInWithDiscord(as: FakeDiscordUser | null, client = new HttpClient(server.url)) {
  fake.loginAs = as;
  const start = await client.get<{ authUrl: string }>('/auth/discord');
  expect(start.status).toBe(200);
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await client.get(`${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return { client, start, callback, landing: new URL(String(callback.headers.location)) };
}

describe('Discord sign-in', () => {
  it('is offered by the public sign-in methods', async () => {
    const answer = await new HttpClient(server.url).get('/auth/providers');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, discord: true, emailSignUp: true, requireEmailVerification: true });
  });

  it('asks Discord for identify, email and guilds with a state bound to the browser', async () => {
    const client = new HttpClient(server.url);
    const start = await client.get<{ authUrl: string }>('/auth/discord');
    const url = new URL(start.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: fake.clientId,
      redirect_uri: 'http://localhost:3000/auth/discord/callback',
      response_type: 'code',
      scope: 'identify email guilds',
    });
    const stateCookie = (start.headers['set-cookie'] ?? []).find((c) => c.startsWith('guildhall_discord_state='));
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
    expect(stateCookie).toContain(url.searchParams.get('state'));
  });

  it('with no bot guild: botStatus none, the install flow, no permissions', async () => {
    const { client, callback, landing } = await signInWithDiscord(noBotUser);
    expect(landing.pathname).toBe('/select-guild');
    const session = (callback.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COMMUNITY_SESSION_COOKIE}=`));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    // Beside it, a hint the page can read (no secret in it), so it asks /auth/user only when there is a session.
    const hint = (callback.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COMMUNITY_SESSION_HINT_COOKIE}=`));
    expect(hint).toMatch(new RegExp(`^${COMMUNITY_SESSION_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\/;/);

    const guilds = await client.get('/auth/guilds');
    expect(guilds.body).toMatchObject({ botStatus: 'none', availableGuilds: [], selectedGuildId: g.alphaNoBot.id });
    expect((guilds.body.guilds as { id: string; canInstall: boolean }[]).map((x) => [x.id, x.canInstall])).toEqual([
      [g.alphaNoBot.id, true],
      [g.bravoNoBot.id, false],
    ]);
    const permissions = await client.get('/auth/permissions');
    expect(permissions.body).toEqual({
      success: true,
      permissions: [],
      requiresGuildSelection: true,
      selectedGuildId: g.alphaNoBot.id,
    });
    const me = await client.get('/auth/user');
    expect(me.body).toMatchObject({
      user: { username: noBotUser.username, globalName: noBotUser.global_name, authMethod: 'discord', hasBasicAccess: true },
    });
    expect((me.body.user as { avatarUrl: string }).avatarUrl).toContain(`/avatars/${noBotUser.id}/avatarhash1.png`);
  });

  it('with one bot guild: botStatus single, selected automatically, member permissions, its tenant created', async () => {
    const { client, landing } = await signInWithDiscord(singleUser);
    expect(landing.pathname).toBe('/');
    const guilds = await client.get('/auth/guilds');
    expect(guilds.body).toMatchObject({ botStatus: 'single', selectedGuildId: g.charlie.id });
    expect((guilds.body.availableGuilds as { id: string }[]).map((x) => x.id)).toEqual([g.charlie.id]);
    const permissions = await client.get('/auth/permissions');
    expect(permissions.body).toMatchObject({ requiresGuildSelection: false, permissions: [...GUILD_MEMBER_PERMISSIONS] });
    const tenants = await sql(server.app, 'SELECT guild_name FROM guilds WHERE discord_guild_id = $1', [g.charlie.id]);
    expect(tenants).toEqual([{ guild_name: 'Charlie Wing' }]);
  });

  it('with three bot guilds: botStatus multiple, the user chooses, permissions follow Discord', async () => {
    const { client, landing } = await signInWithDiscord(multiUser);
    expect(landing.pathname).toBe('/select-guild');
    const guilds = await client.get('/auth/guilds');
    expect(guilds.body).toMatchObject({ botStatus: 'multiple', selectedGuildId: null });
    expect((guilds.body.availableGuilds as unknown[]).length).toBe(3);
    expect((await client.get('/auth/permissions')).body).toMatchObject({ permissions: [], requiresGuildSelection: true });

    const chosen = await client.post('/auth/guilds/select', { guildId: g.echoOwned.id });
    expect(chosen.body).toMatchObject({
      guildName: 'Echo Owners',
      selectedGuildId: g.echoOwned.id,
      message: switchedTo('Echo Owners'),
    });
    expect((await client.get('/auth/permissions')).body.permissions).toEqual([...GUILD_ADMIN_PERMISSIONS]);
    expect((await client.get('/auth/user')).body).toMatchObject({ user: { isAdmin: true, selectedGuildId: g.echoOwned.id } });

    await client.post('/auth/guilds/select', { guildId: g.foxtrotManaged.id });
    expect((await client.get('/auth/permissions')).body.permissions).toEqual([...GUILD_ADMIN_PERMISSIONS]);
    await client.post('/auth/guilds/select', { guildId: g.golfPlain.id });
    expect((await client.get('/auth/permissions')).body.permissions).toEqual([...GUILD_MEMBER_PERMISSIONS]);

    const withoutBot = await client.post('/auth/guilds/select', { guildId: g.hotelManagedNoBot.id });
    expect(withoutBot.status).toBe(403);
    expect(withoutBot.body).toMatchObject({ code: 'GUILD_NOT_AVAILABLE', error: COMMUNITY_MESSAGES.guildNotAvailable });
  });

  it('sends a refused or forged return to the login page with its reason', async () => {
    const denied = await signInWithDiscord(null);
    expect(denied.landing.pathname).toBe('/login');
    expect(denied.landing.searchParams.get('error')).toBe('access_denied');

    // The state must be the one this browser's cookie holds.
    const client = new HttpClient(server.url);
    fake.loginAs = singleUser;
    const start = await client.get<{ authUrl: string }>('/auth/discord');
    const back = new URL((await fetch(start.body.authUrl, { redirect: 'manual' })).headers.get('location')!);
    const stranger = new HttpClient(server.url);
    const forged = await stranger.get(`${back.pathname}${back.search}`);
    expect(new URL(String(forged.headers.location)).searchParams.get('error')).toBe('state_mismatch');
    expect(stranger.cookies.has(COMMUNITY_SESSION_COOKIE)).toBe(false);
    // And a state works once: replaying the callback in the right browser fails too.
    const first = await client.get(`${back.pathname}${back.search}`);
    expect(new URL(String(first.headers.location)).searchParams.get('error')).toBe('state_mismatch');
  });

  it('re-reads the guilds with guilds/verify, past the bot list cache', async () => {
    const { client } = await signInWithDiscord(laterUser);
    expect((await client.get('/auth/guilds')).body).toMatchObject({ botStatus: 'none' });
    fake.botGuildIds.add(g.indiaLater.id);
    expect((await client.get('/auth/guilds')).body).toMatchObject({ botStatus: 'none' });
    const verified = await client.post('/auth/guilds/verify');
    expect(verified.body).toMatchObject({ botStatus: 'single', selectedGuildId: g.indiaLater.id });
    expect((verified.body.availableGuilds as { id: string }[]).map((x) => x.id)).toEqual([g.indiaLater.id]);
  });
});

describe('guild-scoped calls (X-Guild-ID)', () => {
  it('serve the user in their own guild and refuse any other with 403', async () => {
    const { client } = await signInWithDiscord(multiUser);
    const own = await client.get('/api/guild/overview', { headers: { 'X-Guild-ID': g.golfPlain.id } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      guild: { id: g.golfPlain.id, name: 'Golf Members', memberCount: 0 },
      permissions: [...GUILD_MEMBER_PERMISSIONS],
    });
    for (const foreign of [g.charlie.id, g.hotelManagedNoBot.id, '999999999999999999', "1' OR '1'='1"]) {
      const answer = await client.get('/api/guild/overview', { headers: { 'X-Guild-ID': foreign } });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'GUILD_NOT_AVAILABLE' });
    }
    const missing = await client.get('/api/guild/overview');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'GUILD_SELECTION_REQUIRED' });
    const anonymous = await new HttpClient(server.url).get('/api/guild/overview', { headers: { 'X-Guild-ID': g.golfPlain.id } });
    expect(anonymous.status).toBe(401);
  });
});

describe('installing the bot', () => {
  it('guild-check says where the bot is and who may add it', async () => {
    const { client } = await signInWithDiscord(multiUser);
    const check = (id: string) => client.get(`/auth/guild-check/${id}`).then((a) => a.body);
    expect(await check(g.hotelManagedNoBot.id)).toMatchObject({ hasBot: false, canInstall: true });
    expect(await check(g.golfPlain.id)).toMatchObject({ hasBot: true, canInstall: false });
    expect(await check(g.echoOwned.id)).toMatchObject({ hasBot: true, canInstall: true });
    expect(await check(g.charlie.id)).toMatchObject({ hasBot: true, canInstall: false });
  });

  it('bot-invite builds a least-privilege invite for a guild the user manages, and refuses others', async () => {
    const { client } = await signInWithDiscord(multiUser);
    const invite = await client.post('/auth/bot-invite', { guildId: g.hotelManagedNoBot.id });
    expect(invite.status).toBe(200);
    const url = new URL(invite.body.inviteUrl as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl.replace(/\/api\/v10$/, '')}/oauth2/authorize`);
    expect(invite.body.inviteUrl).toContain('scope=bot%20applications.commands');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      scope: 'bot applications.commands',
      permissions: '2147568704',
      guild_id: g.hotelManagedNoBot.id,
      disable_guild_select: 'true',
    });
    const narrower = await client.post('/auth/bot-invite', { guildId: g.hotelManagedNoBot.id, permissions: ['VIEW_CHANNEL'] });
    expect(narrower.body.permissions).toBe('1024');
    const refused = await client.post('/auth/bot-invite', { guildId: g.golfPlain.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: COMMUNITY_MESSAGES.cannotInstallBot });
  });
});

describe('add-credentials', () => {
  it('gives a Discord account an e-mail and password: authMethod both, and the e-mail login works', async () => {
    const { client } = await signInWithDiscord(multiUser);
    const added = await client.post('/auth/add-credentials', {
      email: 'multi@example.com',
      password: 'raid night every tuesday',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      success: true,
      message: COMMUNITY_MESSAGES.credentialsAdded,
      user: { authMethod: 'both', email: 'multi@example.com', emailVerified: true },
    });
    const again = await client.post('/auth/add-credentials', {
      email: 'multi@example.com',
      password: 'raid night every tuesday',
    });
    expect(again.status).toBe(409);

    const login = await new HttpClient(server.url).post('/auth/login', {
      email: 'multi@example.com',
      password: 'raid night every tuesday',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ user: { authMethod: 'both', username: multiUser.username } });
  });

  it('refuses a weak password and an address another account holds', async () => {
    const { client } = await signInWithDiscord(singleUser);
    const weak = await client.post('/auth/add-credentials', { email: 'single@example.com', password: 'password123' });
    expect(weak.status).toBe(400);
    const taken = await client.post('/auth/add-credentials', { email: 'multi@example.com', password: 'another long phrase' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: COMMUNITY_MESSAGES.emailInUse });
  });

  it('logout ends the Discord session', async () => {
    const { client } = await signInWithDiscord(singleUser);
    expect((await client.get('/auth/user')).status).toBe(200);
    const token = client.cookies.get(COMMUNITY_SESSION_COOKIE)!;
    expect(client.cookies.get(COMMUNITY_SESSION_HINT_COOKIE)).toBe('1');
    expect((await client.post('/auth/logout')).status).toBe(200);
    expect(client.cookies.has(COMMUNITY_SESSION_COOKIE)).toBe(false);
    expect(client.cookies.has(COMMUNITY_SESSION_HINT_COOKIE)).toBe(false);
    client.cookies.set(COMMUNITY_SESSION_COOKIE, token);
    const after = await client.get('/auth/user');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'INVALID_SESSION' });
  });
});

describe('the X-Guild-ID guard', () => {
  it('only reads: it neither makes a missing tenant nor rewrites the stored selection', async () => {
    const { client } = await signInWithDiscord(multiUser);
    const [account] = await sql<{ id: string }>(server.app, 'SELECT id FROM users WHERE discord_id = $1', [multiUser.id]);
    // As if the bot had just joined Golf (no tenant yet) and the stored selection named a guild no longer offered.
    await sql(server.app, 'DELETE FROM guilds WHERE discord_guild_id = $1', [g.golfPlain.id]);
    await sql(server.app, 'UPDATE users SET selected_guild_id = $2 WHERE id = $1', [account!.id, g.hotelManagedNoBot.id]);

    const own = await client.get('/api/guild/overview', { headers: { 'X-Guild-ID': g.golfPlain.id } });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ guild: { id: g.golfPlain.id, tenantId: null }, permissions: [...GUILD_MEMBER_PERMISSIONS] });
    expect(await sql(server.app, 'SELECT 1 FROM guilds WHERE discord_guild_id = $1', [g.golfPlain.id])).toHaveLength(0);
    const [user] = await sql<{ selected_guild_id: string }>(server.app, 'SELECT selected_guild_id FROM users WHERE id = $1', [
      account!.id,
    ]);
    expect(user!.selected_guild_id).toBe(g.hotelManagedNoBot.id);

    // Listing the guilds (as the guild picker does) makes the tenant and mends the selection.
    expect((await client.get('/auth/guilds')).status).toBe(200);
    expect(await sql(server.app, 'SELECT 1 FROM guilds WHERE discord_guild_id = $1', [g.golfPlain.id])).toHaveLength(1);
  });
});

describe('while Discord cannot list the bot guilds', () => {
  it('still signs in and reads the user (botStatus unknown), and guild-scoped calls answer 503', async () => {
    // An app of its own: this one has never seen the bot's guild list, so it has nothing cached to fall back on.
    const outageEnvironment = await createTestEnvironment(discordSettings());
    const outage = await startTestApp(outageEnvironment.env, raiseCommunityIpLimits);
    fake.isBotGuildListDown = true;
    try {
      const { client, landing } = await signInWithDiscord(singleUser, new HttpClient(outage.url));
      expect(landing.pathname).toBe('/select-guild');
      expect((await client.get('/auth/user')).status).toBe(200);
      expect((await client.get('/auth/guilds')).body).toMatchObject({ botStatus: 'unknown', availableGuilds: [] });
      expect((await client.get('/auth/permissions')).body).toMatchObject({ permissions: [], requiresGuildSelection: true });
      const scoped = await client.get('/api/guild/overview', { headers: { 'X-Guild-ID': g.charlie.id } });
      expect(scoped.status).toBe(503);
      expect(scoped.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      fake.isBotGuildListDown = false;
      await outage.close();
      await outageEnvironment.dispose();
    }
  });
});
