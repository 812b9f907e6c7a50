import { GAME_DATA_MESSAGES } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { BattlenetFake, rosterCharacter } from '../apps/server/test/fakes/battlenet-fake';
import { RaiderIoFake, raiderIoCharacter } from '../apps/server/test/fakes/raiderio-fake';
import { WarcraftLogsFake } from '../apps/server/test/fakes/warcraftlogs-fake';
import { WowAuditFake, wowAuditCharacter } from '../apps/server/test/fakes/wowaudit-fake';
import { ADMINS, PORTS } from './support/accounts';
import { runCli, startApp } from './support/app-server';
import { mainServerEnv, newAccount } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

test.use({ signedInAs: 'owner' });

// RCLootCouncil's CSV export as the addon writes it (Modules/History/lootHistory.lua, ExportCSV).
const CSV_HEADER =
  'player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner';
const line = (player: string, cls: string, time: string, item: string, itemId: number) =>
  `${player},2026/11/20,${time},1763665847-4,"[${item}]",${itemId},item:${itemId}::::::::80:104,Mainspec/Need,2,${cls},Nerub-ar Palace-Heroic,Sikran,15,2657,20,,,1,false,Plate,Chest,,Unknown`;
const EXPORT = [
  CSV_HEADER,
  line('Aeloria-ArgentDawn', 'PRIEST', '19:10:47', 'Crown of the Ancients, Gilded', 212001),
  line('Kaelthas-ArgentDawn', 'MAGE', '19:40:02', 'Staff of Embers', 212002),
  '',
].join('\r\n');

/** Counts the page's reads of a sync's job (GET …/sync/:jobId or …/syncs/:jobId) from now on. */
function readsOfSyncJobs(page: Page): () => number {
  let reads = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/syncs?\/[^/?]+$/.test(new URL(request.url()).pathname)) reads += 1;
  });
  return () => reads;
}

/**
 * A guild on a server started without demo data fills itself from its sources: the admin syncs its Battle.net roster
 * (the loopback fake's Profile API) and imports an RCLootCouncil export on the data view's Sources tab, and the
 * Characters and Loot tabs show what came in.
 */
