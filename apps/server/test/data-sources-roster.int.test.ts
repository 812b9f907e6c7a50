import { DATA_SOURCE_MESSAGES, type DataSourceRun, type RosterSyncJob, type SourcedCharacter } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BattlenetFake, type FakeGuild, rosterCharacter } from './fakes/battlenet-fake';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const CSV_HEADER =
  'player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner';
const csvLine = (player: string, cls: string, time: string, itemId: number) =>
  `${player},2026/11/20,${time},1763665847-4,[Item ${itemId}],${itemId},item:${itemId}::::::::80:104,Mainspec/Need,2,${cls},Nerub-ar Palace-Heroic,Sikran,15,2657,20,,,1,false,Plate,Chest,,Unknown`;

const RAVENCREST = { slug: 'ravencrest', name: 'Ravencrest' };
const GORDUNNI = { slug: 'gordunni', name: 'Гордунни' };

let environment: TestEnvironment;
let server: TestApp;
let admin: HttpClient;
const bnet = new BattlenetFake();

beforeAll(async () => {
  await bnet.start();
  environment = await createTestEnvironment({
    BNET_CLIENT_ID: bnet.clientId,
    BNET_CLIENT_SECRET: bnet.clientSecret,
    BNET_API_BASE: bnet.apiBase,
    BNET_OAUTH_BASE: bnet.oauthBase,
    BNET_TIMEOUT_MS: '400',
    JOB_POLL_MS: '50',
  });
  server = await startTestApp(environment.env);
  admin = new HttpClient(server.url);
  await admin.signIn(OWNER.username, OWNER.password);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await bnet.stop();
});

/** A guild tenant with a roster of its own on the fake. */
async function guildWithRoster(name: string, members: FakeGuild['members']) {
  const guildId = await insertGuild(server.app, { guild_name: name, server: 'Ravencrest', region: 'EU' });
  const guild: FakeGuild = { region: 'eu', id: 9000 + bnet.guilds.length, name, realm: RAVENCREST, members };
  bnet.guilds.push(guild);
  return { guildId, guild };
}

