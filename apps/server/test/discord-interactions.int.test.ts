import { DISCORD_BOT_MESSAGES, RAID_MESSAGES, type RaidDetail, type SignupStatus } from '@guildhall/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customIdOf } from '../src/modules/discord-bot/custom-ids';
import { DiscordFake, fakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { answerOf, claimCharacter, customIdsOf, discordInteractions, planRaidOnWeb } from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

const GUILD_A = '642000000000000001';
const GUILD_B = '642000000000000002';
const user = (n: number, name: string) => fakeDiscordUser(`65200000000000000${n}`, name);
const officer = user(1, 'officer');
const raider = user(2, 'raider');
const twoMains = user(3, 'twomains');
const newcomer = user(4, 'newcomer');
const outsider = user(5, 'outsider');
/** A plain member's bits in a server: View Channels and Send Messages. */
const MEMBER = '3072';
const inA = { guildId: GUILD_A, permissions: MEMBER };

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();
let officerWeb: HttpClient;
let tenantA: string;
const characters: Record<string, string> = {};
let discord: ReturnType<typeof discordInteractions>;

const answerId = (raidId: string, status: SignupStatus) =>
  customIdOf({ kind: 'answer', discordGuildId: GUILD_A, raidId, status });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const planRaid = (extra: Record<string, unknown> = {}) => planRaidOnWeb(officerWeb, GUILD_A, { name: 'Heroic night', ...extra });

async function readRaid(raidId: string): Promise<RaidDetail> {
  const read = await officerWeb.get<{ raid: RaidDetail }>(`/api/guild/raids/${raidId}`, { headers: { 'X-Guild-ID': GUILD_A } });
  expect(read.status, read.text).toBe(200);
  return read.body.raid;
}

beforeAll(async () => {
  await fake.start();
  fake.addGuild(officer, { id: GUILD_A, name: 'Raid Planners', icon: null, owner: true, permissions: '1024' }, { withBot: true });
  fake.addGuild(outsider, { id: GUILD_B, name: 'Other Guild', icon: null, owner: true, permissions: '1024' }, { withBot: true });
  environment = await createTestEnvironment(fake.appSettings());
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  discord = discordInteractions(fake, server.url);
  officerWeb = await signInWithDiscord(fake, server.url, officer);
  await signInWithDiscord(fake, server.url, outsider);
  [{ id: tenantA }] = (await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [GUILD_A])) as [
    { id: string },
  ];
  characters.raider = await claimCharacter(server.app, tenantA, raider, { name: 'Thrallina', role: 'healer' });
  characters.first = await claimCharacter(server.app, tenantA, twoMains, { name: 'Bolvar', role: 'tank' });
  characters.second = await claimCharacter(server.app, tenantA, twoMains, { name: 'Jaina', role: 'dps' });
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

describe('the interactions endpoint checks every signature', () => {
  it('answers a signed PING with PONG', async () => {
    const answer = await discord.deliver(discord.ping());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: 1 });
  });

  it('refuses a missing, malformed, wrong-key or tampered signature with 401', async () => {
    const body = JSON.stringify(discord.ping());
    const signed = fake.botApi.signatureHeaders(body);
    const attempts: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { ...signed, 'x-signature-ed25519': 'zz' },
      { ...signed, 'x-signature-ed25519': '0'.repeat(128) },
      { 'content-type': 'application/json', 'x-signature-timestamp': signed['x-signature-timestamp']! },
    ];
    for (const headers of attempts) expect((await discord.deliver(body, headers)).status).toBe(401);
    // Signed, then one byte of the body changed: the signature covers the raw bytes.
    expect((await discord.deliver(body.replace('"type":1', '"type":1 '), signed)).status).toBe(401);
    // The right signature over another timestamp.
    expect(
      (await discord.deliver(body, { ...signed, 'x-signature-timestamp': String(Number(signed['x-signature-timestamp']) + 1) }))
        .status,
    ).toBe(401);
    const other = new DiscordFake();
    expect((await discord.deliver(body, other.botApi.signatureHeaders(body))).status).toBe(401);
  });

  it('refuses a stale timestamp, signed correctly, as 401', async () => {
    const body = JSON.stringify(discord.ping());
    const tenMinutesAgo = String(Math.floor(Date.now() / 1000) - 600);
    const answer = await discord.deliver(body, fake.botApi.signatureHeaders(body, tenMinutesAgo));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, error: DISCORD_BOT_MESSAGES.staleTimestamp });
  });

  it('answers an interaction once: the same signed bytes again are refused as a replay', async () => {
    await planRaid({ name: 'Replay night' });
    const body = JSON.stringify(discord.command(raider, inA, 'raids'));
    const headers = fake.botApi.signatureHeaders(body);
    expect((await discord.deliver(body, headers)).status).toBe(200);
    const again = await discord.deliver(body, headers);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: DISCORD_BOT_MESSAGES.replayed });
  });

  it('refuses signed JSON that is not an interaction with 400, and needs no CSRF header or session', async () => {
    const answer = await discord.deliver({ hello: 'world' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: DISCORD_BOT_MESSAGES.badInteraction });
    expect((await discord.deliver('{not json')).status).toBe(400);
  });
});

