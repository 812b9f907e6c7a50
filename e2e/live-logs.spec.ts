import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PORTS } from './support/accounts';
import { type AppServer, startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts) as a monitoring-only admin: the screen is theirs. The session holds
// on this spec's server too, which shares the main server's database.
test.use({ signedInAs: 'monitor' });

const shot = (page: Page, name: string) => reviewShot(page, `${name}`);

/**
 * A token no other line of the log holds; under 16 characters, since a longer path segment with a digit reads as a
 * credential and is redacted in a 404's log line.
 */
const uniqueToken = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * A request the journey can recognise in the log: a POST (logged at info, where reads are debug) to a path that
 * does not exist, holding the token. It is made from the page, as the signed-in admin.
 */
async function requestWithToken(page: Page, token: string): Promise<number> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'include',
    });
    return response.status;
  }, `/api/admin/live-logs-e2e/${token}`);
}

const tailLines = (page: Page) => page.getByTestId('tail-lines').getByTestId('log-line');

// One server of its own, writing its log files to a directory of its own: the journeys read what it logged.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let app: AppServer;
let logDir: string;

test.beforeAll(async () => {
  logDir = mkdtempSync(path.join(tmpdir(), 'guildhall-e2e-logs-'));
  const env = mainServerEnv();
  app = await startApp('live-logs', PORTS.liveLogs, {
    ...env,
    REDIS_PREFIX: `${env.REDIS_PREFIX}live-logs:`,
    LOG_DIR: logDir,
  });
});

test.afterAll(async () => {
  await app?.stop();
  if (logDir) rmSync(logDir, { recursive: true, force: true });
});

