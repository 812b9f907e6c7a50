import { randomBytes } from 'node:crypto';
import {
  type DataSourceProgress,
  type DataSourceRun,
  GAME_DATA_MESSAGES,
  MESSAGES,
  type SourceConnections,
  type SourcedCharacter,
  type SourceSyncJob,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RaiderIoFake, raiderIoCharacter } from './fakes/raiderio-fake';
import { type FakeLogReport, WarcraftLogsFake } from './fakes/warcraftlogs-fake';
import { type FakeWowAuditItem, WowAuditFake, wowAuditCharacter, wowAuditWishlist } from './fakes/wowaudit-fake';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

let environment: TestEnvironment;
let server: TestApp;
let admin: HttpClient;
const raiderIo = new RaiderIoFake();
const wowAudit = new WowAuditFake();
const logs = new WarcraftLogsFake();

beforeAll(async () => {
  await Promise.all([raiderIo.start(), wowAudit.start(), logs.start()]);
  environment = await createTestEnvironment({
    RAIDERIO_API_BASE: raiderIo.apiBase,
    RAIDERIO_REQUESTS_PER_MINUTE: '6000',
    WOWAUDIT_API_BASE: wowAudit.apiBase,
    WCL_CLIENT_ID: logs.clientId,
    WCL_CLIENT_SECRET: logs.clientSecret,
    WCL_API_BASE: logs.apiBase,
    WCL_OAUTH_BASE: logs.oauthBase,
    GAME_DATA_TIMEOUT_MS: '400',
    CONFIG_SECRET_KEY: randomBytes(32).toString('hex'),
    JOB_POLL_MS: '50',
    // The scheduled refresh is tested on processes of its own.
    SOURCE_REFRESH_CHECK_MS: '0',
  });
  server = await startTestApp(environment.env);
  admin = new HttpClient(server.url);
  await admin.signIn(OWNER.username, OWNER.password);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await Promise.all([raiderIo.stop(), wowAudit.stop(), logs.stop()]);
});

const base = (guildId: string) => `/api/admin/guilds/${guildId}/data-sources`;

