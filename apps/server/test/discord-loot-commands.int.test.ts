import {
  type CharacterLoot,
  DEFAULT_LOOT_RULES,
  DISCORD_BOT_MESSAGES,
  LOOT_MESSAGES,
  type LootSettings,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, fakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { answerOf, claimCharacter, discordInteractions } from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

// /wishlist and /standings through the Discord fake: the loot module's rules, as the web applies them.

const GUILD = '643000000000000001';
const user = (n: number, name: string) => fakeDiscordUser(`65300000000000000${n}`, name);
const officer = user(1, 'officer');
const raider = user(2, 'raider');
const twoMains = user(3, 'twomains');
const newcomer = user(4, 'newcomer');
const inGuild = { guildId: GUILD, permissions: '3072' };
const inWeb = { headers: { 'X-Guild-ID': GUILD } };
const ANTENNA = 242395;
const WARD = 237553;

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();
let officerWeb: HttpClient;
let tenant: string;
const characters: Record<'thrallina' | 'bolvar' | 'jaina', string> = { thrallina: '', bolvar: '', jaina: '' };
let discord: ReturnType<typeof discordInteractions>;

/** A command's ephemeral answer text, asserting it came at once (type 4) and for the caller only. */
async function said(interaction: unknown): Promise<string> {
  const answer = await discord.deliver(interaction);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body).toMatchObject({ type: 4 });
  expect(answerOf(answer).flags).toBe(64);
  return answerOf(answer).content ?? '';
}

const wishlist = (as: typeof raider, sub: string, options: Record<string, string | number> = {}) =>
  said(discord.subcommand(as, inGuild, 'wishlist', sub, options));

/** The wishlist as the web's loot page shows it. */
async function webWishlist(characterId: string): Promise<string[]> {
  const read = await officerWeb.get<{ loot: CharacterLoot }>(`/api/guild/loot/characters/${characterId}`, inWeb);
  expect(read.status, read.text).toBe(200);
  return read.body.loot.wishlist.map((line) => `${line.rank} ${line.itemName} ${line.note}`.trim());
}

async function setSystem(system: string, rules = DEFAULT_LOOT_RULES): Promise<void> {
  const saved = await officerWeb.request<{ settings: LootSettings }>('PUT', '/api/guild/loot/settings', {
    ...inWeb,
    body: { system, rules, note: system },
  });
  expect(saved.status, saved.text).toBe(200);
}

