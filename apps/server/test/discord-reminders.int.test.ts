import { DISCORD_BOT_MESSAGES, type RaidSummary } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_DEFINITIONS } from '../src/modules/discord-bot/command-definitions';
import { customIdOf } from '../src/modules/discord-bot/custom-ids';
import { type DiscordBotDeps, discordBotDepsOf } from '../src/modules/discord-bot/discord-bot-deps';
import { registerCommands } from '../src/modules/discord-bot/register-commands';
import { sendDueReminders } from '../src/modules/discord-bot/send-reminders';
import { DiscordFake, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import {
  answerOf,
  claimCharacter,
  customIdsOf,
  discordInteractions,
  planRaidOnWeb,
  setRaidChannel,
} from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertMember } from './helpers/linking-factories';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

const GUILD = '644000000000000001';
const RAID_CHANNEL = '720000000000000001';
const officer: FakeDiscordUser = { id: '654000000000000001', username: 'officer', global_name: 'Officer', avatar: null };
const members: FakeDiscordUser[] = Array.from({ length: 6 }, (_, i) => ({
  id: `65400000000000010${i}`,
  username: `member${i}`,
  global_name: `Member ${i}`,
  avatar: null,
}));
const [answered, closedDms, , , , pressesFromDm] = members as [
  FakeDiscordUser,
  FakeDiscordUser,
  FakeDiscordUser,
  FakeDiscordUser,
  FakeDiscordUser,
  FakeDiscordUser,
];
const atGuild = { headers: { 'X-Guild-ID': GUILD } };

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();
let officerWeb: HttpClient;
let discord: ReturnType<typeof discordInteractions>;
let deps: DiscordBotDeps;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function planPostedRaid(name: string): Promise<RaidSummary> {
  const raid = await planRaidOnWeb(officerWeb, GUILD, { name, instance: 'Nerub-ar Palace', startsAt: inMinutes(120) });
  await until(() => fake.botApi.channelMessages(RAID_CHANNEL).some((message) => String(message.embeds[0]?.title) === name));
  // The post's row is written once Discord answered the post.
  await server.app.raidPosts.settled();
  return raid;
}