/** Starts a sync and waits for its end. */
async function run(guildId: string, path: string, body?: Record<string, unknown>): Promise<SourceSyncJob> {
  const started = await admin.post<{ job: SourceSyncJob }>(`${base(guildId)}/${path}`, body ?? {});
  expect(started.status, started.text).toBe(200);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const read = await admin.get<{ job: SourceSyncJob }>(`${base(guildId)}/syncs/${started.body.job.id}`);
    expect(read.status, read.text).toBe(200);
    if (read.body.job.status === 'succeeded' || read.body.job.status === 'failed') return read.body.job;
    if (Date.now() > deadline) throw new Error(`sync still ${read.body.job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A Raider.IO guild on Ravencrest (EU) with these members. */
const ravencrestGuild = (name: string, members: ReturnType<typeof raiderIoCharacter>[]) => ({
  region: 'eu',
  realm: 'Ravencrest',
  name,
  members,
});
const charactersOf = async (guildId: string) =>
  (await admin.get<{ characters: SourcedCharacter[] }>(`${base(guildId)}/characters?limit=100`)).body.characters;

const runsOf = async (guildId: string) => (await admin.get<{ runs: DataSourceRun[] }>(`${base(guildId)}/runs`)).body.runs;

const tableState = async (guildId: string) =>
  sql<{ id: string; updated_at: string; sources: string }>(
    server.app,
    `SELECT c.id, c.updated_at::text, (SELECT string_agg(s.source_type || ':' || s.occurrence_count || ':' || s.last_seen_at, ',')
                                         FROM character_sources s WHERE s.character_id = c.id) AS sources
       FROM characters c WHERE c.guild_id = $1 ORDER BY c.id`,
    [guildId],
  );

describe('a Raider.IO sync', () => {
  it("adds the guild's members with their Mythic+ score and item level, merged with the characters the guild has", async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Keystone Heroes', server: 'Argent Dawn', region: 'EU' });
    const manual = await admin.post(`${base(guildId)}/characters`, { name: 'Sylvanas', realm: 'Argent Dawn', class: 'Hunter' });
    expect(manual.status, manual.text).toBe(200);
    raiderIo.guilds.push({
      region: 'eu',
      realm: 'Argent Dawn',
      name: 'Keystone Heroes',
      members: [
        raiderIoCharacter('Sylvanas', 'Argent Dawn', {
          className: 'Hunter',
          spec: 'Marksmanship',
          score: 3120.4,
          itemLevel: 640,
        }),
        raiderIoCharacter('Anduin', 'Argent Dawn', { className: 'Priest', spec: 'Holy', role: 'HEALING', score: 2890 }),
        raiderIoCharacter('Bolvar', 'Argent Dawn', { className: 'Death Knight', hasProfile: false, spec: 'Blood', role: 'TANK' }),
      ],
    });
    const job = await run(guildId, 'raiderio/sync');
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', phase: 'done', sourceType: 'raiderio', total: 3 });
    expect(job.counts).toEqual({ new: 2, changed: 1, unchanged: 0, rejected: 0 });
    const characters = await charactersOf(guildId);
    expect(characters.find((c) => c.name === 'Sylvanas')).toMatchObject({
      spec: 'Marksmanship',
      mythicPlusScore: 3120.4,
      itemLevelEquipped: 640,
      sources: [
        expect.objectContaining({ sourceType: 'manual' }),
        expect.objectContaining({ sourceType: 'raiderio', occurrenceCount: 1 }),
      ],
    });
    expect(characters.find((c) => c.name === 'Anduin')).toMatchObject({ class: 'Priest', role: 'healer', mythicPlusScore: 2890 });
    // A member Raider.IO has no profile for still joins, from the guild's list.
    expect(characters.find((c) => c.name === 'Bolvar')).toMatchObject({
      class: 'Death Knight',
      role: 'tank',
      mythicPlusScore: null,
    });
    expect(raiderIo.maxInFlight).toBeLessThanOrEqual(3);

    const before = await tableState(guildId);
    const again = await run(guildId, 'raiderio/sync');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 3, rejected: 0 });
    expect(await tableState(guildId)).toEqual(before);
    expect((await runsOf(guildId)).slice(0, 2).map((r) => `${r.sourceType}: ${r.outcome}`)).toEqual([
      'raiderio: no changes',
      'raiderio: 2 new, 1 changed',
    ]);
  });

  it('waits out a 429 as Retry-After asks', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Patient Keys', server: 'Ravencrest', region: 'EU' });
    raiderIo.guilds.push({
      region: 'eu',
      realm: 'Ravencrest',
      name: 'Patient Keys',
      members: [raiderIoCharacter('Velen', 'Ravencrest')],
    });
    raiderIo.rateLimitNext = 1;
    const started = Date.now();
    const job = await run(guildId, 'raiderio/sync');
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails naming a guild Raider.IO does not know, or Raider.IO down, with nothing written', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Nobody Keys', server: 'Ravencrest', region: 'EU' });
    const unknown = await run(guildId, 'raiderio/sync');
    expect(unknown).toMatchObject({
      status: 'failed',
      error: 'Raider.IO has no guild "Nobody Keys" on Ravencrest (EU): check the guild\'s name and realm',
    });
    raiderIo.guilds.push({
      region: 'eu',
      realm: 'Ravencrest',
      name: 'Nobody Keys',
      members: [raiderIoCharacter('Khadgar', 'Ravencrest')],
    });
    raiderIo.failureStatus = 503;
    const down = await run(guildId, 'raiderio/sync').finally(() => {
      raiderIo.failureStatus = null;
    });
    expect(down.error).toBe('Raider.IO is unavailable: Raider.IO answered 503 for /guilds/profile');
    expect(await charactersOf(guildId)).toEqual([]);
    expect((await runsOf(guildId)).map((r) => r.status)).toEqual(['failed', 'failed']);
  });
});

describe('sync progress over the socket', () => {
  it("pushes a sync's steps and its end to the admins watching the guild, and refuses the watch without Guild Management", async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Live Keys', server: 'Ravencrest', region: 'EU' });
    raiderIo.guilds.push(ravencrestGuild('Live Keys', [raiderIoCharacter('Jaina', 'Ravencrest', { className: 'Mage' })]));
    const socket = connectAdmin(server.url, admin.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      expect(await socket.emitWithAck('subscribe:data-sources', { guildId })).toEqual({ success: true });
      const pushed: DataSourceProgress[] = [];
      socket.on('data-sources:progress', (progress) => pushed.push(progress));
      const job = await run(guildId, 'raiderio/sync');
      expect(job.status).toBe('succeeded');
      await until(() => pushed.some((progress) => progress.job.status === 'succeeded'));
      expect(pushed.every((progress) => progress.guildId === guildId && progress.job.id === job.id)).toBe(true);
      expect(pushed.at(-1)!.job).toMatchObject({ status: 'succeeded', counts: { new: 1 } });
      expect(await socket.emitWithAck('subscribe:data-sources', { guildId: 'not-a-guild' })).toMatchObject({ success: false });
    } finally {
      socket.disconnect();
    }
    // A viewer watches the system, not the guilds (Guild Management asks guild.manage_members).
    const onlyMonitoring = await createTestAdmin(server.app, { role: 'viewer' });
    const viewer = new HttpClient(server.url);
    await viewer.signIn(onlyMonitoring.username, onlyMonitoring.password);
    const refused = connectAdmin(server.url, viewer.cookieHeader());
    try {
      await nextEvent(refused, 'admin:welcome');
      expect(await refused.emitWithAck('subscribe:data-sources', { guildId })).toEqual({
        success: false,
        error: MESSAGES.accessDeniedBody,
      });
    } finally {
      refused.disconnect();
    }
  });
});

describe('WoWAudit', () => {
  it('keeps the key sealed and write-only, and syncs the team with role, team rank and Battle.net id', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Audited', server: 'Ravencrest', region: 'EU' });
    const key = `wa-${randomBytes(16).toString('hex')}`;
    wowAudit.teams.set(key, [
      wowAuditCharacter(1, 'Thrall', 'Ravencrest', { class: 'Shaman', role: 'Heal', blizzard_id: 7001 }),
      wowAuditCharacter(2, 'Jaina', 'Ravencrest', { class: 'Mage', role: 'Ranged', rank: 'Trial' }),
    ]);
    const none = await admin.post(`${base(guildId)}/wowaudit/sync`, {});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(GAME_DATA_MESSAGES.keyMissing);

    const saved = await admin.request<{ connections: SourceConnections; message: string }>(
      'PUT',
      `${base(guildId)}/wowaudit/key`,
      { body: { key } },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toBe(GAME_DATA_MESSAGES.keySaved);
    expect(saved.body.connections.wowaudit).toMatchObject({ hasKey: true, keySetBy: expect.any(String), canStoreKeys: true });
    // The key never comes back, is not stored as typed and is not in the audit record.
    expect(saved.text).not.toContain(key);
    const connections = await admin.get(`${base(guildId)}/connections`);
    expect(connections.text).not.toContain(key);
    const [stored] = await sql<{ sealed_key: string }>(
      server.app,
      'SELECT sealed_key FROM guild_source_keys WHERE guild_id = $1',
      [guildId],
    );
    expect(stored!.sealed_key).toMatch(/^v1:/);
    expect(stored!.sealed_key).not.toContain(key);
    const audits = await sql<{ action: string; details: unknown }>(
      server.app,
      `SELECT action, details FROM audit_log WHERE target_id = $1 AND action LIKE 'guild.source_key%'`,
      [guildId],
    );
    expect(audits.map((a) => a.action)).toEqual(['guild.source_key_saved']);
    expect(JSON.stringify(audits)).not.toContain(key);

    const job = await run(guildId, 'wowaudit/sync');
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', sourceType: 'wowaudit' });
    expect(job.counts).toEqual({ new: 2, changed: 0, unchanged: 0, rejected: 0 });
    expect(wowAudit.requests.at(-1)!.authorization).toBe(key);
    const characters = await charactersOf(guildId);
    expect(characters.find((c) => c.name === 'Thrall')).toMatchObject({
      role: 'healer',
      battlenetId: '7001',
      teamRank: 'Main',
    });
    expect(characters.find((c) => c.name === 'Jaina')).toMatchObject({ teamRank: 'Trial' });
    expect(characters.find((c) => c.name === 'Jaina')!.sources.map((s) => s.sourceType)).toEqual(['wowaudit']);
    const again = await run(guildId, 'wowaudit/sync');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 2, rejected: 0 });

    // Jaina passes her trial in WoWAudit: the next sync changes her team rank, and the roster shows it.
    wowAudit.teams.get(key)![1]!.rank = 'Main';
    expect((await run(guildId, 'wowaudit/sync')).counts).toEqual({ new: 0, changed: 1, unchanged: 1, rejected: 0 });
    expect((await charactersOf(guildId)).find((c) => c.name === 'Jaina')).toMatchObject({ teamRank: 'Main' });
  });

  it("imports the team's wishlists after the member's own lines, replacing only what it imported before", async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Wishful', server: 'Ravencrest', region: 'EU' });
    const key = `wa-${randomBytes(16).toString('hex')}`;
    const thrall = wowAuditCharacter(11, 'Thrall', 'Ravencrest', { class: 'Shaman', role: 'Heal', blizzard_id: 7101 });
    wowAudit.teams.set(key, [thrall, wowAuditCharacter(12, 'Jaina', 'Ravencrest', { class: 'Mage', role: 'Ranged' })]);
    const item = (
      id: number,
      name: string,
      percentage: number,
      wish?: { upgrade: string; comment: string },
    ): FakeWowAuditItem => ({
      id,
      name,
      slot: 'trinket',
      percentage,
      absolute: Math.round(percentage * 1000),
      wishes: wish ? [{ specialization: 'Restoration', weight: 100, ...wish, percentage: null, absolute: null }] : [],
    });
    const bosses = (withAntenna: boolean) => ({
      'Plexus Sentinel': withAntenna ? [item(242395, 'Astral Antenna', 2.4)] : [],
      Fractillus: [item(242392, 'Diamantine Voidcore', 0, { upgrade: 'huge', comment: 'BIS' }), item(111, 'Nothing Much', 0)],
      'Dimensius, the All-Devouring': [item(230027, 'House of Cards', 3.1)],
    });
    const wishlistOf = (withAntenna: boolean) =>
      wowAuditWishlist({ id: 11, name: 'Thrall', realm: 'Ravencrest' }, 'Manaforge Omega', 'mythic', bosses(withAntenna));
    wowAudit.wishlists.set(key, [wishlistOf(true)]);
    expect((await admin.request('PUT', `${base(guildId)}/wowaudit/key`, { body: { key } })).status).toBe(200);
    expect((await run(guildId, 'wowaudit/sync')).counts).toMatchObject({ new: 2, wishlists: 1 });
    const wishlist = () =>
      sql<{ item_name: string; rank: number; note: string; source: string }>(
        server.app,
        `SELECT w.item_name, w.rank, w.note, w.source FROM loot_wishlist_items w JOIN characters c ON c.id = w.character_id
          WHERE c.guild_id = $1 AND c.name = 'Thrall' ORDER BY w.rank`,
        [guildId],
      );
    expect(await wishlist()).toEqual([
      {
        item_name: 'House of Cards',
        rank: 1,
        note: 'WoWAudit: +3.1% · Dimensius, the All-Devouring (Manaforge Omega, mythic)',
        source: 'wowaudit',
      },
      {
        item_name: 'Astral Antenna',
        rank: 2,
        note: 'WoWAudit: +2.4% · Plexus Sentinel (Manaforge Omega, mythic)',
        source: 'wowaudit',
      },
      {
        item_name: 'Diamantine Voidcore',
        rank: 3,
        note: 'WoWAudit: BIS · huge upgrade · Fractillus (Manaforge Omega, mythic)',
        source: 'wowaudit',
      },
    ]);

    // The member puts a line of their own first; the next sync keeps it and the lines after it stay WoWAudit's.
    await sql(
      server.app,
      `UPDATE loot_wishlist_items SET rank = rank + 10 WHERE character_id = (SELECT id FROM characters WHERE guild_id = $1 AND name = 'Thrall')`,
      [guildId],
    );
    await sql(
      server.app,
      `INSERT INTO loot_wishlist_items (guild_id, character_id, item_id, item_name, rank, note)
       SELECT $1, id, 242401, 'Ring of Their Own', 1, 'mine' FROM characters WHERE guild_id = $1 AND name = 'Thrall'`,
      [guildId],
    );
    const same = await run(guildId, 'wowaudit/sync');
    expect(same.counts).toMatchObject({ wishlists: 1 });
    expect((await wishlist()).map((line) => [line.item_name, line.source])).toEqual([
      ['Ring of Their Own', 'member'],
      ['House of Cards', 'wowaudit'],
      ['Astral Antenna', 'wowaudit'],
      ['Diamantine Voidcore', 'wowaudit'],
    ]);
    // Nothing new in WoWAudit: nothing written.
    expect((await run(guildId, 'wowaudit/sync')).counts).not.toHaveProperty('wishlists');
    // WoWAudit no longer lists the antenna: it goes; the member's own line stays.
    wowAudit.wishlists.set(key, [wishlistOf(false)]);
    expect((await run(guildId, 'wowaudit/sync')).counts).toMatchObject({ wishlists: 1 });
    expect((await wishlist()).map((line) => line.item_name)).toEqual([
      'Ring of Their Own',
      'House of Cards',
      'Diamantine Voidcore',
    ]);
  });

  it('fails saying the key was refused when WoWAudit no longer knows it, writing nothing', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Revoked', server: 'Ravencrest', region: 'EU' });
    expect((await admin.request('PUT', `${base(guildId)}/wowaudit/key`, { body: { key: 'revoked-key-123' } })).status).toBe(200);
    const job = await run(guildId, 'wowaudit/sync');
    expect(job).toMatchObject({ status: 'failed', error: GAME_DATA_MESSAGES.keyRefused });
    expect(await charactersOf(guildId)).toEqual([]);
    const cleared = await admin.request<{ connections: SourceConnections }>('DELETE', `${base(guildId)}/wowaudit/key`);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.connections.wowaudit.hasKey).toBe(false);
  });

  it('refuses a key with spaces or an empty one, with the reason', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Careless', server: 'Ravencrest', region: 'EU' });
    const empty = await admin.request('PUT', `${base(guildId)}/wowaudit/key`, { body: { key: '  ' } });
    expect(empty.status).toBe(400);
    expect((empty.body.fields as Record<string, string>).key).toBe(GAME_DATA_MESSAGES.keyRequired);
  });
});

/** A report of two pulls of one boss (a wipe, then a kill) with three players, one of whom sat the wipe out. */
function report(code: string, guild: FakeLogReport['guild'], startTime: number): FakeLogReport {
  return {
    code,
    title: 'Nerub-ar Palace Heroic',
    zone: 'Nerub-ar Palace',
    startTime,
    endTime: startTime + 3 * 3600_000,
    guild,
    players: [
      { id: 1, name: 'Thrall', server: 'Ravencrest', subType: 'Shaman', spec: 'Elemental' },
      { id: 2, name: 'Jaina', server: 'Ravencrest', subType: 'Mage', spec: 'Frost' },
      { id: 3, name: 'Arthas', server: 'ArgentDawn', subType: 'DeathKnight', spec: 'Unholy' },
    ],
    fights: [
      {
        id: 4,
        encounterID: 2902,
        name: 'Ulgrax the Devourer',
        kill: false,
        difficulty: 4,
        startTime: 600_000,
        endTime: 900_000,
        players: [1, 2],
        parses: {},
      },
      {
        id: 7,
        encounterID: 2902,
        name: 'Ulgrax the Devourer',
        kill: true,
        difficulty: 4,
        startTime: 1_200_000,
        endTime: 1_500_000,
        players: [1, 2, 3],
        parses: { 1: 95.5, 2: 42, 3: 77.25 },
      },
    ],
  };
}

describe('a Warcraft Logs import', () => {
  it('imports a report by its link: fights, attendance of its raid night, parses; again, nothing changes', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Log Readers', server: 'Ravencrest', region: 'EU' });
    const guild = { name: 'Log Readers', serverSlug: 'ravencrest', region: 'eu' };
    logs.reports.push(report('aB3dE5fG7hJ9kL1m', guild, Date.parse('2026-11-20T19:00:00Z')));
    const job = await run(guildId, 'warcraftlogs/import', {
      report: 'https://www.warcraftlogs.com/reports/aB3dE5fG7hJ9kL1m#fight=last',
    });
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', sourceType: 'combat_log' });
    expect(job.counts).toEqual({ new: 3, changed: 0, unchanged: 0, rejected: 0, fights: 2 });
    const characters = await charactersOf(guildId);
    expect(characters.map((c) => `${c.name}-${c.realm} ${c.class}`).sort()).toEqual([
      'Arthas-ArgentDawn Death Knight',
      'Jaina-Ravencrest Mage',
      'Thrall-Ravencrest Shaman',
    ]);
    // One occurrence per fight the character was in.
    expect(characters.find((c) => c.name === 'Thrall')!.sources).toMatchObject([
      { sourceType: 'combat_log', occurrenceCount: 2 },
    ]);
    expect(characters.find((c) => c.name === 'Arthas')!.sources).toMatchObject([
      { sourceType: 'combat_log', occurrenceCount: 1 },
    ]);
    const [raid] = await sql<{ id: string; name: string; instance: string; difficulty: string; present: number }>(
      server.app,
      `SELECT e.id, e.name, e.instance, e.difficulty, (SELECT count(*)::int FROM raid_attendance a WHERE a.raid_event_id = e.id) AS present
         FROM raid_events e WHERE e.guild_id = $1`,
      [guildId],
    );
    expect(raid).toMatchObject({ instance: 'Nerub-ar Palace', difficulty: 'Heroic', present: 3 });
    const fights = await sql<{ boss: string; is_kill: boolean }>(
      server.app,
      'SELECT boss, is_kill FROM combat_log_fights WHERE guild_id = $1 ORDER BY fight_id',
      [guildId],
    );
    expect(fights).toEqual([
      { boss: 'Ulgrax the Devourer', is_kill: false },
      { boss: 'Ulgrax the Devourer', is_kill: true },
    ]);
    const parses = await sql<{ name: string; percentile: number }>(
      server.app,
      `SELECT c.name, p.percentile::float8 AS percentile FROM combat_log_parses p JOIN characters c ON c.id = p.character_id
        WHERE p.guild_id = $1 ORDER BY c.name`,
      [guildId],
    );
    expect(parses).toEqual([
      { name: 'Arthas', percentile: 77.25 },
      { name: 'Jaina', percentile: 42 },
      { name: 'Thrall', percentile: 95.5 },
    ]);

    const before = await tableState(guildId);
    const again = await run(guildId, 'warcraftlogs/import', { report: 'aB3dE5fG7hJ9kL1m' });
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 0, rejected: 0, fights: 0 });
    expect(await tableState(guildId)).toEqual(before);
    expect((await sql(server.app, 'SELECT 1 FROM raid_events WHERE guild_id = $1', [guildId])).length).toBe(1);
  });

  it("imports the guild's latest reports into the raid nights the calendar already has", async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Calendar Keepers', server: 'Ravencrest', region: 'EU' });
    const guild = { name: 'Calendar Keepers', serverSlug: 'ravencrest', region: 'eu' };
    const night = Date.parse('2026-11-18T19:00:00Z');
    const [planned] = await sql<{ id: string }>(
      server.app,
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at) VALUES ($1, 'Wednesday raid', 'Nerub-ar Palace', 'Heroic', $2) RETURNING id`,
      [guildId, new Date(night - 15 * 60_000)],
    );
    logs.reports.push(report('LaTeSt0000000001', guild, night), report('LaTeSt0000000002', guild, night + 2 * 86_400_000));
    const job = await run(guildId, 'warcraftlogs/import', { latest: 2 });
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', total: 2, fetched: 2 });
    expect(job.counts).toMatchObject({ new: 3, fights: 4 });
    const raids = await sql<{ id: string; present: number }>(
      server.app,
      `SELECT e.id, (SELECT count(*)::int FROM raid_attendance a WHERE a.raid_event_id = e.id) AS present
         FROM raid_events e WHERE e.guild_id = $1 ORDER BY e.starts_at`,
      [guildId],
    );
    expect(raids).toEqual([
      { id: planned!.id, present: 3 },
      { id: expect.any(String), present: 3 },
    ]);
  });

  it('refuses what is not a report, and fails naming a report that does not exist', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Typo Guild', server: 'Ravencrest', region: 'EU' });
    const bad = await admin.post(`${base(guildId)}/warcraftlogs/import`, { report: 'https://example.com/not-a-report' });
    expect(bad.status).toBe(400);
    expect((bad.body.fields as Record<string, string>).report).toBe(GAME_DATA_MESSAGES.reportInvalid);
    const nothing = await admin.post(`${base(guildId)}/warcraftlogs/import`, {});
    expect(nothing.status).toBe(400);
    expect((nothing.body.fields as Record<string, string>).report).toBe(GAME_DATA_MESSAGES.reportRequired);
    const missing = await run(guildId, 'warcraftlogs/import', { report: 'ZZZZZZZZZZZZZZZZ' });
    expect(missing).toMatchObject({
      status: 'failed',
      error:
        'Warcraft Logs has no report ZZZZZZZZZZZZZZZZ (or it is private): check the link, and that the report is public or unlisted',
    });
    const noGuild = await run(guildId, 'warcraftlogs/import', { latest: 1 });
    expect(noGuild.error).toBe('Warcraft Logs has no guild "Typo Guild" on Ravencrest (EU): check the guild\'s name and realm');
    expect(await charactersOf(guildId)).toEqual([]);
  });

  it('fails naming the credentials when Warcraft Logs refuses them, and the spent points when they are', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Unlucky Logs', server: 'Ravencrest', region: 'EU' });
    logs.reports.push(
      report(
        'uNlUcKy000000001',
        { name: 'Unlucky Logs', serverSlug: 'ravencrest', region: 'eu' },
        Date.parse('2026-11-21T19:00:00Z'),
      ),
    );
    const secret = logs.clientSecret;
    logs.clientSecret = 'rotated';
    // The server holds a token from the earlier imports: a new process would ask for one and be refused.
    await server.app.close();
    server = await startTestApp(environment.env);
    admin = new HttpClient(server.url);
    await admin.signIn(OWNER.username, OWNER.password);
    const refused = await run(guildId, 'warcraftlogs/import', { report: 'uNlUcKy000000001' }).finally(() => {
      logs.clientSecret = secret;
    });
    expect(refused).toMatchObject({ status: 'failed', error: GAME_DATA_MESSAGES.warcraftLogsCredentialsRefused });

    logs.pointsSpentThisHour = logs.limitPerHour;
    logs.retryAfterSeconds = 0;
    const limited = await run(guildId, 'warcraftlogs/import', { report: 'uNlUcKy000000001' }).finally(() => {
      logs.pointsSpentThisHour = 0;
      logs.retryAfterSeconds = 1;
    });
    expect(limited.error).toBe('Warcraft Logs is unavailable: Warcraft Logs answered 429 for /api/v2/client');
    expect(await charactersOf(guildId)).toEqual([]);
  });
});

