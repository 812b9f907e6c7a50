import { DISCORD_BOT_MESSAGES, type SignupStatus } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customIdOf } from '../src/modules/discord-bot/custom-ids';
import { discordBotDepsOf } from '../src/modules/discord-bot/discord-bot-deps';
import { RaidPosts } from '../src/modules/discord-bot/raid-posts';
import type { FakeMessage } from './fakes/discord-bot-api-fake';
import { DiscordFake, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { claimCharacter, customIdsOf, discordInteractions, planRaidOnWeb, setRaidChannel } from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

const GUILD = '643000000000000001';
const RAID_CHANNEL = '710000000000000001';
const EDIT_INTERVAL_MS = 1000;
const officer: FakeDiscordUser = { id: '653000000000000001', username: 'officer', global_name: 'Officer', avatar: null };
const raiders: FakeDiscordUser[] = Array.from({ length: 5 }, (_, i) => ({
  id: `65300000000000010${i}`,
  username: `raider${i}`,
  global_name: `Raider ${i}`,
  avatar: null,
}));
const inGuild = { guildId: GUILD, permissions: '3072' };
const atGuild = { headers: { 'X-Guild-ID': GUILD } };

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();
let officerWeb: HttpClient;
let discord: ReturnType<typeof discordInteractions>;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const answerId = (raidId: string, status: SignupStatus) => customIdOf({ kind: 'answer', discordGuildId: GUILD, raidId, status });

/** The guild's Raids settings, saved by the officer on the web. */
async function saveRaidSettings(settings: Record<string, unknown>): Promise<void> {
  const saved = await officerWeb.request('PUT', '/api/guild/config', { ...atGuild, body: { category: 'raids', settings } });
  expect(saved.status, saved.text).toBe(200);
}

const planRaid = (name: string, extra: Record<string, unknown> = {}) =>
  planRaidOnWeb(officerWeb, GUILD, { name, difficulty: 'Mythic', ...extra });

/** The post of a raid in the raid channel (its embed's title names the raid). */
const postOf = (name: string): FakeMessage | undefined =>
  fake.botApi.channelMessages(RAID_CHANNEL).find((message) => String(message.embeds[0]?.title).includes(name));

beforeAll(async () => {
  await fake.start();
  fake.addGuild(officer, { id: GUILD, name: 'Post Guild', icon: null, owner: true, permissions: '1024' }, { withBot: true });
  environment = await createTestEnvironment({ ...fake.appSettings(), DISCORD_POST_EDIT_INTERVAL_MS: String(EDIT_INTERVAL_MS) });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  discord = discordInteractions(fake, server.url);
  officerWeb = await signInWithDiscord(fake, server.url, officer);
  const [{ id: tenant }] = (await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [
    GUILD,
  ])) as [{ id: string }];
  for (const [index, raider] of raiders.entries()) {
    await claimCharacter(server.app, tenant, raider, { name: `Healer${index}`, role: 'healer' });
  }
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

describe('raid posts', () => {
  it('posts nothing while the guild has no raid channel', async () => {
    await planRaid('Unposted night');
    await server.app.raidPosts.settled();
    expect(postOf('Unposted night')).toBeUndefined();
  });

  it('posts a planned raid to the raid channel with its answer buttons', async () => {
    await setRaidChannel(officerWeb, GUILD, RAID_CHANNEL);
    const raid = await planRaid('Posted night');
    await until(() => postOf('Posted night') !== undefined);
    const post = postOf('Posted night')!;
    expect(post.embeds[0]).toMatchObject({ title: 'Posted night', footer: { text: 'Tentative 0 · Bench 0 · Absent 0' } });
    expect(String(post.embeds[0]!.description)).toContain('Manaforge Omega · Mythic · 20 seats');
    expect(customIdsOf(post.components as never)).toEqual(
      (['accept', 'tentative', 'late', 'bench', 'absent'] as const).map((status) => answerId(raid.id, status)),
    );
  });

  it('edits the post in place as answers come, coalesced to one edit per interval', async () => {
    const raid = await planRaid('Busy night');
    await until(() => postOf('Busy night') !== undefined);
    const started = Date.now();
    // Each raider answers Tentative, then changes to Accept: ten answers at once across the five.
    const presses = (
      await Promise.all(
        raiders.map(async (raider) => [
          await discord.deliver(discord.button(raider, inGuild, answerId(raid.id, 'tentative'))),
          await discord.deliver(discord.button(raider, inGuild, answerId(raid.id, 'accept'))),
        ]),
      )
    ).flat();
    for (const press of presses) expect(press.status).toBe(200);
    const post = postOf('Busy night')!;
    await until(
      () => (post.embeds[0]?.fields as { name: string }[] | undefined)?.[1]?.name === 'Healers 5/4',
      4 * EDIT_INTERVAL_MS,
    );
    await server.app.raidPosts.settled();
    // Ten answers in well under a second: the first shown at once, the rest together after the interval.
    const windows = Math.ceil((Date.now() - started) / EDIT_INTERVAL_MS) + 1;
    expect(post.edits.length).toBeGreaterThanOrEqual(1);
    expect(post.edits.length).toBeLessThanOrEqual(windows);
    expect(post.edits.length).toBeLessThan(presses.length);
    const [row] = await sql<{ edit_count: number }>(
      server.app,
      'SELECT edit_count FROM discord_raid_posts WHERE raid_event_id = $1',
      [raid.id],
    );
    expect(row!.edit_count).toBe(post.edits.length);
    const healers = (post.embeds[0]!.fields as { name: string; value: string }[])[1]!;
    expect(healers.value.split(', ').sort()).toEqual(['Healer0', 'Healer1', 'Healer2', 'Healer3', 'Healer4']);
  });

  it('says when a raid is cancelled, and drops its buttons', async () => {
    const raid = await planRaid('Doomed night');
    await until(() => postOf('Doomed night') !== undefined);
    const cancelled = await officerWeb.post(
      `/api/guild/raids/${raid.id}/cancel`,
      { version: raid.version, reason: 'Patch day' },
      atGuild,
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    await until(() => postOf('Doomed night')!.content === DISCORD_BOT_MESSAGES.cancelled('Patch day'), 3 * EDIT_INTERVAL_MS);
    expect(postOf('Doomed night')!.components).toEqual([]);
  });

  it('says when sign-ups close at the deadline, and drops its buttons', async () => {
    await planRaid('Closing night', { startsAt: inMinutes(60), signupDeadline: new Date(Date.now() + 2500).toISOString() });
    await until(() => postOf('Closing night') !== undefined);
    expect(postOf('Closing night')!.components).toHaveLength(1);
    await until(() => postOf('Closing night')!.content === DISCORD_BOT_MESSAGES.signupsClosed, 8000);
    expect(postOf('Closing night')!.components).toEqual([]);
  });

  it('waits with raids beyond the sign-up window, and survives a channel the bot may not post in', async () => {
    await planRaid('Far night', { startsAt: inMinutes(30 * 24 * 60) });
    fake.botApi.forbiddenChannelIds.add(RAID_CHANNEL);
    const raid = await planRaid('Forbidden night');
    await server.app.raidPosts.settled();
    fake.botApi.forbiddenChannelIds.delete(RAID_CHANNEL);
    expect(postOf('Far night')).toBeUndefined();
    expect(postOf('Forbidden night')).toBeUndefined();
    expect(await sql(server.app, 'SELECT 1 FROM discord_raid_posts WHERE raid_event_id = $1', [raid.id])).toEqual([]);
  });
  it('posts the later raids of a series as they enter the window, once whichever process comes to them', async () => {
    await saveRaidSettings({ signupWindowDays: 10 });
    const first = new Date(Date.now() + 864e5);
    const series = await officerWeb.post<{ raids: { id: string; startsAt: string }[] }>(
      '/api/guild/raid-series',
      {
        name: 'Weekly night',
        instance: 'Manaforge Omega',
        difficulty: 'Heroic',
        firstDate: first.toISOString().slice(0, 10),
        weekdays: [first.getUTCDay()],
        startTime: '20:00',
        count: 4,
      },
      atGuild,
    );
    expect(series.status, series.text).toBe(200);
    await server.app.raidPosts.settled();
    const posted = async () =>
      (
        await sql<{ raid_event_id: string }>(
          server.app,
          'SELECT raid_event_id FROM discord_raid_posts WHERE raid_event_id = ANY($1)',
          [series.body.raids.map((raid) => raid.id)],
        )
      ).length;
    // Within 10 days: the first two weeks; the others wait.
    expect(await posted()).toBe(2);
    // The window widens as the weeks pass: the upkeep of two processes finds the other two, and each is posted once.
    await saveRaidSettings({ signupWindowDays: 30 });
    const otherProcess = new RaidPosts(discordBotDepsOf(server.app));
    otherProcess.start();
    // (Earlier tests' raids that now fit the wider window are posted too.)
    await Promise.all([server.app.raidPosts.postEnteringWindow(), otherProcess.postEnteringWindow()]);
    await otherProcess.stop();
    expect(await posted()).toBe(4);
    expect(
      fake.botApi.channelMessages(RAID_CHANNEL).filter((message) => message.embeds[0]?.title === 'Weekly night'),
    ).toHaveLength(4);
    expect(await server.app.raidPosts.postEnteringWindow()).toBe(0);
    await saveRaidSettings({ signupWindowDays: 14 });
  });

  it('edits a post at most once per interval however many processes follow the raid', async () => {
    const raid = await planRaid('Shared night');
    await until(() => postOf('Shared night') !== undefined);
    // A second process following the same changes (the worst case: every change reaches both).
    const otherProcess = new RaidPosts(discordBotDepsOf(server.app));
    otherProcess.start();
    const started = Date.now();
    for (const raider of raiders) {
      expect((await discord.deliver(discord.button(raider, inGuild, answerId(raid.id, 'accept')))).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const post = postOf('Shared night')!;
    await until(
      () => (post.embeds[0]?.fields as { name: string }[] | undefined)?.[1]?.name === 'Healers 5/4',
      4 * EDIT_INTERVAL_MS,
    );
    await Promise.all([server.app.raidPosts.settled(), otherProcess.settled()]);
    await otherProcess.stop();
    const windows = Math.ceil((Date.now() - started) / EDIT_INTERVAL_MS) + 1;
    expect(post.edits.length).toBeGreaterThanOrEqual(1);
    expect(post.edits.length).toBeLessThanOrEqual(windows);
    const edited = post.editedAt;
    // No two edits closer than the interval (some slack: the REST client may hold one a moment).
    for (let i = 1; i < edited.length; i++) expect(edited[i]! - edited[i - 1]!).toBeGreaterThanOrEqual(EDIT_INTERVAL_MS - 150);
  });
});
