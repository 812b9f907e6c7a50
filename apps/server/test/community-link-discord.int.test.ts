import { COMMUNITY_MESSAGES, COMMUNITY_SESSION_COOKIE } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordUser } from './fakes/discord-fake';
import { bearer, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();

const discordUser = (n: number): FakeDiscordUser => ({
  id: `31000000000000000${n}`,
  username: `linker_${n}`,
  global_name: `Linker ${n}`,
  avatar: `hash${n}`,
  email: `linker${n}@discord.example`,
  verified: true,
});
const GUILD = { id: '41000000000000001', name: 'Lantern Keepers', icon: 'iconhash', owner: false, permissions: '1024' };

beforeAll(async () => {
  await fake.start();
  fake.addGuild(discordUser(1), GUILD, { withBot: true });
  environment = await createTestEnvironment({
    PUBLIC_URL: 'http://guildhall.test:3000',
    DISCORD_CLIENT_ID: fake.clientId,
    DISCORD_CLIENT_SECRET: fake.clientSecret,
    DISCORD_BOT_TOKEN: fake.botToken,
    DISCORD_API_BASE: fake.baseUrl,
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

/**
 * Links as the web does: POST /auth/discord/link with the bearer (the answer sets the state cookie in this
 * browser's jar), Discord's authorize page as `as`, then the callback with the same jar.
 */
async function linkDiscord(accessToken: string, as: FakeDiscordUser | null) {
  const browser = new HttpClient(server.url);
  const start = await browser.post<{ authUrl: string }>('/auth/discord/link', undefined, bearer(accessToken));
  expect(start.status, start.text).toBe(200);
  fake.loginAs = as;
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await browser.get(`${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return { browser, landing: new URL(String(callback.headers.location)) };
}

describe('linking Discord to an e-mail account', () => {
  it('links the Discord account: sign in either way, Discord servers listed, the Discord session in this browser', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const { browser, landing } = await linkDiscord(member.accessToken, discordUser(1));
    expect(`${landing.origin}${landing.pathname}${landing.search}`).toBe(
      'http://guildhall.test:3000/settings?discordLink=linked',
    );
    expect(browser.cookies.get(COMMUNITY_SESSION_COOKIE)).toBeTruthy();

    const me = await browser.get('/auth/user', bearer(member.accessToken));
    expect(me.body).toMatchObject({
      user: {
        username: member.account.username,
        email: member.account.email,
        authMethod: 'both',
        avatarUrl: `https://cdn.discordapp.com/avatars/${discordUser(1).id}/hash1.png`,
        globalName: 'Linker 1',
      },
    });
    const guilds = await browser.get<{ availableGuilds: { id: string }[] }>('/auth/guilds', bearer(member.accessToken));
    expect(guilds.body.availableGuilds.map((g) => g.id)).toEqual([GUILD.id]);

    // Discord sign-in now reaches the same account.
    const viaDiscord = new HttpClient(server.url);
    fake.loginAs = discordUser(1);
    const start = await viaDiscord.get<{ authUrl: string }>('/auth/discord');
    const back = new URL((await fetch(start.body.authUrl, { redirect: 'manual' })).headers.get('location')!);
    await viaDiscord.get(`${back.pathname}${back.search}`);
    const same = await viaDiscord.get<{ user: { id: string } }>('/auth/user');
    expect(same.body.user.id).toBe(member.user.id);

    const again = await new HttpClient(server.url).post('/auth/discord/link', undefined, bearer(member.accessToken));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(COMMUNITY_MESSAGES.discordAlreadyLinked);
  });

  it('refuses a Discord account that already belongs to another Guildhall account', async () => {
    const owner = await registerVerifiedUser(server.app, new HttpClient(server.url));
    await linkDiscord(owner.accessToken, discordUser(2));
    const other = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const { browser, landing } = await linkDiscord(other.accessToken, discordUser(2));
    expect(landing.pathname).toBe('/settings');
    expect(landing.searchParams.get('discordLink')).toBe('taken');
    expect(browser.cookies.get(COMMUNITY_SESSION_COOKIE)).toBeUndefined();
    const [row] = await sql<{ discord_id: string | null; auth_method: string }>(
      server.app,
      'SELECT discord_id, auth_method FROM users WHERE id = $1',
      [other.user.id],
    );
    expect(row).toEqual({ discord_id: null, auth_method: 'email' });
  });

  it('comes back to Settings when the user cancels on Discord, changing nothing', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const { landing } = await linkDiscord(member.accessToken, null);
    expect(landing.searchParams.get('discordLink')).toBe('access_denied');
    const [row] = await sql<{ discord_id: string | null }>(server.app, 'SELECT discord_id FROM users WHERE id = $1', [
      member.user.id,
    ]);
    expect(row!.discord_id).toBeNull();
  });

  it('a link state is bound to the browser that started it', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const start = await new HttpClient(server.url).post<{ authUrl: string }>(
      '/auth/discord/link',
      undefined,
      bearer(member.accessToken),
    );
    fake.loginAs = discordUser(3);
    const back = new URL((await fetch(start.body.authUrl, { redirect: 'manual' })).headers.get('location')!);
    const stranger = await new HttpClient(server.url).get(`${back.pathname}${back.search}`);
    expect(new URL(String(stranger.headers.location)).searchParams.get('error')).toBe('state_mismatch');
    const [row] = await sql<{ discord_id: string | null }>(server.app, 'SELECT discord_id FROM users WHERE id = $1', [
      member.user.id,
    ]);
    expect(row!.discord_id).toBeNull();
  });

  it('a Discord-only account has no password to change', async () => {
    const discordOnly = new HttpClient(server.url);
    fake.loginAs = discordUser(4);
    const start = await discordOnly.get<{ authUrl: string }>('/auth/discord');
    const back = new URL((await fetch(start.body.authUrl, { redirect: 'manual' })).headers.get('location')!);
    await discordOnly.get(`${back.pathname}${back.search}`);
    const refused = await discordOnly.post('/auth/change-password', {
      currentPassword: 'anything at all',
      newPassword: 'a brand new phrase 42',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(COMMUNITY_MESSAGES.noPasswordOnAccount);
  });
});
