import {
  COMBAT_LOGS_NOT_CONFIGURED,
  GUILD_DATA_KINDS,
  GUILD_MESSAGES,
  type GuildDataSummary,
  guildNotFound,
} from '@guildhall/contract';
import { strFromU8, unzipSync } from 'fflate';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import { type GuildDataSet, insertGuild, insertGuildData } from './helpers/guild-factories';
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

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildId = await insertGuild(server.app, { guild_name: 'Crimson "Covenant"', server: 'Stormrage' });
  otherGuildId = await insertGuild(server.app, { guild_name: 'Other Guild' });
  data = await insertGuildData(server.app, guildId);
  await insertGuildData(server.app, otherGuildId);
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
    expect(summary.counts).toEqual({ characters: 3, loot_entries: 4, raid_events: 2, discord_users: 4 });
    expect(summary.storage.database_records).toBe(Object.values(data.counts).reduce((a, b) => a + b, 0));
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
  it('streams a zip with guild.json and one JSON file per kind, equal to the database', async () => {
    const file = await download(owner, `/api/admin/guilds/${guildId}/export?type=json`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/filename="crimson-covenant-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(file.body));
    expect(Object.keys(files).sort()).toEqual(['guild.json', ...GUILD_DATA_KINDS.map((kind) => `${kind}.json`)].sort());
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    const [guildRow] = await sql<{ row: unknown }>(server.app, 'SELECT row_to_json(g) AS row FROM guilds g WHERE id = $1', [
      guildId,
    ]);
    expect(json('guild.json')).toEqual(guildRow!.row);
    const owned: Record<(typeof GUILD_DATA_KINDS)[number], string> = {
      characters: 'SELECT row_to_json(t) AS row FROM characters t WHERE guild_id = $1 ORDER BY id',
      loot_entries: 'SELECT row_to_json(t) AS row FROM loot_entries t WHERE guild_id = $1 ORDER BY id',
      raid_events: 'SELECT row_to_json(t) AS row FROM raid_events t WHERE guild_id = $1 ORDER BY id',
      raid_attendance: `SELECT row_to_json(t) AS row FROM raid_attendance t
                         WHERE raid_event_id IN (SELECT id FROM raid_events WHERE guild_id = $1) ORDER BY raid_event_id, character_id`,
      discord_members: 'SELECT row_to_json(t) AS row FROM discord_members t WHERE guild_id = $1 ORDER BY id',
      character_links: 'SELECT row_to_json(t) AS row FROM character_links t WHERE guild_id = $1 ORDER BY id',
    };
    for (const kind of GUILD_DATA_KINDS) {
      const rows = await sql<{ row: unknown }>(server.app, owned[kind], [guildId]);
      expect(json(`${kind}.json`), kind).toEqual(rows.map((r) => r.row));
      expect(rows, kind).toHaveLength(data.counts[kind]);
    }
    const [character] = json('characters.json').filter((c: { name: string }) => c.name === 'Kaethas');
    expect(character).toMatchObject({ guild_note: 'Main: it\'s "me"', officer_note: 'back\\slash\nnew line' });
    expect(character.updated_at).toMatch(/\.123456\+00:00$/);
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
              (SELECT count(*) FROM character_links WHERE guild_id = $1)::int AS character_links`,
      [id],
    );
    return row!;
  };

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
    expect(await countsOf(guildId)).toEqual(data.counts);
  });

  it("deletes every kind of this guild's data and nothing of another, keeps the guild, reports and audits it", async () => {
    const otherBefore = await countsOf(otherGuildId);
    const redis = new Redis(TEST_REDIS_URL);
    await redis.set(`${environment.env.REDIS_PREFIX}guild:${guildId}:roster`, 'cached');
    const answer = await owner.request('DELETE', `/api/admin/guilds/${guildId}/data`, {
      body: { confirmation: 'Crimson "Covenant"' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: GUILD_MESSAGES.dataDeleted, removed: data.counts });
    expect(Object.values(await countsOf(guildId))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await countsOf(otherGuildId)).toEqual(otherBefore);
    expect(await sql(server.app, 'SELECT 1 FROM guilds WHERE id = $1', [guildId])).toHaveLength(1);
    expect(await redis.exists(`${environment.env.REDIS_PREFIX}guild:${guildId}:roster`)).toBe(0);
    redis.disconnect();
    const [audit] = await sql<{ details: { removed: object }; actor_name: string; ip: string }>(
      server.app,
      "SELECT details, actor_name, ip FROM audit_log WHERE action = 'guild.data_deleted' AND target_id = $1",
      [guildId],
    );
    expect(audit).toMatchObject({ actor_name: OWNER.username, ip: '127.0.0.1', details: { removed: data.counts } });

    const again = await owner.request('DELETE', `/api/admin/guilds/${guildId}/data`, {
      body: { confirmation: 'Crimson "Covenant"' },
    });
    expect(again.body.removed).toEqual(Object.fromEntries(GUILD_DATA_KINDS.map((kind) => [kind, 0])));
  });
});
