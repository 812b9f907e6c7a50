import { readFileSync } from 'node:fs';
import type { AiTurnDetail, AiTurnSummary } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import { PHONE_VIEWPORT } from './support/accessibility';
import { parseCsv } from './support/csv';
import { reviewShot } from './support/review-shot';
import { sidebar } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const rows = (page: Page) => page.getByTestId('agent-row');
const shot = (page: Page, name: string) => reviewShot(page, `agent-logs-${name}`);
const chart = (page: Page, title: string) => page.getByTestId('time-series-chart').filter({ hasText: title });

/** The first turn of the page the screen shows that called tools and left an intent sample (the demo seed has many). */
async function turnWithToolsAndSample(page: Page, query: string) {
  const answer = await page.request.get(`/api/admin/ai-turns?${query}&limit=25`);
  expect(answer.ok()).toBe(true);
  const { turns } = (await answer.json()) as { turns: AiTurnSummary[] };
  for (const turn of turns.filter((candidate) => candidate.toolCallCount > 0)) {
    const detail = (await (await page.request.get(`/api/admin/ai-turns/${turn.id}`)).json()).data as AiTurnDetail;
    const intent = detail.samples.find((sample) => sample.type === 'intent');
    if (intent) return { turn: detail, intent };
  }
  throw new Error('no turn with tool calls and an intent sample on the first page');
}

test('agent logs: filter, open a turn and its tool calls, follow it to its training sample and back, export a chart', async ({
  page,
}) => {
  await page.goto('/admin');
  await sidebar(page).getByRole('link', { name: 'Agent Logs' }).click();
  await expect(page).toHaveURL(/\/admin\/ai-turns$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agent Logs');
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByTestId('agent-pagination')).toContainText('turns');
  await expect(page.getByTestId('agent-providers')).toContainText('ollama');
  await expect(chart(page, 'Turns per day by outcome').locator('canvas').first()).toBeVisible();
  await shot(page, 'list');

  // Provider, then outcome, from the menus; kept in the URL, and every row obeys both.
  await page.getByTestId('agent-provider').selectOption('anthropic');
  await expect(page).toHaveURL(/provider=anthropic/);
  await page.getByTestId('agent-outcome').selectOption('responded');
  await expect(page).toHaveURL(/outcome=responded/);
  await expect(page.getByTestId('agent-providers').locator('tbody tr')).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-provider', 'anthropic');
  expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-provider')))).toEqual(
    Array(await rows(page).count()).fill('anthropic'),
  );
  // The rows of the provider alone stay until the outcome's page arrives: wait for it rather than read them once.
  await expect(page.locator('[data-testid="agent-row"]:not([data-outcome="responded"])')).toHaveCount(0);
  await expect(rows(page).first()).toHaveAttribute('data-outcome', 'responded');

  // A turn that used tools opens from its row: the conversation, the intent decision, the tool calls as a timeline.
  const { turn, intent } = await turnWithToolsAndSample(page, 'provider=anthropic&outcome=responded');
  await rows(page).getByRole('button', { name: turn.triggerMessage }).first().click();
  await expect(page).toHaveURL(new RegExp(`turn=${turn.id}`));
  const detail = page.getByRole('dialog', { name: 'Agent turn' });
  await expect(detail.getByTestId('turn-trigger')).toContainText(turn.triggerMessage);
  await expect(detail.getByTestId('turn-reply')).toContainText(turn.reply!);
  await expect(detail.getByTestId('turn-intent')).toContainText('Respond');
  const calls = detail.getByTestId('tool-call');
  await expect(calls).toHaveCount(turn.toolCalls.length);
  await expect(calls.first()).toContainText(turn.toolCalls[0]!.name);
  await expect(calls.first()).toContainText(`${turn.toolCalls[0]!.durationMs} ms`);
  await calls.first().getByText('Arguments and result').click();
  await expect(calls.first().locator('pre').first()).toContainText(Object.keys(turn.toolCalls[0]!.arguments)[0]!);
  await expectAccessible(page, 'Agent Logs with a turn open');
  await shot(page, 'turn');

  // Its intent sample opens on the Training Data screen, which links back to the turn.
  await detail.getByTestId('turn-sample-intent').click();
  await expect(page).toHaveURL(new RegExp(`/admin/training-data\\?type=intent&sample=${intent.id}`));
  const panel = page.getByTestId('sample-panel');
  await expect(panel).toContainText(turn.triggerMessage);
  await panel.getByRole('link', { name: 'Open the agent turn' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/ai-turns\\?turn=${turn.id}`));
  await expect(page.getByRole('dialog', { name: 'Agent turn' }).getByTestId('turn-trigger')).toContainText(turn.triggerMessage);
  await page.getByRole('dialog', { name: 'Agent turn' }).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/ai-turns$/);

  // A chart's numbers as CSV: one column per outcome, one row per day.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    chart(page, 'Turns per day by outcome').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('turns-per-day-by-outcome.csv');
  const csv = parseCsv(readFileSync((await file.path())!, 'utf8'));
  expect(csv[0]).toEqual(['time', 'responded', 'ignored', 'error']);
  expect(csv.length).toBeGreaterThan(80);
});

test.describe('in the dark theme at 390 px', () => {
  test.use({ colorScheme: 'dark', viewport: PHONE_VIEWPORT });

  test('agent logs fit, with a turn open', async ({ page }) => {
    await page.goto('/admin/ai-turns?outcome=error');
    await expect(rows(page).first()).toHaveAttribute('data-outcome', 'error');
    await expect(chart(page, 'Error rate per day').locator('canvas').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await shot(page, 'phone-dark');
    await rows(page).first().getByRole('button').first().click();
    await expect(page.getByTestId('turn-error')).toBeVisible();
    await expectAccessible(page, 'an errored turn at 390 px, dark');
    await reviewShot(page, 'agent-logs-phone-dark-turn', false);
  });
});
