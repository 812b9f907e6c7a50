import type { RaidSummary } from '@guildhall/contract';
import { expect } from 'vitest';
import { DiscordFake, type FakeDiscordGuild, type FakeDiscordUser, fakeDiscordUser } from '../fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './community';
import { sql } from './factories';
import type { HttpClient } from './http-client';
import { insertCharacter, insertMember } from './linking-factories';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './test-app';

/** A raiding guild for the raid tests: who signs in, as what. */
export interface RaidGuildPeople {
  /** The guild owner: every guild permission, raids.manage too. */
  officer: FakeDiscordUser;
  /** An Administrator of the guild's server: raids.manage as well. */
  coOfficer: FakeDiscordUser;
  /** Plain members (guild.view), each with a linked character. */
  raider: FakeDiscordUser;
  otherRaider: FakeDiscordUser;
  /** The owner of another guild. */
  outsider: FakeDiscordUser;
}

/** The started app with a guild A (officers, raiders) and a guild B (the outsider's), everyone signed in. */
export interface RaidGuild {
  server: TestApp;
  fake: DiscordFake;
  people: RaidGuildPeople;
  clients: Record<keyof RaidGuildPeople, HttpClient>;
  discordGuildA: string;
  discordGuildB: string;
  tenantA: string;
  tenantB: string;
  /** The raiders' linked characters, by person. */
  characters: Record<'raider' | 'otherRaider', string>;
  /** Community user ids, by person. */
  userIds: Record<keyof RaidGuildPeople, string>;
  stop(): Promise<void>;
}

/**
 * Starts the app against the Discord fake with two guilds. `prefix` (two digits) keeps each test file's snowflakes its
 * own: every file has a database of its own, but the ids read better apart. `settings` adds to the app's environment
 * (another fake's address, say).
 */
export async function startRaidGuild(prefix: string, settings: Record<string, string> = {}): Promise<RaidGuild> {
  const discordGuildA = `${prefix}1000000000000001`;
  const discordGuildB = `${prefix}1000000000000002`;
  const person = (n: number, name: string) => fakeDiscordUser(`${prefix}5100000000000000${n}`, name);
  const people: RaidGuildPeople = {
    officer: person(1, 'officer'),
    coOfficer: person(2, 'cofficer'),
    raider: person(3, 'raider'),
    otherRaider: person(4, 'otherraider'),
    outsider: person(5, 'outsider'),
  };
  const inA = (permissions: string, owner = false): FakeDiscordGuild => ({
    id: discordGuildA,
    name: 'Raid Planners',
    icon: null,
    owner,
    permissions,
  });
  const fake = new DiscordFake();
  await fake.start();
  // The owner and an Administrator hold every guild permission (raids.manage too); a plain member holds guild.view.
  fake.addGuild(people.officer, inA('1024', true), { withBot: true });
  fake.addGuild(people.coOfficer, inA('8'), { withBot: true });
  fake.addGuild(people.raider, inA('3072'), { withBot: true });
  fake.addGuild(people.otherRaider, inA('3072'), { withBot: true });
  fake.addGuild(
    people.outsider,
    { id: discordGuildB, name: 'Other Guild', icon: null, owner: true, permissions: '1024' },
    { withBot: true },
  );
  const environment: TestEnvironment = await createTestEnvironment({
    DISCORD_CLIENT_ID: fake.clientId,
    DISCORD_CLIENT_SECRET: fake.clientSecret,
    DISCORD_BOT_TOKEN: fake.botToken,
    DISCORD_API_BASE: fake.baseUrl,
    DISCORD_PUBLIC_KEY: fake.botApi.publicKey,
    ...settings,
  });
  const server = await startTestApp(environment.env, raiseCommunityIpLimits);
  const clients = {} as Record<keyof RaidGuildPeople, HttpClient>;
  for (const [name, as] of Object.entries(people) as [keyof RaidGuildPeople, FakeDiscordUser][]) {
    clients[name] = await signInWithDiscord(fake, server.url, as);
  }
  const tenants = await sql<{ id: string; discord_guild_id: string }>(
    server.app,
    'SELECT id, discord_guild_id FROM guilds WHERE discord_guild_id = ANY($1)',
    [[discordGuildA, discordGuildB]],
  );
  const tenantA = tenants.find((t) => t.discord_guild_id === discordGuildA)!.id;
  const tenantB = tenants.find((t) => t.discord_guild_id === discordGuildB)!.id;
  // The raiders' member rows and characters, linked as a member sync and the linking screen would leave them.
  const characters = {} as RaidGuild['characters'];
  for (const [who, name, role] of [
    ['raider', 'Thrallina', 'healer'],
    ['otherRaider', 'Bolvar', 'tank'],
  ] as const) {
    const memberId = await insertMember(server.app, tenantA, { discordUserId: people[who].id, username: people[who].username });
    characters[who] = await insertCharacter(server.app, tenantA, { name, class: 'Paladin', role });
    await sql(
      server.app,
      `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type) VALUES ($1, $2, $3, true, 'claim')`,
      [tenantA, characters[who], memberId],
    );
  }
  const users = await sql<{ id: string; discord_id: string }>(server.app, 'SELECT id, discord_id FROM users');
  const userIds = Object.fromEntries(
    Object.entries(people).map(([name, as]) => [name, users.find((u) => u.discord_id === as.id)!.id]),
  ) as RaidGuild['userIds'];
  return {
    server,
    fake,
    people,
    clients,
    discordGuildA,
    discordGuildB,
    tenantA,
    tenantB,
    characters,
    userIds,
    stop: async () => {
      await stopTestApp(server, environment);
      await fake.stop();
    },
  };
}

/** An instant `minutes` from now, as the API takes it. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** An instant `days` from now. */
export const inDays = (days: number) => inMinutes(days * 24 * 60);

/** Plans a raid as `client` in the guild of `headers`, expecting success. */
export async function planRaid(client: HttpClient, headers: Record<string, string>, body: Record<string, unknown>) {
  const created = await client.post<{ raid: RaidSummary }>('/api/guild/raids', body, { headers });
  expect(created.status, created.text).toBe(200);
  return created.body.raid;
}