beforeAll(async () => {
  await fake.start();
  fake.addGuild(officer, { id: GUILD, name: 'Loot Planners', icon: null, owner: true, permissions: '1024' }, { withBot: true });
  environment = await createTestEnvironment(fake.appSettings());
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  discord = discordInteractions(fake, server.url);
  officerWeb = await signInWithDiscord(fake, server.url, officer);
  [{ id: tenant }] = (await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [GUILD])) as [
    { id: string },
  ];
  characters.thrallina = await claimCharacter(server.app, tenant, raider, { name: 'Thrallina', role: 'healer' });
  characters.bolvar = await claimCharacter(server.app, tenant, twoMains, { name: 'Bolvar', role: 'tank' });
  characters.jaina = await claimCharacter(server.app, tenant, twoMains, { name: 'Jaina', role: 'dps' });
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

describe('/wishlist keeps a member’s wishlist on the web’s rules', () => {
  it('offers items of the catalog as the member types, and the items on their list to remove', async () => {
    const typed = await discord.deliver(discord.subcommand(raider, inGuild, 'wishlist', 'add', { item: 'astral' }, 'item'));
    expect(typed.body).toMatchObject({ type: 8 });
    const choices = (typed.body as { data: { choices: { name: string; value: string }[] } }).data.choices;
    expect(choices.map((choice) => choice.value)).toContain(String(ANTENNA));
    expect(choices.find((choice) => choice.value === String(ANTENNA))!.name).toMatch(/^Astral Antenna/);
    const nothingToRemove = await discord.deliver(
      discord.subcommand(raider, inGuild, 'wishlist', 'remove', { item: '' }, 'item'),
    );
    expect(nothingToRemove.body).toMatchObject({ type: 8, data: { choices: [] } });
  });

  it('adds, refuses a second time, shows and removes, and the web shows each change', async () => {
    expect(await wishlist(raider, 'add', { item: String(ANTENNA), note: 'BiS trinket' })).toBe(
      DISCORD_BOT_MESSAGES.wishlistAdded('Astral Antenna', 'Thrallina-Stormrage', 1),
    );
    // A name typed in full works without the list.
    expect(await wishlist(raider, 'add', { item: 'ward of the weaving-beast' })).toBe(
      DISCORD_BOT_MESSAGES.wishlistAdded('Ward of the Weaving-Beast', 'Thrallina-Stormrage', 2),
    );
    expect(await webWishlist(characters.thrallina)).toEqual(['1 Astral Antenna BiS trinket', '2 Ward of the Weaving-Beast']);
    expect(await wishlist(raider, 'add', { item: String(ANTENNA) })).toBe(
      DISCORD_BOT_MESSAGES.wishlistAlreadyOn('Astral Antenna', 'Thrallina-Stormrage'),
    );
    const shown = await wishlist(raider, 'show');
    expect(shown.split('\n')).toEqual([
      DISCORD_BOT_MESSAGES.wishlistHeading('Thrallina-Stormrage'),
      '1. Astral Antenna · BiS trinket',
      '2. Ward of the Weaving-Beast',
    ]);

    const removable = await discord.deliver(discord.subcommand(raider, inGuild, 'wishlist', 'remove', { item: 'ward' }, 'item'));
    expect(removable.body).toMatchObject({
      type: 8,
      data: { choices: [{ name: 'Ward of the Weaving-Beast', value: String(WARD) }] },
    });
    expect(await wishlist(raider, 'remove', { item: String(WARD) })).toBe(
      DISCORD_BOT_MESSAGES.wishlistRemoved('Ward of the Weaving-Beast', 'Thrallina-Stormrage'),
    );
    expect(await wishlist(raider, 'remove', { item: String(WARD) })).toBe(
      DISCORD_BOT_MESSAGES.wishlistNotOn('Ward of the Weaving-Beast', 'Thrallina-Stormrage'),
    );
    expect(await webWishlist(characters.thrallina)).toEqual(['1 Astral Antenna BiS trinket']);
  });

  it('refuses an unknown item, someone else’s character, and asks which when the member has several', async () => {
    expect(await wishlist(raider, 'add', { item: 'Sword of a Thousand Truths' })).toBe(DISCORD_BOT_MESSAGES.chooseItem);
    expect(await wishlist(raider, 'add', { item: String(ANTENNA), character: characters.bolvar })).toBe(
      LOOT_MESSAGES.notYourCharacter,
    );
    expect(await wishlist(twoMains, 'add', { item: String(ANTENNA) })).toBe(DISCORD_BOT_MESSAGES.chooseOwnCharacter);
    expect(await wishlist(twoMains, 'add', { item: String(ANTENNA), character: characters.jaina })).toBe(
      DISCORD_BOT_MESSAGES.wishlistAdded('Astral Antenna', 'Jaina-Stormrage', 1),
    );
    expect(await wishlist(newcomer, 'show')).toBe(DISCORD_BOT_MESSAGES.noCharacters);
    expect(await webWishlist(characters.bolvar)).toEqual([]);
    expect(await webWishlist(characters.jaina)).toEqual(['1 Astral Antenna']);
  });

  it('refuses changes once the officers’ lock date has passed, and still shows the list', async () => {
    await setSystem('DKP', { ...DEFAULT_LOOT_RULES, wishlistLockAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await wishlist(raider, 'add', { item: String(WARD) })).toMatch(/^Wishlists are locked since /);
    expect(await wishlist(raider, 'remove', { item: String(ANTENNA) })).toMatch(/^Wishlists are locked since /);
    expect(await wishlist(raider, 'show')).toContain('1. Astral Antenna');
    expect(await webWishlist(characters.thrallina)).toEqual(['1 Astral Antenna BiS trinket']);
    await setSystem('DKP');
  });
});

describe('/standings shows the guild’s loot system', () => {
  const correct = async (characterId: string, amounts: Record<string, string>) => {
    const saved = await officerWeb.post('/api/guild/loot/corrections', { characterId, ...amounts, reason: 'Old sheet' }, inWeb);
    expect(saved.status, saved.text).toBe(200);
  };

  it('lists DKP by points and EPGP by priority, as the web computes them', async () => {
    await setSystem('DKP');
    expect(await said(discord.command(raider, inGuild, 'standings'))).toBe(DISCORD_BOT_MESSAGES.standingsEmpty('DKP'));
    await correct(characters.thrallina, { points: '12.50' });
    await correct(characters.bolvar, { points: '40' });
    const dkp = (await said(discord.command(raider, inGuild, 'standings'))).split('\n');
    expect(dkp.slice(0, 3)).toEqual([
      DISCORD_BOT_MESSAGES.standingsHeading('DKP', 2, 2),
      '1. **Bolvar** (Paladin) 40.00 DKP',
      '2. **Thrallina** (Paladin) 12.50 DKP',
    ]);
    expect(dkp[3]).toMatch(/\/loot\?tab=standings$/);

    await setSystem('EPGP');
    await correct(characters.jaina, { ep: '300', gp: '50' });
    const epgp = (await said(discord.command(raider, inGuild, 'standings'))).split('\n');
    expect(epgp[0]).toBe(DISCORD_BOT_MESSAGES.standingsHeading('EPGP', 1, 1));
    expect(epgp[1]).toMatch(/^1\. \*\*Jaina\*\* \(Paladin\) PR \d+\.\d{4} · EP 300\.00 · GP \d+\.\d{2}$/);
  });

  it('says in a sentence that loot council and free roll keep no standings', async () => {
    await setSystem('Loot_Council');
    expect(await said(discord.command(raider, inGuild, 'standings'))).toBe(DISCORD_BOT_MESSAGES.noStandings('Loot council'));
    await setSystem('Free_Roll');
    expect(await said(discord.command(raider, inGuild, 'standings'))).toBe(
      'This guild shares loot by free roll, which keeps no points: there are no standings to show.',
    );
  });
});
