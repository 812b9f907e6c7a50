import { DEFAULT_LOOT_RULES, LOOT_MESSAGES } from '@guildhall/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { activeGuilds, mainServerEnv } from './support/community';
import { memberOf } from './support/raids';
import { reviewShot } from './support/review-shot';
import { expect, test } from './support/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Gives the member a character of their own in the guild, as a member sync and a claim leave it: the account's Discord
 * id, its member row, the character and the link (there is no API a journey can drive for a Discord sign-in).
 */
async function claimCharacter(
  email: string,
  tenantId: string,
  name: string,
): Promise<{ discordGuildId: string; characterId: string }> {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    const discordId = `77${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 19);
    await client.query('UPDATE users SET discord_id = $2 WHERE lower(email) = lower($1)', [email, discordId]);
    const { rows: member } = await client.query<{ id: string }>(
      `INSERT INTO discord_members (guild_id, discord_user_id, username, joined_at) VALUES ($1, $2, $3, now()) RETURNING id`,
      [tenantId, discordId, name.toLowerCase()],
    );
    const { rows: character } = await client.query<{ id: string }>(
      `INSERT INTO characters (guild_id, name, realm, class, role, level) VALUES ($1, $2, 'Stormrage', 'Priest', 'healer', 80) RETURNING id`,
      [tenantId, name],
    );
    await client.query(
      `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type) VALUES ($1, $2, $3, true, 'claim')`,
      [tenantId, character[0]!.id, member[0]!.id],
    );
    const { rows: guild } = await client.query<{ discord_guild_id: string }>(
      'SELECT discord_guild_id FROM guilds WHERE id = $1',
      [tenantId],
    );
    return { discordGuildId: guild[0]!.discord_guild_id, characterId: character[0]!.id };
  } finally {
    await client.end();
  }
}

async function signInWithEmail(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('home-guild-name')).toBeVisible();
}

/**
 * A guild on DKP with an officer (loot.manage, raids.manage), a raider with a character of their own, and a raid the
 * raider signed up for with it, all through the API.
 */
async function lootGuild(request: APIRequestContext, guildIndex: number, region = 'US') {
  const guild = (await activeGuilds(request, region))[guildIndex]!;
  const officer = await memberOf(request, guild.id, 'lootlead', 'guild.view,loot.manage,raids.manage');
  const raider = await memberOf(request, guild.id, 'raider', 'guild.view');
  const characterName = `Thrall${Date.now().toString(36).slice(-5)}`;
  const { discordGuildId, characterId } = await claimCharacter(raider.account.email, guild.id, characterName);
  const as = (token: string) => ({ ...XHR, Authorization: `Bearer ${token}`, 'X-Guild-ID': discordGuildId });
  const officerHeaders = as(officer.accessToken);
  const settings = await request.put('/api/guild/loot/settings', {
    headers: officerHeaders,
    data: { system: 'DKP', rules: DEFAULT_LOOT_RULES, note: 'Journey' },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const raidName = `Loot night ${Date.now().toString(36)}`;
  const raid = await request.post('/api/guild/raids', {
    headers: officerHeaders,
    data: {
      name: raidName,
      instance: 'Manaforge Omega',
      difficulty: 'Heroic',
      startsAt: new Date(Date.now() + 36e5).toISOString(),
    },
  });
  expect(raid.ok(), await raid.text()).toBe(true);
  const { raid: created } = (await raid.json()) as { raid: { id: string } };
  const signup = await request.put(`/api/guild/raids/${created.id}/signup`, {
    headers: as(raider.accessToken),
    data: { status: 'accept', characterId, role: 'healer' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  return {
    tenantId: guild.id,
    officer,
    raider,
    officerHeaders,
    raiderHeaders: as(raider.accessToken),
    raidId: created.id,
    raidName,
    characterId,
    characterName,
  };
}

test('a member keeps a wishlist, reads an award with its note and sees the standings', async ({ page, request }) => {
  const data = await lootGuild(request, 3);
  const credited = await request.post(`/api/guild/loot/raids/${data.raidId}/credit`, {
    headers: data.officerHeaders,
    data: { bossesKilled: 0 },
  });
  expect(credited.ok(), await credited.text()).toBe(true);
  const award = await request.post('/api/guild/loot/awards', {
    headers: data.officerHeaders,
    data: {
      raidId: data.raidId,
      characterId: data.characterId,
      itemId: 237541,
      boss: 'Dimensius, the All-Devouring',
      response: 'bis',
      note: 'Best in slot for the healing set',
    },
  });
  expect(award.ok(), await award.text()).toBe(true);

  await signInWithEmail(page, data.raider.account);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Loot' }).click();
  await expect(page.getByRole('tab', { name: 'My loot' })).toHaveAttribute('aria-selected', 'true');
  // 10 DKP for the raid, 20 for the chest.
  await expect(page.getByTestId('my-standing')).toContainText('-10');
  const received = page.getByTestId('my-received');
  await expect(received).toContainText("Darksorrow's Corrupted Carapace");
  await expect(received).toContainText('Best in slot for the healing set');

  const wishlist = page.getByTestId('wishlist');
  await wishlist.getByRole('combobox', { name: 'Add an item' }).fill('Astral');
  await page.getByRole('option', { name: /Astral Antenna/ }).click();
  await wishlist.getByLabel('Note for Astral Antenna').fill('Two-set done, this is next');
  await wishlist.getByRole('button', { name: 'Save wishlist' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.wishlistSaved })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('wishlist-line')).toHaveCount(1);
  await expect(page.getByLabel('Note for Astral Antenna')).toHaveValue('Two-set done, this is next');
  await reviewShot(page, 'loot-member-mine');

  await page.getByRole('tab', { name: 'Standings' }).click();
  const row = page.getByTestId('loot-standings').getByRole('row').filter({ hasText: data.characterName });
  await expect(row).toContainText('-10');
  await reviewShot(page, 'loot-member-standings');
  await page.getByRole('tab', { name: 'Loot log' }).click();
  await expect(page.getByTestId('loot-log')).toContainText('Best in slot for the healing set');
  // Members read the raid's loot but record nothing.
  await page.getByRole('tab', { name: 'Raid loot' }).click();
  await expect(page.getByTestId('raid-awards')).toContainText(data.characterName);
  await expect(page.getByTestId('award-form')).toHaveCount(0);
});

test('an officer records awards from a raid, runs the council vote and corrects an entry', async ({ page, request }) => {
  const data = await lootGuild(request, 4);
  await signInWithEmail(page, data.officer.account);
  await page.goto(`/loot?tab=raids&raid=${data.raidId}`);
  await expect(page.getByTestId('raid-roster')).toContainText(data.characterName);
  await page.getByRole('button', { name: 'Credit the raid (DKP)' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.raidCredited(1) })).toBeVisible();

  const form = page.getByTestId('award-form');
  await form.getByLabel('Character').selectOption({ label: `${data.characterName} (Priest)` });
  await form.getByRole('combobox', { name: 'Item' }).fill('Carapace');
  await page.getByRole('option', { name: /Darksorrow's Corrupted Carapace/ }).click();
  await expect(form.getByLabel('Boss')).toHaveValue('Dimensius, the All-Devouring');
  await form.getByLabel('Response').selectOption({ label: 'BiS' });
  await form.getByLabel('Note members read').fill('Tank set first');
  await form.getByRole('button', { name: 'Record award' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.awardRecorded })).toBeVisible();
  await expect(page.getByTestId('raid-awards')).toContainText('Tank set first');

  // The council: the officer puts a trinket before it, the raider asks for it, the officer votes and awards.
  const open = page.getByTestId('council-open-form');
  await open.getByRole('combobox', { name: 'Item for the council' }).fill('Astral');
  await page.getByRole('option', { name: /Astral Antenna/ }).click();
  await open.getByRole('button', { name: 'Put before the council' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.councilOpened })).toBeVisible();
  const raidLoot = await request.get(`/api/guild/loot/raids/${data.raidId}`, { headers: data.raiderHeaders });
  const { loot } = (await raidLoot.json()) as { loot: { councilItems: { id: string }[] } };
  const asked = await request.put(`/api/guild/loot/council/${loot.councilItems[0]!.id}/request`, {
    headers: data.raiderHeaders,
    data: { characterId: data.characterId, response: 'upgrade', note: 'Big sim gain' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await page.reload();
  const request_ = page.getByTestId('council-request').filter({ hasText: data.characterName });
  await expect(request_).toContainText('Big sim gain');
  await expect(page.getByTestId('council-item-card')).toContainText('Nobody has this item on a wishlist.');
  await request_.getByLabel(`Reason or note for ${data.characterName}`).fill('Largest upgrade and full attendance');
  await request_.getByRole('button', { name: `Vote for ${data.characterName}` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.voteSaved })).toBeVisible();
  await expect(request_).toContainText('Largest upgrade and full attendance');
  await expect(request_).toContainText('Your vote');
  await reviewShot(page, 'loot-officer-council');
  await request_.getByRole('button', { name: `Award to ${data.characterName}` }).click();
  await expect(page.getByTestId('council-outcome')).toContainText(`Awarded to ${data.characterName}`);
  await reviewShot(page, 'loot-officer-raid');

  // A correction: a new entry with its reason, confirmed first.
  await page.getByRole('tab', { name: 'Corrections' }).click();
  const correction = page.getByTestId('correction-form');
  const characterOption = correction.getByLabel('Character').locator('option', { hasText: data.characterName });
  await correction.getByLabel('Character').selectOption((await characterOption.getAttribute('value'))!);
  await correction.getByLabel('DKP change').fill('5');
  await correction.getByLabel('Corrects the entry').selectOption({ index: 1 });
  await correction.getByLabel('Reason').fill('Chest was half price this week');
  await correction.getByRole('button', { name: 'Record correction' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record this correction?' });
  await expect(confirm).toContainText('+5 DKP');
  await page.getByTestId('correction-confirm-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.correctionRecorded })).toBeVisible();
  await reviewShot(page, 'loot-officer-corrections');
  await page.getByRole('tab', { name: 'Loot log' }).click();
  await expect(page.getByTestId('loot-log').getByRole('row').nth(1)).toContainText('Chest was half price this week');
});

test("an officer changes the loot system's values and sees the standings computed again", async ({ page, request }) => {
  const data = await lootGuild(request, 1, 'KR');
  const epgp = await request.put('/api/guild/loot/settings', {
    headers: data.officerHeaders,
    data: { system: 'EPGP', rules: DEFAULT_LOOT_RULES, note: 'EPGP this tier' },
  });
  expect(epgp.ok(), await epgp.text()).toBe(true);
  const credited = await request.post(`/api/guild/loot/raids/${data.raidId}/credit`, {
    headers: data.officerHeaders,
    data: { bossesKilled: 0 },
  });
  expect(credited.ok(), await credited.text()).toBe(true);

  await signInWithEmail(page, data.officer.account);
  await page.goto('/loot?tab=standings');
  const row = page.getByTestId('loot-standings').getByRole('row').filter({ hasText: data.characterName });
  // 100 EP over the base GP of 100.
  await expect(row).toContainText('1.0000');

  await page.getByRole('tab', { name: 'Settings' }).click();
  const form = page.getByTestId('loot-settings-form');
  await expect(form.getByLabel('Loot system')).toHaveValue('EPGP');
  await form.getByLabel('Base GP').fill('400');
  await form.getByLabel('Points for full attendance').fill('60');
  await form.getByLabel('Note for the history').fill('Base GP up for the new tier');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Save these loot settings?' })).toContainText('EPGP, version');
  await page.getByTestId('loot-settings-confirm-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.rulesSaved })).toBeVisible();
  const newest = page.getByTestId('loot-settings-history').getByRole('row').nth(1);
  await expect(newest).toContainText('Base GP up for the new tier');
  await expect(newest).toContainText('base GP 400');
  await expect(newest).toContainText('weighting 60 for attendance');
  await reviewShot(page, 'loot-officer-settings');

  await page.getByRole('tab', { name: 'Standings' }).click();
  // The same ledger over the new base: 100 / 400.
  await expect(row).toContainText('0.2500');
  await expect(row).toContainText('400');
});

/** RCLootCouncil lines as the data sources import writes them (source rclootcouncil), `minutes` after now. */
async function importedLines(
  tenantId: string,
  lines: { characterId: string; name: string; itemId: number; item: string; boss: string; minutes: number }[],
) {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    for (const [n, line] of lines.entries()) {
      await client.query(
        `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, response, awarded_at,
                                   source, source_key)
         VALUES ($1, $2, $3, $4, $5, $6, 'bis', now() + make_interval(mins => $7), 'rclootcouncil', $8)`,
        [tenantId, line.characterId, line.name, line.itemId, line.item, line.boss, line.minutes, `journey-${Date.now()}-${n}`],
      );
    }
  } finally {
    await client.end();
  }
}

test('an officer records the awards of an RCLootCouncil import in bulk', async ({ page, request }) => {
  const data = await lootGuild(request, 2, 'KR');
  const stranger = await claimCharacter(
    (await memberOf(request, data.tenantId, 'benchwarmer', 'guild.view')).account.email,
    data.tenantId,
    `Away${Date.now().toString(36).slice(-5)}`,
  );
  const arcanocore = { itemId: 242394, item: 'Eradicating Arcanocore', boss: 'Plexus Sentinel' };
  await importedLines(data.tenantId, [
    { characterId: data.characterId, name: data.characterName, ...arcanocore, minutes: 80 },
    { characterId: data.characterId, name: data.characterName, ...arcanocore, minutes: 81 },
    {
      characterId: stranger.characterId,
      name: 'Away',
      itemId: 237553,
      item: 'Ward of the Weaving-Beast',
      boss: "Loom'ithar",
      minutes: 95,
    },
  ]);

  await signInWithEmail(page, data.officer.account);
  await page.goto(`/loot?tab=raids&raid=${data.raidId}`);
  await page.getByRole('button', { name: 'Preview awards from the import' }).click();
  const lines = page.getByTestId('import-awards');
  await expect(page.getByTestId('import-counts')).toHaveText('1 new, 0 already awarded, 2 refused.');
  await expect(lines.getByRole('row').filter({ hasText: 'Ward of the Weaving-Beast' })).toContainText(LOOT_MESSAGES.notInRaid);
  await expect(lines).toContainText(LOOT_MESSAGES.importDuplicate);
  await reviewShot(page, 'loot-officer-import');
  await page.getByRole('button', { name: 'Record 1 award' }).click();
  await page.getByTestId('import-awards-confirm-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: LOOT_MESSAGES.importAwarded(1) })).toBeVisible();
  await expect(page.getByTestId('import-counts')).toHaveText('0 new, 1 already awarded, 2 refused.');
  const award = page.getByTestId('raid-awards').getByRole('row').filter({ hasText: 'Eradicating Arcanocore' });
  await expect(award).toContainText('30 DKP');
  await expect(page.getByRole('button', { name: /^Record \d+ award/ })).toHaveCount(0);
});

test('a member sees an award arrive on the open loot page, without reloading', async ({ page, request }) => {
  const data = await lootGuild(request, 3, 'KR');
  await signInWithEmail(page, data.raider.account);
  await page.goto(`/loot?tab=raids&raid=${data.raidId}`);
  await expect(page.getByTestId('raid-roster')).toContainText(data.characterName);
  await expect(page.getByTestId('raid-awards')).toHaveCount(0);
  const award = await request.post('/api/guild/loot/awards', {
    headers: data.officerHeaders,
    data: {
      raidId: data.raidId,
      characterId: data.characterId,
      itemId: 237553,
      boss: "Loom'ithar",
      note: 'Cloak for the healer',
    },
  });
  expect(award.ok(), await award.text()).toBe(true);
  await expect(page.getByTestId('raid-awards')).toContainText('Cloak for the healer', { timeout: 3000 });
});
