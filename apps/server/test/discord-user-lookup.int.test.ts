import { type DiscordUserLookup, type Permission, PLAYER_ACCOUNT_MESSAGES, type PlayerAccount } from '@guildhall/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscordFake } from './fakes/discord-fake';
import { raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import {
  createTestEnvironment,
  OWNER,
  startSignedInApp,
  startTestApp,
  stopTestApp,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';

const lookup = (id: string) => `/api/admin/discord/user/${id}`;
type Found = { success: true; data: DiscordUserLookup; message: string };

let environment: TestEnvironment;
let server: TestApp;
let discord: DiscordFake;
let owner: HttpClient;

const THRALL = { id: '180000000000000001', username: 'thrall', global_name: 'Go’el', avatar: 'a1b2c3d4e5' };
const JAINA = { id: '180000000000000002', username: 'jaina', global_name: null, avatar: null };
const LEGACY = { id: '180000000000000003', username: 'oldtimer', global_name: null, avatar: null, discriminator: '1337' };

beforeAll(async () => {
  discord = await new DiscordFake().start();
  for (const user of [THRALL, JAINA, LEGACY]) discord.users.set(user.id, user);
  ({ environment, server, owner } = await startSignedInApp({
    DISCORD_API_BASE: discord.baseUrl,
    DISCORD_BOT_TOKEN: discord.botToken,
  }));
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await discord?.stop();
});

beforeEach(() => {
  discord.requests.length = 0;
  discord.rateLimitNextUserCalls = 0;
});

const userCalls = (id: string) => discord.requests.filter((request) => request.path === `/users/${id}`);

async function clientWith(permissions: Permission[]) {
  const admin = await createTestAdmin(server.app, { role: 'viewer', permissions });
  const client = new HttpClient(server.url);
  await client.signIn(admin.username, admin.password);
  return client;
}

describe('looking a Discord user up by id', () => {
  it('asks Discord with the bot token and answers the user with its CDN avatar, the discriminator hidden when 0', async () => {
    const answer = await owner.get<Found>(lookup(THRALL.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: PLAYER_ACCOUNT_MESSAGES.discordUserFound,
      data: {
        id: THRALL.id,
        username: 'thrall',
        globalName: 'Go’el',
        discriminator: null,
        avatar: 'a1b2c3d4e5',
        avatarUrl: `https://cdn.discordapp.com/avatars/${THRALL.id}/a1b2c3d4e5.png`,
        heldBy: null,
      },
    });
    expect(userCalls(THRALL.id)).toHaveLength(1);
    expect(userCalls(THRALL.id)[0]!.authorization).toBe(`Bot ${discord.botToken}`);
  });

  it('answers Discord’s default avatar for a user without one (by id, or by a legacy discriminator)', async () => {
    const jaina = (await owner.get<Found>(lookup(JAINA.id))).body.data;
    expect(jaina.avatarUrl).toBe(`https://cdn.discordapp.com/embed/avatars/${(BigInt(JAINA.id) >> 22n) % 6n}.png`);
    const legacy = (await owner.get<Found>(lookup(LEGACY.id))).body.data;
    expect(legacy.discriminator).toBe('1337');
    expect(legacy.avatarUrl).toBe(`https://cdn.discordapp.com/embed/avatars/${1337 % 5}.png`);
  });

  it('names the player account that already holds the Discord id', async () => {
    const created = await owner.post<{ data: { id: string } }>('/api/admin/players', {
      displayName: 'Jaina Proudmoore',
      discordId: JAINA.id,
    });
    expect(created.status).toBe(200);
    const answer = await owner.get<Found>(lookup(JAINA.id));
    expect(answer.body.data.heldBy).toEqual({ id: created.body.data.id, displayName: 'Jaina Proudmoore' });
  });

  it('answers 404 "Failed to find Discord user" when Discord says Unknown User (10013)', async () => {
    const answer = await owner.get(lookup('180000000000009999'));
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, error: PLAYER_ACCOUNT_MESSAGES.discordUserNotFound, code: 'NOT_FOUND' });
  });

  it('waits out a 429 for the retry_after Discord asks and asks again', async () => {
    discord.rateLimitNextUserCalls = 1;
    discord.rateLimitRetryAfter = 0.3;
    const answer = await owner.get<Found>(lookup(THRALL.id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.username).toBe('thrall');
    const calls = userCalls(THRALL.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(280);
  });

  it('keeps waiting while Discord keeps limiting: the bot’s REST client queues rather than drops', async () => {
    const before = userCalls(THRALL.id).length;
    discord.rateLimitNextUserCalls = 2;
    discord.rateLimitRetryAfter = 0.1;
    const answer = await owner.get<Found>(lookup(THRALL.id));
    expect(answer.status).toBe(200);
    expect(userCalls(THRALL.id).length - before).toBe(3);
  });

  it('refuses an id that is not 17-19 digits with 400, without asking Discord', async () => {
    const answer = await owner.get(lookup('12345'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: PLAYER_ACCOUNT_MESSAGES.discordId });
    // (The health check's GET /users/@me may come at any time: it shares the /users bucket's queue.)
    expect(discord.requests.filter((request) => request.path !== '/users/@me').map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('is for admins who create, edit or link accounts, not for readers', async () => {
    expect((await (await clientWith(['players.manage_accounts'])).get(lookup(THRALL.id))).status).toBe(403);
    expect((await (await clientWith(['players.link_accounts'])).get(lookup(THRALL.id))).status).toBe(200);
    expect((await (await clientWith(['players.edit'])).get(lookup(THRALL.id))).status).toBe(200);
  });
});

describe('looking a Discord user up on a server without Discord', () => {
  it('answers 503 saying the bot token is not set', async () => {
    const env = await createTestEnvironment({ DISCORD_API_BASE: discord.baseUrl });
    const app = await startTestApp(env.env);
    try {
      const client = new HttpClient(app.url);
      await client.signIn(OWNER.username, OWNER.password);
      const answer = await client.get(lookup(THRALL.id));
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        success: false,
        error: PLAYER_ACCOUNT_MESSAGES.discordNotConfigured,
        code: 'DISCORD_NOT_CONFIGURED',
      });
    } finally {
      await app.close();
      await env.dispose();
    }
  });

  it('answers 503 naming Discord when Discord is down', async () => {
    const down = await new DiscordFake().start();
    await down.stop();
    const env = await createTestEnvironment({ DISCORD_API_BASE: down.baseUrl, DISCORD_BOT_TOKEN: down.botToken });
    const app = await startTestApp(env.env);
    try {
      const client = new HttpClient(app.url);
      await client.signIn(OWNER.username, OWNER.password);
      const answer = await client.get<{ error: string }>(lookup(THRALL.id));
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(answer.body.error).toMatch(/Discord/);
    } finally {
      await app.close();
      await env.dispose();
    }
  });
});

describe('a Discord link keeps who Discord says the user is, and their sign-ins', () => {
  type Saved = { success: true; data: PlayerAccount };

  it('shows the username and global name Discord answered on an account whose user is in no member list', async () => {
    const created = await owner.post<Saved>('/api/admin/players', { displayName: `Thrall ${Date.now()}` });
    expect(created.status).toBe(200);
    const linked = await owner.post<Saved>(`/api/admin/players/${created.body.data.id}/link-discord`, {
      discordId: THRALL.id,
      forceLink: true,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.discord_metadata).toMatchObject({ username: 'thrall', globalName: 'Go’el', avatar: 'a1b2c3d4e5' });
    const unlinked = await owner.request<Saved>('DELETE', `/api/admin/players/${created.body.data.id}/unlink/discord`, {
      body: { reason: 'test' },
    });
    expect(unlinked.body.data.discord_metadata).toBeNull();
  });

  it("notes a community sign-in of the linked Discord user as the account's last login", async () => {
    raiseCommunityIpLimits(server.app.config);
    const discordId = '180000000000000099';
    const created = await owner.post<Saved>('/api/admin/players', { displayName: `Signer ${Date.now()}`, discordId });
    expect(created.body.data.last_login_at).toBeNull();
    const member = new HttpClient(server.url);
    const { account, user } = await registerVerifiedUser(server.app, member);
    // An e-mail account that linked Discord in its settings: the link itself is another journey's subject.
    await server.app.services.db.query('UPDATE users SET discord_id = $2 WHERE id = $1', [user.id, discordId]);
    expect((await member.post('/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    const listed = await owner.get<{ data: PlayerAccount[] }>(`/api/admin/players?search=${discordId}`);
    const after = listed.body.data.find((candidate) => candidate.id === created.body.data.id)!;
    expect(Date.now() - Date.parse(after.last_login_at!)).toBeLessThan(60_000);
    expect(after.updated_at).toBe(created.body.data.updated_at);
  });
});
