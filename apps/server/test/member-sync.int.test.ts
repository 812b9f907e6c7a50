import { DISCOVERY_MESSAGES, MESSAGES, type SyncCompleted, type SyncProgress } from '@guildhall/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordMember } from './fakes/discord-fake';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { fakeMembers, insertMember, waitForSync } from './helpers/linking-factories';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import {
  createTestEnvironment,
  OWNER,
  startSignedInApp,
  startTestApp,
  stopTestApp,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';
import { until } from './helpers/wait';

const SYNC = '/api/admin/character-discovery/discord/sync-members';
const DISCORD_GUILD_ID = '410000000000000001';

let environment: TestEnvironment;
let server: TestApp;
let discord: DiscordFake;
let owner: HttpClient;

beforeAll(async () => {
  discord = await new DiscordFake().start();
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
  discord.memberPagesServed = 0;
  discord.failMemberPagesAfter = null;
  discord.memberBucketResetAfter = null;
  discord.rateLimitMemberPage = null;
  discord.rateLimitNextMemberCalls = 0;
  discord.rateLimitRetryAfter = 0.2;
  discord.requests.length = 0;
});

/** A guild connected to a Discord server of the fake that holds these members. */
async function connectedGuild(discordGuildId: string, members: FakeDiscordMember[]) {
  const guildId = await insertGuild(server.app);
  await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildId, discordGuildId]);
  discord.botGuildIds.add(discordGuildId);
  discord.members.set(discordGuildId, members);
  return guildId;
}

const memberCalls = (discordGuildId: string) =>
  discord.requests.filter((request) => request.path === `/guilds/${discordGuildId}/members`);

const storedMembers = (guildId: string) =>
  sql<{ discord_user_id: string; username: string; nickname: string | null; left_at: Date | null; roles: string[] }>(
    server.app,
    'SELECT discord_user_id, username, nickname, left_at, roles FROM discord_members WHERE guild_id = $1 ORDER BY discord_user_id',
    [guildId],
  );