test.describe('a guild filled from its sources', () => {
  const battlenet = new BattlenetFake();
  const raiderIo = new RaiderIoFake();
  const wowAudit = new WowAuditFake();
  const logs = new WarcraftLogsFake();
  const wowAuditKey = 'wa-emerald-wardens-0123456789';
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;
  let guildId = '';
  let serverEnv: Record<string, string> = {};

  test.beforeAll(async () => {
    await Promise.all([battlenet.start(), raiderIo.start(), wowAudit.start(), logs.start()]);
    raiderIo.guilds.push({
      region: 'eu',
      realm: 'Argent Dawn',
      name: 'Emerald Wardens',
      members: [
        raiderIoCharacter('Aeloria', 'Argent Dawn', { className: 'Priest', spec: 'Holy', role: 'HEALING', score: 3012.5 }),
        raiderIoCharacter('Brightwing', 'Argent Dawn', { className: 'Evoker', spec: 'Devastation', score: 2744 }),
      ],
    });
    wowAudit.teams.set(wowAuditKey, [
      wowAuditCharacter(1, 'Stonehelm', 'Argent Dawn', {
        class: 'Warrior',
        role: 'Tank',
        rank: 'Trial',
        blizzard_id: 7002,
      }),
    ]);
    const start = Date.parse('2026-11-20T19:00:00Z');
    logs.reports.push({
      code: 'eMeRaLdWaRdEnS01',
      title: 'Nerub-ar Palace Heroic',
      zone: 'Nerub-ar Palace',
      startTime: start,
      endTime: start + 3 * 3600_000,
      guild: { name: 'Emerald Wardens', serverSlug: 'argent-dawn', region: 'eu' },
      players: [
        { id: 1, name: 'Aeloria', server: 'ArgentDawn', subType: 'Priest', spec: 'Holy' },
        { id: 2, name: 'Stonehelm', server: 'ArgentDawn', subType: 'Warrior', spec: 'Protection' },
        { id: 3, name: 'Duskblade', server: 'ArgentDawn', subType: 'Rogue', spec: 'Assassination' },
      ],
      fights: [
        {
          id: 1,
          encounterID: 2902,
          name: 'Ulgrax the Devourer',
          kill: true,
          difficulty: 4,
          startTime: 600_000,
          endTime: 900_000,
          players: [1, 2, 3],
          parses: { 1: 88, 3: 64.5 },
        },
      ],
    });
    const realm = { slug: 'argent-dawn', name: 'Argent Dawn' };
    battlenet.guilds.push({
      region: 'eu',
      id: 501,
      name: 'Emerald Wardens',
      realm,
      members: [
        rosterCharacter(7001, 'Aeloria', realm, { className: 'Priest', spec: 'Holy', rank: 0 }),
        rosterCharacter(7002, 'Stonehelm', realm, { className: 'Warrior', spec: 'Protection' }),
      ],
    });
    databaseUrl = await createDatabase('guildhall_e2e_sources');
    const env = Object.fromEntries(Object.entries(mainServerEnv()).filter(([key]) => !key.startsWith('INFLUX_')));
    serverEnv = {
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `${env.REDIS_PREFIX}sources:`,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: `http://127.0.0.1:${PORTS.dataSources}`,
      BNET_CLIENT_ID: battlenet.clientId,
      BNET_CLIENT_SECRET: battlenet.clientSecret,
      BNET_OAUTH_BASE: battlenet.oauthBase,
      BNET_API_BASE: battlenet.apiBase,
      RAIDERIO_API_BASE: raiderIo.apiBase,
      RAIDERIO_REQUESTS_PER_MINUTE: '6000',
      WOWAUDIT_API_BASE: wowAudit.apiBase,
      WCL_CLIENT_ID: logs.clientId,
      WCL_CLIENT_SECRET: logs.clientSecret,
      WCL_API_BASE: logs.apiBase,
      WCL_OAUTH_BASE: logs.oauthBase,
      CONFIG_SECRET_KEY: 'a'.repeat(64),
      JOB_POLL_MS: '100',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    };
    app = await startApp('data-sources', PORTS.dataSources, serverEnv);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO guilds (guild_name, server, region, discord_guild_id)
         VALUES ('Emerald Wardens', 'Argent Dawn', 'EU', '900000000000000501') RETURNING id`,
      );
      guildId = rows[0]!.id;
    } finally {
      await client.end();
    }
  });

  test.afterAll(async () => {
    await app?.stop();
    await Promise.all([battlenet.stop(), raiderIo.stop(), wowAudit.stop(), logs.stop()]);
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  test('the admin syncs the roster, imports the loot history, and the data view fills', async ({ page }) => {
    await page.goto(`${app.url}/admin/login`);
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/guilds/${guildId}/data?tab=sources`);
    const panel = page.getByTestId('guild-data-panel-sources');
    await expect(panel.getByTestId('roster-last-run')).toHaveText('The roster has not been synced yet.');

    const jobReads = readsOfSyncJobs(page);
    await panel.getByRole('button', { name: 'Sync roster' }).click();
    await expect(panel.getByTestId('roster-last-run')).toHaveText('Roster synced just now: 2 new');
    // The job's steps and its end came over the live connection: the page read the job once, when it started.
    expect(jobReads()).toBeLessThanOrEqual(1);

    // A large file shows how much of it has gone while it uploads: the export with 600 KB of the empty rows a
    // spreadsheet saves after it (commas only, read past), over an upload slowed to 200 KB/s.
    const network = await page.context().newCDPSession(page);
    const uploadAt = (bytesPerSecond: number) =>
      network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await network.send('Network.enable');
    await uploadAt(200 * 1024);
    await panel.getByLabel('Choose export file').setInputFiles({
      name: 'history.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(EXPORT + `${','.repeat(22)}\r\n`.repeat(25_600)),
    });
    const uploading = panel.getByTestId('loot-import-upload');
    await expect(uploading.getByRole('progressbar', { name: 'Uploading the export' })).toBeVisible();
    await expect(uploading).toContainText(/\d+% · .* of 600(\.\d+)? KB/);
    const preview = panel.getByTestId('loot-import-preview');
    await expect(preview.getByTestId('loot-import-counts')).toHaveText(
      'history.csv: 2 lines, 2 new loot entries, 0 already imported, 0 rejected; 1 new characters.',
    );
    await expect(uploading).toHaveCount(0);
    await uploadAt(-1);
    await expect(preview.getByTestId('loot-import-items')).toContainText('Crown of the Ancients, Gilded');
    await reviewShot(page, 'guild-data-sources-preview');
    await expectAccessible(page, 'Guild data Sources tab with an import preview');
    await preview.getByRole('button', { name: 'Apply import (2 new)' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Imported 2 loot entries; 1 new character, 0 updated' }),
    ).toBeVisible();
    await expect(panel.getByTestId('source-runs')).toContainText('history.csv');
    await expect(panel.getByTestId('source-runs')).toContainText('Battle.net');
    // One Aeloria, seen by both sources; Stonehelm by the roster only.
    const sourced = panel.getByTestId('sourced-characters');
    await expect(sourced.getByRole('row').filter({ hasText: 'Aeloria' })).toContainText('Battle.net ×1');
    await expect(sourced.getByRole('row').filter({ hasText: 'Aeloria' })).toContainText('RCLootCouncil ×1');
    await expect(sourced.getByRole('row').filter({ hasText: 'Stonehelm' })).not.toContainText('RCLootCouncil');

    // The rest of the data view shows what the sources wrote: Aeloria once (roster and loot merged), Kaelthas, Stonehelm.
    await page.getByRole('tab', { name: 'Characters' }).click();
    const characters = page.getByTestId('guild-data-characters');
    await expect(characters).toContainText('Aeloria');
    await expect(characters).toContainText('Kaelthas');
    await expect(characters).toContainText('Stonehelm');
    await expect(characters.getByRole('row')).toHaveCount(4);
    await page.getByRole('tab', { name: 'Loot Entries' }).click();
    await expect(page.getByTestId('guild-loot-recent-list')).toContainText('Staff of Embers');
  });

  test('the admin connects Raider.IO, WoWAudit and Warcraft Logs, and the characters show each source', async ({ page }) => {
    await page.goto(`${app.url}/admin/login`);
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/guilds/${guildId}/data?tab=sources`);
    const panel = page.getByTestId('guild-data-panel-sources');

    const raiderIoPanel = panel.getByTestId('raiderio-sync');
    await raiderIoPanel.getByRole('button', { name: 'Sync Raider.IO' }).click();
    await expect(raiderIoPanel.getByTestId('raiderio-last-run')).toHaveText(
      /^Raider\.IO synced just now: (1 new, 1 changed|2 new)$/,
    );

    const wowAuditPanel = panel.getByTestId('wowaudit-sync');
    await expect(wowAuditPanel.getByTestId('wowaudit-key-state')).toHaveText('No key saved.');
    await expect(wowAuditPanel.getByRole('button', { name: 'Sync WoWAudit' })).toBeDisabled();
    await wowAuditPanel.getByLabel('API key').fill(wowAuditKey);
    await wowAuditPanel.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'WoWAudit key saved' })).toBeVisible();
    await expect(wowAuditPanel.getByTestId('wowaudit-key-state')).toContainText('Key saved by');
    // Write-only: the field is empty again and the page never holds the key.
    await expect(wowAuditPanel.getByLabel('Replace the API key')).toHaveValue('');
    expect(await page.content()).not.toContain(wowAuditKey);
    await wowAuditPanel.getByRole('button', { name: 'Sync WoWAudit' }).click();
    await expect(wowAuditPanel.getByTestId('wowaudit-last-run')).toHaveText(/^WoWAudit synced just now: /);

    const logsPanel = panel.getByTestId('warcraftlogs-import');
    await logsPanel.getByLabel('Report link or code').fill('https://example.org/reports/nope');
    await expect(logsPanel.getByRole('alert')).toHaveText(GAME_DATA_MESSAGES.reportInvalid);
    await logsPanel.getByLabel('Report link or code').fill('https://www.warcraftlogs.com/reports/eMeRaLdWaRdEnS01#fight=1');
    await logsPanel.getByRole('button', { name: 'Import report' }).click();
    await expect(logsPanel.getByTestId('warcraftlogs-last-run')).toHaveText(/^Logs imported just now: .*1 fight$/);
    await reviewShot(page, 'guild-data-sources-connected');
    await expectAccessible(page, 'Guild data Sources tab with every source connected');

    const sourced = panel.getByTestId('sourced-characters');
    await expect(sourced.getByRole('row').filter({ hasText: 'Aeloria' })).toContainText('Raider.IO ×1');
    await expect(sourced.getByRole('row').filter({ hasText: 'Aeloria' })).toContainText('Warcraft Logs ×1');
    await expect(sourced.getByRole('row').filter({ hasText: 'Stonehelm' })).toContainText('WoWAudit ×1');
    // WoWAudit's team rank beside the in-game rank the Battle.net roster gave.
    await expect(sourced.getByRole('row').filter({ hasText: 'Stonehelm' })).toContainText(/\d · Trial/);
    await expect(sourced.getByRole('row').filter({ hasText: 'Duskblade' })).toContainText('Warcraft Logs ×1');
    // The report's raid night and its attendance are on the data view.
    await page.getByRole('tab', { name: 'Raid Events' }).click();
    await expect(page.getByTestId('guild-data-panel-raids')).toContainText('Nerub-ar Palace');

    // Character Discovery shows each character's sources as badges.
    await page.goto(`${app.url}/admin/character-discovery?guildId=${guildId}`);
    const stonehelm = page.getByTestId('character-card').filter({ hasText: 'Stonehelm' });
    await expect(stonehelm.getByTestId('character-sources')).toContainText('WoWAudit');
    await expect(stonehelm.getByTestId('character-sources')).toContainText('Warcraft Logs');
    await reviewShot(page, 'character-discovery-sources');
  });

  test("an officer syncs the guild's sources from the community side's Data sources page", async ({ browser }) => {
    const officer = newAccount('officer');
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    try {
      const registered = await page.request.post('/auth/register', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        data: officer,
      });
      expect(registered.ok(), await registered.text()).toBe(true);
      runCli(serverEnv, [
        'grant-guild-access',
        '--email',
        officer.email,
        '--guild',
        guildId,
        '--permissions',
        'guild.view,characters.manage',
      ]);
      await page.goto('/login');
      await page.getByLabel('Email').fill(officer.email);
      await page.getByLabel('Password', { exact: true }).fill(officer.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('link', { name: 'Data sources' }).first()).toBeVisible();
      await page.getByRole('link', { name: 'Data sources' }).first().click();
      const sources = page.getByTestId('data-sources-page');
      await expect(sources.getByRole('heading', { name: 'Data sources', level: 1 })).toBeVisible();
      const raiderIoPanel = sources.getByTestId('raiderio-sync');
      await expect(sources.getByTestId('source-runs')).toBeVisible();
      // The journeys run in any order: the admin's may have synced Raider.IO already.
      const raiderIoRuns = sources.getByTestId('source-runs').getByRole('row').filter({ hasText: 'Raider.IO' });
      const before = await raiderIoRuns.count();
      const jobReads = readsOfSyncJobs(page);
      await raiderIoPanel.getByRole('button', { name: 'Sync Raider.IO' }).click();
      await expect(raiderIoRuns).toHaveCount(before + 1);
      await expect(raiderIoPanel.getByTestId('raiderio-last-run')).toHaveText(/^Raider\.IO synced just now: /);
      // The officer's socket brought the job's end: one read of the job, when it started.
      expect(jobReads()).toBeLessThanOrEqual(1);
      await expect(raiderIoPanel.getByRole('button', { name: 'Sync Raider.IO' })).toBeEnabled();
      await expect(sources.getByTestId('sourced-characters')).toContainText('Brightwing');
      await reviewShot(page, 'community-data-sources');
      await expectAccessible(page, "The officers' Data sources page");
    } finally {
      await context.close();
    }
  });
});
