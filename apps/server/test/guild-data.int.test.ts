import {
  COMBAT_LOGS_NOT_CONFIGURED,
  GUILD_DATA_KINDS,
  GUILD_MESSAGES,
  type GuildDataKind,
  type GuildDataSummary,
  guildNotFound,
} from '@guildhall/contract';
import { strFromU8, unzipSync } from 'fflate';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import { type GuildDataSet, insertGuild, insertGuildData } from './helpers/guild-factories';
import { type GuildLootSet, insertGuildLoot } from './helpers/guild-loot-factories';
import { HttpClient } from './helpers/http-client';
import { createInfluxDatabase, writeInfluxLines } from './helpers/influx';
import {
  OWNER,
  startSignedInApp,
  startTestApp,
  stopTestApp,
  TEST_REDIS_URL,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let guildId: string;
let otherGuildId: string;
let data: GuildDataSet;
let loot: GuildLootSet;
/** Rows of every kind the guild holds: its data and its loot system's. */
let counts: Record<GuildDataKind, number>;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildId = await insertGuild(server.app, { guild_name: 'Crimson "Covenant"', server: 'Stormrage' });
  otherGuildId = await insertGuild(server.app, { guild_name: 'Other Guild' });
  data = await insertGuildData(server.app, guildId);
  await insertGuildData(server.app, otherGuildId);
  // A platform user who asks for and votes on council items: the exports name them no more than the dump does.
  const [user] = await sql<{ id: string }>(
    server.app,
    "INSERT INTO users (username, global_name, email) VALUES ('planner', 'Plan Ner', 'planner@example.test') RETURNING id",
  );
  loot = await insertGuildLoot(server.app, guildId, user!.id);
  await insertGuildLoot(server.app, otherGuildId, user!.id);
  counts = { ...data.counts, ...loot.counts };
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

describe('the guild data summary', () => {
  it('counts each kind, sums the records, estimates the bytes and reads the latest activity', async () => {
    const answer = await owner.get<{ guild: { id: string }; summary: GuildDataSummary }>(`/api/admin/guilds/${guildId}/data`);
    expect(answer.status).toBe(200);
    expect(answer.body.guild.id).toBe(guildId);
    const { summary } = answer.body;
    expect(summary.counts).toEqual({
      characters: 3,
      loot_entries: 4,
      raid_events: 2,
      discord_users: 4,
      loot_ledger_entries: 3,
      loot_wishlist_items: 2,
      loot_council_items: 1,
    });
    expect(summary.storage.database_records).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    expect(summary.storage.file_size).toBeGreaterThan(500);
    const [latest] = await sql<{ loot: Date; raid: Date; character: Date }>(
      server.app,
      `SELECT (SELECT max(awarded_at) FROM loot_entries WHERE guild_id = $1) AS loot,
              (SELECT max(starts_at) FROM raid_events WHERE guild_id = $1) AS raid,
              (SELECT max(updated_at) FROM characters WHERE guild_id = $1) AS character`,
      [guildId],
    );
    expect(summary.activity).toEqual({
      last_loot_entry: latest!.loot.toISOString(),
      last_raid_event: latest!.raid.toISOString(),
      last_character_update: latest!.character.toISOString(),
    });
  });

  it('lists the first characters by name and the loot figures of spec 1 §3', async () => {
    const { summary } = (await owner.get<{ summary: GuildDataSummary }>(`/api/admin/guilds/${guildId}/data`)).body;
    expect(summary.characters.map((c) => c.name)).toEqual(['Kaethas', 'Kaethasdk', '모험가']);
    expect(summary.characters[0]).toMatchObject({ class: 'Paladin', level: 80 });
    expect(summary.characters[1]!.last_seen).toBeNull();
    expect(summary.loot).toMatchObject({ total_entries: 4, unique_items: 3, recent_drops: 2 });
    expect(summary.loot.recent.map((r) => r.item_name)).toEqual([
      'Diamantine Voidcore',
      'Astral Antenna',
      'Astral Antenna',
      'House of Cards',
    ]);
    expect(summary.loot.recent[3]!.character_name).toBe('Gone Player');
  });

  it("measures the guild's cache entries in Redis", async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await redis.set(`${environment.env.REDIS_PREFIX}guild:${guildId}:roster`, 'x'.repeat(2000));
      const { summary } = (await owner.get<{ summary: GuildDataSummary }>(`/api/admin/guilds/${guildId}/data`)).body;
      expect(summary.storage.cache_size).toBeGreaterThanOrEqual(2000);
      const other = (await owner.get<{ summary: GuildDataSummary }>(`/api/admin/guilds/${otherGuildId}/data`)).body;
      expect(other.summary.storage.cache_size).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('answers 404 naming an unknown guild on every data call', async () => {
    for (const path of ['data', 'characters', 'raid-events', 'combat-logs', 'discord-members', 'analytics', 'export?type=json']) {
      const answer = await owner.get(`/api/admin/guilds/${UNKNOWN}/${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: guildNotFound(UNKNOWN) });
    }
  });
});

describe('the data tabs', () => {
  it('Characters, View all: every character by name, paged, searched by a part of the name or realm, this guild only', async () => {
    type Page = { characters: { name: string; realm: string; class: string }[]; total: number; page: number; limit: number };
    const list = async (query: string) => {
      const answer = await owner.get<Page>(`/api/admin/guilds/${guildId}/characters?${query}`);
      expect(answer.status, query).toBe(200);
      return answer.body;
    };
    const all = await list('');
    expect(all.characters.map((c) => c.name)).toEqual(['Kaethas', 'Kaethasdk', '모험가']);
    expect(all).toMatchObject({ total: 3, page: 1, limit: 25 });
    expect(all.characters[2]).toMatchObject({ realm: 'Azshara', class: 'Mage' });
    const second = await list('limit=2&page=2');
    expect(second.characters.map((c) => c.name)).toEqual(['모험가']);
    expect(second.total).toBe(3);
    const byName = await list('search=ETHASD');
    expect(byName.characters.map((c) => c.name)).toEqual(['Kaethasdk']);
    expect(byName.total).toBe(1);
    expect((await list('search=azsh')).characters.map((c) => c.name)).toEqual(['모험가']);
    // A search is text, never a pattern: % and _ find themselves.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=_')).total).toBe(0);
    const tooLong = await owner.get(`/api/admin/guilds/${guildId}/characters?search=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });

  it('Raid Events: newest first, paged, with attendance (present or late)', async () => {
    const first = await owner.get<{ events: { id: string; attendance: number }[]; total: number }>(
      `/api/admin/guilds/${guildId}/raid-events?limit=1`,
    );
    expect(first.body).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(first.body.events).toEqual([expect.objectContaining({ id: data.raidIds[0], attendance: 2, difficulty: 'Heroic' })]);
    const second = await owner.get<{ events: { id: string; attendance: number }[] }>(
      `/api/admin/guilds/${guildId}/raid-events?limit=1&page=2`,
    );
    expect(second.body.events).toEqual([expect.objectContaining({ id: data.raidIds[1], attendance: 1 })]);
  });

  it('Discord Data: current members, searched and paged, with linked counts and the linked share', async () => {
    const all = await owner.get<{ members: { username: string; linkedCharacters: number }[]; totals: object; total: number }>(
      `/api/admin/guilds/${guildId}/discord-members`,
    );
    expect(all.body.totals).toEqual({ members: 4, linked: 1, linkedShare: 0.25 });
    expect(all.body.total).toBe(4);
    expect(all.body.members.find((m) => m.username === 'member1')!.linkedCharacters).toBe(2);
    expect(all.body.members.map((m) => m.username)).not.toContain('member5');
    const searched = await owner.get<{ members: { username: string }[]; total: number; totals: object }>(
      `/api/admin/guilds/${guildId}/discord-members?search=NICK%203`,
    );
    expect(searched.body.members.map((m) => m.username)).toEqual(['member3']);
    expect(searched.body.total).toBe(1);
    expect(searched.body.totals).toEqual({ members: 4, linked: 1, linkedShare: 0.25 });
    const paged = await owner.get<{ members: unknown[] }>(`/api/admin/guilds/${guildId}/discord-members?limit=3&page=2`);
    expect(paged.body.members).toHaveLength(1);
  });

  it('Analytics: 12 weekly points per series, Mondays oldest first, counting loot, raids and active characters', async () => {
    type Series = { week: string; count: number }[];
    const answer = await owner.get<{ series: { lootPerWeek: Series; raidsPerWeek: Series; activeCharactersPerWeek: Series } }>(
      `/api/admin/guilds/${guildId}/analytics`,
    );
    const { lootPerWeek, raidsPerWeek, activeCharactersPerWeek } = answer.body.series;
    for (const series of [lootPerWeek, raidsPerWeek, activeCharactersPerWeek]) {
      expect(series).toHaveLength(12);
      expect(series.map((p) => p.week)).toEqual(series.map((p) => p.week).sort());
      for (const point of series) expect(new Date(`${point.week}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    const today = new Date();
    const monday = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)),
    );
    expect(lootPerWeek.at(-1)!.week).toBe(monday.toISOString().slice(0, 10));
    const sum = (series: { count: number }[]) => series.reduce((total, point) => total + point.count, 0);
    expect(sum(lootPerWeek)).toBe(4);
    expect(sum(raidsPerWeek)).toBe(2);
    expect(Math.max(...activeCharactersPerWeek.map((p) => p.count))).toBeGreaterThanOrEqual(2);
  });

  it('Combat Logs: the newest events of this guild from InfluxDB', async () => {
    const database = environment.env.INFLUX_DATABASE!;
    await createInfluxDatabase(database);
    const now = Date.now();
    const lines = [
      `combat_events,guild_id=${guildId},event_type=SPELL_DAMAGE source="Kaethas",target="Plexus Sentinel",amount=125000 ${now - 3000}`,
      `combat_events,guild_id=${guildId},event_type=SPELL_HEAL source="Kaethas",target="Kaethasdk",amount=42000 ${now - 2000}`,
      `combat_events,guild_id=${guildId},event_type=UNIT_DIED target="Kaethasdk" ${now - 1000}`,
      `combat_events,guild_id=${otherGuildId},event_type=SPELL_DAMAGE source="Someone",amount=1 ${now}`,
    ];
    await writeInfluxLines(database, lines);
    const answer = await owner.get<{ configured: boolean; events: Record<string, unknown>[] }>(
      `/api/admin/guilds/${guildId}/combat-logs`,
    );
    expect(answer.body.configured).toBe(true);
    expect(answer.body.events).toEqual([
      { time: new Date(now - 1000).toISOString(), event_type: 'UNIT_DIED', source: null, target: 'Kaethasdk', amount: null },
      {
        time: new Date(now - 2000).toISOString(),
        event_type: 'SPELL_HEAL',
        source: 'Kaethas',
        target: 'Kaethasdk',
        amount: 42000,
      },
      {
        time: new Date(now - 3000).toISOString(),
        event_type: 'SPELL_DAMAGE',
        source: 'Kaethas',
        target: 'Plexus Sentinel',
        amount: 125000,
      },
    ]);
  });

  it('Combat Logs: says InfluxDB is not configured when it is not', async () => {
    const withoutInflux = await startTestApp({ ...environment.env, INFLUX_URL: '' });
    try {
      const client = new HttpClient(withoutInflux.url);
      await client.signIn(OWNER.username, OWNER.password);
      const answer = await client.get(`/api/admin/guilds/${guildId}/combat-logs`);
      expect(answer.body).toEqual({ success: true, configured: false, events: [], message: COMBAT_LOGS_NOT_CONFIGURED });
    } finally {
      await withoutInflux.close();
    }
  });
});

describe('the JSON export', () => {
  it('streams a zip with guild.json, the loot settings versions and one JSON file per kind, equal to the database', async () => {
    const file = await download(owner, `/api/admin/guilds/${guildId}/export?type=json`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/filename="crimson-covenant-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(file.body));
    expect(Object.keys(files).sort()).toEqual(
      ['guild.json', 'loot_rule_versions.json', ...GUILD_DATA_KINDS.map((kind) => `${kind}.json`)].sort(),
    );
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    const [guildRow] = await sql<{ row: unknown }>(server.app, 'SELECT row_to_json(g) AS row FROM guilds g WHERE id = $1', [
      guildId,
    ]);
    expect(json('guild.json')).toEqual(guildRow!.row);
    // The loot system's rows as the dump writes them: amounts as exact decimal strings, platform users NULL.
    const ofCouncil = 'council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)';
    const owned: Record<GuildDataKind | 'loot_rule_versions', string> = {
      characters: 'SELECT row_to_json(t) AS row FROM characters t WHERE guild_id = $1 ORDER BY id',
      loot_entries: 'SELECT row_to_json(t) AS row FROM loot_entries t WHERE guild_id = $1 ORDER BY id',
      raid_events: 'SELECT row_to_json(t) AS row FROM raid_events t WHERE guild_id = $1 ORDER BY id',
      raid_attendance: `SELECT row_to_json(t) AS row FROM raid_attendance t
                         WHERE raid_event_id IN (SELECT id FROM raid_events WHERE guild_id = $1) ORDER BY raid_event_id, character_id`,
      discord_members: 'SELECT row_to_json(t) AS row FROM discord_members t WHERE guild_id = $1 ORDER BY id',
      character_links: 'SELECT row_to_json(t) AS row FROM character_links t WHERE guild_id = $1 ORDER BY id',
      loot_rule_versions: 'SELECT to_jsonb(t) AS row FROM loot_rule_versions t WHERE guild_id = $1 ORDER BY version',
      loot_ledger_entries: `SELECT to_jsonb(t) || jsonb_build_object('points', points::text, 'ep', ep::text, 'gp', gp::text) AS row
                              FROM loot_ledger_entries t WHERE guild_id = $1 ORDER BY id`,
      loot_decay_runs: 'SELECT to_jsonb(t) AS row FROM loot_decay_runs t WHERE guild_id = $1 ORDER BY ledger, decay_week',
      loot_wishlist_items:
        'SELECT to_jsonb(t) AS row FROM loot_wishlist_items t WHERE guild_id = $1 ORDER BY character_id, item_id',
      loot_council_items: 'SELECT to_jsonb(t) AS row FROM loot_council_items t WHERE guild_id = $1 ORDER BY id',
      loot_requests: `SELECT to_jsonb(t) || jsonb_build_object('user_id', NULL) AS row FROM loot_requests t
                        WHERE ${ofCouncil} ORDER BY id`,
      loot_council_votes: `SELECT to_jsonb(t) || jsonb_build_object('voter_user_id', NULL) AS row FROM loot_council_votes t
                             WHERE ${ofCouncil} ORDER BY id`,
    };
    for (const table of ['loot_rule_versions', ...GUILD_DATA_KINDS] as const) {
      const rows = await sql<{ row: unknown }>(server.app, owned[table], [guildId]);
      expect(json(`${table}.json`), table).toEqual(rows.map((r) => r.row));
      expect(rows, table).toHaveLength(table === 'loot_rule_versions' ? loot.ruleVersions : counts[table]);
    }
    const [character] = json('characters.json').filter((c: { name: string }) => c.name === 'Kaethas');
    expect(character).toMatchObject({ guild_note: 'Main: it\'s "me"', officer_note: 'back\\slash\nnew line' });
    expect(character.updated_at).toMatch(/\.123456\+00:00$/);

    type LedgerRow = { kind: string; reason: string; points: string; ep: string; gp: string; corrects_entry_id: string | null };
    const ledger: LedgerRow[] = json('loot_ledger_entries.json');
    expect(ledger.map(({ kind, reason, points, ep, gp }) => ({ kind, reason, points, ep, gp }))).toEqual(
      expect.arrayContaining([
        { kind: 'award', reason: 'Astral Antenna', points: '-30.00', ep: '0.00', gp: '0.00' },
        { kind: 'correction', reason: 'Price was 17.50', points: '12.50', ep: '0.00', gp: '0.00' },
        { kind: 'decay', reason: 'Weekly decay', points: '-1.25', ep: '0.00', gp: '0.00' },
      ]),
    );
    expect(ledger.find((entry) => entry.kind === 'correction')!.corrects_entry_id).toBe(
      (ledger as (LedgerRow & { id: string })[]).find((entry) => entry.kind === 'award')!.id,
    );
    expect(json('loot_wishlist_items.json').map((line: { source: string; rank: number }) => [line.rank, line.source])).toEqual(
      expect.arrayContaining([
        [1, 'member'],
        [2, 'wowaudit'],
      ]),
    );
    expect(json('loot_council_items.json')).toEqual([expect.objectContaining({ item_name: 'Astral Antenna', item_level: 684 })]);
    expect(json('loot_requests.json')).toEqual([expect.objectContaining({ response: 'bis', note: 'please', user_id: null })]);
    expect(json('loot_council_votes.json')).toEqual([
      expect.objectContaining({ reason: 'Best use', voter_name: 'planner', voter_user_id: null }),
    ]);
    expect(json('loot_decay_runs.json')).toEqual([
      expect.objectContaining({ ledger: 'dkp', decay_week: '2026-11-16', entries: 1 }),
    ]);
    expect(json('loot_rule_versions.json').map((v: { version: number; system: string }) => [v.version, v.system])).toEqual([
      [1, 'DKP'],
      [2, 'EPGP'],
    ]);
    // Nothing of the platform user the dump does not carry either: not their profile, not their e-mail address.
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(text).not.toContain('Plan Ner');
    expect(text).not.toContain('planner@example.test');
  });

  it('is audited', async () => {
    const audits = await sql<{ details: { type: string } }>(
      server.app,
      "SELECT details FROM audit_log WHERE action = 'guild.data_exported' AND target_id = $1",
      [guildId],
    );
    expect(audits.map((a) => a.details.type)).toContain('json');
  });
});

describe('delete guild data', () => {
  const countsOf = async (id: string) => {
    const [row] = await sql<Record<string, number>>(
      server.app,
      `SELECT (SELECT count(*) FROM characters WHERE guild_id = $1)::int AS characters,
              (SELECT count(*) FROM loot_entries WHERE guild_id = $1)::int AS loot_entries,
              (SELECT count(*) FROM raid_events WHERE guild_id = $1)::int AS raid_events,
              (SELECT count(*) FROM raid_attendance a JOIN raid_events r ON r.id = a.raid_event_id WHERE r.guild_id = $1)::int AS raid_attendance,
              (SELECT count(*) FROM discord_members WHERE guild_id = $1)::int AS discord_members,
              (SELECT count(*) FROM character_links WHERE guild_id = $1)::int AS character_links,
              (SELECT count(*) FROM loot_ledger_entries WHERE guild_id = $1)::int AS loot_ledger_entries,
              (SELECT count(*) FROM loot_decay_runs WHERE guild_id = $1)::int AS loot_decay_runs,
              (SELECT count(*) FROM loot_wishlist_items WHERE guild_id = $1)::int AS loot_wishlist_items,
              (SELECT count(*) FROM loot_council_items WHERE guild_id = $1)::int AS loot_council_items,
              (SELECT count(*) FROM loot_requests r JOIN loot_council_items i ON i.id = r.council_item_id
                WHERE i.guild_id = $1)::int AS loot_requests,
              (SELECT count(*) FROM loot_council_votes v JOIN loot_council_items i ON i.id = v.council_item_id
                WHERE i.guild_id = $1)::int AS loot_council_votes`,
      [id],
    );
    return row!;
  };
  const settingsVersionsOf = async (id: string) =>
    (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM loot_rule_versions WHERE guild_id = $1', [id]))[0]!.n;
  const ledgerTotalsOf = async (id: string) =>
    (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM loot_ledger_totals WHERE guild_id = $1', [id]))[0]!.n;

  it('deletes nothing when the typed name does not match', async () => {
    for (const confirmation of ['Crimson Covenant', 'crimson "covenant"', 'Crimson "Covenant" ', '']) {
      const answer = await owner.request('DELETE', `/api/admin/guilds/${guildId}/data`, { body: { confirmation } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: GUILD_MESSAGES.confirmationMismatch,
        fields: { confirmation: GUILD_MESSAGES.confirmationMismatch },
      });
    }
    expect(await countsOf(guildId)).toEqual(counts);
  });

  it("deletes every kind of this guild's data, its loot included, and nothing of another, keeps the guild and its loot settings, reports and audits it", async () => {
    const otherBefore = await countsOf(otherGuildId);
    expect(otherBefore).toEqual(counts);
    // What the confirmation tells the operator will go.
    const confirmation = (await owner.get<{ summary: GuildDataSummary }>(`/api/admin/guilds/${guildId}/data`)).body.summary
      .counts;
    const redis = new Redis(TEST_REDIS_URL);
    await redis.set(`${environment.env.REDIS_PREFIX}guild:${guildId}:roster`, 'cached');
    const answer = await owner.request('DELETE', `/api/admin/guilds/${guildId}/data`, {
      body: { confirmation: 'Crimson "Covenant"' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: GUILD_MESSAGES.dataDeleted, removed: counts });
    const { removed } = answer.body as { removed: Record<GuildDataKind, number> };
    for (const kind of [
      'characters',
      'loot_entries',
      'raid_events',
      'loot_ledger_entries',
      'loot_wishlist_items',
      'loot_council_items',
    ] as const) {
      expect(removed[kind], kind).toBe(confirmation[kind]);
    }
    expect(await countsOf(guildId)).toEqual(Object.fromEntries(GUILD_DATA_KINDS.map((kind) => [kind, 0])));
    expect(await ledgerTotalsOf(guildId)).toBe(0);
    expect(await settingsVersionsOf(guildId)).toBe(loot.ruleVersions);
    expect(await countsOf(otherGuildId)).toEqual(otherBefore);
    expect(await ledgerTotalsOf(otherGuildId)).toBe(1);
    expect(await sql(server.app, 'SELECT 1 FROM guilds WHERE id = $1', [guildId])).toHaveLength(1);
    expect(await redis.exists(`${environment.env.REDIS_PREFIX}guild:${guildId}:roster`)).toBe(0);
    redis.disconnect();
    const [audit] = await sql<{ details: { removed: object }; actor_name: string; ip: string }>(
      server.app,
      "SELECT details, actor_name, ip FROM audit_log WHERE action = 'guild.data_deleted' AND target_id = $1",
      [guildId],
    );
    expect(audit).toMatchObject({ actor_name: OWNER.username, ip: '127.0.0.1', details: { removed: counts } });

    const again = await owner.request('DELETE', `/api/admin/guilds/${guildId}/data`, {
      body: { confirmation: 'Crimson "Covenant"' },
    });
    expect(again.body.removed).toEqual(Object.fromEntries(GUILD_DATA_KINDS.map((kind) => [kind, 0])));
  });
});

describe('delete guild', () => {
  it('takes its loot with it (ON DELETE CASCADE): the rows the data summary counted, and its loot settings', async () => {
    const doomedId = await insertGuild(server.app, { guild_name: 'Doomed With Loot' });
    await insertGuildData(server.app, doomedId);
    const [user] = await sql<{ id: string }>(server.app, "INSERT INTO users (username) VALUES ('doomed voter') RETURNING id");
    await insertGuildLoot(server.app, doomedId, user!.id);
    const councilItemIds = (
      await sql<{ id: string }>(server.app, 'SELECT id FROM loot_council_items WHERE guild_id = $1', [doomedId])
    ).map((row) => row.id);
    const lootRows = async () => {
      const [row] = await sql<Record<string, number>>(
        server.app,
        `SELECT (SELECT count(*) FROM loot_rule_versions WHERE guild_id = $1)::int AS loot_rule_versions,
                (SELECT count(*) FROM loot_ledger_entries WHERE guild_id = $1)::int AS loot_ledger_entries,
                (SELECT count(*) FROM loot_ledger_totals WHERE guild_id = $1)::int AS loot_ledger_totals,
                (SELECT count(*) FROM loot_decay_runs WHERE guild_id = $1)::int AS loot_decay_runs,
                (SELECT count(*) FROM loot_wishlist_items WHERE guild_id = $1)::int AS loot_wishlist_items,
                (SELECT count(*) FROM loot_council_items WHERE guild_id = $1)::int AS loot_council_items,
                (SELECT count(*) FROM loot_requests WHERE council_item_id = ANY ($2::uuid[]))::int AS loot_requests,
                (SELECT count(*) FROM loot_council_votes WHERE council_item_id = ANY ($2::uuid[]))::int AS loot_council_votes`,
        [doomedId, councilItemIds],
      );
      return row!;
    };
    const { summary } = (await owner.get<{ summary: GuildDataSummary }>(`/api/admin/guilds/${doomedId}/data`)).body;
    const before = await lootRows();
    expect(before).toEqual({ ...loot.counts, loot_rule_versions: loot.ruleVersions, loot_ledger_totals: 1 });
    expect(summary.counts).toMatchObject({
      loot_ledger_entries: before.loot_ledger_entries,
      loot_wishlist_items: before.loot_wishlist_items,
      loot_council_items: before.loot_council_items,
    });

    const answer = await owner.request('DELETE', `/api/admin/guilds/${doomedId}`);
    expect(answer.status).toBe(200);
    expect(Object.values(await lootRows()).every((n) => n === 0)).toBe(true);
    // The platform user who asked and voted is not the guild's: they stay.
    expect(await sql(server.app, 'SELECT 1 FROM users WHERE id = $1', [user!.id])).toHaveLength(1);
  });
});