test('the live tail shows a request just made, filters by level and text, and pauses', async ({ page }) => {
  await page.goto(`${app.url}/admin/monitoring/logs`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Live Logs');
  await expect(page.getByRole('tab', { name: 'Live Tail' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tail-connection')).toContainText('Live');
  await expect(page.getByTestId('log-totals')).toBeVisible();

  const token = uniqueToken('tail');
  expect(await requestWithToken(page, token)).toBe(404);
  const line = tailLines(page).filter({ hasText: token });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`POST /api/admin/live-logs-e2e/${token} 404`);
  await expect(line).toHaveAttribute('data-level', 'info');

  // The line's fields, unfolded as JSON.
  await line.getByRole('button', { name: 'Show fields' }).click();
  await expect(line.locator('pre')).toContainText('"statusCode": 404');
  await shot(page, 'live-logs-tail');

  // Warn and above: the stream is opened again with the level, and info lines are gone.
  await page.getByTestId('tail-level').selectOption('warn');
  await expect(page).toHaveURL(/level=warn/);
  await expect(line).toHaveCount(0);
  await expect(tailLines(page).and(page.locator('[data-level="info"]'))).toHaveCount(0);
  await expect(page.getByTestId('tail-connection')).toContainText('Live');

  // Back to info and above, filtered by the token: only that request's line.
  await page.getByTestId('tail-level').selectOption('info');
  await expect(page).not.toHaveURL(/level=/);
  await page.getByTestId('tail-text').fill(token);
  await expect(tailLines(page)).toHaveCount(1);
  await expect(tailLines(page).first()).toContainText(token);
  // The filters are in the URL: a reload opens the tail filtered the same way (the ring sends the line again).
  await expect(page).toHaveURL(new RegExp(`q=${token}`));
  await page.reload();
  await expect(page.getByTestId('tail-text')).toHaveValue(token);
  await expect(tailLines(page)).toHaveCount(1);
  await expect(tailLines(page).first()).toContainText(token);

  // A click on the request id filters by it.
  await page.getByTestId('tail-text').fill('');
  await expect(tailLines(page).filter({ hasText: token })).toHaveCount(1);
  await tailLines(page)
    .filter({ hasText: token })
    .getByRole('button', { name: /^Request .*: show only its lines$/ })
    .click();
  await expect(page.getByTestId('tail-request')).not.toHaveValue('');
  await expect(tailLines(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear search' }).last().click();
  await expect(page.getByTestId('tail-request')).toHaveValue('');

  // Paused: a new request is counted, not shown; resumed: it is there.
  await expect(tailLines(page).filter({ hasText: token })).toHaveCount(1);
  await page.getByTestId('tail-pause').click();
  await expect(page.getByTestId('tail-pause')).toHaveText('Resume');
  const later = uniqueToken('paused');
  expect(await requestWithToken(page, later)).toBe(404);
  await expect(page.getByTestId('tail-held')).toHaveText(/^[1-9]\d* new lines?$/);
  await expect(tailLines(page).filter({ hasText: later })).toHaveCount(0);
  await shot(page, 'live-logs-paused');
  await page.getByTestId('tail-pause').click();
  await expect(tailLines(page).filter({ hasText: later })).toHaveCount(1);
  await expect(page.getByTestId('tail-held')).toHaveCount(0);

  // Clear empties the screen.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(tailLines(page).filter({ hasText: later })).toHaveCount(0);

  // Paused over an empty list, it says the lines are held, not that it waits for some (issue 29).
  await page.getByTestId('tail-pause').click();
  expect(await requestWithToken(page, uniqueToken('held'))).toBe(404);
  await expect(page.getByTestId('tail-empty')).toHaveText(/^Paused: [1-9][\d,]* new lines? (is|are) held\. Resume to show/);
  await expect(page.getByTestId('tail-empty')).not.toContainText('Waiting');
  await page.getByTestId('tail-pause').click();
});

test('search finds a request by its text in the log files', async ({ page }) => {
  await page.goto(`${app.url}/admin/monitoring/logs`);
  const token = uniqueToken('search');
  expect(await requestWithToken(page, token)).toBe(404);

  await page.getByRole('tab', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?tab=search$/);
  await page.getByRole('button', { name: 'Last 15 min' }).click();
  await page.getByTestId('search-text').fill(token);
  // The file is written a moment after the line is logged: search until it is there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-results').getByTestId('log-line')).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const found = page.getByTestId('search-results').getByTestId('log-line');
  await expect(found).toContainText(`POST /api/admin/live-logs-e2e/${token} 404`);
  await expect(page.getByTestId('search-summary')).toContainText(/[1-9]\d* files? scanned/);
  // The search asked is in the URL: a reload asks it again.
  await expect(page).toHaveURL(new RegExp(`q=${token}`));
  await page.reload();
  await expect(page.getByTestId('search-text')).toHaveValue(token);
  await expect(found).toHaveCount(1);

  // Warn and above leaves it out.
  await page.getByTestId('search-level').selectOption('warn');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-empty')).toHaveText('No log lines match this search');
  await expectAccessible(page, 'log search');
  await shot(page, 'live-logs-search');

  // Every line of the range, 10 a page: the kit's page sizes, kept in the URL (eleven more lines make two pages).
  for (let n = 0; n < 11; n++) expect(await requestWithToken(page, uniqueToken('paged'))).toBe(404);
  await page.getByTestId('search-level').selectOption('');
  await page.getByTestId('search-text').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const pageSize = page.getByRole('navigation', { name: 'Search result pages' }).getByLabel('Rows per page');
  await expect(pageSize).toHaveValue('100');
  await expect(pageSize.locator('option')).toHaveText(['10', '25', '50', '100']);
  await pageSize.selectOption('10');
  await expect(page).toHaveURL(/limit=10/);
  await expect(page.getByTestId('search-page')).toHaveText('Page 1 · 10 a page');
  await expect(page.getByTestId('search-results').getByTestId('log-line')).toHaveCount(10);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('search-page')).toHaveText('Page 2 · 10 a page');
  await expect(page.getByTestId('search-results').getByTestId('log-line').first()).toBeVisible();

  // A range that ends before it starts is refused before it is asked.
  await page.getByTestId('search-from').fill('2026-01-02T10:00');
  await page.getByTestId('search-to').fill('2026-01-01T10:00');
  await expect(page.getByRole('alert')).toHaveText('From must be before To');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
});

test('the files list shows the current file, and it downloads as JSON lines', async ({ page }) => {
  await page.goto(`${app.url}/admin/monitoring/logs?tab=files`);
  await expect(page.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
  const current = page.getByTestId('log-file').filter({ hasText: 'Current' });
  await expect(current).toHaveCount(1);
  const name = (await current.locator('code').textContent())!;
  await expectAccessible(page, 'log files');
  await shot(page, 'live-logs-files');

  const downloadPromise = page.waitForEvent('download');
  await current.getByRole('button', { name: `Download ${name}` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(name);
  const lines = readFileSync((await download.path())!, 'utf8')
    .split('\n')
    .filter(Boolean);
  expect(lines.length).toBeGreaterThan(0);
  const first = JSON.parse(lines[0]!) as { level: number; time: number; msg: string };
  expect(typeof first.level).toBe('number');
  expect(typeof first.msg).toBe('string');
});

test('/admin/logs opens the same screen, at phone width and in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.url}/admin/logs`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Live Logs');
  await expect(page.getByRole('tab', { name: 'Live Tail' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tail-connection')).toContainText('Live');
  await expect(tailLines(page).first()).toBeVisible();
  // Nothing wider than the phone: the page does not scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'live-logs-phone-dark');
});
