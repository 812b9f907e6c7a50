import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseCsv } from './support/csv';
import { reviewShot } from './support/review-shot';
import { sidebar } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const rows = (page: Page) => page.getByTestId('raw-row');
const pageLabel = (page: Page) => page.getByTestId('raw-page');
const shot = (page: Page, name: string, fullPage = true) => reviewShot(page, `raw-data-${name}`, fullPage);

/** The text of one column's cells on the page, by the column's header (the first column is the JSON button). */
async function columnTexts(page: Page, header: string) {
  const headers = await page.getByTestId('raw-table').locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  return page
    .getByTestId('raw-table')
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .allInnerTexts();
}

test('a raw view filtered, paged deep and back, a row opened, exported, then scoped to a guild', async ({ page }) => {
  await page.goto('/admin');
  await sidebar(page).getByRole('link', { name: 'Raw Data Views', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/data/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raw Data Views');
  await expect(page.getByRole('tab', { name: 'Characters' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page).first()).toBeVisible();

  // Player accounts, active only: the filter lands in the URL and in every row.
  await page.getByRole('tab', { name: 'Player accounts' }).click();
  await expect(page).toHaveURL(/entity=player_accounts/);
  await page.getByTestId('raw-filter-account_status').selectOption('active');
  await expect(page).toHaveURL(/account_status=active/);
  await expect(rows(page)).toHaveCount(50);
  // The unfiltered page (50 rows too) stays on screen until the filtered one arrives: wait for it.
  await expect.poll(async () => [...new Set(await columnTexts(page, 'Status'))]).toEqual(['active']);
  await expect(page.getByRole('columnheader', { name: 'Password' })).toHaveCount(0);
  await shot(page, 'players');

  // Deep: three times Next, each page new rows; Previous comes back to the same rows.
  const firstIds: string[] = [];
  firstIds.push((await columnTexts(page, 'ID'))[0]!);
  for (const n of [2, 3, 4]) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pageLabel(page)).toContainText(`Page ${n}`);
    await expect(async () => {
      const id = (await columnTexts(page, 'ID'))[0]!;
      expect(firstIds).not.toContain(id);
    }).toPass();
    firstIds.push((await columnTexts(page, 'ID'))[0]!);
  }
  const page4 = await columnTexts(page, 'ID');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(pageLabel(page)).toContainText('Page 3');
  await expect.poll(async () => (await columnTexts(page, 'ID'))[0]).toBe(firstIds[2]);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(pageLabel(page)).toContainText('Page 4');
  await expect.poll(() => columnTexts(page, 'ID')).toEqual(page4);

  // A row's JSON view.
  await rows(page).first().getByTestId('raw-row-open').click();
  const dialog = page.getByRole('dialog', { name: 'Player accounts: row' });
  await expect(dialog).toBeVisible();
  const json = JSON.parse(await dialog.getByTestId('raw-row-json').innerText());
  expect(json).toMatchObject({ id: page4[0], account_status: 'active' });
  expect(Object.keys(json)).not.toContain('password_hash');
  await expectAccessible(page, 'Raw data, row JSON');
  await shot(page, 'row-json', false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The kit's page sizes, kept in the URL: a new size starts again from page 1; the list's 50 leaves the URL.
  const pageSize = page.getByRole('navigation', { name: 'Row pages' }).getByLabel('Rows per page');
  await expect(pageSize).toHaveValue('50');
  await expect(pageSize.locator('option')).toHaveText(['10', '25', '50', '100']);
  await pageSize.selectOption('10');
  await expect(page).toHaveURL(/limit=10/);
  await expect(pageLabel(page)).toHaveText('Page 1 · 10 a page');
  await expect(rows(page)).toHaveCount(10);
  await expect.poll(async () => (await columnTexts(page, 'ID'))[0]).toBe(firstIds[0]);
  await pageSize.selectOption('100');
  await expect(rows(page)).toHaveCount(100);
  await page.reload();
  await expect(pageSize).toHaveValue('100');
  await expect(rows(page)).toHaveCount(100);
  await pageSize.selectOption('50');
  await expect(page).not.toHaveURL(/limit=/);
  await expect(rows(page)).toHaveCount(50);

  // The export holds the whole filtered set (more than the four pages seen), every row active.
  const download = page.waitForEvent('download');
  await page.getByTestId('raw-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^player_accounts-.*\.csv$/);
  const csv = parseCsv(readFileSync((await file.path())!, 'utf8')).filter((row) => row.join('') !== '');
  const header = csv[0]!;
  expect(header).toContain('email');
  expect(header.join(',')).not.toMatch(/password|token/);
  const status = header.indexOf('account_status');
  expect(csv.length - 1).toBeGreaterThan(150);
  expect(new Set(csv.slice(1).map((row) => row[status]))).toEqual(new Set(['active']));
  const jsonDownload = page.waitForEvent('download');
  await page.getByTestId('raw-export-json').click();
  const exported = JSON.parse(readFileSync((await (await jsonDownload).path())!, 'utf8')) as Record<string, unknown>[];
  expect(exported).toHaveLength(csv.length - 1);

  // The guild filter: characters of one guild only.
  await page.getByRole('tab', { name: 'Characters' }).click();
  await expect(page).toHaveURL(/entity=characters/);
  const guildBox = page.getByTestId('guild-select');
  await guildBox.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  const guildName = (await page.getByRole('option').first().locator('.combobox__name').innerText()).trim();
  await guildBox.press('Enter');
  await expect(page).toHaveURL(/guildId=[0-9a-f-]{36}/);
  const guildId = new URL(page.url()).searchParams.get('guildId')!;
  await expect(guildBox).toHaveValue(guildName);
  await expect.poll(async () => new Set(await columnTexts(page, 'Guild ID'))).toEqual(new Set([guildId]));
  // A person reads names first: the character's, then its guild's, with the guild's id on hover.
  const heads = await page.getByTestId('raw-table').locator('thead th').allTextContents();
  expect(heads.slice(1, 3).map((head) => head.trim())).toEqual(['Name', 'Guild']);
  expect(new Set(await columnTexts(page, 'Guild'))).toEqual(new Set([guildName]));
  await expect(rows(page).first().getByText(guildName, { exact: true })).toHaveAttribute('title', `guild_id: ${guildId}`);
  // Sorted by level, highest first, on the server.
  await page.getByRole('button', { name: 'Level', exact: true }).click();
  await page.getByRole('button', { name: 'Level', exact: true }).click();
  await expect(page).toHaveURL(/sort=level&order=desc/);
  await expect
    .poll(async () => {
      const levels = (await columnTexts(page, 'Level')).map(Number);
      return levels.every((level, i) => i === 0 || level <= levels[i - 1]!);
    })
    .toBe(true);
  await shot(page, 'guild');

  // A reload shows the same view: the URL holds it.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Characters' })).toHaveAttribute('aria-selected', 'true');
  await expect(guildBox).toHaveValue(guildName);
  await expect.poll(async () => new Set(await columnTexts(page, 'Guild ID'))).toEqual(new Set([guildId]));
  await page.getByTestId('raw-guild-clear').click();
  await expect(page).not.toHaveURL(/guildId=/);
});

test('the raw data views at 390 px in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/data?entity=loot_entries&item_name=a');
  await expect(page.getByRole('tab', { name: 'Loot entries' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('raw-filter-item_name')).toHaveValue('a');
  await expect(rows(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-dark-filters', false);
  // The filters fold away; the table scrolls sideways inside its box, not the page.
  await page.getByText('Column filters (1 active)').click();
  await expect(page.getByTestId('raw-filter-item_name')).toBeHidden();
  await page.getByTestId('raw-table').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-dark', false);
});

test('at 1280 px every filter control is in view and wide enough for its value, the date ranges included', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const entity of ['characters', 'loot_entries', 'player_accounts']) {
    await page.goto(`/admin/data?entity=${entity}`);
    await expect(rows(page).first()).toBeVisible();
    const controls = page.locator('.raw-filters__grid').locator('input, select');
    expect(await controls.count()).toBeGreaterThan(3);
    // Each control against the width it takes on its own (a date input shows its whole date and picker button).
    const cut = await controls.evaluateAll((elements) =>
      elements.flatMap((element) => {
        const control = element as HTMLInputElement | HTMLSelectElement;
        const probe = control.cloneNode(true) as HTMLElement;
        probe.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0';
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const box = control.getBoundingClientRect();
        const isInView = box.left >= 0 && box.right <= window.innerWidth;
        const isWideEnough = control.type !== 'date' || box.width + 0.5 >= needed;
        return isInView && isWideEnough
          ? []
          : [`${control.dataset.testid}: ${Math.round(box.width)} of ${Math.round(needed)} px`];
      }),
    );
    expect(cut, entity).toEqual([]);
  }
});
