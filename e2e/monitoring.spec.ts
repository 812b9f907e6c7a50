import { readFileSync } from 'node:fs';
import { ALERT_MESSAGES, type AlertRule, type StoredAlert } from '@guildhall/contract';
import type { Download, Page } from '@playwright/test';
import pg from 'pg';
import { PHONE_VIEWPORT } from './support/accessibility';
import { ADMINS, PORTS } from './support/accounts';
import { type AppServer, runCli, startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { parseCsv } from './support/csv';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const shot = (page: Page, name: string) => reviewShot(page, `monitoring-${name}`);

// In order on one worker and one server (the alert journey changes a rule, and puts it back); a failure does not
// keep the later journeys from running. Each reads several screens, so each gets more time.
test.describe.configure({ mode: 'default', timeout: 180_000 });

let app: AppServer;
let databaseUrl: string;
let influxDatabase: string;

test.beforeAll(async () => {
  const env = mainServerEnv();
  databaseUrl = await createDatabase('guildhall_e2e_monitoring');
  influxDatabase = `${env.INFLUX_DATABASE}_monitoring`;
  const ownEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    INFLUX_DATABASE: influxDatabase,
    REDIS_PREFIX: `${env.REDIS_PREFIX}monitoring:`,
  };
  app = await startApp('monitoring', PORTS.monitoring, ownEnv);
  runCli(ownEnv, [
    'create-admin',
    '--username',
    ADMINS.monitor.username,
    '--password',
    ADMINS.monitor.password,
    '--role',
    'viewer',
  ]);
});

test.afterAll(async () => {
  await app?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl);
  const env = mainServerEnv();
  await fetch(`${env.INFLUX_URL}/query`, {
    method: 'POST',
    body: new URLSearchParams({ q: `DROP DATABASE "${influxDatabase}"` }),
  });
});

async function openAs(page: Page, account: { username: string; password: string }, path: string) {
  await page.goto(`${app.url}/admin/login`);
  await signIn(page, account);
  await page.goto(`${app.url}${path}`);
}

/** The chart has drawn its canvas over at least one point in time. */
async function expectPoints(page: Page, testId: string) {
  const chart = page.getByTestId(testId);
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByText(/series over \d+ points in time/)).toBeAttached();
}

async function download(page: Page, chartTestId: string, button: 'Export CSV' | 'Export PNG'): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(chartTestId).getByRole('button', { name: button }).click(),
  ]);
  return file;
}