describe('the scheduled refresh', () => {
  it('queues a due sync once across two processes, as the system, and runs it', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Daily Keys', server: 'Ravencrest', region: 'EU' });
    raiderIo.guilds.push(ravencrestGuild('Daily Keys', [raiderIoCharacter('Alleria', 'Ravencrest')]));
    expect((await run(guildId, 'raiderio/sync')).status).toBe('succeeded');
    const schedule = { ...environment.env, SOURCE_REFRESH_CHECK_MS: '100', SOURCE_REFRESH_EVERY_MS: '3000' };
    const [a, b] = await Promise.all([startTestApp(schedule), startTestApp(schedule)]);
    try {
      const scheduledJobs = () =>
        sql<{ status: string }>(
          server.app,
          `SELECT status FROM jobs WHERE kind = 'raiderio_sync' AND guild_id = $1 AND actor ->> 'type' = 'system'`,
          [guildId],
        );
      const deadline = Date.now() + 20_000;
      while ((await scheduledJobs()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // Both processes look every 100 ms; the sync is queued once, and runs.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await scheduledJobs()).toHaveLength(1);
      const deadlineRun = Date.now() + 20_000;
      while ((await runsOf(guildId)).length < 2 && Date.now() < deadlineRun) await new Promise((r) => setTimeout(r, 100));
      expect((await runsOf(guildId))[0]).toMatchObject({ sourceType: 'raiderio', status: 'succeeded', actorName: null });
      const [audit] = await sql<{ actor_type: string }>(
        server.app,
        `SELECT actor_type FROM audit_log WHERE action = 'guild.source_sync_started' AND target_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [guildId],
      );
      expect(audit!.actor_type).toBe('system');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
