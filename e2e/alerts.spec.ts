import { type AlertRule, liveLogsSearchPath, MUTE_MESSAGES, type StoredAlert } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import { DiscordFake } from '../apps/server/test/fakes/discord-fake';
import { ADMINS, PORTS } from './support/accounts';
import { type AppServer, startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const shot = (page: Page, name: string) => reviewShot(page, `alerts-${name}`);

// In order on one server with a Discord fake: the silence journey makes a rule fire, and puts it back.
test.describe.configure({ mode: 'default', timeout: 180_000 });

const discord = new DiscordFake();
let app: AppServer;
let databaseUrl = '';

test.beforeAll(async () => {
  await discord.start();
  const env = mainServerEnv();
  databaseUrl = await createDatabase('guildhall_e2e_alerts');
  app = await startApp('alerts', PORTS.alerts, {
    ...env,
    ...discord.appSettings(),
    DATABASE_URL: databaseUrl,
    INFLUX_DATABASE: `${env.INFLUX_DATABASE}_alerts`,
    REDIS_PREFIX: `${env.REDIS_PREFIX}alerts:`,
    // The Discord fake is on loopback: allowlisted by its port, as an operator would.
    OUTBOUND_ALLOWED_HOSTS: new URL(discord.baseUrl).host,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await discord.stop();
  if (databaseUrl) await dropDatabase(databaseUrl);
  const env = mainServerEnv();
  const q = `DROP DATABASE "${env.INFLUX_DATABASE}_alerts"`;
  await fetch(`${env.INFLUX_URL}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
});

async function openAlerts(page: Page, tab: string) {
  await page.goto(`${app.url}/admin/login`);
  await signIn(page, ADMINS.owner);
  await page.goto(`${app.url}/admin/monitoring/alerts?tab=${tab}`);
}

test('make a Discord contact point, send it a test the channel receives, edit it without its URL, delete it', async ({
  page,
}) => {
  await openAlerts(page, 'contact-points');
  const panel = page.getByTestId('contact-points');
  await expect(panel).toContainText('No contact points');
  await panel.getByRole('button', { name: 'New contact point' }).click();
  const form = page.getByTestId('contact-point-form');
  // The form checks with the contract's rules before anything is sent.
  await page.getByRole('button', { name: 'Save contact point' }).click();
  await expect(form).toContainText('Name is required');
  await form.getByLabel('Name').fill('Raid leads');
  await form.getByLabel('Kind').selectOption('discord');
  await form.getByLabel('Discord webhook URL').fill('https://example.com/not-a-webhook');
  await page.getByRole('button', { name: 'Save contact point' }).click();
  await expect(form).toContainText('Discord webhook URL must look like');
  const url = discord.addWebhook();
  await form.getByLabel('Discord webhook URL').fill(url);
  await form.getByLabel('Warning').check();
  await shot(page, 'contact-point-form');
  await page.getByRole('button', { name: 'Save contact point' }).click();
  await expect(toast(page, 'Contact point Raid leads created')).toBeVisible();

  const row = panel.locator('[data-testid="contact-point-row"][data-name="Raid leads"]');
  await expect(row).toContainText('Critical, Error, Warning');
  await expect(row).toContainText('Every rule');
  // Write-only: the webhook's token is never shown again.
  await expect(row).not.toContainText(url.split('/').at(-1)!);

  await row.getByRole('button', { name: 'Send test to Raid leads' }).click();
  await expect(page.getByTestId('test-outcome')).toHaveText('Test sent to Raid leads');
  await expect.poll(() => discord.webhookMessages.length).toBe(1);
  const [embed] = discord.webhookMessages[0]!.body.embeds as { title: string }[];
  expect(embed!.title).toBe('[Test] Guildhall alerts reach Raid leads');
  await expect(row).toContainText('Sent');
  await shot(page, 'contact-points');
  await expectAccessible(page, 'Alerts: contact points after a test');

  // An edit shows the URL as set and keeps it when left empty.
  await row.getByRole('button', { name: 'Edit Raid leads' }).click();
  await expect(form).toContainText('Set');
  await form.getByLabel('Every rule (and notices)').uncheck();
  await form.getByLabel('PostgreSQL down').check();
  await page.getByRole('button', { name: 'Save contact point' }).click();
  await expect(toast(page, 'Contact point Raid leads saved')).toBeVisible();
  await expect(row).toContainText('Rules: postgresql-down');
  await row.getByRole('button', { name: 'Send test to Raid leads' }).click();
  await expect.poll(() => discord.webhookMessages.length).toBe(2);

  await row.getByRole('button', { name: 'Delete Raid leads' }).click();
  await expect(page.getByTestId('confirm-delete-contact-point')).toContainText('Raid leads will hear of no more alerts');
  await page.getByTestId('confirm-delete-contact-point-confirm').click();
  await expect(toast(page, 'Contact point Raid leads deleted')).toBeVisible();
  await expect(panel).toContainText('No contact points');
});

test('silence a rule: its alert is stored and shown muted, its page says why and what caused it', async ({ page }) => {
  await openAlerts(page, 'silences');
  const rules = (await (await page.request.get(`${app.url}/api/admin/metrics/alert-rules`)).json()) as { rules: AlertRule[] };
  const rule = rules.rules.find((candidate) => candidate.id === 'cpu-critical')!;
  await page.getByLabel('Rule', { exact: true }).selectOption({ label: rule.name });
  await page.getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Silence a rule or an instance' })).toContainText(MUTE_MESSAGES.reasonRequired);
  await page.getByLabel(/^Reason/).fill('Raid night load test');
  await page.getByLabel('For', { exact: true }).selectOption({ label: '1 hour' });
  await page.getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(toast(page, /^Silenced until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/)).toBeVisible();
  const silence = page.locator('[data-testid="silence-row"][data-rule="cpu-critical"]');
  await expect(silence).toContainText('Raid night load test');
  await expect(silence).toContainText(rule.name);

  const startedAt = new Date().toISOString();
  try {
    // As an operator testing the rule would: it holds at once with a threshold of 0 held for 0 s.
    const changed = await page.request.put(`${app.url}/api/admin/metrics/alert-rules/${rule.id}`, {
      headers: XHR,
      data: { threshold: 0, durationSeconds: 0, enabled: true },
    });
    expect(changed.ok()).toBe(true);
    let alert: StoredAlert | undefined;
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${app.url}/api/admin/metrics/alerts?severity=critical&limit=20`);
          alert = ((await answer.json()) as { alerts: StoredAlert[] }).alerts.find(
            (candidate) => candidate.ruleId === rule.id && candidate.timestamp >= startedAt,
          );
          return alert?.mutedReason;
        },
        { timeout: 30_000, intervals: [250] },
      )
      .toBe(MUTE_MESSAGES.silenced('Raid night load test'));

    await page.getByRole('tab', { name: 'Alerts' }).click();
    const row = page.locator(`[data-testid="alert-row"][data-alert-id="${alert!.id}"]`);
    await expect(row.getByTestId('alert-muted')).toHaveText('Muted');
    await expect(row).toContainText('Silenced: Raid night load test');
    await shot(page, 'muted-alert');

    await row.getByRole('link', { name: alert!.message }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(alert!.message);
    await expect(page.getByTestId('alert-muted')).toContainText('Not sent: Silenced: Raid night load test');
    await expect(page.getByTestId('alert-deliveries')).toContainText('Muted: nothing was sent.');
    // What caused it: the CPU over the rule's window.
    await expect(page.getByTestId('alert-evidence')).toContainText(/from \d+(\.\d+)? to \d+(\.\d+)? %, last/);
    await shot(page, 'alert-page');
    await expectAccessible(page, 'an alert with its evidence');
    // Silencing from the alert fills the form in with its rule and instance.
    await page.getByRole('link', { name: 'Silence this alert' }).click();
    await expect(page.getByLabel('Rule', { exact: true })).toHaveValue(rule.id);
    await expect(page.getByLabel('Instance', { exact: true })).toHaveValue(alert!.instance!);

    // A request id of an error-rate alert links to Live Logs' search over the minute before, opened on it.
    const minute = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date().toISOString() };
    await page.goto(`${app.url}${liveLogsSearchPath(minute, 'req-7')}`);
    await expect(page.getByLabel('Request ID')).toHaveValue('req-7');
    await expect(page.getByTestId('search-from')).not.toHaveValue('');
  } finally {
    await page.request.put(`${app.url}/api/admin/metrics/alert-rules/${rule.id}`, {
      headers: XHR,
      data: { threshold: rule.threshold, durationSeconds: rule.durationSeconds, enabled: rule.enabled },
    });
  }

  await page.goto(`${app.url}/admin/monitoring/alerts?tab=silences`);
  await silence.getByRole('button', { name: 'End silence' }).click();
  await page.getByTestId('confirm-end-silence-confirm').click();
  await expect(toast(page, 'Silence ended')).toBeVisible();
  await expect(page.getByTestId('silences')).toContainText('Nothing is silenced.');
});