async function sync(guildId: string, body: Record<string, unknown> = {}): Promise<RosterSyncJob> {
  const started = await admin.post<{ job: RosterSyncJob; message: string }>(
    `/api/admin/guilds/${guildId}/data-sources/battlenet/sync`,
    body,
  );
  expect(started.status, started.text).toBe(200);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const read = await admin.get<{ job: RosterSyncJob }>(
      `/api/admin/guilds/${guildId}/data-sources/battlenet/sync/${started.body.job.id}`,
    );
    if (read.body.job.status === 'succeeded' || read.body.job.status === 'failed') return read.body.job;
    if (Date.now() > deadline) throw new Error(`sync still ${read.body.job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const charactersOf = async (guildId: string) =>
  (await admin.get<{ characters: SourcedCharacter[] }>(`/api/admin/guilds/${guildId}/data-sources/characters?limit=100`)).body
    .characters;

const tableState = async (guildId: string) =>
  sql<{ id: string; updated_at: string; sources: string }>(
    server.app,
    `SELECT c.id, c.updated_at::text, (SELECT string_agg(s.source_type || ':' || s.occurrence_count || ':' || s.last_seen_at, ',')
                                         FROM character_sources s WHERE s.character_id = c.id) AS sources
       FROM characters c WHERE c.guild_id = $1 ORDER BY c.id`,
    [guildId],
  );

describe('a Battle.net roster sync', () => {
  it('creates the members with rank, level, spec, item levels and media, merged with the characters an export made', async () => {
    const { guildId, guild } = await guildWithRoster("Nobbel's Raiders", [
      rosterCharacter(101, 'Thrall', RAVENCREST, { className: 'Shaman', spec: 'Enhancement', rank: 0, averageItemLevel: 622 }),
      rosterCharacter(102, 'Вася', GORDUNNI, { className: 'Death Knight', spec: 'Frost' }),
      rosterCharacter(103, 'Jaina', RAVENCREST, { className: 'Mage', spec: 'Frost', rank: 2 }),
      rosterCharacter(104, 'Garrosh', RAVENCREST, { className: 'Warrior', hasProfile: false }),
    ]);
    // The loot history knew Thrall (as a Warrior: a conflict) and Вася-Гордунни (the realm in its own script).
    const file = [
      CSV_HEADER,
      csvLine('Thrall-Ravencrest', 'WARRIOR', '19:00:00', 1),
      csvLine('Вася-Гордунни', 'DEATHKNIGHT', '19:05:00', 2),
    ];
    const imported = await admin.post(`/api/admin/guilds/${guildId}/data-sources/loot-import/apply`, {
      content: file.join('\n'),
    });
    expect(imported.status, imported.text).toBe(200);

    const job = await sync(guildId);
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', phase: 'done', fetched: 4, total: 4 });
    expect(job.counts).toEqual({ new: 2, changed: 2, unchanged: 0, rejected: 0, left: 0 });
    const characters = await charactersOf(guildId);
    expect(characters.map((c) => `${c.name}-${c.realm}`).sort()).toEqual([
      'Garrosh-Ravencrest',
      'Jaina-Ravencrest',
      'Thrall-Ravencrest',
      'Вася-Гордунни',
    ]);
    const thrall = characters.find((c) => c.name === 'Thrall')!;
    expect(thrall).toMatchObject({
      class: 'Warrior',
      spec: 'Enhancement',
      guildRank: 0,
      battlenetId: '101',
      itemLevel: 622,
      armoryAvatarUrl: 'https://render.worldofwarcraft.com/eu/character/ravencrest/101-avatar.jpg',
      armoryRenderUrl: 'https://render.worldofwarcraft.com/eu/character/ravencrest/101-main.jpg',
    });
    expect(thrall.sources.map((s) => [s.sourceType, s.occurrenceCount])).toEqual([
      ['battlenet', 1],
      ['loot_import', 1],
    ]);
    expect(characters.find((c) => c.name === 'Вася')!.sources.map((s) => s.sourceType)).toEqual(['battlenet', 'loot_import']);
    // A member without a profile still joins, from the roster's own fields.
    expect(characters.find((c) => c.name === 'Garrosh')).toMatchObject({ class: 'Warrior', level: 80, spec: null });
    // The class conflict is reported, not written.
    const [audit] = await sql<{ details: { conflicts: number; new: number } }>(
      server.app,
      `SELECT details FROM audit_log WHERE action = 'guild.roster_synced' AND target_id = $1`,
      [guildId],
    );
    expect(audit!.details).toMatchObject({ conflicts: 1, new: 2 });
    // Never more than a few calls in flight.
    expect(bnet.maxInFlight).toBeLessThanOrEqual(4);
    expect(bnet.requests.some((r) => r.path === '/oauth/token')).toBe(true);

    // A second sync of the unchanged roster writes nothing.
    const before = await tableState(guildId);
    const again = await sync(guildId);
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 4, rejected: 0, left: 0 });
    expect(await tableState(guildId)).toEqual(before);

    // A member who left is marked, not deleted; the runs say so.
    guild.members = guild.members.filter((member) => member.name !== 'Jaina');
    const third = await sync(guildId);
    expect(third.counts).toMatchObject({ left: 1, unchanged: 3 });
    const jaina = (await charactersOf(guildId)).find((c) => c.name === 'Jaina')!;
    expect(jaina.leftGuildAt).not.toBeNull();
    const runs = await admin.get<{ runs: DataSourceRun[] }>(`/api/admin/guilds/${guildId}/data-sources/runs`);
    expect(runs.body.runs.map((run) => `${run.sourceType}: ${run.outcome}`)).toEqual([
      'battlenet: 1 left',
      'battlenet: no changes',
      'battlenet: 2 new, 2 changed',
      'loot_import: 2 new, 2 loot',
    ]);
  });

  it('waits out a 429 as Retry-After asks and finishes', async () => {
    const { guildId } = await guildWithRoster('Patient Raiders', [
      rosterCharacter(201, 'Anduin', RAVENCREST, { className: 'Priest' }),
    ]);
    bnet.rateLimitNext = 2;
    bnet.retryAfterSeconds = 1;
    const started = Date.now();
    const job = await sync(guildId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(job.counts).toMatchObject({ new: 1 });
  });

  it('fails naming a guild Battle.net does not know, with nothing written and the failed run listed', async () => {
    const guildId = await insertGuild(server.app, { guild_name: 'Nobody Here', server: 'Ravencrest', region: 'EU' });
    const job = await sync(guildId);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('Battle.net has no guild "Nobody Here" on Ravencrest (EU): check the guild\'s name and realm');
    expect(await charactersOf(guildId)).toEqual([]);
    const runs = await admin.get<{ runs: DataSourceRun[] }>(`/api/admin/guilds/${guildId}/data-sources/runs`);
    expect(runs.body.runs).toMatchObject([{ sourceType: 'battlenet', status: 'failed', error: job.error }]);
  });

  it('fails with a clear message when Battle.net is down or too slow, leaving the data as it was', async () => {
    const { guildId } = await guildWithRoster('Unlucky Raiders', [
      rosterCharacter(301, 'Tyrande', RAVENCREST, { className: 'Priest' }),
    ]);
    bnet.apiFailureStatus = 503;
    const down = await sync(guildId).finally(() => {
      bnet.apiFailureStatus = null;
    });
    expect(down.status).toBe('failed');
    expect(down.error).toMatch(
      /^Battle\.net is unavailable: Battle\.net answered 503 for \/data\/wow\/guild\/ravencrest\/unlucky-raiders\/roster/,
    );
    bnet.apiDelayMs = 1000;
    const slow = await sync(guildId).finally(() => {
      bnet.apiDelayMs = 0;
    });
    expect(slow.status).toBe('failed');
    expect(slow.error).toMatch(/^Battle\.net is unavailable: .*400 ms/);
    expect(await charactersOf(guildId)).toEqual([]);
  });

  it('fails naming the credentials when Battle.net refuses them', async () => {
    const { guildId } = await guildWithRoster('Locked Raiders', [
      rosterCharacter(401, 'Malfurion', RAVENCREST, { className: 'Druid' }),
    ]);
    const secret = bnet.clientSecret;
    bnet.clientSecret = 'rotated-secret';
    bnet.expireAppTokens();
    const job = await sync(guildId).finally(() => {
      bnet.clientSecret = secret;
    });
    expect(job.status).toBe('failed');
    expect(job.error).toBe(DATA_SOURCE_MESSAGES.battlenetCredentialsRefused);
    expect(await charactersOf(guildId)).toEqual([]);
  });

  it('refuses a second sync of a guild while one runs (409)', async () => {
    const { guildId } = await guildWithRoster('Busy Raiders', [rosterCharacter(501, 'Uther', RAVENCREST)]);
    bnet.apiDelayMs = 300;
    try {
      const first = await admin.post(`/api/admin/guilds/${guildId}/data-sources/battlenet/sync`, {});
      expect(first.status).toBe(200);
      const second = await admin.post(`/api/admin/guilds/${guildId}/data-sources/battlenet/sync`, {});
      expect(second.status).toBe(409);
      expect(second.body.error).toBe(DATA_SOURCE_MESSAGES.rosterSyncRunning);
    } finally {
      bnet.apiDelayMs = 0;
    }
  });
});