beforeAll(async () => {
  await fake.start();
  fake.addGuild(officer, { id: GUILD, name: 'Reminder Guild', icon: null, owner: true, permissions: '1024' }, { withBot: true });
  environment = await createTestEnvironment(fake.appSettings());
  server = await startTestApp(environment.env, (config) => {
    raiseCommunityIpLimits(config);
    // The test sends the reminders itself, run by run.
    config.discord.upkeep.firstRunDelayMs = 3_600_000;
  });
  deps = discordBotDepsOf(server.app);
  discord = discordInteractions(fake, server.url);
  officerWeb = await signInWithDiscord(fake, server.url, officer);
  await setRaidChannel(officerWeb, GUILD, RAID_CHANNEL);
  const [{ id: tenant }] = (await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [
    GUILD,
  ])) as [{ id: string }];
  // The member sync's rows: the officer too, who is in the server.
  await insertMember(server.app, tenant, { discordUserId: officer.id, username: officer.username });
  for (const [index, member] of members.entries()) {
    await claimCharacter(server.app, tenant, member, { name: `Tank${index}`, role: 'tank' });
  }
  fake.botApi.closedDmUserIds.add(closedDms.id);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

describe('reminders by direct message', () => {
  it('reminds each member who has not answered once, with the answer buttons, and records closed DMs', async () => {
    const raid = await planPostedRaid('Reminded night');
    await discord.deliver(
      discord.button(
        answered,
        { guildId: GUILD, permissions: '3072' },
        customIdOf({ kind: 'answer', discordGuildId: GUILD, raidId: raid.id, status: 'accept' }),
      ),
    );
    const officerAnswer = await officerWeb.request('PUT', `/api/guild/raids/${raid.id}/signup`, {
      ...atGuild,
      body: { status: 'accept', role: 'tank' },
    });
    expect(officerAnswer.status, officerAnswer.text).toBe(200);

    const first = await sendDueReminders(deps);
    // Six members and the officer; the officer and `answered` answered; `closedDms` refuses direct messages.
    expect(first).toEqual({ sent: 4, closed: 1 });
    for (const member of members.slice(2)) {
      const received = fake.botApi.directMessages(member.id);
      expect(received).toHaveLength(1);
      expect(received[0]!.content).toContain(DISCORD_BOT_MESSAGES.reminder('Reminded night', '').split(' (')[0]!);
      expect(customIdsOf(received[0]!.components as never)).toContain(
        customIdOf({ kind: 'answer', discordGuildId: GUILD, raidId: raid.id, status: 'accept' }),
      );
    }
    expect(fake.botApi.directMessages(answered.id)).toEqual([]);
    expect(fake.botApi.directMessages(officer.id)).toEqual([]);
    const [closed] = await sql<{ dm_closed_at: Date | null }>(
      server.app,
      'SELECT dm_closed_at FROM discord_members WHERE discord_user_id = $1',
      [closedDms.id],
    );
    expect(closed!.dm_closed_at).not.toBeNull();

    // A second run sends nothing: once per member and raid.
    expect(await sendDueReminders(deps)).toEqual({ sent: 0, closed: 0 });
    expect(fake.botApi.directMessages(members[2]!.id)).toHaveLength(1);
  });

  it('answers from the reminder’s button in the direct message, for a member the sync found', async () => {
    const raid = (await sql<{ id: string }>(server.app, "SELECT id FROM raid_events WHERE name = 'Reminded night'"))[0]!;
    const [dm] = fake.botApi.directMessages(pressesFromDm.id);
    const accept = customIdsOf(dm!.components as never).find((id) => id.endsWith(':accept'))!;
    const pressed = await discord.deliver(discord.button(pressesFromDm, { dm: true }, accept));
    expect(answerOf(pressed).content).toBe(DISCORD_BOT_MESSAGES.answered('accept', 'Reminded night'));
    const [signup] = await sql<{ status: string }>(
      server.app,
      'SELECT s.status FROM raid_signups s JOIN users u ON u.id = s.user_id WHERE s.raid_event_id = $1 AND u.discord_id = $2',
      [raid.id, pressesFromDm.id],
    );
    expect(signup).toEqual({ status: 'accept' });
  });

  it('does not try a member with closed direct messages again for the next raid', async () => {
    await planPostedRaid('Next night');
    const before = fake.requests.length;
    const next = await sendDueReminders(deps);
    expect(next.closed).toBe(0);
    expect(fake.botApi.directMessages(closedDms.id)).toEqual([]);
    expect(fake.requests.length).toBeGreaterThan(before);
  });
});

describe('the REST client keeps within Discord’s limits', () => {
  it('queues a burst by the route’s bucket instead of failing or dropping it', async () => {
    // Three direct-message channels a second: six reminders take two more windows.
    fake.botApi.setLimit('dm-channel', { limit: 3, resetAfterS: 1 });
    const limitedBefore = fake.botApi.rateLimited;
    await sql(server.app, 'UPDATE discord_members SET dm_closed_at = NULL');
    fake.botApi.closedDmUserIds.clear();
    const started = Date.now();
    await planPostedRaid('Burst night');
    const burst = await sendDueReminders(deps);
    expect(burst.sent).toBe(7);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    // The client read X-RateLimit-Remaining and waited: at most the first window's surprise reached a 429.
    expect(fake.botApi.rateLimited - limitedBefore).toBeLessThanOrEqual(1);
    fake.botApi.setLimit('dm-channel', null);
  });

  it('waits out a 429 for its retry_after and sends again, the global limit too', async () => {
    for (const isGlobal of [false, true]) {
      fake.botApi.forceRateLimits(2, 0.4, { isGlobal });
      const started = Date.now();
      const said = await registerCommands(deps.rest, { kind: 'guilds', guildIds: [GUILD] });
      expect(said).toEqual([DISCORD_BOT_MESSAGES.commandsRegistered(COMMAND_DEFINITIONS.length, `in server ${GUILD}`)]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    }
    expect(fake.botApi.commands.get(GUILD)!.map((command) => command.name)).toEqual(
      expect.arrayContaining(['raids', 'signup', 'roster', 'link', 'wishlist', 'standings']),
    );
    await registerCommands(deps.rest, { kind: 'global' });
    expect(fake.botApi.commands.get('global')).toHaveLength(COMMAND_DEFINITIONS.length);
  });
});
