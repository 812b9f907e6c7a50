import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMINS } from './support/accounts';
import { parseCsv } from './support/csv';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

const TABLE = 'e2e_db_rows';

/** Types a statement into the SQL editor, replacing what it held. */
async function typeQuery(page: Page, sql: string) {
  const editor = page.getByTestId('sql-editor');
  // Typing lands only once the editor has the focus: type again until the editor shows the statement.
  await expect(async () => {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(sql);
    await expect(editor).toHaveText(sql, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Runs a statement with writes allowed, through the confirmation. */
async function runWrite(page: Page, sql: string) {
  await typeQuery(page, sql);
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.getByRole('button', { name: 'Run with writes' }).click();
  await expect(page.getByTestId('query-summary')).toContainText('writes committed');
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMINS.owner);
});

test('the query runner: writes only when confirmed, 100 of N rows, errors, history, explain, cancel', async ({ page }) => {
  await page.goto('/admin/database/postgresql?tab=query');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PostgreSQL');
  await expect(page.getByRole('tab', { name: 'Query Runner' })).toHaveAttribute('aria-selected', 'true');

  // Execute does nothing for an empty query.
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('Run a statement to see its rows here.')).toBeVisible();

  // A write is refused on the read-only path, and runs once "Allow writes" is ticked and confirmed.
  await typeQuery(page, `CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, label text)`);
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('query-error')).toContainText(/read-only/i);
  await page.getByLabel('Allow writes').check();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByRole('dialog', { name: 'Run with writes allowed?' })).toBeVisible();
  await expectAccessible(page, 'database query runner, confirm writes');
  await page.getByRole('button', { name: 'Run with writes' }).click();
  await expect(page.getByTestId('query-summary')).toContainText('writes committed');
  await runWrite(page, `INSERT INTO ${TABLE} SELECT g, 'row ' || g FROM generate_series(1, 120) g ON CONFLICT (id) DO NOTHING`);
  await page.getByLabel('Allow writes').uncheck();

  // Ctrl/Cmd+Enter runs: 100 rows of 1000, with the duration and the fields' types.
  await typeQuery(page, 'SELECT g AS n, now() AS at FROM generate_series(1, 1000) g');
  await page.keyboard.press('ControlOrMeta+Enter');
  const summary = page.getByTestId('query-summary');
  await expect(summary).toContainText(/Showing the first 100 of (more than )?[\d,]+ rows/);
  await expect(summary).toContainText(/\d+(\.\d+)? ms/);
  await expect(page.getByTestId('query-result-grid').locator('tbody tr')).toHaveCount(100);
  await expect(page.getByTestId('query-result-grid').locator('thead')).toContainText('timestamp with time zone');
  await page.screenshot({ path: 'test-results/shots/database-query.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/shots/database-query-phone.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page, 'database query runner, result');

  // The result exported as CSV.
  const queryDownload = page.waitForEvent('download');
  await page.getByTestId('query-results').getByRole('button', { name: 'Export CSV' }).click();
  const queryCsv = parseCsv(readFileSync((await (await queryDownload).path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(queryCsv[0]).toEqual(['n', 'at']);
  expect(queryCsv).toHaveLength(1001);

  // A failing statement shows the server's text in the results area.
  await typeQuery(page, 'SELECT * FROM nope');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('query-error')).toContainText('relation "nope" does not exist');
  await page.screenshot({ path: 'test-results/shots/database-query-error.png', fullPage: true });
  await expectAccessible(page, 'database query runner, error');

  // History: a click puts a past statement back in the editor.
  const history = page.getByTestId('query-history');
  await expect(history.getByRole('button').first()).toHaveText('SELECT * FROM nope');
  await history.getByRole('button', { name: 'SELECT g AS n, now() AS at FROM generate_series(1, 1000) g' }).click();
  await expect(page.getByTestId('sql-editor')).toHaveText('SELECT g AS n, now() AS at FROM generate_series(1, 1000) g');

  // Explain shows the plan as a tree.
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(page.getByTestId('explain-tree')).toContainText('Function Scan');
  await page.screenshot({ path: 'test-results/shots/database-explain.png', fullPage: true });

  // Cancel stops a running statement on the server.
  await typeQuery(page, 'SELECT pg_sleep(30)');
  const started = Date.now();
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('query-error')).toContainText(/cancel/i);
  expect(Date.now() - started).toBeLessThan(15_000);
});

test('the table browser: schemas, a table, its details, keyset pages, export', async ({ page }) => {
  await page.goto('/admin/database/explorer');
  await expect(page).toHaveURL(/\/admin\/database\/postgresql$/);
  await expect(page.getByRole('tab', { name: 'Table Browser' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('database-schema')).toHaveValue('public');
  await expect(page.getByTestId('database-schema').locator('option', { hasText: 'public' })).toHaveCount(1);

  const tables = page.getByTestId('database-tables');
  await expect(tables.getByRole('button', { name: 'guilds', exact: true })).toBeVisible();
  await tables.getByRole('button', { name: TABLE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`table=${TABLE}`));

  const details = page.getByTestId('database-details');
  await expect(details.getByRole('heading', { name: `public.${TABLE}` })).toBeVisible();
  await expect(page.getByTestId('database-indexes')).toContainText('PRIMARY');
  await expect(details).toContainText('integer');

  const rows = page.getByTestId('database-rows');
  await expect(rows.locator('tbody tr')).toHaveCount(50);
  await expect(rows.locator('tbody tr').first()).toContainText('row 1');
  await page.screenshot({ path: 'test-results/shots/database-table.png', fullPage: true });
  await expectAccessible(page, 'database table browser');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('database-rows-page')).toContainText('Page 2');
  await expect(rows.locator('tbody tr').first()).toContainText('row 51');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(rows.locator('tbody tr').first()).toContainText('row 1');

  // At phone width the page does not scroll sideways: the tables scroll in their own boxes.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/shots/database-table-phone.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Descending by the primary key.
  await page.getByLabel('Order').selectOption('desc');
  await expect(rows.locator('tbody tr').first()).toContainText('row 120');

  const download = page.waitForEvent('download');
  await details.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv(readFileSync((await file.path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(csv[0]).toEqual(['id', 'label']);
  expect(csv).toHaveLength(121);

  // A failed export says so in the red banner, with the server's reason.
  await page.route('**/api/admin/database/postgresql/export?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'disk full' }) }),
  );
  await details.getByRole('button', { name: 'Export JSON' }).click();
  await expect(page.getByTestId('database-error')).toHaveText('Failed to export data: disk full');
  await expectAccessible(page, 'database table browser, export failed');
});

test('connection stats and migrations show the real database', async ({ page }) => {
  await page.goto('/admin/database');
  await expect(page).toHaveURL(/\/admin\/database\/postgresql$/);
  await page.getByRole('tab', { name: 'Connection Stats' }).click();
  await expect(page).toHaveURL(/tab=connections/);
  const maxConnections = page.getByTestId('database-stat-max_connections');
  await expect(maxConnections).toContainText(/\d+/);
  await expect(page.getByTestId('database-stat-Active')).toContainText(/[1-9]/);
  await expect(page.getByTestId('database-stat-Waiting')).toContainText('idle in transaction');
  await page.screenshot({ path: 'test-results/shots/database-connections.png', fullPage: true });
  await expectAccessible(page, 'database connection stats');

  await page.getByRole('tab', { name: 'Migrations' }).click();
  await expect(page).toHaveURL(/tab=migrations/);
  const migrations = page.getByTestId('database-migration');
  await expect(migrations.first()).toContainText('Applied');
  await expect(migrations.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  await page.screenshot({ path: 'test-results/shots/database-migrations.png', fullPage: true });
  await expectAccessible(page, 'database migrations');
});

test('the query runner reads in the dark theme, the editor included', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/database/postgresql?tab=query');
  await typeQuery(page, "SELECT 1 AS one, 'text' AS word, '{\"a\": 1}'::jsonb AS doc, '\\xdeadbeef'::bytea AS bytes -- note");
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('query-summary')).toContainText('1 row');
  await expect(page.getByTestId('query-result-grid')).toContainText('\\xdeadbeef (4 B)');
  const editorBackground = await page
    .getByTestId('sql-editor')
    .evaluate((element) => getComputedStyle(element.closest('.cm-editor') ?? element).backgroundColor);
  expect(editorBackground).not.toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: 'test-results/shots/database-query-dark.png', fullPage: true });
  await expectAccessible(page, 'database query runner, dark');
});
