import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { mainServerEnv } from './support/community';
import { parseCsv } from './support/csv';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** The guild name shown in a row's Guild cell (its first line; the id follows). */
async function guildNameOf(row: Locator): Promise<string> {
  return (await row.locator('td').nth(1).innerText()).split('\n')[0]!.trim();
}

test('create with invalid fields shows each message, then fix, save and edit', async ({ page }) => {
  await page.goto('/admin/guilds');
  await page.getByRole('button', { name: 'Create Guild' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Guild' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Guild Name').fill('A');
  await dialog.getByLabel('Max Members').fill('0');
  await dialog.getByLabel('Website').fill('not a link');
  await dialog.getByLabel('Discord Invite').fill('https://example.com/join');
  await dialog.getByLabel('Contact Email').fill('officer@');
  await dialog.getByRole('button', { name: 'Create Guild' }).click();

  for (const message of [
    'Guild name must be between 2 and 100 characters',
    'Server name is required',
    'Max members must be between 1 and 10,000',
    'Please enter a valid URL',
    'Please enter a valid Discord invite URL',
    'Please enter a valid email address',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(toast(page, 'Please fix the validation errors')).toBeVisible();
  await reviewShot(page, 'guild-form-errors', false);
  await expectAccessible(page, 'the guild form with errors');

  // Editing a field clears that field's error only.
  await dialog.getByLabel('Guild Name').fill('Lanterns of Dawn');
  await expect(dialog.getByText('Guild name must be between 2 and 100 characters')).toHaveCount(0);
  await expect(dialog.getByText('Server name is required')).toBeVisible();

  await dialog.getByLabel('Server').fill('Silvermoon');
  await dialog.getByLabel('Region').selectOption('EU');
  await dialog.getByLabel('Max Members').fill('250');
  await dialog.getByLabel('Website').fill('https://lanterns.example.org');
  await dialog.getByLabel('Discord Invite').fill('https://discord.gg/lanterns');
  await dialog.getByLabel('Contact Email').fill('officers@lanterns.example.org');
  await dialog.getByRole('button', { name: 'Create Guild' }).click();
  await expect(toast(page, 'Guild created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByTestId('guild-search').fill('Lanterns of Dawn');
  const row = page.getByTestId('guild-row').filter({ hasText: 'Lanterns of Dawn' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Silvermoon');
  await expect(row).toContainText('EU');

  await row.getByRole('button', { name: 'Edit Lanterns of Dawn' }).click();
  const edit = page.getByRole('dialog', { name: /Edit Guild/ });
  await expect(edit.getByLabel('Guild Name')).toHaveValue('Lanterns of Dawn');
  await expect(edit.getByLabel('Max Members')).toHaveValue('250');
  await edit.getByLabel('Server').fill('Argent Dawn');
  await edit.getByRole('button', { name: 'Update Guild' }).click();
  await expect(toast(page, 'Guild updated successfully')).toBeVisible();
  await expect(row).toContainText('Argent Dawn');
});

test('filters and pages live in the URL; three selected guilds are deactivated together', async ({ page }) => {
  const rows = page.getByTestId('guild-row');
  const pagination = page.getByTestId('pagination');
  await page.goto('/admin/guilds?status=active&region=EU');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row).toContainText('EU');
    await expect(row.getByTestId('guild-status')).toHaveText(/Active/);
  }

  await page.goto('/admin/guilds?status=active');
  await expect(rows).toHaveCount(10);
  await expect(pagination).toContainText(/Showing 1 to 10 of \d+/);
  const firstOnPageOne = await rows.first().getAttribute('data-guild-id');
  await pagination.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows.first()).not.toHaveAttribute('data-guild-id', firstOnPageOne!);
  await page.reload();
  await expect(pagination).toContainText(/Showing 11 to 20 of/);
  await expect(page.getByTestId('guild-status-filter')).toHaveValue('active');

  await page.goto('/admin/guilds?status=active&region=EU');
  await expect(rows.first()).toBeVisible();
  // With nothing selected the bulk actions are off (issue 29).
  for (const name of ['Activate', 'Deactivate', 'Delete']) {
    await expect(page.getByTestId('bulk-bar').getByRole('button', { name, exact: true })).toBeDisabled();
  }
  const names: string[] = [];
  for (const row of (await rows.all()).slice(0, 3)) {
    names.push(await guildNameOf(row));
    await row.getByRole('checkbox').check();
  }
  const bulkBar = page.getByTestId('bulk-bar');
  await expect(bulkBar).toContainText('3 guild(s) selected');
  await bulkBar.getByRole('button', { name: 'Deactivate' }).click();
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(0);

  await page.goto(`/admin/guilds?status=inactive&search=${encodeURIComponent(names[0]!)}`);
  await expect(rows.filter({ hasText: names[0]! }).getByTestId('guild-status')).toHaveText(/Inactive/);
});

test('Export (CSV) downloads every guild of the current filters', async ({ page }) => {
  await page.goto('/admin/guilds?region=KR');
  const pagination = page.getByTestId('pagination');
  await expect(page.getByTestId('guild-row').first()).toBeVisible();
  const total = Number((await pagination.innerText()).match(/of ([\d,]+)/)![1]!.replace(/,/g, ''));

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export (CSV)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, 'utf8'));
  const [header, ...records] = rows;
  expect(header).toEqual(expect.arrayContaining(['guild_name', 'server', 'region']));
  expect(records).toHaveLength(total);
  const region = header!.indexOf('region');
  expect(records.every((record) => record[region] === 'KR')).toBe(true);
});

/** Opens the data view of the first US guild of the list; its name and the view. */
async function openDataView(page: Page) {
  await page.goto('/admin/guilds?region=US');
  const row = page.getByTestId('guild-row').first();
  const name = await guildNameOf(row);
  await row.getByRole('link', { name: `View data of ${name}` }).click();
  const view = page.getByTestId('guild-data-view');
  await expect(view).toContainText(name);
  return { name, view };
}

/** The data view's tabs: label, panel (the URL's tab), and what the panel shows. */
const DATA_TABS: [string, string, RegExp | string][] = [
  ['Overview', 'overview', /Characters/],
  ['Characters', 'characters', 'Export the guild data for the full list'],
  ['Loot Entries', 'loot', /Unique items/i],
  ['Raid Events', 'raids', /Attendance|attend/i],
  ['Combat Logs', 'combat-logs', /./],
  ['Discord Data', 'discord', /Linked/i],
  ['Analytics', 'analytics', /Loot/i],
  ['Raw Data', 'raw', 'Raw data exports contain sensitive information and should be handled carefully.'],
];

// Two journeys of four tabs each: every tab is checked with axe at two widths, which is slow on a busy machine.
for (const [half, tabs] of [
  ['first', DATA_TABS.slice(0, 4)],
  ['last', DATA_TABS.slice(4)],
] as const) {
  test(`the data view shows its ${half} four tabs, each readable and in the URL`, async ({ page }) => {
    const { name, view } = await openDataView(page);
    if (half === 'first') {
      // The breadcrumb of the guild's own path names the guild, not its id.
      const guildId = new URL(page.url()).pathname.split('/')[3]!;
      const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumbs.getByTestId('breadcrumb')).toHaveText(['Admin', 'Guild Management', name, 'Data']);
      await expect(breadcrumbs.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/admin/guilds/${guildId}`);
      await expect(breadcrumbs).not.toContainText(guildId.slice(0, 8));
    }
    for (const [label, panel, content] of tabs) {
      await view.getByRole('tab', { name: label }).click();
      if (panel !== 'overview') await expect(page).toHaveURL(new RegExp(`tab=${panel}`));
      const body = page.getByTestId(`guild-data-panel-${panel}`);
      await expect(body).toBeVisible();
      await expect(body).toContainText(content);
      await reviewShot(page, `guild-data-${panel}`);
    }
    if (half === 'last') {
      await expect(page.getByTestId('guild-data-panel-raw').getByRole('button', { name: 'Database Dump' })).toBeVisible();
      await expect(page.getByTestId('guild-data-panel-raw').getByRole('button', { name: 'JSON Export' })).toBeVisible();
    }
  });
}

test('the Characters tab keeps its first 10 and opens every character, paged and searched, the view in the URL', async ({
  page,
}) => {
  const name = `Roster ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/guilds', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { guild_name: name, server: 'Argent Dawn', region: 'EU' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const guildId = ((await created.json()) as { guild: { id: string } }).guild.id;
  // 40 characters: Char 01 to Char 40, and one on another realm to find by its realm.
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO characters (guild_id, name, realm, class, level)
       SELECT $1, 'Char ' || lpad(n::text, 2, '0'), CASE WHEN n = 33 THEN 'Quel''Thalas' ELSE 'Argent Dawn' END, 'Mage', 80
         FROM generate_series(1, 40) AS n`,
      [guildId],
    );
  } finally {
    await client.end();
  }
  await page.goto(`/admin/guilds/${guildId}/data?tab=characters`);
  const panel = page.getByTestId('guild-data-panel-characters');
  await expect(panel.getByTestId('guild-data-characters').getByRole('row')).toHaveCount(11);
  await expect(panel).toContainText('10 of 40 characters');
  await expect(panel).toContainText('Export the guild data for the full list');

  await panel.getByRole('button', { name: 'View all 40 characters' }).click();
  await expect(page).toHaveURL(/view=all/);
  const rows = panel.getByTestId('guild-character');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('Char 01');
  await panel.getByTestId('characters-pagination').getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(15);
  await expect(rows.last()).toContainText('Char 40');

  // The search runs on the server, over the name and the realm, and starts again at page 1.
  await panel.getByRole('searchbox', { name: 'Search characters' }).fill('thalas');
  await expect(page).toHaveURL(/q=thalas/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Char 33');
  await expect(panel.getByTestId('characters-total')).toHaveText('1 character matches');
  await expectAccessible(page, 'guild data, every character searched');

  // A reload keeps the view; the way back shows the first 10 again.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await panel.getByRole('button', { name: 'First 10 characters' }).click();
  await expect(page).not.toHaveURL(/view=all/);
  await expect(panel.getByTestId('guild-data-characters').getByRole('row')).toHaveCount(11);
});

test("deleting a guild's data needs the exact guild name", async ({ page }) => {
  const { name, view } = await openDataView(page);
  await page.getByRole('button', { name: 'Delete Guild Data' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Delete Guild Data' });
  await dialog.getByLabel('Type the guild name to confirm').fill(`${name} (typo)`);
  await dialog.getByRole('button', { name: 'Delete Guild Data' }).click();
  await expect(page.getByText('Guild name confirmation does not match').first()).toBeVisible();
  await expectAccessible(page, 'the Delete Guild Data dialog with an error');
  await expect(dialog.getByTestId('guild-data-removed')).toHaveCount(0);

  await dialog.getByLabel('Type the guild name to confirm').fill(name);
  await dialog.getByRole('button', { name: 'Delete Guild Data' }).click();
  await expect(toast(page, 'Guild data deleted successfully')).toBeVisible();
  await expect(dialog.getByTestId('guild-data-removed')).toContainText(/Characters/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await view.getByRole('tab', { name: 'Characters' }).click();
  await expect(page.getByTestId('guild-data-panel-characters')).toContainText('This guild has no characters yet.');
});

test('creating a guild with the name, server and region of another asks first and names it', async ({ page }) => {
  const name = `Twin Fangs ${Date.now().toString(36)}`;
  const first = await page.request.post('/api/admin/guilds', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { guild_name: name, server: 'Silvermoon', region: 'EU' },
  });
  expect(first.ok()).toBe(true);

  await page.goto('/admin/guilds');
  await page.getByRole('button', { name: 'Create Guild' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create Guild' });
  await form.getByLabel('Guild Name').fill(name.toUpperCase());
  await form.getByLabel('Server').fill('silvermoon');
  await form.getByLabel('Region').selectOption('EU');
  await form.getByRole('button', { name: 'Create Guild' }).click();

  const question = page.getByRole('dialog', { name: 'Guild Exists Already' });
  await expect(question).toBeVisible();
  await expect(question.getByTestId('duplicate-guild-modal')).toHaveText(
    new RegExp(`^A guild named ${name} on Silvermoon \\(EU\\) exists already \\(created [^)]*\\d{4}\\)\\. Create another\\?$`),
  );
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await reviewShot(page, 'guild-duplicate-question', false);
  await expectAccessible(page, 'the duplicate guild question');

  // Cancel leaves the form as it was; asking again and confirming creates the second guild.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(form.getByLabel('Guild Name')).toHaveValue(name.toUpperCase());
  await form.getByRole('button', { name: 'Create Guild' }).click();
  await question.getByRole('button', { name: 'Create Another' }).click();
  await expect(toast(page, 'Guild created successfully')).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByTestId('guild-search').fill(name);
  await expect(page.getByTestId('guild-row')).toHaveCount(2);
});

test('a selection kept across pages is said on every page, and Delete names every guild it deletes', async ({ page }) => {
  const rows = page.getByTestId('guild-row');
  const bulkBar = page.getByTestId('bulk-bar');
  const pagination = page.getByTestId('pagination');
  await page.goto('/admin/guilds?region=CN');
  await expect(rows).toHaveCount(10);
  const names: string[] = [];
  for (const row of (await rows.all()).slice(0, 2)) {
    names.push(await guildNameOf(row));
    await row.getByRole('checkbox').check();
  }
  await expect(bulkBar).toContainText('2 guild(s) selected');
  await expect(bulkBar.getByTestId('off-page-selection')).toHaveCount(0);

  await pagination.getByRole('button', { name: 'Page 2' }).click();
  await expect(pagination).toContainText(/Showing 11 to/);
  // Nothing ticked on this page, and the bar says where the selection is.
  await expect(rows.first()).toBeVisible();
  await expect(rows.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(bulkBar).toContainText('2 guild(s) selected');
  const offPage = bulkBar.getByTestId('off-page-selection');
  await expect(offPage).toHaveText('2 selected on other pages');
  await offPage.click();
  await expect(bulkBar.getByTestId('off-page-guilds').getByTestId('selected-guild')).toHaveCount(2);
  for (const name of names) await expect(bulkBar.getByTestId('off-page-guilds')).toContainText(name);
  await reviewShot(page, 'guild-selection-other-pages', false);
  await offPage.click();

  const third = rows.first();
  names.push(await guildNameOf(third));
  await third.getByRole('checkbox').check();
  await expect(bulkBar).toContainText('3 guild(s) selected');
  await expect(offPage).toHaveText('2 selected on other pages');

  await bulkBar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('bulk-delete-modal');
  await expect(confirm).toContainText('Are you sure you want to delete 3 guild(s)? This action cannot be undone.');
  await expect(confirm.getByTestId('selected-guild')).toHaveCount(3);
  for (const name of names) await expect(confirm.getByTestId('bulk-delete-names')).toContainText(name);
  await reviewShot(page, 'guild-bulk-delete-names', false);
  await page.getByTestId('bulk-delete-modal-confirm').click();
  await expect(toast(page, '3 guild(s) deleted')).toBeVisible();
  await expect(bulkBar).toContainText('0 guild(s) selected');
  for (const name of names) {
    await page.goto(`/admin/guilds?search=${encodeURIComponent(name)}&region=CN`);
    await expect(page.getByTestId('guild-list-empty')).toBeVisible();
  }

  // A new filter shows other guilds: the selection made under the old one is cleared.
  await page.goto('/admin/guilds?region=CN');
  await rows.first().getByRole('checkbox').check();
  await expect(bulkBar).toContainText('1 guild(s) selected');
  await page.getByTestId('guild-status-filter').selectOption('active');
  await expect(bulkBar).toContainText('0 guild(s) selected');
});

test('a toast shows once however often its message comes, and never covers a dialog’s buttons', async ({ page }) => {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const size of [
    { width: 1280, height: 720 },
    { width: 900, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/admin/guilds');
    await page.getByRole('button', { name: 'Create Guild' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Guild' });
    const submit = dialog.getByRole('button', { name: 'Create Guild' });
    await submit.click();
    await submit.click();
    await submit.click();
    const toasts = page.getByTestId('toast');
    await expect(toasts.filter({ hasText: 'Please fix the validation errors' })).toHaveCount(1);
    await expect(toasts).toHaveCount(1);
    await page.waitForTimeout(300);
    const toastBox = (await toasts.first().boundingBox())!;
    for (const button of await dialog.getByRole('button').all()) {
      const name = await button.innerText();
      expect(overlaps(toastBox, (await button.boundingBox())!), `the toast covers "${name || 'Close'}"`).toBe(false);
    }
    await reviewShot(page, `guild-form-toast-${size.width}`, false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});