test('System shows the host live, its charts follow the range picker and export as CSV and PNG', async ({ page }) => {
  await openAs(page, ADMINS.owner, '/admin/monitoring/system');
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();

  // Live: the sample shown is replaced by a newer one while the page is open.
  const sampleTime = page.getByTestId('sample-time').locator('time');
  await expect(sampleTime).toBeVisible({ timeout: 20_000 });
  const firstSample = await sampleTime.getAttribute('datetime');
  await expect.poll(() => sampleTime.getAttribute('datetime'), { timeout: 20_000 }).not.toBe(firstSample);
  await expect(page.getByTestId('metric-card-cpu')).toContainText('%');
  await expect(page.getByTestId('metric-card-heap')).toContainText(/\d+(\.\d)? (KB|MB|GB)/);
  await expect(page.getByTestId('metric-card-uptime')).toContainText(/\d+[smhd]/);

  // Service health with the spec's colours: this server's PostgreSQL and Redis answer.
  await expect(page.getByTestId('monitored-service-database')).toHaveAttribute('data-tone', 'good');
  await expect(page.getByTestId('monitored-service-redis')).toHaveAttribute('data-tone', 'good');

  await expectPoints(page, 'chart-cpu');
  await expectPoints(page, 'chart-event-loop');

  // The range picker: in the URL, and the chart asks for that duration.
  const sixHours = page.waitForRequest(
    (request) =>
      request.url().includes('/api/admin/metrics/history') &&
      /duration=21600/.test(request.url()) &&
      /type=system/.test(request.url()),
  );
  await page.getByLabel('Range').selectOption({ label: '6 Hours' });
  await sixHours;
  await expect(page).toHaveURL(/duration=21600/);
  await expectPoints(page, 'chart-cpu');
  await page.reload();
  await expect(page.getByLabel('Range')).toHaveValue('21600');

  // Export: the CSV has the chart's lines as columns and a timed row of numbers; the PNG is an image.
  await expectPoints(page, 'chart-cpu');
  const csv = await download(page, 'chart-cpu', 'Export CSV');
  expect(csv.suggestedFilename()).toBe('cpu.csv');
  const rows = parseCsv(readFileSync((await csv.path())!, 'utf8'));
  expect(rows[0]).toEqual(['time', 'CPU', 'Process CPU']);
  const row = rows.slice(1).find((cells) => cells[1] !== '');
  expect(row, 'a row with a CPU value').toBeDefined();
  expect(new Date(row![0]!).toISOString()).toBe(row![0]);
  expect(Number(row![1])).toBeGreaterThanOrEqual(0);
  const png = await download(page, 'chart-cpu', 'Export PNG');
  expect(png.suggestedFilename()).toBe('cpu.png');
  expect(
    readFileSync((await png.path())!)
      .subarray(0, 8)
      .toString('hex'),
  ).toBe('89504e470d0a1a0a');

  await shot(page, 'system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectPoints(page, 'chart-memory');
  await shot(page, 'system-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.setViewportSize(PHONE_VIEWPORT);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'system-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
});

test('Performance shows requests over time and per route, the pool, round trips and slow queries', async ({ page }) => {
  await openAs(page, ADMINS.owner, '/admin/monitoring/performance');
  await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();

  await expectPoints(page, 'chart-request-rate');
  await expectPoints(page, 'chart-latency');
  await expectPoints(page, 'chart-round-trips');

  // Per route: this screen's own calls are among them, the slowest first; a header sorts.
  const routes = page.getByTestId('route-row');
  await expect(routes.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('route-table')).toContainText('/api/admin/');
  const p95Header = page.getByRole('columnheader', { name: 'p95' });
  await expect(p95Header).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Route', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Route' })).toHaveAttribute('aria-sort', 'ascending');
  const paths = await routes.locator('td:nth-child(2)').allInnerTexts();
  expect(paths).toEqual([...paths].sort((a, b) => a.localeCompare(b)));
  // At 1280 px the table fits its card: nothing scrolled out of sight, the last column (p99) in the viewport.
  await page.setViewportSize({ width: 1280, height: 720 });
  const routeBox = page.getByRole('region', { name: 'Routes' });
  await expect
    .poll(() => routeBox.evaluate((box) => box.scrollWidth - box.clientWidth), { message: 'px of the routes out of sight' })
    .toBeLessThanOrEqual(1);
  const lastHead = await page.getByRole('columnheader', { name: 'p99' }).boundingBox();
  expect(lastHead!.x + lastHead!.width).toBeLessThanOrEqual(1280);

  // Slow queries: the statements when pg_stat_statements is there, otherwise why not and the line that fixes it.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ count: string }>("SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'")
    .finally(() => client.end());
  const slow = page.getByTestId('slow-queries');
  if (rows[0]!.count === '0') {
    await expect(slow.getByTestId('slow-queries-unavailable')).toBeVisible();
    await expect(slow.locator('pre code')).toContainText(/pg_stat_statements/);
    await expect(slow.getByTestId('slow-query-table')).toHaveCount(0);
  } else {
    await expect(slow.getByTestId('slow-query-row').first()).toBeVisible();
  }

  const day = page.waitForRequest(
    (request) =>
      request.url().includes('/api/admin/metrics/history') &&
      /type=http/.test(request.url()) &&
      /duration=86400/.test(request.url()),
  );
  await page.getByLabel('Range').selectOption({ label: '24 Hours' });
  await day;
  await expect(page).toHaveURL(/duration=86400/);
  await expectPoints(page, 'chart-latency');
  const csv = await download(page, 'chart-latency', 'Export CSV');
  expect(parseCsv(readFileSync((await csv.path())!, 'utf8'))[0]).toEqual(['time', 'p50', 'p95', 'p99']);

  await shot(page, 'performance');
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'performance-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);

  // The database pool's connections over time.
  await expectPoints(page, 'chart-database-pool');
});

