import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  COMMUNITY_MESSAGES,
  DATA_SOURCE_MESSAGES,
  type DataSourceRun,
  GAME_DATA_MESSAGES,
  type LootImportPreview,
  type SourceConnections,
  type SourcedCharacter,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

// RCLootCouncil's export headers and lines as its ExportCSV and ExportTSV write them (Modules/History/lootHistory.lua).
const CSV_HEADER =
  'player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner';
const csvLine = (player: string, cls: string, time: string, item: string, itemId: number, boss = 'Ulgrax the Devourer') =>
  `${player},2026/11/20,${time},1763665847-4,"[${item}]",${itemId},item:${itemId}::::::::80:104::3:3:4798:1477:4786,Mainspec/Need,2,${cls},Nerub-ar Palace-Heroic,${boss},15,2657,20,,,1,false,Plate,Chest,,Unknown`;
const TSV_HEADER =
  'player\tdate\ttime\titem\titemID\titemString\tresponse\tvotes\tclass\tinstance\tboss\tgear1\tgear2\tresponseID\tisAwardReason\trollType\tsubType\tequipLoc\tnote\towner';
const tsvLine = (player: string, cls: string, time: string, item: string, itemId: number) =>
  `${player}\t2026/11/21\t${time}\t=HYPERLINK("https://www.wowhead.com/item=${itemId}","[${item}]")\t${itemId}\titem:${itemId}::::::::80:104\tOffspec\t0\t${cls}\tNerub-ar Palace-Mythic\tQueen Ansurek\t\t\t2\tfalse\tnormal\tCloth\tBack\t\tUnknown`;

const CSV_EXPORT = [
  CSV_HEADER,
  csvLine('Thrall-Ravencrest', 'SHAMAN', '19:10:47', 'Crown of the Ancients, Gilded', 212001),
  csvLine('Thrall-Ravencrest', 'SHAMAN', '19:40:02', 'Hammer of Storms', 212002, 'Sikran'),
  csvLine('Вася-Гордунни', 'DEATHKNIGHT', '20:01:13', 'Silken Wraps', 212003, 'Sikran'),
  '',
].join('\r\n');

let environment: TestEnvironment;
let server: TestApp;
let admin: HttpClient;
let guildId: string;
const discord = new DiscordFake();

