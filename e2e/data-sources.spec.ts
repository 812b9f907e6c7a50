import pg from 'pg';
import { BattlenetFake, rosterCharacter } from '../apps/server/test/fakes/battlenet-fake';
import { ADMINS, PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
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

/**
 * A guild on a server started without demo data fills itself from its sources: the admin syncs its Battle.net roster
 * (the loopback fake's Profile API) and imports an RCLootCouncil export on the data view's Sources tab, and the
 * Characters and Loot tabs show what came in.
 */
test.describe('a guild filled from its sources', () => {
  const battlenet = new BattlenetFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;
  let guildId = '';

  test.beforeAll(async () => {
    await battlenet.start();
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
    app = await startApp('data-sources', PORTS.dataSources, {
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `${env.REDIS_PREFIX}sources:`,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: `http://127.0.0.1:${PORTS.dataSources}`,
      BNET_CLIENT_ID: battlenet.clientId,
      BNET_CLIENT_SECRET: battlenet.clientSecret,
      BNET_OAUTH_BASE: battlenet.oauthBase,
      BNET_API_BASE: battlenet.apiBase,
      JOB_POLL_MS: '100',
    });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        "INSERT INTO guilds (guild_name, server, region) VALUES ('Emerald Wardens', 'Argent Dawn', 'EU') RETURNING id",
      );
      guildId = rows[0]!.id;
    } finally {
      await client.end();
    }
  });

  test.afterAll(async () => {
    await app?.stop();
    await battlenet.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  test('the admin syncs the roster, imports the loot history, and the data view fills', async ({ page }) => {
    await page.goto(`${app.url}/admin/login`);
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/guilds/${guildId}/data?tab=sources`);
    const panel = page.getByTestId('guild-data-panel-sources');
    await expect(panel.getByTestId('roster-last-run')).toHaveText('The roster has not been synced yet.');

    await panel.getByRole('button', { name: 'Sync roster' }).click();
    await expect(panel.getByTestId('roster-last-run')).toHaveText('Roster synced just now: 2 new');

    await panel
      .getByLabel('Choose export file')
      .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
    const preview = panel.getByTestId('loot-import-preview');
    await expect(preview.getByTestId('loot-import-counts')).toHaveText(
      'history.csv: 2 lines, 2 new loot entries, 0 already imported, 0 rejected; 1 new characters.',
    );
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
});
