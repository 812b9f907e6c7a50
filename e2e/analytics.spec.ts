import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { mainServerEnv } from './support/community';
import { parseCsv } from './support/csv';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

// A guild of this spec's own beside the demo data, with figures counted by hand: 3 characters, 2 raids in the last
// two days (5 attendances, 4 came), 3 items, so the guild filter and the guild page show exact numbers.
const GUILD = `E2E Analytics ${Date.now().toString(36)}`;
let guildId = '';

const shot = (page: Page, name: string) => reviewShot(page, `analytics-${name}`);

async function withDb<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  guildId = await withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO guilds (guild_name, server, region, loot_system) VALUES ($1, 'Stormrage', 'KR', 'EPGP') RETURNING id`,
      [GUILD],
    );
    const id = rows[0]!.id;
    const chars = await client.query<{ id: string; name: string }>(
      `INSERT INTO characters (guild_id, name, realm, class, role)
       VALUES ($1, 'Aerin', 'Stormrage', 'Paladin', 'tank'), ($1, 'Brevik', 'Stormrage', 'Mage', 'dps'),
              ($1, 'Caska', 'Stormrage', 'Mage', 'dps')
       RETURNING id, name`,
      [id],
    );
    const byName = Object.fromEntries(chars.rows.map((row) => [row.name, row.id]));
    const raids = await client.query<{ id: string }>(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at)
       VALUES ($1, 'Older', 'Manaforge', 'Heroic', now() - interval '2 days'),
              ($1, 'Newer', 'Manaforge', 'Heroic', now() - interval '1 day')
       RETURNING id`,
      [id],
    );
    const [older, newer] = raids.rows.map((row) => row.id);
    await client.query(
      `INSERT INTO raid_attendance (raid_event_id, character_id, status)
       VALUES ($1, $3, 'present'), ($1, $4, 'present'), ($1, $5, 'absent'), ($2, $3, 'present'), ($2, $5, 'late')`,
      [older, newer, byName.Aerin, byName.Brevik, byName.Caska],
    );
    await client.query(
      `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, awarded_at)
       VALUES ($1, $2, 'Aerin', 1, 'Sword', now() - interval '2 days'), ($1, $2, 'Aerin', 2, 'Shield', now() - interval '1 day'),
              ($1, $3, 'Caska', 3, 'Staff', now() - interval '1 day')`,
      [id, byName.Aerin, byName.Caska],
    );
    return id;
  });
});

test.afterAll(async () => {
  if (guildId) await withDb((client) => client.query('DELETE FROM guilds WHERE id = $1', [guildId]));
});

test('platform figures with a range and a guild filter, a chart exported, then the guild page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
  await expect(page.getByTestId('analytics-card-raids')).toBeVisible();
  await expect(page.getByText('Raids per week')).toBeVisible();
  await shot(page, 'desktop');

  // Range and guild filter, both kept in the URL.
  await page.getByTestId('analytics-range').selectOption('7d');
  await expect(page).toHaveURL(/range=7d/);
  // The guild filter is the console's one guild picker, on its one endpoint.
  const guildPicker = page.getByTestId('analytics-guild');
  await guildPicker.getByRole('combobox').fill(GUILD);
  await guildPicker.getByRole('option', { name: new RegExp(`^${GUILD}`) }).click();
  await expect(page).toHaveURL(new RegExp(`guildId=${guildId}`));
  await expect(page.getByTestId('analytics-card-raids')).toContainText('2');
  await expect(page.getByTestId('analytics-card-loot')).toContainText('3');
  await expect(page.getByTestId('analytics-card-attendance')).toContainText('80%');
  await expect(page.getByTestId('analytics-card-guilds')).toContainText('of 1 guilds');

  // The reload keeps the filters.
  await page.reload();
  await expect(page.getByTestId('analytics-range')).toHaveValue('7d');
  await expect(guildPicker.getByRole('combobox')).toHaveValue(GUILD);
  // The region joins the URL; Clear filters takes every filter of the bar out (the range back to its 30 days).
  await page.getByTestId('analytics-region').selectOption('EU');
  await expect(page).toHaveURL(/region=EU/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByTestId('analytics-range')).toHaveValue('30d');
  await expect(guildPicker.getByRole('combobox')).toHaveValue('');
  // Back twice: the region and the guild again, then the guild alone.
  await page.goBack();
  await expect(page).toHaveURL(/region=EU/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`range=7d&guildId=${guildId}$`));
  await expect(guildPicker.getByRole('combobox')).toHaveValue(GUILD);

  // A chart's CSV: the weeks of the range with the guild's items.
  const chart = page.getByTestId('time-series-chart').filter({ hasText: 'Loot per week' });
  const download = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('loot-per-week.csv');
  const rows = parseCsv(readFileSync((await file.path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(rows[0]).toEqual(['time', 'Loot items']);
  expect(rows.slice(1).reduce((total, row) => total + Number(row[1]), 0)).toBe(3);

  // The guild's page: roster, attendance per member and the loot fairness view.
  await page.getByTestId('analytics-open-guild').click();
  await expect(page).toHaveURL(new RegExp(`guild=${guildId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Analytics: ${GUILD}`);
  const roster = page.getByTestId('analytics-roster');
  await expect(roster.getByRole('row', { name: /Mage dps 2/ })).toBeVisible();
  const fairness = page.getByTestId('analytics-fairness');
  await expect(fairness.getByRole('row').nth(1)).toContainText('Aerin');
  await expect(fairness.getByRole('row', { name: /Aerin/ })).toContainText('2 / 2');
  await expect(fairness.getByRole('row', { name: /Aerin/ })).toContainText('66.7%');
  await expect(fairness.getByRole('row', { name: /Brevik/ })).toContainText('1 / 2');
  await expect(fairness.getByRole('row', { name: /Caska/ })).toContainText('33.3%');
  await page.getByLabel('Latest raids counted').selectOption('5');
  await expect(page).toHaveURL(/raids=5/);
  await expectAccessible(page, 'Analytics of one guild');
  await shot(page, 'guild-desktop');
});

test.describe('at 390 px in the dark theme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('the overview and the guild page fit and stay readable', async ({ page }) => {
    await page.goto('/admin/analytics?range=90d');
    await expect(page.getByTestId('analytics-card-raids')).toBeVisible();
    await expect(page.getByText('Loot per week')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'phone-dark');
    // The guild list links each guild to its analytics page.
    await page.goto(`/admin/guilds?search=${encodeURIComponent(GUILD)}`);
    await page.getByRole('link', { name: `View analytics of ${GUILD}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/analytics\\?guild=${guildId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Analytics: ${GUILD}`);
    await expect(page.getByTestId('analytics-fairness')).toContainText('Aerin');
    await expectAccessible(page, 'Guild analytics at 390 px, dark');
    await shot(page, 'guild-phone-dark');
  });
});