describe('a member sync', () => {
  it('stores 2,500 members from three pages, waiting out a 429 on page 2 and asking for that page again', async () => {
    const members = fakeMembers(2500);
    const guildId = await connectedGuild(DISCORD_GUILD_ID, members);
    discord.rateLimitMemberPage = 2;
    discord.rateLimitRetryAfter = 0.3;

    const started = await owner.post<{ jobId: string; job: { status: string }; message: string }>(SYNC, { guildId });
    expect(started.status).toBe(202);
    expect(started.body.job.status).toBe('running');
    const job = await waitForSync(owner, started.body.jobId);

    expect(job).toMatchObject({ status: 'succeeded', phase: 'done', fetched: 2500, processed: 2500 });
    expect(job.result).toEqual({ added: 2500, updated: 0, left: 0, total: 2500 });
    const calls = memberCalls(DISCORD_GUILD_ID);
    expect(calls.map((call) => call.query.get('after'))).toEqual([
      '0',
      members[999]!.user.id,
      members[999]!.user.id,
      members[1999]!.user.id,
    ]);
    expect(calls.every((call) => call.query.get('limit') === '1000' && call.authorization === `Bot ${discord.botToken}`)).toBe(
      true,
    );
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(280);

    const stored = await storedMembers(guildId);
    expect(stored).toHaveLength(2500);
    expect(stored.every((member) => member.left_at === null)).toBe(true);
    const fifth = stored.find((member) => member.discord_user_id === members[5]!.user.id)!;
    expect(fifth).toMatchObject({ username: 'player5', nickname: '[Tag] Player 5' });
  });

  it('marks the five members who left on the next sync, and counts what changed', async () => {
    const members = fakeMembers(1200, 320_000_000_000_000_000n);
    const discordGuildId = '410000000000000002';
    const guildId = await connectedGuild(discordGuildId, members);
    await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);

    const leavers = [3, 400, 999, 1000, 1199].map((i) => members[i]!.user.id);
    const renamed = { ...members[10]!, nick: 'Renamed | Tank' };
    const newcomer = fakeMembers(1, 330_000_000_000_000_000n)[0]!;
    discord.members.set(discordGuildId, [
      ...members.filter((member) => !leavers.includes(member.user.id) && member !== members[10]),
      renamed,
      newcomer,
    ]);
    const second = await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);

    expect(second.result).toEqual({ added: 1, updated: 1, left: 5, total: 1196 });
    const stored = await storedMembers(guildId);
    expect(stored).toHaveLength(1201);
    expect(
      stored
        .filter((member) => member.left_at !== null)
        .map((member) => member.discord_user_id)
        .sort(),
    ).toEqual([...leavers].sort());
    expect(stored.find((member) => member.discord_user_id === renamed.user.id)?.nickname).toBe('Renamed | Tank');
  });

  it.each([
    [500, 'Discord answered 500 for member page 2 after 4 attempts'],
    [403, 'Discord refused the member list (403): the bot must be in the server and have the Server Members intent'],
  ])('changes nothing when Discord answers %i on page 2, and says why', async (status, reason) => {
    const discordGuildId = `42000000000000000${status === 500 ? 1 : 2}`;
    const members = fakeMembers(1500, 340_000_000_000_000_000n);
    const guildId = await connectedGuild(discordGuildId, members);
    await insertMember(server.app, guildId, { discordUserId: '1', username: 'before-the-sync' });
    const before = await storedMembers(guildId);
    discord.failMemberPagesAfter = 1;
    discord.memberFailureStatus = status;

    const job = await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);

    expect(job).toMatchObject({ status: 'failed', phase: 'failed', fetched: 1000, result: null, error: reason });
    expect(await storedMembers(guildId)).toEqual(before);
    // A 5xx is tried again by the bot's REST client (four tries in all), a refusal is not.
    expect(memberCalls(discordGuildId)).toHaveLength(status === 500 ? 5 : 2);
  });

  it('waits out 429s in a row with their retry_after through the bot’s REST client, and still stores every member', async () => {
    const discordGuildId = '420000000000000012';
    const members = fakeMembers(2001, 380_000_000_000_000_000n);
    const guildId = await connectedGuild(discordGuildId, members);
    // Discord's answer: { retry_after: 0.4 } in the body, Retry-After: 1 (whole seconds) in the header.
    discord.rateLimitNextMemberCalls = 2;
    discord.rateLimitRetryAfter = 0.4;

    const job = await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);

    expect(job).toMatchObject({ status: 'succeeded', fetched: 2001, processed: 2001 });
    expect(job.result).toEqual({ added: 2001, updated: 0, left: 0, total: 2001 });
    const calls = memberCalls(discordGuildId);
    expect(calls.map((call) => call.query.get('after'))).toEqual(['0', '0', '0', members[999]!.user.id, members[1999]!.user.id]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(380);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(380);
    expect(await storedMembers(guildId)).toHaveLength(2001);
  });

  it('holds its pages while another bot call meets Discord’s global rate limit: one client, one global limit', async () => {
    const discordGuildId = '420000000000000013';
    const guildId = await connectedGuild(discordGuildId, fakeMembers(40, 390_000_000_000_000_000n));
    const rest = server.app.services.discordRest;
    const limitedBefore = discord.botApi.rateLimited;
    discord.botApi.forceRateLimits(1, 1, { isGlobal: true });
    const posted = rest.createMessage('400000000000000099', { content: 'Raid tonight' });
    await until(() => discord.botApi.rateLimited > limitedBefore, 5000);
    const limitedAt = Date.now();

    const job = await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);
    await posted;

    expect(job.result).toEqual({ added: 40, updated: 0, left: 0, total: 40 });
    const calls = memberCalls(discordGuildId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.at - limitedAt).toBeGreaterThanOrEqual(850);
    expect(discord.botApi.channelMessages('400000000000000099')).toHaveLength(1);
  });

  it('fails at once, saying when to try again, when Discord asks for a pause of more than a minute', async () => {
    const discordGuildId = '420000000000000014';
    const guildId = await connectedGuild(discordGuildId, fakeMembers(10, 395_000_000_000_000_000n));
    discord.rateLimitNextMemberCalls = 1;
    discord.rateLimitRetryAfter = 120;
    const startedAt = Date.now();

    const job = await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);

    expect(job).toMatchObject({
      status: 'failed',
      fetched: 0,
      error: 'Discord is rate limiting member reads; try again in 120 s',
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(memberCalls(discordGuildId)).toHaveLength(1);
  });

  it('waits for an empty rate-limit bucket to refill before the next page', async () => {
    const discordGuildId = '420000000000000009';
    const guildId = await connectedGuild(discordGuildId, fakeMembers(1001, 350_000_000_000_000_000n));
    discord.memberBucketResetAfter = 0.4;
    const job = await waitForSync(owner, (await owner.post<{ jobId: string }>(SYNC, { guildId })).body.jobId);
    expect(job.result?.added).toBe(1001);
    const calls = memberCalls(discordGuildId);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(380);
  });

  it('pushes progress per page and the completion to /admin clients watching the guild', async () => {
    const discordGuildId = '420000000000000010';
    const guildId = await connectedGuild(discordGuildId, fakeMembers(2100, 360_000_000_000_000_000n));
    const socket: AdminLiveClient = connectAdmin(server.url, owner.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      const ack = await socket.emitWithAck('subscribe:member-sync', { guildId });
      expect(ack).toEqual({ success: true });
      const progress: SyncProgress[] = [];
      socket.on('sync:progress', (event) => progress.push(event));
      const completed = nextEvent(socket, 'sync:completed', 15_000);

      const started = await owner.post<{ jobId: string }>(SYNC, { guildId });
      const done: SyncCompleted = await completed;

      expect(done).toEqual({
        guildId,
        jobId: started.body.jobId,
        result: { added: 2100, updated: 0, left: 0, total: 2100 },
        message: DISCOVERY_MESSAGES.membersSynced,
      });
      expect(progress.filter((event) => event.phase === 'fetching').map((event) => event.fetched)).toEqual([1000, 2000, 2100]);
      expect(progress.map((event) => event.phase)).toContain('saving');
      expect(progress.every((event) => event.jobId === started.body.jobId)).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses to let an admin without Character Discovery access watch a guild', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    const socket = connectAdmin(server.url, client.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      const guildId = await insertGuild(server.app);
      expect(await socket.emitWithAck('subscribe:member-sync', { guildId })).toEqual({
        success: false,
        error: MESSAGES.accessDeniedBody,
      });
      expect((await client.post(SYNC, { guildId })).status).toBe(403);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a second sync of the same guild while one runs (409)', async () => {
    const discordGuildId = '420000000000000011';
    const guildId = await connectedGuild(discordGuildId, fakeMembers(1000, 370_000_000_000_000_000n));
    discord.rateLimitMemberPage = 1;
    discord.rateLimitRetryAfter = 0.5;
    const first = await owner.post<{ jobId: string }>(SYNC, { guildId });
    const second = await owner.post(SYNC, { guildId });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, error: DISCOVERY_MESSAGES.syncAlreadyRunning, code: 'CONFLICT' });
    await waitForSync(owner, first.body.jobId);
    const third = await owner.post<{ jobId: string }>(SYNC, { guildId });
    expect(third.status).toBe(202);
    await waitForSync(owner, third.body.jobId);
  });

  it('refuses a guild without a Discord server (400) and an unknown guild (404)', async () => {
    const guildId = await insertGuild(server.app);
    const answer = await owner.post(SYNC, { guildId });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: DISCOVERY_MESSAGES.noDiscordServer,
      fields: { guildId: DISCOVERY_MESSAGES.noDiscordServer },
    });
    expect((await owner.post(SYNC, { guildId: '00000000-0000-4000-8000-00000000dead' })).status).toBe(404);
  });
});

describe('a member sync without a bot token', () => {
  it('answers 503 with a clear message', async () => {
    const env = await createTestEnvironment({ DISCORD_API_BASE: discord.baseUrl });
    const app = await startTestApp(env.env);
    try {
      const client = new HttpClient(app.url);
      await client.signIn(OWNER.username, OWNER.password);
      const guildId = await insertGuild(app.app);
      await sql(app.app, `UPDATE guilds SET discord_guild_id = '430000000000000001' WHERE id = $1`, [guildId]);
      const answer = await client.post(SYNC, { guildId });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: DISCOVERY_MESSAGES.botTokenMissing, code: 'DISCORD_NOT_CONFIGURED' });
      const summary = await client.get<{ canSync: boolean }>(`/api/admin/character-discovery/summary?guildId=${guildId}`);
      expect(summary.body.canSync).toBe(false);
    } finally {
      await app.close();
      await env.dispose();
    }
  });
});