test('a weekly maintenance window is added in UTC and deleted behind a confirmation', async ({ page }) => {
  await openAlerts(page, 'windows');
  await page.getByLabel('Name').fill('Patch night');
  await page.getByLabel('Day (UTC)').selectOption({ label: 'Sunday' });
  await page.getByLabel('Start (UTC)').fill('02:00');
  await page.getByLabel('Length (minutes)').fill('2000');
  await page.getByRole('button', { name: 'Add window' }).click();
  await expect(page.getByRole('form', { name: 'New maintenance window' })).toContainText(MUTE_MESSAGES.windowDuration);
  await page.getByLabel('Length (minutes)').fill('60');
  await page.getByRole('button', { name: 'Add window' }).click();
  await expect(toast(page, 'Maintenance window Patch night created')).toBeVisible();
  const row = page.getByTestId('window-row').filter({ hasText: 'Patch night' });
  await expect(row).toContainText('Sunday 02:00 for 60 minutes');
  await shot(page, 'windows');
  await row.getByRole('button', { name: 'Delete Patch night' }).click();
  await page.getByTestId('confirm-delete-window-confirm').click();
  await expect(toast(page, 'Maintenance window Patch night deleted')).toBeVisible();
  await expect(page.getByTestId('maintenance-windows')).toContainText('No maintenance windows.');
});
