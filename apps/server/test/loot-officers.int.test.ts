import {
  COMMUNITY_NAMESPACE,
  type CommunityServerEvents,
  DEFAULT_LOOT_RULES,
  DEFAULT_PRIORITY_WEIGHTING,
  LOOT_MESSAGES,
  type LootChanged,
  type LootImportPlan,
  type LootRules,
  type LootSettingsVersion,
  type PriorityRow,
  type RaidLoot,
  type StandingRow,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { type RaidGuild, startRaidGuild } from './helpers/raid-guild';

// The officers' side of loot beyond single awards: settings as versions, the priority board's weighting, awards from
// an RCLootCouncil import, and loot changes pushed live.

let guild: RaidGuild;
let inA: { headers: Record<string, string> };
let officer: HttpClient;
let raider: HttpClient;

beforeAll(async () => {
  guild = await startRaidGuild('68');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
  officer = guild.clients.officer;
  raider = guild.clients.raider;
});

afterAll(async () => {
  await guild?.stop();
});

type Answer<Body> = Body & { error?: string; message?: string; fields?: Record<string, string> };
const put = <Body>(as: HttpClient, path: string, body: unknown) => as.request<Answer<Body>>('PUT', path, { ...inA, body });
const post = <Body>(as: HttpClient, path: string, body: unknown = {}) => as.post<Answer<Body>>(path, body, inA);
const get = <Body>(as: HttpClient, path: string) => as.get<Answer<Body>>(path, inA);

const rulesWith = (change: Partial<LootRules>): LootRules => ({ ...DEFAULT_LOOT_RULES, ...change });
async function setSystem(system: string, rules: LootRules = DEFAULT_LOOT_RULES, note = '') {
  const saved = await put(officer, '/api/guild/loot/settings', { system, rules, note });
  expect(saved.status, saved.text).toBe(200);
}

/** A raid of guild A that ended now, with its attendance as a log records it. */
async function pastRaid(name: string, attendance: [string, 'present' | 'late' | 'absent'][], hoursAgo = 3): Promise<string> {
  const [raid] = await sql<{ id: string }>(
    guild.server.app,
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at)
     VALUES ($1, $2, 'Manaforge Omega', 'Heroic', now() - make_interval(hours => $3), now() - make_interval(hours => $3 - 2))
     RETURNING id`,
    [guild.tenantA, name, hoursAgo],
  );
  for (const [characterId, status] of attendance) {
    await sql(guild.server.app, 'INSERT INTO raid_attendance (raid_event_id, character_id, status) VALUES ($1, $2, $3)', [
      raid!.id,
      characterId,
      status,
    ]);
  }
  return raid!.id;
}

const standings = async () =>
  Object.fromEntries(
    (await get<{ standings: StandingRow[] }>(raider, '/api/guild/loot/standings')).body.standings.map((row) => [
      row.character.name,
      row,
    ]),
  );

describe('loot settings', () => {
  it('saves each change as a version members read newest first; only loot.manage changes them, bad values are named', async () => {
    const refused = await put(raider, '/api/guild/loot/settings', { system: 'EPGP', rules: DEFAULT_LOOT_RULES });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(LOOT_MESSAGES.noPermission);

    const bad = await put(officer, '/api/guild/loot/settings', {
      system: 'DKP',
      rules: rulesWith({ dkp: { ...DEFAULT_LOOT_RULES.dkp, onTime: 'ten' } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.['rules.dkp.onTime']).toBe(LOOT_MESSAGES.amount);

    await setSystem('DKP', DEFAULT_LOOT_RULES, 'We start with DKP');
    const weighting = { attendancePoints: 50, upgradePenalty: 10, windowWeeks: 4 };
    await setSystem('EPGP', rulesWith({ priority: weighting }), 'EPGP from this tier');
    const history = await get<{ versions: LootSettingsVersion[]; total: number }>(raider, '/api/guild/loot/settings/versions');
    expect(history.status, history.text).toBe(200);
    expect(history.body.total).toBe(2);
    expect(history.body.versions.map((v) => [v.version, v.system, v.note, v.changedBy])).toEqual([
      [2, 'EPGP', 'EPGP from this tier', guild.people.officer.global_name],
      [1, 'DKP', 'We start with DKP', guild.people.officer.global_name],
    ]);
    expect(history.body.versions[0]!.rules.priority).toEqual(weighting);

    // A version saved before the weighting existed reads with the default weighting.
    const { priority: _none, ...older } = DEFAULT_LOOT_RULES;
    await sql(
      guild.server.app,
      `INSERT INTO loot_rule_versions (guild_id, version, system, rules, note, changed_by)
       VALUES ($1, 3, 'DKP', $2, 'older shape', '{"type": "user", "name": "officer"}')`,
      [guild.tenantA, JSON.stringify(older)],
    );
    const latest = await get<{ versions: LootSettingsVersion[] }>(raider, '/api/guild/loot/settings/versions');
    expect(latest.body.versions[0]!.rules.priority).toEqual(DEFAULT_PRIORITY_WEIGHTING);
  });

  it("recomputes standings from the ledger when the values change: EPGP's base GP, nothing rewritten", async () => {
    await setSystem('EPGP');
    const raidId = await pastRaid('Base GP night', [[guild.characters.raider, 'present']]);
    const credited = await post(officer, `/api/guild/loot/raids/${raidId}/credit`, { bossesKilled: 0 });
    expect(credited.status, credited.text).toBe(200);
    const before = (await standings()).Thrallina!;
    expect(before).toMatchObject({ ep: '100.00', gp: '100.00', priority: '1.0000' });
    const [{ entries }] = (await sql<{ entries: number }>(
      guild.server.app,
      'SELECT count(*)::int AS entries FROM loot_ledger_entries WHERE guild_id = $1',
      [guild.tenantA],
    )) as [{ entries: number }];

    await setSystem('EPGP', rulesWith({ epgp: { ...DEFAULT_LOOT_RULES.epgp, baseGp: '400' } }), 'Base GP 400');
    expect((await standings()).Thrallina).toMatchObject({ ep: '100.00', gp: '400.00', priority: '0.2500' });
    const after = await sql<{ entries: number }>(
      guild.server.app,
      'SELECT count(*)::int AS entries FROM loot_ledger_entries WHERE guild_id = $1',
      [guild.tenantA],
    );
    expect(after[0]!.entries).toBe(entries);
  });
});

describe("the priority board's weighting", () => {
  it('weighs attendance (present and late count, absent does not) and recent upgrades, exactly', async () => {
    const { raider: thrallina, otherRaider: bolvar } = guild.characters;
    await setSystem('Loot_Council', rulesWith({ priority: { attendancePoints: 100, upgradePenalty: 20, windowWeeks: 8 } }));
    await sql(guild.server.app, 'DELETE FROM raid_events WHERE guild_id = $1', [guild.tenantA]);
    await pastRaid(
      'Week one',
      [
        [thrallina, 'present'],
        [bolvar, 'absent'],
      ],
      300,
    );
    await pastRaid(
      'Week two',
      [
        [thrallina, 'late'],
        [bolvar, 'absent'],
      ],
      150,
    );
    await pastRaid('Week three', [[bolvar, 'present']], 5);
    // A raid outside the eight weeks counts for nobody.
    await pastRaid('Long ago', [[bolvar, 'present']], 24 * 7 * 9);
    await sql(
      guild.server.app,
      `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, response, awarded_at)
       VALUES ($1, $2, 'Thrallina', 237553, 'Ward of the Weaving-Beast', 'Loom''ithar', 'bis', now() - interval '1 day'),
              ($1, $3, 'Bolvar', 237545, 'Discarded Nutrient Shackles', 'Soulbinder Naazindhri', 'transmog', now())`,
      [guild.tenantA, thrallina, bolvar],
    );
    for (const [as, characterId] of [
      [raider, thrallina],
      [guild.clients.otherRaider, bolvar],
    ] as const) {
      const saved = await put(as, `/api/guild/loot/characters/${characterId}/wishlist`, {
        items: [{ itemId: 242394, note: '' }],
      });
      expect(saved.status, saved.text).toBe(200);
    }
    const board = await get<{ board: PriorityRow[] }>(raider, '/api/guild/loot/priority/242394');
    expect(board.status, board.text).toBe(200);
    expect(board.body.board.map((line) => [line.character.name, line.standing, line.weighting])).toEqual([
      // 2 of 3 raids: 66.67 points, less 20 for the upgrade (a BiS); Bolvar's transmog is no upgrade.
      ['Thrallina', null, { attended: 2, raids: 3, attendanceRate: '66.67', recentUpgrades: 1, score: '46.67' }],
      ['Bolvar', null, { attended: 1, raids: 3, attendanceRate: '33.33', recentUpgrades: 0, score: '33.33' }],
    ]);
  });
});

/** Imported RCLootCouncil lines, as modules/data-sources writes them (source rclootcouncil, no raid yet). */
async function importLines(
  lines: { characterId: string | null; name: string; itemId: number; item: string; boss: string; at: string }[],
) {
  const ids: string[] = [];
  for (const [n, line] of lines.entries()) {
    const [row] = await sql<{ id: string }>(
      guild.server.app,
      `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, response, awarded_at,
                                 source, source_key)
       VALUES ($1, $2, $3, $4, $5, $6, 'bis', now() - $7::interval, 'rclootcouncil', $8) RETURNING id`,
      [guild.tenantA, line.characterId, line.name, line.itemId, line.item, line.boss, line.at, `key-${Date.now()}-${n}`],
    );
    ids.push(row!.id);
  }
  return ids;
}

describe('awards from an RCLootCouncil import', () => {
  it('previews new, already awarded and refused lines, then records the new ones once, charged and audited', async () => {
    await setSystem('DKP');
    const { raider: thrallina, otherRaider: bolvar } = guild.characters;
    const raidId = await pastRaid('Import night', [
      [thrallina, 'present'],
      [bolvar, 'absent'],
    ]);
    const byHand = await post(officer, '/api/guild/loot/awards', {
      raidId,
      characterId: thrallina,
      itemId: 237567,
      boss: 'Plexus Sentinel',
    });
    expect(byHand.status, byHand.text).toBe(200);
    const [arcanocore, again, bolvarsChest, logicGate] = await importLines([
      {
        characterId: thrallina,
        name: 'Thrallina',
        itemId: 242394,
        item: 'Eradicating Arcanocore',
        boss: 'Plexus Sentinel',
        at: '150 minutes',
      },
      {
        characterId: thrallina,
        name: 'Thrallina',
        itemId: 242394,
        item: 'Eradicating Arcanocore',
        boss: 'Plexus Sentinel',
        at: '149 minutes',
      },
      {
        characterId: bolvar,
        name: 'Bolvar',
        itemId: 237541,
        item: "Darksorrow's Corrupted Carapace",
        boss: 'Dimensius, the All-Devouring',
        at: '90 minutes',
      },
      {
        characterId: thrallina,
        name: 'Thrallina',
        itemId: 237567,
        item: 'Logic Gate: Alpha',
        boss: 'Plexus Sentinel',
        at: '140 minutes',
      },
      // Three days ago: another raid's loot.
      {
        characterId: thrallina,
        name: 'Thrallina',
        itemId: 237570,
        item: 'Logic Gate: Omega',
        boss: 'Plexus Sentinel',
        at: '3 days',
      },
    ]);

    expect((await get(raider, `/api/guild/loot/raids/${raidId}/import`)).status).toBe(403);
    const preview = await get<{ plan: LootImportPlan }>(officer, `/api/guild/loot/raids/${raidId}/import`);
    expect(preview.status, preview.text).toBe(200);
    const { plan } = preview.body;
    expect(plan.counts).toEqual({ new: 1, awarded: 1, refused: 2 });
    expect(plan.lines.map((line) => [line.entryId, line.status, line.reason, line.charge, line.dropNumber])).toEqual([
      [arcanocore, 'new', null, { points: '30.00', gp: '0' }, 1],
      [again, 'refused', LOOT_MESSAGES.importDuplicate, null, null],
      [logicGate, 'awarded', null, null, null],
      [bolvarsChest, 'refused', LOOT_MESSAGES.notInRaid, null, null],
    ]);

    const pointsBefore = (await standings()).Thrallina?.points ?? '0.00';
    const applied = await post<{ awarded: number; plan: LootImportPlan }>(officer, `/api/guild/loot/raids/${raidId}/import`);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({ awarded: 1, message: LOOT_MESSAGES.importAwarded(1) });
    expect(applied.body.plan.counts).toEqual({ new: 0, awarded: 2, refused: 2 });
    expect(Number((await standings()).Thrallina!.points)).toBe(Number(pointsBefore) - 30);

    const raid = await get<{ loot: RaidLoot }>(raider, `/api/guild/loot/raids/${raidId}`);
    expect(raid.body.loot.awards.find((award) => award.id === arcanocore)).toMatchObject({
      itemName: 'Eradicating Arcanocore',
      cost: { points: '30.00', gp: '0.00' },
      recordedBy: guild.people.officer.global_name,
    });
    const again2 = await post<{ awarded: number }>(officer, `/api/guild/loot/raids/${raidId}/import`);
    expect(again2.body).toMatchObject({ awarded: 0, message: LOOT_MESSAGES.importAwarded(0) });
    const charges = await sql<{ award_id: string }>(
      guild.server.app,
      `SELECT award_id FROM loot_ledger_entries WHERE kind = 'award' AND raid_event_id = $1 ORDER BY created_at`,
      [raidId],
    );
    expect(charges).toHaveLength(2);
    const audit = await sql<{ details: { awards: { awardId: string }[] } }>(
      guild.server.app,
      `SELECT details FROM audit_log WHERE action = 'loot.bulk_awarded' AND target_id = $1`,
      [raidId],
    );
    expect(audit.map((row) => row.details.awards.map((a) => a.awardId))).toEqual([[arcanocore]]);
  });
});

describe('live loot', () => {
  const connect = (client: HttpClient, discordGuildId: string): Socket<CommunityServerEvents> =>
    io(`${guild.server.url}${COMMUNITY_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { guildId: discordGuildId },
      extraHeaders: { cookie: client.cookieHeader() },
    });
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

  it("pushes an award and a correction to the guild's open loot pages within a second, never to another guild", async () => {
    await setSystem('DKP');
    const raidId = await pastRaid('Live loot night', [[guild.characters.raider, 'present']]);
    const watcher = connect(raider, guild.discordGuildA);
    const stranger = connect(guild.clients.outsider, guild.discordGuildB);
    try {
      await Promise.all([connected(watcher), connected(stranger)]);
      const strangerHeard: LootChanged[] = [];
      stranger.on('loot:changed', (change) => strangerHeard.push(change));
      const heard = new Promise<[LootChanged, number]>((resolve) =>
        watcher.once('loot:changed', (change) => resolve([change, Date.now()])),
      );
      const sentAt = Date.now();
      const awarded = await post(officer, '/api/guild/loot/awards', {
        raidId,
        characterId: guild.characters.raider,
        itemId: 237553,
        boss: "Loom'ithar",
      });
      expect(awarded.status, awarded.text).toBe(200);
      const [change, at] = await heard;
      expect(change).toEqual({ change: 'award', raidId });
      expect(at - sentAt).toBeLessThan(1000);

      const corrected = new Promise<LootChanged>((resolve) => watcher.once('loot:changed', resolve));
      const correction = await post(officer, '/api/guild/loot/corrections', {
        characterId: guild.characters.raider,
        points: '5',
        reason: 'Wipe night bonus',
      });
      expect(correction.status, correction.text).toBe(200);
      expect(await corrected).toEqual({ change: 'correction', raidId: null });
      expect(strangerHeard).toEqual([]);
    } finally {
      watcher.close();
      stranger.close();
    }
  });
});