beforeAll(async () => {
  await discord.start();
  environment = await createTestEnvironment({
    DISCORD_CLIENT_ID: discord.clientId,
    DISCORD_CLIENT_SECRET: discord.clientSecret,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_BASE: discord.baseUrl,
    // Nothing listens there: a Raider.IO sync started here fails at once instead of calling the real service.
    RAIDERIO_API_BASE: 'http://127.0.0.1:9/api/v1',
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  admin = new HttpClient(server.url);
  await admin.signIn(OWNER.username, OWNER.password);
  guildId = await insertGuild(server.app, { guild_name: 'Loot Council', server: 'Ravencrest', region: 'EU' });
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await discord.stop();
});

const base = () => `/api/admin/guilds/${guildId}/data-sources`;
type PreviewAnswer = LootImportPreview & { error?: string; fields?: Record<string, string> };
type ApplyAnswer = { run: DataSourceRun; message: string; error?: string; fields?: Record<string, string> };
/** The file itself as the body, as the web app sends it. */
const fileBody = (content: string) => ({ rawBody: content, headers: { 'content-type': 'text/csv' } });
const preview = (content: string, fileName = 'history.csv') =>
  admin.post<PreviewAnswer>(
    `${base()}/loot-import/preview?fileName=${encodeURIComponent(fileName)}`,
    undefined,
    fileBody(content),
  );
const apply = (content: string, fileName = 'history.csv') =>
  admin.post<ApplyAnswer>(`${base()}/loot-import/apply?fileName=${encodeURIComponent(fileName)}`, undefined, fileBody(content));
/** Rows a request left in the staging table (none: each request drops its own). */
const stagedRows = async () => (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM loot_import_rows'))[0]!.n;
const characters = async () =>
  (await admin.get<{ characters: SourcedCharacter[] }>(`${base()}/characters?limit=100`)).body.characters;
const rowCounts = async () => {
  const [row] = await sql<{ characters: number; loot: number; sources: number; runs: number }>(
    server.app,
    `SELECT (SELECT count(*)::int FROM characters WHERE guild_id = $1) AS characters,
            (SELECT count(*)::int FROM loot_entries WHERE guild_id = $1) AS loot,
            (SELECT count(*)::int FROM character_sources s JOIN characters c ON c.id = s.character_id WHERE c.guild_id = $1) AS sources,
            (SELECT count(*)::int FROM data_source_runs WHERE guild_id = $1) AS runs`,
    [guildId],
  );
  return row!;
};

describe('an RCLootCouncil import', () => {
  it('previews what the export would add, writing nothing', async () => {
    const answer = await preview(CSV_EXPORT);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      format: 'csv',
      rows: 3,
      loot: { new: 3, unchanged: 0, rejected: 0 },
      characters: { new: 2, changed: 0, unchanged: 0 },
    });
    expect(answer.body.items.map((item) => [item.line, item.player, item.item, item.status])).toEqual([
      [2, 'Thrall-Ravencrest', 'Crown of the Ancients, Gilded', 'new'],
      [3, 'Thrall-Ravencrest', 'Hammer of Storms', 'new'],
      [4, 'Вася-Гордунни', 'Silken Wraps', 'new'],
    ]);
    expect(await rowCounts()).toEqual({ characters: 0, loot: 0, sources: 0, runs: 0 });
  });

  it('applies in one go: loot with response and boss, characters with the loot_import source, a run and an audit', async () => {
    const answer = await apply(CSV_EXPORT);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe('Imported 3 loot entries; 2 new characters, 0 updated');
    expect(answer.body.run).toMatchObject({ sourceType: 'loot_import', status: 'succeeded', subject: 'history.csv' });
    expect(answer.body.run.outcome).toBe('2 new, 3 loot');
    const loot = await sql<{ character_name: string; item_name: string; response: string; boss: string; difficulty: string }>(
      server.app,
      'SELECT character_name, item_name, response, boss, difficulty FROM loot_entries WHERE guild_id = $1 ORDER BY awarded_at',
      [guildId],
    );
    expect(loot).toEqual([
      {
        character_name: 'Thrall',
        item_name: 'Crown of the Ancients, Gilded',
        response: 'Mainspec/Need',
        boss: 'Ulgrax the Devourer',
        difficulty: 'Heroic',
      },
      {
        character_name: 'Thrall',
        item_name: 'Hammer of Storms',
        response: 'Mainspec/Need',
        boss: 'Sikran',
        difficulty: 'Heroic',
      },
      { character_name: 'Вася', item_name: 'Silken Wraps', response: 'Mainspec/Need', boss: 'Sikran', difficulty: 'Heroic' },
    ]);
    const thrall = (await characters()).find((c) => c.name === 'Thrall')!;
    expect(thrall).toMatchObject({ realm: 'Ravencrest', class: 'Shaman', lastActivityDate: '2026-11-20T19:40:02.000Z' });
    expect(thrall.sources).toMatchObject([{ sourceType: 'loot_import', occurrenceCount: 2 }]);
    const [audit] = await sql<{ action: string; details: { loot: number } }>(
      server.app,
      `SELECT action, details FROM audit_log WHERE action = 'guild.loot_imported' AND target_id = $1`,
      [guildId],
    );
    expect(audit!.details.loot).toBe(3);
  });

  it('changes nothing when the same export is applied again', async () => {
    const before = await rowCounts();
    const [stamp] = await sql<{ updated: string }>(
      server.app,
      'SELECT max(updated_at)::text AS updated FROM characters WHERE guild_id = $1',
      [guildId],
    );
    const again = await preview(CSV_EXPORT);
    expect(again.body.loot).toMatchObject({ new: 0, unchanged: 3 });
    expect(again.body.characters).toMatchObject({ new: 0, unchanged: 2 });
    const applied = await apply(CSV_EXPORT);
    expect(applied.status).toBe(200);
    expect(applied.body.run.outcome).toBe('no changes');
    expect(await rowCounts()).toEqual({ ...before, runs: before.runs + 1 });
    const [after] = await sql<{ updated: string }>(
      server.app,
      'SELECT max(updated_at)::text AS updated FROM characters WHERE guild_id = $1',
      [guildId],
    );
    expect(after!.updated).toBe(stamp!.updated);
    expect((await characters()).find((c) => c.name === 'Thrall')!.sources[0]!.occurrenceCount).toBe(2);
  });

  it('reads the TSV export too and merges its players into the same characters', async () => {
    const tsv = [TSV_HEADER, tsvLine('Thrall-Ravencrest', 'SHAMAN', '21:00:00', 'Cloak of Tides', 212010), ''].join('\r\n');
    const answer = await apply(tsv, 'history.tsv');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.run.counts).toMatchObject({ new: 0, unchanged: 1, loot: 1 });
    const thrall = (await characters()).filter((c) => c.name === 'Thrall');
    expect(thrall).toHaveLength(1);
    expect(thrall[0]!.sources[0]).toMatchObject({ sourceType: 'loot_import', occurrenceCount: 3 });
  });

  it('makes one character of two spellings of its realm in one file', async () => {
    const file = [
      CSV_HEADER,
      csvLine('Liadrin-ArgentDawn', 'PALADIN', '19:00:00', 'Blade', 212030),
      csvLine('Liadrin-Argent Dawn', 'PALADIN', '19:30:00', 'Shield', 212031),
    ].join('\n');
    expect((await preview(file)).body.characters).toMatchObject({ new: 1 });
    const applied = await apply(file);
    expect(applied.body.run.counts).toMatchObject({ new: 1, loot: 2 });
    const liadrin = (await characters()).filter((c) => c.name === 'Liadrin');
    expect(liadrin).toHaveLength(1);
    expect(liadrin[0]!.sources[0]!.occurrenceCount).toBe(2);
  });

  it('shows a second class for a known name as a conflict, and keeps the class', async () => {
    const answer = await preview([CSV_HEADER, csvLine('Thrall-Ravencrest', 'WARRIOR', '22:00:00', 'Axe', 212011)].join('\n'));
    expect(answer.body.conflicts).toEqual([
      {
        character: 'Thrall-Ravencrest',
        message: 'Thrall-Ravencrest is a Shaman here, but this source says Warrior: the class was kept',
      },
    ]);
  });

  it('refuses a file that is not an export, and one with columns missing, naming them', async () => {
    const notExport = await preview('date,amount,description\n2026-01-01,5,coffee\n', 'bank.csv');
    expect(notExport.status).toBe(400);
    expect(notExport.body.error).toBe(DATA_SOURCE_MESSAGES.notAnExport);
    const missing = await preview(`${CSV_HEADER.replace(',response', '').replace(',boss', '')}\n`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('The export is missing these columns: response, boss');
    expect((await preview('')).body.error).toBe(DATA_SOURCE_MESSAGES.emptyFile);
  });

  it('names a bad line and its reason, and applies nothing from a file that has one', async () => {
    const before = await rowCounts();
    const file = [
      CSV_HEADER,
      csvLine('Jaina-Ravencrest', 'MAGE', '19:00:00', 'Staff', 212020),
      csvLine('Anduin-Ravencrest', 'PRIEST', '25:99:00', 'Robe', 212021),
    ].join('\n');
    const shown = await preview(file);
    expect(shown.status).toBe(200);
    expect(shown.body.rejected).toEqual([
      {
        line: 3,
        reason: 'the time "25:99:00" is not a time (hh:mm:ss)',
        message: 'Line 3: the time "25:99:00" is not a time (hh:mm:ss)',
      },
    ]);
    expect(shown.body.items.map((item) => item.status)).toEqual(['new', 'rejected']);
    const refused = await apply(file);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(DATA_SOURCE_MESSAGES.importRefused);
    expect(refused.body.fields).toEqual({ 'line 3': 'the time "25:99:00" is not a time (hh:mm:ss)' });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a file past the size limit with its message, announced or found out as it streams in', async () => {
    const before = await rowCounts();
    const line = csvLine('Jaina-Ravencrest', 'MAGE', '19:00:00', 'x'.repeat(1000), 212020);
    const huge = [CSV_HEADER, ...Array.from({ length: 21_000 }, () => line)].join('\n');
    const answer = await preview(huge);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe(DATA_SOURCE_MESSAGES.fileTooLarge);
    // Without a Content-Length (chunked, as a stream is sent) the limit is counted as the bytes arrive.
    const streamed = await chunkedUpload(`${base()}/loot-import/apply?fileName=huge.csv`, huge);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text).error).toBe(DATA_SOURCE_MESSAGES.fileTooLarge);
    expect(await rowCounts()).toEqual(before);
    expect(await stagedRows()).toBe(0);
  });

  it('takes the export as JSON too, and leaves nothing staged after any request', async () => {
    const file = [
      CSV_HEADER,
      csvLine('Thrall-Ravencrest', 'SHAMAN', '19:10:47', 'Crown of the Ancients, Gilded', 212001),
      '',
    ].join('\n');
    const answer = await admin.post<PreviewAnswer>(`${base()}/loot-import/preview`, { fileName: 'history.csv', content: file });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.loot).toMatchObject({ new: 0, unchanged: 1 });
    expect(await stagedRows()).toBe(0);
  });
});

