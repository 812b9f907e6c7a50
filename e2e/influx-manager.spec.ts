import { readFileSync } from 'node:fs';
import { INFLUX_MESSAGES } from '@guildhall/contract';
import type { Locator, Page } from '@playwright/test';
import { PORTS } from './support/accounts';
import { type AppServer, startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { parseCsv } from './support/csv';
import { influxRunStart, influxTarget, prepareInfluxDatabase, writePoints } from './support/influx';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

// Names of this spec's own, so the demo data the server may seed does not change the counts.
const CPU = 'e2e_cpu';
const LIVE = 'e2e_live';
const RETENTION_POLICY = 'e2e_rp';
const SHARDS = 12;
const MINUTE = 60_000;

/** Twelve shards (two more than the explorer lists), two hosts, one point a minute: 24 points, each host's series two points long. */
function cpuPoints(now: number): string[] {
  return Array.from({ length: SHARDS * 2 }, (_, index) => {
    const host = index % 2 === 0 ? 'alpha' : 'beta';
    const shard = `s${String(index % SHARDS).padStart(2, '0')}`;
    const usage = (10 + index * 1.23456).toFixed(5);
    return `${CPU},host=${host},shard=${shard} usage=${usage},cores=${4 + (index % 3)}i,state="ok" ${now - (index + 1) * MINUTE}`;
  });
}

/** Types into a CodeMirror editor, replacing what it held, until the editor shows the text. */
async function typeInto(page: Page, editor: Locator, text: string) {
  await expect(async () => {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
    await expect(editor).toHaveText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test.beforeAll(async () => {
  await prepareInfluxDatabase({ name: RETENTION_POLICY, duration: '2d' });
  const now = influxRunStart();
  await writePoints([
    ...cpuPoints(now),
    `${LIVE},source=e2e reading=1 ${now - MINUTE}`,
    `combat_events,event_type=damage,guild_id=e2e target="Onyxia",amount=1200 ${now - 2 * MINUTE}`,
    `combat_events,event_type=heal,guild_id=e2e target="Tank",amount=800 ${now - 3 * MINUTE}`,
  ]);
});

test('explorer → generated query → table and graph → CSV export, with history', async ({ page }) => {
  test.setTimeout(150_000);
  const { database } = influxTarget();
  await page.goto('/admin/database/influxdb');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('InfluxDB');
  await expect(page.getByTestId('influx-engine')).toContainText('runs InfluxQL');
  await expect(page.getByRole('tab', { name: 'Data Explorer' })).toHaveAttribute('aria-selected', 'true');

  // The bot's bucket is chosen, named with its retention; its info says N/A for the organization on 1.x.
  const bucket = page.getByLabel('Bucket');
  await expect(bucket.locator('option:checked')).toContainText(`${database}/autogen`);
  await expect(page.getByTestId('influx-bucket-info')).toContainText('N/A');
  // The points are stamped from the run's start, which may be more than an hour ago in a long run.
  await expect(page.getByLabel('Time range').locator('option')).toHaveCount(7);
  await page.getByLabel('Time range').selectOption('-24h');
  await expect(page).toHaveURL(/range=-24h/);

  // The measurement with its point count; its tags list 10 values then '+2 more values', its fields their type.
  const measurement = page.getByTestId('influx-measurements').getByRole('button', { name: new RegExp(`^${CPU}\\b`) });
  await expect(measurement).toContainText('points');
  await measurement.click();
  await expect(page).toHaveURL(new RegExp(`measurement=${CPU}`));
  const shardTag = page.getByTestId('influx-tag-shard');
  await expect(shardTag.getByRole('checkbox')).toHaveCount(10);
  await expect(shardTag).toContainText(`+${SHARDS - 10} more values`);
  const details = page.getByTestId('influx-measurement-details');
  await expect(details.getByText('float')).toBeVisible();
  await expect(details.getByText('integer')).toBeVisible();
  await reviewShot(page, 'influx-explorer');

  // Export before any run says what to do first.
  await page.getByRole('tab', { name: 'Query' }).click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByTestId('influx-error')).toHaveText('Please execute a query first');
  await page.getByRole('tab', { name: 'Data Explorer' }).click();

  // Tick host=alpha and the usage field; the generated query (limit 1000) lands in the Query tab.
  await page
    .getByTestId('influx-measurements')
    .getByRole('button', { name: new RegExp(`^${CPU}\\b`) })
    .click();
  await page.getByTestId('influx-tag-host').getByLabel('alpha').check();
  await details.getByRole('checkbox', { name: /usage/ }).check();
  await page.getByRole('button', { name: 'Generate Query' }).click();
  await expect(page.getByRole('tab', { name: 'Query' })).toHaveAttribute('aria-selected', 'true');
  const editor = page.getByTestId('influx-editor');
  await expect(editor).toContainText(CPU);
  await expect(editor).toContainText(/LIMIT 1000/i);

  // Run: the 12 alpha points, values to 4 decimals, in the spec's columns.
  await page.getByRole('button', { name: 'Execute' }).click();
  const summary = page.getByTestId('influx-summary');
  await expect(summary).toContainText('12 data points');
  await expect(summary).toContainText(/\d+ ms/);
  const table = page.getByTestId('influx-result-table');
  await expect(table.locator('thead th')).toHaveText(['Time', 'Measurement', 'Field', 'Value', 'Tags']);
  await expect(table.locator('tbody tr')).toHaveCount(12);
  // Values: a fraction to 4 decimals (spec 2 §2), a whole number as it is (not "10.0000", issue 29).
  await expect(table.locator('tbody tr').first().locator('td').nth(3)).toHaveText(/^\d+(\.\d{4})?$/);
  await expect(table.locator('tbody')).toContainText('host=alpha');
  await expectAccessible(page, 'InfluxDB query result');

  // The graph draws the series on a canvas, with its own CSV and PNG.
  await page.getByRole('button', { name: 'Graph' }).click();
  const chart = page.getByTestId('time-series-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toContainText(`${CPU}.usage`);
  await reviewShot(page, 'influx-graph');
  await page.emulateMedia({ colorScheme: 'dark' });
  await reviewShot(page, 'influx-graph-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, 'InfluxDB query graph');
  const pngDownload = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export PNG' }).click();
  const png = readFileSync((await (await pngDownload).path())!);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const chartDownload = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export CSV' }).click();
  const chartCsv = parseCsv(readFileSync((await (await chartDownload).path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(chartCsv[0]?.[0]).toBe('time');
  expect(chartCsv).toHaveLength(13);

  // The whole result exported by the server as CSV, parsed back.
  const download = page.waitForEvent('download');
  await page.getByTestId('influx-panel-query').getByRole('button', { name: 'Export CSV' }).first().click();
  const csv = parseCsv(readFileSync((await (await download).path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(csv.length).toBe(13);
  expect(csv.slice(1).every((row) => row.join(',').includes('alpha'))).toBe(true);

  // A failing query shows the server's text in the results area; the history reloads the earlier one.
  const generated = (await editor.textContent()) ?? '';
  await typeInto(page, editor, 'SELECT FROM nowhere');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('influx-query-error')).toBeVisible();
  // A typo in the first word is a syntax error, not a refused write (issue 29).
  await typeInto(page, editor, 'SELEC * FROM nowhere');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('influx-query-error')).toContainText('"SELEC" does not start an InfluxQL statement');
  await expect(page.getByTestId('influx-query-error')).not.toContainText('Only reads');
  await page.getByTestId('influx-history').getByRole('button').filter({ hasText: CPU }).first().click();
  await expect(editor).toHaveText(generated);

  // A query with no points says so.
  await typeInto(page, editor, `SELECT * FROM "${CPU}" WHERE time > now() + 1h`);
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(summary).toContainText('Query executed successfully (no data points to display)');
  await reviewShot(page, 'influx-query');
});

test('statistics, and a retention period changed after a confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  const { database } = influxTarget();
  await page.goto('/admin/database/influxdb?tab=stats');
  const stats = page.getByTestId('influx-stats');
  await expect(stats.getByTestId('influx-stat-Total buckets')).toContainText(/\d/);
  await expect(stats.getByTestId('influx-stat-Data points')).toContainText(/\d/);
  await expect(stats.getByTestId('influx-stat-Uptime')).toBeVisible();
  await expectAccessible(page, 'InfluxDB statistics');

  await page.getByRole('tab', { name: 'Retention' }).click();
  await expect(page).toHaveURL(/tab=retention/);
  const row = page.getByTestId(`influx-retention-${database}/${RETENTION_POLICY}`);
  await expect(row).toContainText('N/A');
  await row.getByRole('button', { name: /Edit retention/ }).click();
  const input = page.getByLabel(`New retention of ${database}/${RETENTION_POLICY}`);
  await input.fill('3 days');
  await expect(page.getByText("Retention must look like 1h, 30d, 2w or 'infinite'")).toBeVisible();
  // A duration of the right shape but past InfluxDB's longest is told as such (issue 29).
  await input.fill('10000000000d');
  await expect(page.getByText(/^Retention can be at most 106,751d/)).toBeVisible();
  // A refusal from the server is of the value sent: typing a new value takes it away instead of leaving it beside
  // the new value's own message (issue 29).
  const refusal = 'InfluxDB refused this retention (e2e)';
  await page.route('**/api/admin/database/influxdb/retention', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, error: refusal }) })
      : route.fallback(),
  );
  await input.fill('48h');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await page.getByRole('dialog', { name: 'Change the retention?' }).getByRole('button', { name: 'Change retention' }).click();
  await expect(page.getByText(refusal)).toBeVisible();
  await page.unroute('**/api/admin/database/influxdb/retention');
  await input.fill('3 days');
  await expect(page.getByText(refusal)).toHaveCount(0);
  await expect(page.getByText("Retention must look like 1h, 30d, 2w or 'infinite'")).toBeVisible();
  await input.fill('72h');
  await page.getByRole('button', { name: 'Save retention' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the retention?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'InfluxDB retention, confirm');
  await dialog.getByRole('button', { name: 'Change retention' }).click();
  await expect(page.getByText(new RegExp(`Retention of ${database}/${RETENTION_POLICY} set to`))).toBeVisible();
  await expect(row).toContainText(/72h|3d/);
  await reviewShot(page, 'influx-retention');
});

test('debug page: quick and custom queries paged, a live stream that sees a new point, statistics chips', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/admin/database/influxdb/debug');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('InfluxDB Debug Interface');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByTestId('breadcrumb')).toHaveText([
    'Admin',
    'Database',
    'InfluxDB',
    'Debug Interface',
  ]);
  await expect(page.getByTestId('influx-debug-chip')).toHaveText('Connected');
  const health = page.getByTestId('influx-debug-health');
  await expect(health).toContainText('healthy');
  await expect(health).toContainText(/\d+ ms/);

  // A quick query: the recent combat events.
  await page.getByRole('button', { name: 'Recent combat events' }).click();
  await expect(page.getByTestId('influx-debug-summary')).toContainText(/\d+ rows?/);
  await expect(page.getByTestId('influx-debug-table')).toContainText('Onyxia');

  // Execute with nothing says so; a custom query's 24 points page 25 at a time, then 10.
  const editor = page.getByTestId('influx-debug-editor');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('influx-debug-problem')).toHaveText('Please enter a query');
  await typeInto(page, editor, `SELECT "usage" FROM "${CPU}"`);
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('influx-debug-summary')).toContainText('24 rows');
  await expect(page.getByTestId('influx-debug-table').locator('tbody tr')).toHaveCount(24);
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByTestId('influx-debug-table').locator('tbody tr')).toHaveCount(10);
  await expect(page.getByTestId('influx-debug-pagination')).toContainText('Showing 1 to 10 of 24');
  await reviewShot(page, 'influx-debug-query');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const exported: unknown = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
  expect(Array.isArray(exported) ? exported.length : -1).toBe(24);

  // The live stream sees a point written while it runs; stopping clears the table.
  await page.getByRole('tab', { name: 'Live Stream' }).click();
  await page.getByLabel('Measurement').selectOption(LIVE);
  await page.getByLabel('Interval (ms)').fill('1000');
  const toggle = page.getByRole('switch');
  await expect(toggle).toHaveText('Stopped');
  await toggle.click();
  await expect(toggle).toHaveText('Streaming');
  const marker = 4242.5;
  await writePoints([`${LIVE},source=e2e reading=${marker} ${Date.now()}`]);
  await expect(page.getByTestId('influx-stream-table')).toContainText(marker.toFixed(4), { timeout: 15_000 });
  await reviewShot(page, 'influx-debug-stream');
  await expectAccessible(page, 'InfluxDB debug, live stream');
  await toggle.click();
  await expect(toggle).toHaveText('Stopped');
  await expect(page.getByTestId('influx-stream-table')).toHaveCount(0);

  // Statistics, and a measurement chip that fills a query.
  await page.getByRole('tab', { name: 'Statistics' }).click();
  const stats = page.getByTestId('influx-debug-stats');
  await expect(stats.getByTestId('influx-debug-stat-Measurements')).toContainText(/\d/);
  await expect(stats.getByTestId('influx-debug-stat-Total records')).toContainText(/\d/);
  await expect(stats.getByTestId('influx-debug-stat-Days of data')).toContainText(/\d/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await reviewShot(page, 'influx-debug-stats-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, 'InfluxDB debug, statistics');
  await stats.getByRole('button', { name: CPU }).click();
  await expect(page.getByRole('tab', { name: 'Query Builder' })).toHaveAttribute('aria-selected', 'true');
  await expect(editor).toContainText(CPU);
});

test.describe('without an InfluxDB, and with one that does not answer', () => {
  let unset: AppServer;
  let down: AppServer;

  test.beforeAll(async () => {
    // Two more servers on the main database, with counters of their own: one with no INFLUX_URL, one pointing at
    // a port nothing listens on.
    const { INFLUX_URL: _url, INFLUX_DATABASE: _database, ...env } = mainServerEnv();
    [unset, down] = await Promise.all([
      startApp('influx-unset', PORTS.influxUnset, { ...env, REDIS_PREFIX: `${env.REDIS_PREFIX}influx-unset:` }),
      startApp('influx-down', PORTS.influxDown, {
        ...env,
        REDIS_PREFIX: `${env.REDIS_PREFIX}influx-down:`,
        INFLUX_URL: 'http://127.0.0.1:9',
        INFLUX_DATABASE: 'nowhere',
      }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([unset?.stop(), down?.stop()]);
  });

  test("the screen says how to connect one, or shows the server's message, and the console works on", async ({ page }) => {
    test.setTimeout(120_000);
    // These servers share the main database and its address, so the session beforeEach made holds on them too.
    await page.goto(`${unset.url}/admin/database/influxdb`);
    const setup = page.getByTestId('influx-setup');
    await expect(setup).toContainText(INFLUX_MESSAGES.notConfigured);
    await expect(setup).toContainText('INFLUX_URL');
    await expect(setup).toContainText('INFLUX_DATABASE');
    await expect(page.locator('#admin-main').getByRole('alert')).toHaveCount(0);
    await reviewShot(page, 'influx-not-configured');
    await expectAccessible(page, 'InfluxDB not configured');

    await page.goto(`${down.url}/admin/database/influxdb`);
    const banner = page.getByTestId('influx-error');
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await reviewShot(page, 'influx-down');
    await expectAccessible(page, 'InfluxDB down');
    // The rest of the console is unaffected.
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'PostgreSQL' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PostgreSQL');
    // No error there: the database set-up warning (this run's DATABASE_URL is a superuser) may stand, nothing else.
    await expect(page.getByTestId('database-error')).toHaveCount(0);
    await expect(page.locator('#admin-main').getByRole('alert').filter({ hasText: 'InfluxDB' })).toHaveCount(0);
    await expect(page.locator('#admin-main').locator('.alert--error')).toHaveCount(0);
  });
});