describe('commands and buttons follow the web’s rules', () => {
  it('makes a Guildhall account for a Discord user who never signed in, linked as a Discord sign-in would', async () => {
    await planRaid({ name: 'Newcomer night' });
    const answer = await discord.deliver(discord.command(newcomer, inA, 'raids'));
    expect(answer.status, answer.text).toBe(200);
    const [account] = await sql<{ username: string; auth_method: string }>(
      server.app,
      'SELECT username, auth_method FROM users WHERE discord_id = $1',
      [newcomer.id],
    );
    expect(account).toMatchObject({ username: 'newcomer', auth_method: 'discord' });
    expect(answerOf(answer).content).toContain('Newcomer night');
  });

  it('/raids lists the next raids for the caller only, each with its five answer buttons', async () => {
    const raid = await planRaid({ name: 'Listed night', startsAt: inMinutes(60) });
    const answer = await discord.deliver(discord.command(raider, inA, 'raids'));
    const data = answerOf(answer);
    expect(answer.body).toMatchObject({ type: 4 });
    expect(data.flags).toBe(64);
    expect(data.content).toContain('Listed night');
    expect(customIdsOf(data.components)).toContain(answerId(raid.id, 'accept'));
    expect(customIdsOf(data.components).filter((id) => id.includes(raid.id.replaceAll('-', '')))).toHaveLength(5);
  });

  it('an answer button signs the member up with their only character, as the web shows it', async () => {
    const raid = await planRaid({ name: 'Button night' });
    const answer = await discord.deliver(discord.button(raider, inA, answerId(raid.id, 'accept')));
    expect(answerOf(answer)).toMatchObject({ content: DISCORD_BOT_MESSAGES.answered('accept', 'Button night'), flags: 64 });
    const signups = (await readRaid(raid.id)).signups;
    expect(signups).toHaveLength(1);
    expect(signups[0]).toMatchObject({ name: 'Raider', status: 'accept', role: 'healer', character: { name: 'Thrallina' } });
    // Pressed again: the same one answer, changed.
    await discord.deliver(discord.button(raider, inA, answerId(raid.id, 'bench')));
    expect((await readRaid(raid.id)).signups).toMatchObject([{ status: 'bench', character: { name: 'Thrallina' } }]);
  });

  it('asks a member with several characters which one, then stores the one chosen', async () => {
    const raid = await planRaid({ name: 'Choice night' });
    const asked = answerOf(await discord.deliver(discord.button(twoMains, inA, answerId(raid.id, 'tentative'))));
    expect(asked.content).toContain(DISCORD_BOT_MESSAGES.chooseCharacter);
    const select = asked.components![0]!.components[0]!;
    // Bolvar tanks; Jaina deals damage, in melee or at range.
    expect(select.options!.map((option) => option.value).sort()).toEqual(
      [`${characters.first}:tank`, `${characters.second}:melee`, `${characters.second}:ranged`].sort(),
    );
    const chosen = await discord.deliver(discord.select(twoMains, inA, select.custom_id, [`${characters.second}:ranged`]));
    expect(answerOf(chosen).content).toBe(DISCORD_BOT_MESSAGES.answered('tentative', 'Choice night'));
    expect((await readRaid(raid.id)).signups).toMatchObject([
      { status: 'tentative', role: 'ranged', character: { name: 'Jaina' } },
    ]);
  });

  it('refuses a character that is someone else’s, whatever the select or /signup sends', async () => {
    const raid = await planRaid({ name: 'Theft night' });
    const select = customIdOf({ kind: 'character', discordGuildId: GUILD_A, raidId: raid.id, status: 'accept' });
    const stolen = await discord.deliver(discord.select(twoMains, inA, select, [`${characters.raider}:healer`]));
    expect(answerOf(stolen).content).toBe(RAID_MESSAGES.notYourCharacter);
    const command = await discord.deliver(
      discord.command(twoMains, inA, 'signup', { raid: raid.id, status: 'accept', character: characters.raider! }),
    );
    expect(answerOf(command).content).toBe(RAID_MESSAGES.notYourCharacter);
    expect((await readRaid(raid.id)).signups).toEqual([]);
  });

  it('asks a Late answer’s minutes in a modal and checks them', async () => {
    const raid = await planRaid({ name: 'Late night' });
    const modal = await discord.deliver(discord.button(raider, inA, answerId(raid.id, 'late')));
    expect(modal.body).toMatchObject({
      type: 9,
      data: {
        custom_id: customIdOf({
          kind: 'late',
          discordGuildId: GUILD_A,
          raidId: raid.id,
          seat: { characterId: characters.raider!, role: 'healer' },
        }),
      },
    });
    const customId = (modal.body as { data: { custom_id: string } }).data.custom_id;
    const wrong = await discord.deliver(discord.modal(raider, inA, customId, { minutes: 'soon' }));
    expect(answerOf(wrong).content).toBe(RAID_MESSAGES.lateMinutes);
    const right = await discord.deliver(discord.modal(raider, inA, customId, { minutes: '15' }));
    expect(answerOf(right).content).toBe(DISCORD_BOT_MESSAGES.answered('late', 'Late night'));
    expect((await readRaid(raid.id)).signups).toMatchObject([{ status: 'late', lateMinutes: 15 }]);
  });

  it('/signup answers with the options given, Late with its minutes', async () => {
    const raid = await planRaid({ name: 'Command night' });
    const answer = await discord.deliver(
      discord.command(twoMains, inA, 'signup', { raid: raid.id, status: 'late', character: characters.first!, minutes: 20 }),
    );
    expect(answerOf(answer).content).toBe(DISCORD_BOT_MESSAGES.answered('late', 'Command night'));
    expect((await readRaid(raid.id)).signups).toMatchObject([{ status: 'late', lateMinutes: 20, character: { name: 'Bolvar' } }]);
  });

  it('refuses after the deadline and for a cancelled raid, with the web’s messages', async () => {
    const closed = await planRaid({ name: 'Closed night', startsAt: inMinutes(30), signupDeadline: inMinutes(-1) }).catch(
      () => null,
    );
    const past = closed ?? (await planRaid({ name: 'Closed night', startsAt: inMinutes(30) }));
    if (!closed)
      await sql(server.app, "UPDATE raid_events SET signup_deadline = now() - interval '1 minute' WHERE id = $1", [past.id]);
    const late = await discord.deliver(discord.button(raider, inA, answerId(past.id, 'accept')));
    expect(answerOf(late)).toMatchObject({ content: RAID_MESSAGES.deadlinePassed, flags: 64 });

    const raid = await planRaid({ name: 'Cancelled night' });
    const cancelled = await officerWeb.post(
      `/api/guild/raids/${raid.id}/cancel`,
      { version: raid.version, reason: 'Server maintenance' },
      { headers: { 'X-Guild-ID': GUILD_A } },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const refused = await discord.deliver(discord.button(raider, inA, answerId(raid.id, 'accept')));
    expect(answerOf(refused).content).toBe(RAID_MESSAGES.raidCancelled('Server maintenance'));
  });

  it('refuses a button that names another server’s guild, and a raid of another guild', async () => {
    const raid = await planRaid({ name: 'Crossed night' });
    // Pressed in server B on a custom id naming server A.
    const crossed = await discord.deliver(discord.button(outsider, { guildId: GUILD_B }, answerId(raid.id, 'accept')));
    expect(answerOf(crossed).content).toBe(DISCORD_BOT_MESSAGES.guildNotAvailable);
    // From a direct message, by someone who is not in server A.
    const fromDm = await discord.deliver(discord.button(outsider, { dm: true }, answerId(raid.id, 'accept')));
    expect(answerOf(fromDm).content).toBe(DISCORD_BOT_MESSAGES.guildNotAvailable);
    // Server B's member names server A's raid in their own server: not found there.
    const foreign = await discord.deliver(
      discord.command(outsider, { guildId: GUILD_B }, 'signup', { raid: raid.id, status: 'accept' }),
    );
    expect(answerOf(foreign).content).toBe(RAID_MESSAGES.notFound);
    const nonsense = await discord.deliver(discord.command(raider, inA, 'signup', { raid: 'drop table', status: 'accept' }));
    expect(answerOf(nonsense).content).toBe(RAID_MESSAGES.notFound);
    expect((await readRaid(raid.id)).signups).toEqual([]);
  });

  it('autocompletes raids of the server’s guild and the caller’s own characters only', async () => {
    await planRaid({ name: 'Autocomplete night' });
    const raids = await discord.deliver(discord.autocomplete(raider, inA, 'signup', { raid: 'autoc' }, 'raid'));
    expect(raids.body).toMatchObject({ type: 8 });
    const raidChoices = (raids.body as { data: { choices: { name: string }[] } }).data.choices;
    expect(raidChoices.map((choice) => choice.name.split(' · ')[0])).toEqual(['Autocomplete night']);
    const mine = await discord.deliver(discord.autocomplete(twoMains, inA, 'signup', { character: '' }, 'character'));
    const names = (mine.body as { data: { choices: { name: string; value: string }[] } }).data.choices.map(
      (choice) => choice.value,
    );
    expect(names.sort()).toEqual([characters.first, characters.second].sort());
  });

  it('/link lists the unlinked characters the matcher finds for the caller, and links none', async () => {
    const linker = { id: '652000000000000006', username: 'grommash', global_name: 'Grommash', avatar: null };
    await insertMember(server.app, tenantA, { discordUserId: linker.id, username: linker.username, globalName: 'Grommash' });
    await insertCharacter(server.app, tenantA, { name: 'Grommash', realm: 'Silvermoon' });
    await insertCharacter(server.app, tenantA, { name: 'Sylvanas', realm: 'Silvermoon' });
    const answer = answerOf(await discord.deliver(discord.command(linker, inA, 'link')));
    expect(answer.flags).toBe(64);
    expect(answer.content).toContain(DISCORD_BOT_MESSAGES.linkCandidates);
    expect(answer.content).toMatch(/• Grommash-Silvermoon \(\d+ %/);
    expect(answer.content).not.toContain('Sylvanas');
    expect(answer.content).toContain('/settings');
    const links = await sql(
      server.app,
      'SELECT 1 FROM character_links l JOIN characters c ON c.id = l.character_id WHERE c.name = $1',
      ['Grommash'],
    );
    expect(links).toEqual([]);
    const nobody = answerOf(await discord.deliver(discord.command(raider, inA, 'link')));
    expect(nobody.content).toContain(DISCORD_BOT_MESSAGES.linkNoCandidates);
  });

  it('/roster shows who sits in each role, for the channel to see', async () => {
    const raid = await planRaid({ name: 'Roster night', startsAt: inMinutes(5) });
    await discord.deliver(discord.button(raider, inA, answerId(raid.id, 'accept')));
    const roster = await discord.deliver(discord.command(raider, inA, 'roster', { raid: raid.id }));
    const data = answerOf(roster);
    expect(data.flags).toBe(0);
    expect(data.content).toContain('**Healers 1/4**: Thrallina');
  });

  it('answers within 3 s when the work takes longer: deferred, then completed through the follow-up webhook', async () => {
    const raid = await planRaid({ name: 'Slow night' });
    // An officer's edit holds the raid for 3.5 s: the sign-up waits for it.
    const holding = server.app.services.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM raid_events WHERE id = $1 FOR UPDATE', [raid.id]);
      await new Promise((resolve) => setTimeout(resolve, 3500));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const interaction = discord.button(raider, inA, answerId(raid.id, 'accept'));
    const answer = await discord.deliver(interaction);
    expect(answer.ms).toBeLessThan(3000);
    expect(answer.body).toEqual({ type: 5, data: { flags: 64 } });
    await holding;
    await until(() => fake.botApi.followUps.some((followUp) => followUp.token === interaction.token), 5000);
    const followUp = fake.botApi.followUps.find((entry) => entry.token === interaction.token)!;
    expect(followUp.body).toMatchObject({ content: DISCORD_BOT_MESSAGES.answered('accept', 'Slow night') });
    expect((await readRaid(raid.id)).signups).toMatchObject([{ status: 'accept' }]);
  });

  it('defers the presses waiting to be answered in place the moment a rush of them starts', async () => {
    const raid = await planRaid({ name: 'Rush night' });
    // An officer's edit holds the raid for 3 s: every sign-up waits for it, as a rush's queue makes them wait.
    const holding = server.app.services.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM raid_events WHERE id = $1 FOR UPDATE', [raid.id]);
      await new Promise((resolve) => setTimeout(resolve, 3000));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const presses = Array.from({ length: 4 }, () => discord.button(raider, inA, answerId(raid.id, 'accept')));
    // The first three wait to be answered in place (DISCORD_DEFER_AFTER_MS, 1.5 s); the fourth finds them waiting.
    const answers = [];
    for (const press of presses) {
      answers.push(discord.deliver(press));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const answer of await Promise.all(answers)) {
      expect(answer.body).toEqual({ type: 5, data: { flags: 64 } });
      // Well before the 1.5 s a press waits alone: deferred when the rush began.
      expect(answer.ms).toBeLessThan(1000);
    }
    await holding;
    await until(() => presses.every((press) => fake.botApi.followUps.some((entry) => entry.token === press.token)), 5000);
    expect((await readRaid(raid.id)).signups).toMatchObject([{ status: 'accept' }]);
  });

  it('defers a press at once while every database connection is taken, and completes it when one frees', async () => {
    const raid = await planRaid({ name: 'Busy night' });
    const pool = server.app.services.db.pool as unknown as pg.Pool;
    // Every connection of the app's pool held, as a rush holds them: the press would wait for one.
    const held = await Promise.all(Array.from({ length: server.app.config.database.poolMax }, () => pool.connect()));
    const interaction = discord.button(raider, inA, answerId(raid.id, 'accept'));
    try {
      const answer = await discord.deliver(interaction);
      expect(answer.body).toEqual({ type: 5, data: { flags: 64 } });
      // Well before DISCORD_DEFER_AFTER_MS (1.5 s): the deferral did not wait for the timer.
      expect(answer.ms).toBeLessThan(1000);
    } finally {
      for (const client of held) client.release();
    }
    await until(() => fake.botApi.followUps.some((followUp) => followUp.token === interaction.token), 5000);
    const followUp = fake.botApi.followUps.find((entry) => entry.token === interaction.token)!;
    expect(followUp.body).toMatchObject({ content: DISCORD_BOT_MESSAGES.answered('accept', 'Busy night') });
  });
});