/** A POST whose body is sent in chunks without a Content-Length, as a browser streams a file. */
function chunkedUpload(path: string, content: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, server.url),
      {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          'transfer-encoding': 'chunked',
          'x-requested-with': 'XMLHttpRequest',
          cookie: admin.cookieHeader(),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    // The server may answer before it has read everything: what it did not read is not an error here.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    const bytes = Buffer.from(content);
    for (let at = 0; at < bytes.length; at += 64 * 1024) req.write(bytes.subarray(at, at + 64 * 1024));
    req.end();
  });
}

describe('characters by hand', () => {
  it('lets an admin add, edit and retire a character, source manual, each step audited', async () => {
    const added = await admin.post<{ character: SourcedCharacter }>(`${base()}/characters`, {
      name: 'Sylvanas',
      realm: 'Ravencrest',
      class: 'Hunter',
      level: 80,
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.character).toMatchObject({
      name: 'Sylvanas',
      class: 'Hunter',
      sources: [{ sourceType: 'manual', occurrenceCount: 1 }],
    });
    const id = added.body.character.id;
    const duplicate = await admin.post(`${base()}/characters`, { name: 'sylvanas', realm: 'ravencrest', class: 'Hunter' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe(DATA_SOURCE_MESSAGES.characterExists);
    const edited = await admin.request<{ character: SourcedCharacter }>('PATCH', `${base()}/characters/${id}`, {
      body: { spec: 'Marksmanship', itemLevel: 615.5 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.character).toMatchObject({ spec: 'Marksmanship', itemLevel: 615.5, retiredAt: null });
    const retired = await admin.post<{ character: SourcedCharacter }>(`${base()}/characters/${id}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body.character.retiredAt).not.toBeNull();
    const actions = await sql<{ action: string }>(
      server.app,
      `SELECT action FROM audit_log WHERE target_type = 'character' AND target_id = $1 ORDER BY id`,
      [id],
    );
    expect(actions.map((row) => row.action)).toEqual(['character.added', 'character.edited', 'character.retired']);
  });
});

describe('the community side', () => {
  const SERVER_ID = '640000000000000301';
  const user = (n: number, name: string): FakeDiscordUser => ({
    id: `65000000000000030${n}`,
    username: name,
    global_name: name,
    avatar: null,
  });
  const officer = user(1, 'officer');
  const member = user(2, 'member');

  it('lets an officer with characters.manage add a character and refuses a member without it (403)', async () => {
    discord.addGuild(
      officer,
      { id: SERVER_ID, name: 'Community Raiders', icon: null, owner: true, permissions: '1024' },
      { withBot: true },
    );
    discord.addGuild(
      member,
      { id: SERVER_ID, name: 'Community Raiders', icon: null, owner: false, permissions: '3072' },
      { withBot: true },
    );
    const asOfficer = await signInWithDiscord(discord, server.url, officer);
    const asMember = await signInWithDiscord(discord, server.url, member);
    const inGuild = { headers: { 'X-Guild-ID': SERVER_ID } };
    const body = { name: 'Varian', realm: 'Ravencrest', class: 'Warrior' };
    const refused = await asMember.request('POST', '/api/guild/data-sources/characters', { ...inGuild, body });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(COMMUNITY_MESSAGES.guildPermissionDenied);
    const refusedImport = await asMember.request('POST', '/api/guild/data-sources/loot-import/apply', {
      ...inGuild,
      body: { content: CSV_EXPORT },
    });
    expect(refusedImport.status).toBe(403);
    const added = await asOfficer.request<{ character: SourcedCharacter }>('POST', '/api/guild/data-sources/characters', {
      ...inGuild,
      body,
    });
    expect(added.status, added.text).toBe(200);
    const [audit] = await sql<{ actor_type: string; actor_name: string }>(
      server.app,
      `SELECT actor_type, actor_name FROM audit_log WHERE action = 'character.added' AND target_id = $1`,
      [added.body.character.id],
    );
    expect(audit).toEqual({ actor_type: 'user', actor_name: 'officer' });
    // This server has no Battle.net client: a roster sync is refused with why, for an officer; a member is refused first.
    const sync = await asOfficer.request('POST', '/api/guild/data-sources/battlenet/sync', { ...inGuild, body: {} });
    expect(sync.status).toBe(503);
    expect(sync.body.error).toBe(DATA_SOURCE_MESSAGES.battlenetNotConfigured);
    expect((await asMember.request('POST', '/api/guild/data-sources/battlenet/sync', { ...inGuild, body: {} })).status).toBe(403);
    const runs = await asOfficer.request<{ runs: DataSourceRun[] }>('GET', '/api/guild/data-sources/runs', inGuild);
    expect(runs.body.runs.map((run) => run.sourceType)).toEqual(['manual']);

    // Raider.IO, WoWAudit and Warcraft Logs: the same guard on every call; a member is refused before anything runs.
    for (const [method, path, callBody] of [
      ['GET', '/api/guild/data-sources/connections', undefined],
      ['PUT', '/api/guild/data-sources/wowaudit/key', { key: 'a-member-should-not-set-this' }],
      ['DELETE', '/api/guild/data-sources/wowaudit/key', undefined],
      ['POST', '/api/guild/data-sources/wowaudit/sync', {}],
      ['POST', '/api/guild/data-sources/raiderio/sync', {}],
      ['POST', '/api/guild/data-sources/warcraftlogs/import', { latest: 1 }],
      ['GET', `/api/guild/data-sources/syncs/${randomUUID()}`, undefined],
    ] as const) {
      const answer = await asMember.request(method, path, { ...inGuild, body: callBody });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect(await sql(server.app, 'SELECT 1 FROM guild_source_keys')).toEqual([]);
    // This server has no CONFIG_SECRET_KEY and no Warcraft Logs client: the officer is told so, and nothing is stored.
    const connections = await asOfficer.request<{ connections: SourceConnections }>(
      'GET',
      '/api/guild/data-sources/connections',
      inGuild,
    );
    expect(connections.body.connections).toMatchObject({
      wowaudit: { hasKey: false, canStoreKeys: false },
      combat_log: { isConfigured: false },
    });
    const key = await asOfficer.request('PUT', '/api/guild/data-sources/wowaudit/key', { ...inGuild, body: { key: 'k-123' } });
    expect(key.status).toBe(400);
    expect((key.body.fields as Record<string, string>).key).toBe(GAME_DATA_MESSAGES.secretKeyMissing);
    const logs = await asOfficer.request('POST', '/api/guild/data-sources/warcraftlogs/import', {
      ...inGuild,
      body: { latest: 1 },
    });
    expect(logs.status).toBe(503);
    expect(logs.body.error).toBe(GAME_DATA_MESSAGES.warcraftLogsNotConfigured);
    // A sync of another guild is not found from this one.
    const elsewhere = await insertGuild(server.app, { guild_name: 'Elsewhere', server: 'Ravencrest', region: 'EU' });
    const foreign = await admin.post<{ job: { id: string } }>(`/api/admin/guilds/${elsewhere}/data-sources/raiderio/sync`, {});
    expect(foreign.status, foreign.text).toBe(200);
    const peek = await asOfficer.request('GET', `/api/guild/data-sources/syncs/${foreign.body.job.id}`, inGuild);
    expect(peek.status).toBe(404);
  });
});