test('a critical alert raised from the Alert rules panel reaches the toast and the bell, and is acknowledged', async ({
  page,
}) => {
  await openAs(page, ADMINS.owner, '/admin/monitoring/system');
  const answer = await page.request.get(`${app.url}/api/admin/metrics/alert-rules`);
  expect(answer.ok()).toBe(true);
  const { rules } = (await answer.json()) as { rules: AlertRule[] };
  const rule = rules.find((r) => r.metric === 'system.cpu_percent' && r.severity === 'critical');
  expect(rule, 'a seeded CPU critical rule').toBeDefined();
  const { id, threshold, durationSeconds } = rule!;
  const row = page.getByTestId(`alert-rule-${id}`);
  const enabled = row.getByLabel(`${rule!.name} enabled`);
  const save = row.getByRole('button', { name: `Save ${rule!.name}` });

  try {
    // A busy test machine may hold the rule already: switched off, it resolves, so switching it on starts afresh.
    await enabled.uncheck();
    await save.click();
    await expect(toast(page, `Alert rule "${rule!.name}" saved`)).toBeVisible();
    await expect(enabled).not.toBeChecked();
    await expect(save).toBeDisabled();
    const startedAt = new Date().toISOString();

    // As an operator would: the CPU critical rule holds at once with a threshold of 0 held for 0 s.
    await row.getByLabel(`Threshold of ${rule!.name}`).fill('0');
    await row.getByLabel(`Duration in seconds of ${rule!.name}`).fill('0');
    await enabled.check();
    await save.click();
    await expect(save).toBeDisabled();
    await expect(row.getByLabel(`Threshold of ${rule!.name}`)).toHaveValue('0');

    let alert: StoredAlert | undefined;
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`${app.url}/api/admin/metrics/alerts?severity=critical&limit=20`);
          const { alerts } = (await res.json()) as { alerts: StoredAlert[] };
          alert = alerts.find((a) => a.ruleId === id && a.timestamp >= startedAt);
          return alert?.id;
        },
        { timeout: 30_000, intervals: [250] },
      )
      .toBeDefined();

    await expect(toast(page, alert!.message)).toBeVisible();
    await shot(page, 'alert-toast');
    await expect(page.getByTestId('notification-count')).toBeVisible();
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification').filter({ hasText: alert!.message })).toBeVisible();
    await shot(page, 'alert-bell');
    await page.keyboard.press('Escape');

    await expect(row).toContainText(/ago|just now/);
    const item = page.locator(`[data-testid="recent-alert"][data-alert-id="${alert!.id}"]`);
    await expect(item).toContainText(alert!.message);
    await expect(item).toContainText('Critical');
    await item.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(item.getByTestId('alert-acknowledged')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
    await shot(page, 'alert-acknowledged');
    await expectAccessible(page, 'System monitoring with an acknowledged alert');

    // The server's refusal shows on the field it is about.
    const thresholdField = row.getByLabel(`Threshold of ${rule!.name}`);
    await thresholdField.fill('150');
    await save.click();
    await expect(thresholdField).toHaveAttribute('aria-invalid', 'true');
    await expect(row).toContainText(ALERT_MESSAGES.thresholdPercent);
  } finally {
    await page.request.put(`${app.url}/api/admin/metrics/alert-rules/${id}`, {
      headers: XHR,
      data: { threshold, durationSeconds, enabled: true },
    });
  }
});

test('an admin who may only watch sees the alert rules read-only', async ({ page }) => {
  await openAs(page, ADMINS.monitor, '/admin/monitoring/system');
  const panel = page.getByTestId('alert-rules');
  await expect(panel.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(panel).toHaveAttribute('data-editable', 'false');
  await expect(panel).toContainText('Read-only');
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Save / })).toHaveCount(0);
  await expect(page.getByTestId('metric-card-cpu')).toContainText('%');
  await shot(page, 'system-read-only');
});
