import {
  amountText,
  type CharacterLoot,
  type CouncilItem,
  centsOf,
  DEFAULT_LOOT_RULES,
  type LedgerEntry,
  LOOT_MESSAGES,
  type LootAward,
  type LootLogEntry,
  type LootSettings,
  type PriorityRow,
  type RaidLoot,
  type RaidSummary,
  type StandingRow,
  standingOf,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueDecays } from '../src/modules/loot/decay-job';
import { decayLedger } from '../src/modules/loot/decay-ledger';
import { lootDepsOf } from '../src/modules/loot/loot-deps';
import { DiscordFake, fakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const GUILD_A = '642000000000000001';
const GUILD_B = '642000000000000002';
const user = (n: number, name: string) => fakeDiscordUser(`65200000000000000${n}`, name);
const officer = user(1, 'officer');
const coOfficer = user(2, 'cofficer');
const raider = user(3, 'raider');
const otherRaider = user(4, 'otherraider');
const lootOfficer = user(5, 'lootofficer');
const outsider = user(6, 'outsider');

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();
const clients: Record<string, HttpClient> = {};
let tenantA: string;
let tenantB: string;
const characters = {} as Record<'thrallina' | 'bolvar' | 'guildMaster' | 'lootOfficer' | 'gorak' | 'absentia', string>;

const inA = { headers: { 'X-Guild-ID': GUILD_A } };
const inB = { headers: { 'X-Guild-ID': GUILD_B } };
const put = <Body>(as: HttpClient, path: string, body: unknown, options = inA) =>
  as.request<Body & { error?: string; message?: string }>('PUT', path, { ...options, body });
const post = <Body>(as: HttpClient, path: string, body: unknown, options = inA) =>
  as.post<Body & { error?: string; message?: string; fields?: Record<string, string> }>(path, body, options);

/** Links a character to a Discord user's member row in guild A, as a claim leaves it. */
async function linkCharacter(discordUserId: string, username: string, name: string): Promise<string> {
  const memberId = await insertMember(server.app, tenantA, { discordUserId, username });
  const characterId = await insertCharacter(server.app, tenantA, { name, class: 'Paladin', role: 'healer' });
  await sql(
    server.app,
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type) VALUES ($1, $2, $3, true, 'claim')`,
    [tenantA, characterId, memberId],
  );
  return characterId;
}

beforeAll(async () => {
  await fake.start();
  const serverA = (permissions: string, owner = false) => ({ id: GUILD_A, name: 'Loot Guild', icon: null, owner, permissions });
  // The owner and an Administrator hold every guild permission; members hold guild.view; lootOfficer gets loot.manage.
  fake.addGuild(officer, serverA('1024', true), { withBot: true });
  fake.addGuild(coOfficer, serverA('8'), { withBot: true });
  for (const member of [raider, otherRaider, lootOfficer]) fake.addGuild(member, serverA('3072'), { withBot: true });
  fake.addGuild(outsider, { id: GUILD_B, name: 'Other Guild', icon: null, owner: true, permissions: '1024' }, { withBot: true });
  environment = await createTestEnvironment({
    DISCORD_CLIENT_ID: fake.clientId,
    DISCORD_CLIENT_SECRET: fake.clientSecret,
    DISCORD_BOT_TOKEN: fake.botToken,
    DISCORD_API_BASE: fake.baseUrl,
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  for (const [name, as] of Object.entries({ officer, coOfficer, raider, otherRaider, lootOfficer, outsider })) {
    clients[name] = await signInWithDiscord(fake, server.url, as);
  }
  const tenants = await sql<{ id: string; discord_guild_id: string }>(
    server.app,
    'SELECT id, discord_guild_id FROM guilds WHERE discord_guild_id = ANY($1)',
    [[GUILD_A, GUILD_B]],
  );
  tenantA = tenants.find((t) => t.discord_guild_id === GUILD_A)!.id;
  tenantB = tenants.find((t) => t.discord_guild_id === GUILD_B)!.id;
  const [lootOfficerUser] = await sql<{ id: string }>(server.app, 'SELECT id FROM users WHERE discord_id = $1', [lootOfficer.id]);
  await sql(server.app, `INSERT INTO guild_permission_grants (guild_id, user_id, permission) VALUES ($1, $2, 'loot.manage')`, [
    tenantA,
    lootOfficerUser!.id,
  ]);
  characters.thrallina = await linkCharacter(raider.id, raider.username, 'Thrallina');
  characters.bolvar = await linkCharacter(otherRaider.id, otherRaider.username, 'Bolvar');
  characters.guildMaster = await linkCharacter(officer.id, officer.username, 'Magni');
  characters.lootOfficer = await linkCharacter(lootOfficer.id, lootOfficer.username, 'Lootwise');
  characters.gorak = await insertCharacter(server.app, tenantA, { name: 'Gorak', class: 'Warrior' });
  characters.absentia = await insertCharacter(server.app, tenantA, { name: 'Absentia', class: 'Mage' });
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

/** A raid of guild A two hours ago; the raider on time, Bolvar benched (sign-ups), Gorak late, Absentia absent (log). */
async function pastRaid(name: string): Promise<string> {
  const created = await clients.officer!.post<{ raid: RaidSummary }>(
    '/api/guild/raids',
    { name, instance: 'Manaforge Omega', difficulty: 'Heroic', startsAt: new Date(Date.now() + 36e5).toISOString() },
    inA,
  );
  expect(created.status, created.text).toBe(200);
  const raidId = created.body.raid.id;
  for (const [as, characterId, status] of [
    [clients.raider!, characters.thrallina, 'accept'],
    [clients.otherRaider!, characters.bolvar, 'bench'],
  ] as const) {
    const answer = await as.request('PUT', `/api/guild/raids/${raidId}/signup`, {
      ...inA,
      body: { status, characterId, role: 'healer' },
    });
    expect(answer.status, answer.text).toBe(200);
  }
  await sql(
    server.app,
    `INSERT INTO raid_attendance (raid_event_id, character_id, status) VALUES ($1, $2, 'late'), ($1, $3, 'absent'),
            ($1, $4, 'present'), ($1, $5, 'present')`,
    [raidId, characters.gorak, characters.absentia, characters.guildMaster, characters.lootOfficer],
  );
  // The raid is over: it started two hours ago.
  await sql(server.app, `UPDATE raid_events SET starts_at = now() - interval '2 hours', ends_at = now() WHERE id = $1`, [raidId]);
  return raidId;
}

const setSystem = async (system: string, rules = DEFAULT_LOOT_RULES) => {
  const saved = await put<{ settings: LootSettings }>(clients.officer!, '/api/guild/loot/settings', {
    system,
    rules,
    note: system,
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.body.settings;
};

const award = (body: Record<string, unknown>, as = clients.officer!) =>
  post<{ award: LootAward }>(as, '/api/guild/loot/awards', body);

const standings = async () =>
  (await clients.raider!.get<{ standings: StandingRow[]; ledger: string }>('/api/guild/loot/standings', inA)).body;

const lootOf = async (characterId: string, as = clients.raider!) => {
  const answer = await as.get<{ loot: CharacterLoot }>(`/api/guild/loot/characters/${characterId}`, inA);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.loot;
};

describe('DKP: crediting a raid, awards and corrections', () => {
  let raidId: string;

  beforeAll(async () => {
    const settings = await setSystem('DKP');
    expect(settings).toMatchObject({ system: 'DKP', ledger: 'dkp', version: 1, canManage: true });
    raidId = await pastRaid('DKP night');
  });

  it('credits everyone in the raid by presence, once', async () => {
    const raid = await clients.officer!.get<{ loot: RaidLoot }>(`/api/guild/loot/raids/${raidId}`, inA);
    expect(raid.body.loot.roster.map((r) => [r.name, r.presence])).toEqual([
      ['Bolvar', 'bench'],
      ['Gorak', 'late'],
      ['Lootwise', 'on_time'],
      ['Magni', 'on_time'],
      ['Thrallina', 'on_time'],
    ]);
    const credited = await post<{ credited: number }>(clients.officer!, `/api/guild/loot/raids/${raidId}/credit`, {
      bossesKilled: 8,
    });
    expect(credited.status, credited.text).toBe(200);
    expect(credited.body).toMatchObject({ credited: 5, message: 'Raid credited to 5 characters' });
    const again = await post(clients.officer!, `/api/guild/loot/raids/${raidId}/credit`, { bossesKilled: 8 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(LOOT_MESSAGES.alreadyCredited);
    const points = Object.fromEntries((await standings()).standings.map((row) => [row.character.name, row.points]));
    expect(points).toEqual({ Thrallina: '10.00', Magni: '10.00', Lootwise: '10.00', Gorak: '5.00', Bolvar: '5.00' });
  });

  it('records an award with its note for a character in the raid, and charges the slot price', async () => {
    const recorded = await award({
      raidId,
      characterId: characters.thrallina,
      itemId: 237541,
      boss: 'Dimensius, the All-Devouring',
      response: 'bis',
      note: 'Best in slot for her healing set',
    });
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body.award).toMatchObject({
      itemName: "Darksorrow's Corrupted Carapace",
      characterName: 'Thrallina',
      slot: 'chest',
      itemLevel: 684,
      cost: { points: '20.00', gp: '0.00' },
      note: 'Best in slot for her healing set',
      recordedBy: 'Officer',
    });
    // The member sees it on her page, with its note, and her standing went down by the price.
    const loot = await lootOf(characters.thrallina);
    expect(loot.isOwn).toBe(true);
    expect(loot.received[0]).toMatchObject({
      itemName: "Darksorrow's Corrupted Carapace",
      note: 'Best in slot for her healing set',
    });
    expect(loot.standing?.points).toBe('-10.00');
    expect(loot.history.map((e) => [e.kind, e.points])).toEqual([
      ['award', '-20.00'],
      ['attendance', '10.00'],
    ]);
  });

  it('refuses an award to a character not in the raid, twice for one drop, and without loot.manage', async () => {
    const drop = { raidId, itemId: 242394, boss: 'Plexus Sentinel' };
    for (const characterId of [characters.bolvar, characters.absentia]) {
      const refused = await award({ ...drop, characterId });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(LOOT_MESSAGES.notInRaid);
      expect(refused.body.fields).toEqual({ characterId: LOOT_MESSAGES.notInRaid });
    }
    expect((await award({ ...drop, characterId: characters.gorak })).status).toBe(200);
    const twice = await award({ ...drop, characterId: characters.thrallina });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(LOOT_MESSAGES.dropAwarded);
    // The same item's second drop is its own drop.
    expect((await award({ ...drop, characterId: characters.thrallina, dropNumber: 2 })).status).toBe(200);
    const member = await award({ ...drop, characterId: characters.thrallina, dropNumber: 3 }, clients.raider!);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe(LOOT_MESSAGES.noPermission);
    // Another guild's officer does not reach this raid.
    const foreign = await post(
      clients.outsider!,
      '/api/guild/loot/awards',
      { ...drop, characterId: characters.gorak, dropNumber: 4 },
      inB,
    );
    expect(foreign.status).toBe(404);
    const [{ n }] = (await sql<{ n: number }>(
      server.app,
      'SELECT count(*)::int AS n FROM loot_entries WHERE raid_event_id = $1',
      [raidId],
    )) as [{ n: number }];
    expect(n).toBe(3);
  });

  it('corrects with a new entry and a reason, never by editing history', async () => {
    const before = await lootOf(characters.thrallina);
    const awardEntry = before.history.find((e) => e.kind === 'award')!;
    const corrected = await post<{ entry: LedgerEntry }>(clients.officer!, '/api/guild/loot/corrections', {
      characterId: characters.thrallina,
      points: '7.5',
      reason: 'Chest was on sale this week',
      correctsEntryId: awardEntry.id,
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.entry).toMatchObject({ kind: 'correction', points: '7.50', correctsEntryId: awardEntry.id });
    const after = await lootOf(characters.thrallina);
    expect(after.history.find((e) => e.id === awardEntry.id)).toEqual(awardEntry);
    expect(after.standing?.points).toBe('-32.50');
    // The standing is the sum of the ledger, to the cent.
    const sum = standingOf(
      after.history.map((e) => ({ points: centsOf(e.points), ep: 0, gp: 0 })),
      0,
    );
    expect(amountText(sum.points)).toBe(after.standing?.points);
    await expect(sql(server.app, 'UPDATE loot_ledger_entries SET points = 100 WHERE id = $1', [awardEntry.id])).rejects.toThrow(
      /never changed/,
    );
  });

  it('refuses a correction without a reason or amount, of an entry of someone else, of oneself or of a member who holds more', async () => {
    const correct = (body: Record<string, unknown>, as = clients.officer!) => post(as, '/api/guild/loot/corrections', body);
    const noReason = await correct({ characterId: characters.gorak, points: '5', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields?.reason).toBe(LOOT_MESSAGES.reasonRequired);
    const zero = await correct({ characterId: characters.gorak, points: '0', reason: 'nothing' });
    expect(zero.status).toBe(400);
    expect(zero.body.error).toBe(LOOT_MESSAGES.amountRequired);
    const badAmount = await correct({ characterId: characters.gorak, points: '1.234', reason: 'too exact' });
    expect(badAmount.status).toBe(400);
    const thrallinaEntry = (await lootOf(characters.thrallina)).history[0]!;
    const elsewhere = await correct({
      characterId: characters.gorak,
      points: '1',
      reason: 'x',
      correctsEntryId: thrallinaEntry.id,
    });
    expect(elsewhere.status).toBe(404);
    const own = await correct({ characterId: characters.guildMaster, points: '50', reason: 'I deserve it' });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(LOOT_MESSAGES.ownStanding);
    const upward = await correct({ characterId: characters.guildMaster, points: '-50', reason: 'Payback' }, clients.lootOfficer!);
    expect(upward.status).toBe(403);
    expect(upward.body.error).toBe(LOOT_MESSAGES.outranks);
    const member = await correct({ characterId: characters.gorak, points: '5', reason: 'x' }, clients.raider!);
    expect(member.status).toBe(403);
    // The loot officer may correct a plain member.
    expect(
      (await correct({ characterId: characters.bolvar, points: '2', reason: 'Bench bonus' }, clients.lootOfficer!)).status,
    ).toBe(200);
  });

  it('keeps the loot log: awards with their recorder and ledger changes with their reasons, newest first', async () => {
    const log = await clients.raider!.get<{ entries: LootLogEntry[]; total: number }>('/api/guild/loot/log', inA);
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({
      type: 'correction',
      characterName: 'Bolvar',
      text: 'Bench bonus',
      recordedBy: 'Lootofficer',
    });
    expect(
      log.body.entries.find((e) => e.type === 'award' && e.characterName === 'Thrallina' && e.points === '-20.00'),
    ).toMatchObject({
      itemName: "Darksorrow's Corrupted Carapace",
      recordedBy: 'Officer',
    });
    expect(log.body.total).toBe(log.body.entries.length);
    const audit = await sql<{ action: string }>(
      server.app,
      `SELECT action FROM audit_log WHERE action LIKE 'loot.%' AND details ->> 'guildId' = $1`,
      [tenantA],
    );
    expect(new Set(audit.map((row) => row.action))).toEqual(
      new Set(['loot.rules_changed', 'loot.raid_credited', 'loot.awarded', 'loot.standing_corrected']),
    );
  });
});

describe('wishlists and the priority board', () => {
  it('keeps a ranked wishlist per own character, with notes, until the officers lock it', async () => {
    const path = `/api/guild/loot/characters/${characters.thrallina}/wishlist`;
    const saved = await put<{ wishlist: unknown[] }>(clients.raider!, path, {
      items: [
        { itemId: 242395, note: 'BiS trinket' },
        { itemId: 237553, note: '' },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.wishlist).toEqual([
      { itemId: 242395, itemName: 'Astral Antenna', rank: 1, note: 'BiS trinket' },
      { itemId: 237553, itemName: 'Ward of the Weaving-Beast', rank: 2, note: '' },
    ]);
    const duplicate = await put(clients.raider!, path, { items: [{ itemId: 242395 }, { itemId: 242395 }] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toBe(LOOT_MESSAGES.wishlistDuplicate);
    const unknown = await put(clients.raider!, path, { items: [{ itemId: 999_999_999 }] });
    expect(unknown.status).toBe(400);
    const notMine = await put(clients.raider!, `/api/guild/loot/characters/${characters.bolvar}/wishlist`, { items: [] });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe(LOOT_MESSAGES.notYourCharacter);
    expect(
      (
        await put(clients.otherRaider!, `/api/guild/loot/characters/${characters.bolvar}/wishlist`, {
          items: [{ itemId: 242395, note: 'Upgrade' }],
        })
      ).status,
    ).toBe(200);

    const board = await clients.officer!.get<{ board: PriorityRow[] }>('/api/guild/loot/priority/242395', inA);
    expect(board.status).toBe(200);
    // Bolvar leads on DKP (5 + 2 bench bonus) over Thrallina (10 - 20 - 30 + 7.50).
    expect(board.body.board.map((row) => [row.character.name, row.rank, row.standing?.points, row.note])).toEqual([
      ['Bolvar', 1, '7.00', 'Upgrade'],
      ['Thrallina', 1, '-32.50', 'BiS trinket'],
    ]);
    expect(board.body.board[1]!.lastUpgradeItem).toBe('Eradicating Arcanocore');

    await setSystem('DKP', { ...DEFAULT_LOOT_RULES, wishlistLockAt: new Date(Date.now() - 6e4).toISOString() });
    const locked = await put(clients.raider!, path, { items: [] });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatch(/^Wishlists are locked since /);
    expect((await lootOf(characters.thrallina)).wishlist).toHaveLength(2);
    await setSystem('DKP');
  });
});

describe('the loot council', () => {
  it('takes requests from the raid, votes with reasons, and awards with a note members see', async () => {
    await setSystem('Loot_Council');
    const raidId = await pastRaid('Council night');
    const opened = await post<{ item: CouncilItem }>(clients.officer!, '/api/guild/loot/council', {
      raidId,
      itemId: 242395,
      boss: "Loom'ithar",
    });
    expect(opened.status, opened.text).toBe(200);
    const itemPath = `/api/guild/loot/council/${opened.body.item.id}`;
    const asked = await put<{ item: CouncilItem }>(clients.raider!, `${itemPath}/request`, {
      characterId: characters.thrallina,
      response: 'bis',
      note: 'Two-set is done',
    });
    expect(asked.status, asked.text).toBe(200);
    const benched = await put(clients.otherRaider!, `${itemPath}/request`, {
      characterId: characters.bolvar,
      response: 'upgrade',
    });
    expect(benched.status).toBe(400);
    expect(benched.body.error).toBe(LOOT_MESSAGES.notInRaid);
    const requestId = asked.body.item.requests[0]!.id;
    for (const [as, reason] of [
      [clients.officer!, 'Highest sim gain'],
      [clients.coOfficer!, 'Attendance is perfect'],
    ] as const) {
      expect((await put(as, `${itemPath}/vote`, { requestId, reason })).status).toBe(200);
    }
    expect((await put(clients.raider!, `${itemPath}/vote`, { requestId, reason: 'Me!' })).status).toBe(403);
    // Officers see the votes and reasons; members only the requests.
    const officerView = await clients.officer!.get<{ loot: RaidLoot }>(`/api/guild/loot/raids/${raidId}`, inA);
    expect(officerView.body.loot.councilItems[0]!.requests[0]!.votes).toEqual([
      { voter: 'Officer', reason: 'Highest sim gain' },
      { voter: 'Cofficer', reason: 'Attendance is perfect' },
    ]);
    const memberView = await clients.raider!.get<{ loot: RaidLoot }>(`/api/guild/loot/raids/${raidId}`, inA);
    expect(memberView.body.loot.councilItems[0]!.requests[0]!.votes).toEqual([]);

    const decided = await post<{ item: CouncilItem }>(clients.officer!, `${itemPath}/award`, {
      requestId,
      note: 'Council: 2 votes, best sim gain',
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.item.award).toMatchObject({
      characterName: 'Thrallina',
      response: 'bis',
      note: 'Council: 2 votes, best sim gain',
      cost: null,
    });
    const late = await put(clients.coOfficer!, `${itemPath}/vote`, { requestId, reason: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(LOOT_MESSAGES.councilClosed);
    const loot = await lootOf(characters.thrallina);
    expect(loot.standing).toBeNull();
    expect(loot.requests[0]).toMatchObject({
      itemName: 'Astral Antenna',
      outcome: 'won',
      awardNote: 'Council: 2 votes, best sim gain',
    });
    const credit = await post(clients.officer!, `/api/guild/loot/raids/${raidId}/credit`, { bossesKilled: 1 });
    expect(credit.status).toBe(409);
    expect(credit.body.error).toBe(LOOT_MESSAGES.noLedger('Loot council'));
  });
});

describe('EPGP and the weekly decay', () => {
  it('earns EP per raid and boss, charges GP by slot and item level, and ranks by EP / GP', async () => {
    await setSystem('EPGP');
    const raidId = await pastRaid('EPGP night');
    expect((await post(clients.officer!, `/api/guild/loot/raids/${raidId}/credit`, { bossesKilled: 3 })).status).toBe(200);
    const trinket = await award({ raidId, characterId: characters.thrallina, itemId: 242401, boss: 'Forgeweaver Araz' });
    // 684 × 125 / 100 = 855 GP.
    expect(trinket.body.award.cost).toEqual({ points: '0.00', gp: '855.00' });
    const answer = await standings();
    expect(answer.ledger).toBe('epgp');
    const byName = Object.fromEntries(answer.standings.map((row) => [row.character.name, row]));
    // On time: 100 + 3 × 20 = 160 EP; Bolvar benched: half.
    expect(byName.Thrallina).toMatchObject({ ep: '160.00', gp: '955.00', priority: '0.1675' });
    expect(byName.Magni).toMatchObject({ ep: '160.00', gp: '100.00', priority: '1.6000' });
    expect(byName.Bolvar).toMatchObject({ ep: '80.00', priority: '0.8000' });
    expect(answer.standings.at(-1)!.character.name).toBe('Thrallina');
  });

  it('decays each ended week once, even when two processes run it at the same time', async () => {
    const inThreeWeeks = new Date(Date.now() + 21 * 864e5);
    const [first, second] = await Promise.all([
      decayLedger(server.app.services.db, tenantA, inThreeWeeks),
      decayLedger(server.app.services.db, tenantA, inThreeWeeks),
    ]);
    expect(first.entries + second.entries).toBeGreaterThan(0);
    const runs = await sql<{ decay_week: string; n: number }>(
      server.app,
      `SELECT decay_week::text, count(*)::int AS n FROM loot_decay_runs WHERE guild_id = $1 AND ledger = 'epgp' GROUP BY 1`,
      [tenantA],
    );
    // This week and the two after it have ended three weeks from now.
    expect(first.weeks + second.weeks).toBe(3);
    expect(runs).toHaveLength(3);
    expect(runs.every((run) => run.n === 1)).toBe(true);
    // EP 160 → 144 → 129.60 → 116.64; GP 955 → 859.50 → 773.55 → 696.19 (77.355 rounds to 77.36).
    const thrallina = (await standings()).standings.find((row) => row.character.name === 'Thrallina')!;
    expect(thrallina).toMatchObject({ ep: '116.64', gp: '696.19', priority: '0.1675' });
    expect(await decayLedger(server.app.services.db, tenantA, inThreeWeeks)).toEqual({ weeks: 0, entries: 0 });
  });

  it('runs as a job kind that the hourly schedule queues for guilds with an ended week', async () => {
    // Guild B keeps DKP since long ago: one entry four weeks back.
    const [gm] = await sql<{ id: string }>(
      server.app,
      `INSERT INTO characters (guild_id, name, realm, class) VALUES ($1, 'Oldtimer', 'Stormrage', 'Rogue') RETURNING id`,
      [tenantB],
    );
    await sql(
      server.app,
      `INSERT INTO loot_ledger_entries (guild_id, ledger, character_id, kind, points, reason, rules_version, recorded_by, created_at)
       VALUES ($1, 'dkp', $2, 'correction', 100, 'Carried over from the old sheet', 0, '{"type": "system"}', now() - interval '28 days')`,
      [tenantB, gm!.id],
    );
    const deps = lootDepsOf(server.app);
    // Open loot pages of the guild hear that its standings moved (pushed to its room as loot:changed).
    const heard: unknown[] = [];
    const unsubscribe = server.app.bus.subscribe((event) => {
      if (event.type === 'loot.changed') heard.push(event.loot);
    });
    expect(await queueDueDecays(deps)).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          (
            await sql<{ status: string }>(server.app, `SELECT status FROM jobs WHERE kind = 'loot_decay' AND guild_id = $1`, [
              tenantB,
            ])
          )[0]?.status,
        { timeout: 15_000 },
      )
      .toBe('succeeded');
    const [sum] = await sql<{ points: string }>(
      server.app,
      `SELECT sum(points)::text AS points FROM loot_ledger_entries WHERE guild_id = $1`,
      [tenantB],
    );
    // 100 decays by 10 % in each of the four weeks that ended since: 90, 81, 72.90, 65.61.
    expect(sum!.points).toBe('65.61');
    await expect
      .poll(() => heard, { timeout: 5000 })
      .toContainEqual({
        guildId: tenantB,
        discordGuildId: GUILD_B,
        change: 'decay',
        raidId: null,
      });
    unsubscribe();
    expect(await queueDueDecays(deps)).toBe(0);
  });

  it('keeps every standing equal to the sum of its ledger entries', async () => {
    const mismatched = await sql(
      server.app,
      `SELECT * FROM loot_ledger_totals t
         FULL JOIN (SELECT guild_id, ledger, character_id, sum(points) AS p, sum(ep) AS e, sum(gp) AS g, count(*)::int AS n
                      FROM loot_ledger_entries GROUP BY 1, 2, 3) s USING (guild_id, ledger, character_id)
        WHERE t.points IS DISTINCT FROM s.p OR t.ep IS DISTINCT FROM s.e OR t.gp IS DISTINCT FROM s.g OR t.entries IS DISTINCT FROM s.n`,
    );
    expect(mismatched).toEqual([]);
    expect((await sql(server.app, 'SELECT 1 FROM loot_ledger_totals')).length).toBeGreaterThan(5);
  });
});
