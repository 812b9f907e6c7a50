import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PHONE_VIEWPORT } from './support/accessibility';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const shot = (page: Page, name: string) => reviewShot(page, `training-${name}`);
const rows = (page: Page) => page.getByTestId('sample-row');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

interface Statistics {
  memory: { totalSamples: number; verifiedSamples: number };
  intent: { totalSamples: number; verifiedSamples: number };
  decisionAccuracy: { totalWithOutcome: number; correctDecisions: number };
}

async function statistics(page: Page): Promise<Statistics> {
  const answer = await page.request.get('/api/admin/training-data/statistics');
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data;
}

async function sample(page: Page, type: string, id: string) {
  const answer = await page.request.get(`/api/admin/ml/samples/${id}?type=${type}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data.sample as { humanVerified: boolean; labelCorrections: Record<string, unknown> | null };
}

test('statistics: totals, a date range, and a start after the end named inline without a request', async ({ page }) => {
  await page.goto('/admin/ml-data');
  await expect(page).toHaveURL(/\/admin\/training-data/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Training Data');
  await expect(tab(page, 'Statistics')).toHaveAttribute('aria-selected', 'true');
  const all = await statistics(page);
  expect(all.intent.totalSamples).toBeGreaterThan(100);
  expect(all.memory.totalSamples).toBeGreaterThan(100);
  await expect(page.getByTestId('stat-intent')).toContainText(all.intent.totalSamples.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-memory')).toContainText(all.memory.totalSamples.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-accuracy')).toContainText('%');
  await expect(page.getByTestId('provider-table').getByRole('row')).not.toHaveCount(1);
  // Accuracy is defined on the screen, and the providers count what the headline counts (issue 29): their correct
  // decisions of known outcomes add up to its "N of M with a known outcome".
  await expect(page.getByTestId('accuracy-definition')).toContainText('whose outcome is known');
  const perProvider = (await page.getByTestId('provider-table').locator('tbody tr td:last-child').allTextContents()).map((text) =>
    /^([\d,]+) of ([\d,]+)/
      .exec(text)!
      .slice(1)
      .map((figure) => Number(figure.replaceAll(',', ''))),
  );
  const summed = perProvider.reduce<[number, number]>(([correct, known], [c, k]) => [correct + c!, known + k!], [0, 0]);
  expect(summed).toEqual([all.decisionAccuracy.correctDecisions, all.decisionAccuracy.totalWithOutcome]);

  // A start after the end: the message shows and no statistics request leaves the browser.
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/training-data/statistics')) requests += 1;
  });
  await page.getByLabel('End date').fill('2026-03-01');
  await page.getByLabel('Start date').fill('2026-03-10');
  await expect(page.getByTestId('date-range-error')).toHaveText('Start date must be before end date');
  const before = requests;
  await page.waitForTimeout(500);
  expect(requests).toBe(before);
  await expectAccessible(page, 'Training Data statistics with the date-order error');

  // Last 7 days: both dates set, the error gone, and the figures are the server's for that range.
  const answer = page.waitForResponse(
    (response) => response.url().includes('/statistics?') && response.url().includes('startDate='),
  );
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  const ranged = (await (await answer).json()).data as Statistics;
  await expect(page.getByTestId('date-range-error')).toHaveCount(0);
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  expect(ranged.intent.totalSamples).toBeLessThanOrEqual(all.intent.totalSamples);
  await expect(page.getByTestId('stat-intent')).toContainText(ranged.intent.totalSamples.toLocaleString('en-US'));
  await shot(page, 'statistics');
});

test('statistics that fail to load offer Retry', async ({ page }) => {
  await page.route('**/api/admin/training-data/statistics*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"down"}' }),
  );
  await page.goto('/admin/training-data');
  await expect(page.getByTestId('statistics-error')).toContainText('Failed to load statistics');
  await page.unroute('**/api/admin/training-data/statistics*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('stat-intent')).toBeVisible();
});

test('intent samples: filter, expand one, verify it; the verified count goes up', async ({ page }) => {
  await page.goto('/admin/training-data');
  await tab(page, 'Intent samples').click();
  await expect(page).toHaveURL(/tab=intent/);
  await expect(page.getByLabel('Minimum quality')).toHaveValue('0.5');
  await expect(rows(page)).toHaveCount(10);

  await page.getByLabel('Verified', { exact: true }).selectOption('unverified');
  await page.getByLabel('Should respond', { exact: true }).selectOption('true');
  await expect(page).toHaveURL(/verified=unverified/);
  await expect(page).toHaveURL(/shouldRespond=true/);
  await expect(rows(page).first()).toBeVisible();
  // The rows on screen are the filtered ones once the list has loaded again.
  await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes('Respond ·'))).toBe(true);
  await expect(page.getByTestId('verified-badge')).toHaveCount(0);
  await page.getByLabel('Minimum quality').fill('0.8');
  await expect(page).toHaveURL(/minQuality=0.8/);
  const qualities = async () =>
    (await page.getByTestId('sample-quality').allTextContents()).map((text) => Number(text.replace('quality', '').trim()));
  await expect.poll(async () => Math.min(...(await qualities()))).toBeGreaterThanOrEqual(0.8);

  // Expand one: its context (at most five entries) and its decision.
  const first = rows(page).first();
  await first.getByRole('button', { expanded: false }).first().click();
  await expect(first.getByTestId('sample-details')).toBeVisible();
  await expect(first.getByTestId('sample-decision')).toContainText('Respond');
  expect(await first.getByTestId('sample-context').locator('li').count()).toBeLessThanOrEqual(5);
  await expect(first.getByTestId('sample-decision')).toContainText(/Confidence\s*\d\.\d{3}/);
  await shot(page, 'intent-expanded');
  await expectAccessible(page, 'Intent samples with a row open');

  // Verify it: the button goes, the badge shows, the statistics count one more.
  const id = (await first.getAttribute('data-sample-id'))!;
  const before = await statistics(page);
  await page.goto(`/admin/training-data?type=intent&sample=${id}`);
  const panel = page.getByTestId('sample-panel');
  await expect(panel).toContainText('Linked intent sample');
  await panel.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(panel.getByTestId('verified-badge')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  expect((await sample(page, 'intent', id)).humanVerified).toBe(true);
  await tab(page, 'Statistics').click();
  await expect(page.getByTestId('stat-intent-verified')).toHaveText((before.intent.verifiedSamples + 1).toLocaleString('en-US'));
});

test('a row of the list is verified in place, and bulk delete asks first', async ({ page }) => {
  await page.goto('/admin/training-data?tab=memory&minQuality=none');
  const row = rows(page)
    .filter({ has: page.getByRole('button', { name: 'Verify', exact: true }) })
    .first();
  const id = (await row.getAttribute('data-sample-id'))!;
  const target = page.locator(`[data-testid="sample-row"][data-sample-id="${id}"]`);
  await target.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(target.getByTestId('verified-badge')).toBeVisible();
  await expect(target.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  expect((await sample(page, 'memory', id)).humanVerified).toBe(true);

  const doomed = (await rows(page).nth(9).getAttribute('data-sample-id'))!;
  await rows(page).nth(9).getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-bar')).toContainText('1 selected');
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete samples' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Delete 1 sample' }).click();
  await expect(page.locator(`[data-testid="sample-row"][data-sample-id="${doomed}"]`)).toHaveCount(0);
  expect((await page.request.get(`/api/admin/ml/samples/${doomed}?type=memory`)).status()).toBe(404);
});

test('the review queue by keyboard: V verifies, S skips, and the count drops', async ({ page }) => {
  await page.goto('/admin/training-data?tab=review');
  const card = page.getByTestId('queue-sample');
  const remaining = page.getByTestId('queue-remaining');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('queue-legend')).toContainText('V Verify');
  await expect(page.getByTestId('queue-legend')).toContainText('S Skip');
  const count = async () => Number((await remaining.textContent())!.replace(/[^\d]/g, ''));
  await expect(remaining).toHaveText(/\d+ remaining/);
  const start = await count();
  expect(start).toBeGreaterThan(2);
  await expectAccessible(page, 'the review queue');

  const firstId = (await card.getAttribute('data-sample-id'))!;
  const firstType = (await card.getAttribute('data-sample-type'))!;
  await page.keyboard.press('v');
  await expect(card).not.toHaveAttribute('data-sample-id', firstId);
  await expect(remaining).toHaveText(`${(start - 1).toLocaleString('en-US')} remaining`);
  expect((await sample(page, firstType, firstId)).humanVerified).toBe(true);

  const secondId = (await card.getAttribute('data-sample-id'))!;
  const secondType = (await card.getAttribute('data-sample-type'))!;
  await page.keyboard.press('s');
  await expect(card).not.toHaveAttribute('data-sample-id', secondId);
  await expect(remaining).toHaveText(`${(start - 2).toLocaleString('en-US')} remaining`);
  expect((await sample(page, secondType, secondId)).humanVerified).toBe(false);

  // The arrow goes back to the skipped sample; C opens the label form.
  await page.keyboard.press('ArrowLeft');
  await expect(card).toHaveAttribute('data-sample-id', secondId);
  await page.keyboard.press('c');
  await expect(page.getByRole('dialog', { name: 'Correct label' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'review-queue');
});

test('a corrected label is kept beside the original', async ({ page }) => {
  await page.goto('/admin/training-data?tab=intent&minQuality=none');
  const row = rows(page)
    .filter({ hasNot: page.getByText('Relabelled') })
    .first();
  const id = (await row.getAttribute('data-sample-id'))!;
  const original = await sample(page, 'intent', id);
  const decision = (original as unknown as { shouldRespond: boolean }).shouldRespond;
  await row.getByRole('button', { name: 'Correct label' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct label' });
  await dialog.getByRole('checkbox').setChecked(!decision);
  await dialog.getByLabel('Note').fill('Off-topic chatter, the bot should stay quiet');
  await expectAccessible(page, 'the label form');
  await dialog.getByRole('button', { name: 'Save label' }).click();
  const comparison = dialog.getByTestId('label-comparison');
  await expect(comparison.getByTestId('label-original-shouldRespond')).toHaveText(decision ? 'Yes' : 'No');
  await expect(comparison.getByTestId('label-corrected-shouldRespond')).toHaveText(decision ? 'No' : 'Yes');
  await expect(comparison).toContainText('Off-topic chatter');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const saved = await sample(page, 'intent', id);
  expect(saved.labelCorrections).toMatchObject({ shouldRespond: !decision });
  expect((saved as unknown as { shouldRespond: boolean }).shouldRespond).toBe(decision);

  await page.goto(`/admin/training-data?type=intent&sample=${id}`);
  const panel = page.getByTestId('sample-panel');
  await expect(panel.getByTestId('label-corrected-shouldRespond')).toHaveText(decision ? 'No' : 'Yes');
  await expect(panel.getByTestId('verified-badge')).toBeVisible();
  await shot(page, 'label');
});

test('analytics: provider charts, the confusion matrix and the quality histograms with CSV export', async ({ page }) => {
  await page.goto('/admin/training-data?tab=analytics');
  const matrix = page.getByTestId('confusion-matrix');
  await expect(matrix).toBeVisible();
  const answer = await page.request.get('/api/admin/ml/analytics');
  const { confusionMatrix } = (await answer.json()).data;
  await expect(matrix.getByTestId('matrix-truePositives')).toContainText(confusionMatrix.truePositives.toLocaleString('en-US'));
  await expect(page.getByTestId('chart-provider-samples').locator('svg rect.chart__bar')).not.toHaveCount(0);
  await expect(page.getByTestId('chart-quality-intent').locator('svg rect.chart__bar')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV: Intent sample quality' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('quality,samples');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(11);
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG: Samples by provider' }).click();
  expect((await png).suggestedFilename()).toBe('samples-by-provider.png');
  await shot(page, 'analytics');
  await expectAccessible(page, 'Training Data analytics');
});

test('export: jsonl and Hugging Face datasets are written, listed and downloaded', async ({ page }) => {
  await page.goto('/admin/training-data?tab=export');
  const panel = page.getByTestId('export-panel');
  await expect(panel).toBeVisible();
  await expectAccessible(page, 'the export panel');

  await page.getByTestId('export-submit').click();
  const result = page.getByTestId('export-result');
  await expect(result.getByTestId('export-file').first()).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('export-file').first()).toContainText('.jsonl');
  const link = result.getByTestId('export-file').first().getByRole('link');
  const download = page.waitForEvent('download');
  await link.click();
  const text = await readFile((await (await download).path())!, 'utf8');
  const firstLine = JSON.parse(text.split('\n')[0]!);
  expect(typeof firstLine).toBe('object');

  await page.getByTestId('export-format').selectOption('huggingface');
  await page.getByTestId('export-submit').click();
  await expect(result.getByTestId('export-file').filter({ hasText: 'README.md' })).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('export-file').filter({ hasText: '.parquet' }).first()).toBeVisible();
  await expect(page.getByTestId('kept-export')).not.toHaveCount(0);
  await shot(page, 'export');
  await expectAccessible(page, 'the export panel with files');
});

test.describe('at phone width in the dark theme', () => {
  test.use({ colorScheme: 'dark', viewport: PHONE_VIEWPORT });

  test('every tab reads and passes the accessibility check', async ({ page }) => {
    await page.goto('/admin/training-data');
    await expect(page.getByTestId('stat-intent')).toBeVisible();
    await shot(page, 'phone-dark-statistics');
    await tab(page, 'Memory samples').click();
    await expect(rows(page).first()).toBeVisible();
    await rows(page).first().getByRole('button', { expanded: false }).first().click();
    await expect(page.getByTestId('sample-details')).toBeVisible();
    await expect(
      page.getByTestId('sample-details').getByTestId('sample-context').or(page.getByText('No earlier messages.')),
    ).toBeVisible();
    await shot(page, 'phone-dark-memory');
    await expectAccessible(page, 'Memory samples, phone, dark');
    await tab(page, 'Intent samples').click();
    await expect(rows(page).first()).toBeVisible();
    await expectAccessible(page, 'Intent samples, phone, dark');
    await tab(page, 'Review queue').click();
    await expect(page.getByTestId('queue-sample')).toBeVisible();
    await shot(page, 'phone-dark-review');
    await expectAccessible(page, 'Review queue, phone, dark');
    await tab(page, 'Analytics').click();
    await expect(page.getByTestId('confusion-matrix')).toBeVisible();
    await shot(page, 'phone-dark-analytics');
    await expectAccessible(page, 'Analytics, phone, dark');
    await tab(page, 'Export').click();
    await expect(page.getByTestId('export-panel')).toBeVisible();
    await shot(page, 'phone-dark-export');
    await expectAccessible(page, 'Export, phone, dark');
  });
});

test('desktop, dark: a screenshot of each list', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/training-data?tab=intent&minQuality=none');
  await expect(rows(page)).toHaveCount(10);
  await shot(page, 'desktop-dark-intent');
});
