import { SYSTEM_SETTING_MESSAGES, systemSettingError } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import { PHONE_VIEWPORT } from './support/accessibility';
import { ADMINS, PORTS } from './support/accounts';
import { type AppServer, runCli, startApp } from './support/app-server';
import { mainServerEnv, newAccount } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

/**
 * System Settings (issue 15): a server of its own and a database of its own, since closing registration or turning
 * on the banner must not reach the other journeys. REGISTER_RATE_LIMIT is set on it, so that setting is fixed by
 * the environment and read-only on the screen.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const ENV_REGISTER_LIMIT = '250';
const VIEWER = { username: 'settings_viewer', password: 'e2e-Settings-Viewer-1' };
const BANNER = 'Planned maintenance tonight from 22:00 UTC';

const shot = (page: Page, name: string) => reviewShot(page, `system-settings-${name}`);
const setting = (page: Page, key: string) => page.getByTestId(`setting-${key}`);
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let app: AppServer;
let databaseUrl: string;

test.beforeAll(async () => {
  // The main server fixes the admin sign-in limit by the environment; here it is left to the screen.
  const { ADMIN_LOGIN_RATE_LIMIT: _fixedLimit, ...env } = mainServerEnv();
  databaseUrl = await createDatabase('guildhall_e2e_system_settings');
  const ownEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `${env.REDIS_PREFIX}system-settings:`,
    REGISTER_RATE_LIMIT: ENV_REGISTER_LIMIT,
  };
  app = await startApp('system-settings', PORTS.systemSettings, ownEnv);
  runCli(ownEnv, [
    'create-admin',
    '--username',
    VIEWER.username,
    '--password',
    VIEWER.password,
    '--role',
    'viewer',
    '--permissions',
    'settings.view',
  ]);
});

test.afterAll(async () => {
  await app?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

async function openSettings(page: Page, account: { username: string; password: string }) {
  await page.goto(`${app.url}/admin/login`);
  await signIn(page, account);
  await page.goto(`${app.url}/admin/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System Settings');
}

test('sources, read-only environment values, an invalid then a valid value, and a reset', async ({ page }) => {
  await openSettings(page, ADMINS.owner);
  for (const group of ['Registration', 'Rate limits', 'Sessions', 'Maintenance']) {
    await expect(page.getByRole('heading', { name: group, level: 2 })).toBeVisible();
  }
  // Fixed by the environment: read-only and saying where to change it.
  const fixed = setting(page, 'registerRateLimit');
  await expect(fixed.getByTestId('source-registerRateLimit')).toHaveText('Environment');
  await expect(fixed.getByLabel('Sign-ups per address per hour', { exact: true })).toHaveValue(ENV_REGISTER_LIMIT);
  await expect(fixed.getByLabel('Sign-ups per address per hour', { exact: true })).toBeDisabled();
  await expect(fixed).toContainText('Set by REGISTER_RATE_LIMIT');
  await expect(setting(page, 'registrationOpen').getByTestId('source-registrationOpen')).toHaveText('Default');
  await shot(page, 'sources');

  // Invalid: the catalog's message at once; Save sends nothing.
  const limit = setting(page, 'adminLoginRateLimit');
  const input = limit.getByLabel('Admin sign-in attempts per 15 minutes', { exact: true });
  await input.fill('1');
  await expect(limit).toContainText(systemSettingError('adminLoginRateLimit', 1)!);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(input).toBeFocused();
  await expect(limit.getByTestId('source-adminLoginRateLimit')).toHaveText('Default');

  // Valid: saved, now from the database, with a reset back to the default.
  await input.fill('40');
  await expect(limit.locator('.field__error')).toHaveCount(0);
  await expect(page.getByTestId('unsaved-changes')).toHaveText('1 unsaved change');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, SYSTEM_SETTING_MESSAGES.saved)).toBeVisible();
  await expect(limit.getByTestId('source-adminLoginRateLimit')).toHaveText('Database');
  await expect(limit).toContainText('by admin');
  await page.reload();
  await expect(
    setting(page, 'adminLoginRateLimit').getByLabel('Admin sign-in attempts per 15 minutes', { exact: true }),
  ).toHaveValue('40');

  await setting(page, 'adminLoginRateLimit')
    .getByRole('button', { name: 'Reset to default: Admin sign-in attempts per 15 minutes' })
    .click();
  await expect(setting(page, 'adminLoginRateLimit').getByTestId('source-adminLoginRateLimit')).toHaveText('Default');
  await expect(
    setting(page, 'adminLoginRateLimit').getByLabel('Admin sign-in attempts per 15 minutes', { exact: true }),
  ).toHaveValue('20');

  // The idle timeout may not outlast the longest life.
  await setting(page, 'adminSessionIdleHours').getByLabel('Admin session idle timeout (hours)', { exact: true }).fill('20');
  await setting(page, 'adminSessionAbsoluteHours').getByLabel('Admin session longest life (hours)', { exact: true }).fill('12');
  await expect(setting(page, 'adminSessionIdleHours')).toContainText(SYSTEM_SETTING_MESSAGES.idleBeyondAbsolute);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(
    setting(page, 'adminSessionIdleHours').getByLabel('Admin session idle timeout (hours)', { exact: true }),
  ).toHaveValue('8');
});

test('closing registration takes effect at once; the banner shows on the sign-in pages; reopening works', async ({
  page,
  browser,
}) => {
  await openSettings(page, ADMINS.owner);
  // The switch's input is visually hidden under its track: click the track, as a user does.
  await setting(page, 'registrationOpen').locator('.switch__track').click();
  await expect(setting(page, 'registrationOpen').locator('input[type="checkbox"]')).not.toBeChecked();
  await setting(page, 'maintenanceBannerEnabled').locator('.switch__track').click();
  await expect(setting(page, 'maintenanceBannerEnabled').locator('input[type="checkbox"]')).toBeChecked();
  await setting(page, 'maintenanceBannerText').getByLabel('Maintenance banner text', { exact: true }).fill(BANNER);
  await expect(page.getByTestId('unsaved-changes')).toHaveText('3 unsaved changes');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, SYSTEM_SETTING_MESSAGES.saved)).toBeVisible();
  await expect(setting(page, 'registrationOpen').getByTestId('source-registrationOpen')).toHaveText('Database');
  // The console itself shows the banner once the status is read again.
  await expect(page.getByTestId('maintenance-banner')).toHaveText(BANNER);

  // A new browser, no restart: /register says it is closed, and the API refuses.
  const visitor = await browser.newContext({ baseURL: app.url });
  try {
    const guest = await visitor.newPage();
    await guest.goto(`${app.url}/register`);
    await expect(guest.getByRole('heading', { name: SYSTEM_SETTING_MESSAGES.registrationClosed })).toBeVisible();
    await expect(guest.getByLabel('Email')).toHaveCount(0);
    const banner = guest.getByRole('status').filter({ hasText: BANNER });
    await expect(banner).toBeVisible();
    await expectAccessible(guest, 'Register, closed, with the banner');
    await shot(guest, 'register-closed');

    const refused = await guest.request.post(`${app.url}/auth/register`, { headers: XHR, data: newAccount('closed') });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, error: SYSTEM_SETTING_MESSAGES.registrationClosed });

    // The sign-in pages show the banner too; dismissed, it stays away for the session.
    await guest.goto(`${app.url}/login`);
    await expect(guest.getByTestId('maintenance-banner')).toHaveText(BANNER);
    await guest.goto(`${app.url}/admin/login`);
    await expect(guest.getByTestId('maintenance-banner')).toHaveText(BANNER);
    await guest.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(guest, 'Admin sign-in with the banner, dark');
    await shot(guest, 'banner-dark');
    await guest.emulateMedia({ colorScheme: 'light' });
    await guest.getByRole('button', { name: 'Dismiss maintenance notice' }).click();
    await expect(guest.getByTestId('maintenance-banner')).toHaveCount(0);
    await guest.reload();
    await expect(guest.getByLabel('Username')).toBeVisible();
    await expect(guest.getByTestId('maintenance-banner')).toHaveCount(0);
  } finally {
    await visitor.close();
  }

  // Reopened and the banner off: a new browser can sign up again.
  await page.reload();
  await setting(page, 'registrationOpen').getByRole('button', { name: 'Reset to default: Registration open' }).click();
  await expect(setting(page, 'registrationOpen').getByTestId('source-registrationOpen')).toHaveText('Default');
  await setting(page, 'maintenanceBannerEnabled')
    .getByRole('button', { name: 'Reset to default: Maintenance banner shown' })
    .click();
  await expect(setting(page, 'maintenanceBannerEnabled').getByTestId('source-maintenanceBannerEnabled')).toHaveText('Default');
  await expect(page.getByTestId('maintenance-banner')).toHaveCount(0);

  const later = await browser.newContext({ baseURL: app.url });
  try {
    const guest = await later.newPage();
    await guest.goto(`${app.url}/register`);
    await expect(guest.getByTestId('register-page')).toBeVisible();
    const account = newAccount('reopened');
    const welcomed = await guest.request.post(`${app.url}/auth/register`, { headers: XHR, data: account });
    expect(welcomed.status(), await welcomed.text()).toBe(200);
  } finally {
    await later.close();
  }
});

test('a settings.view admin sees the settings read-only; the page fits 390 px in the dark theme', async ({ page }) => {
  await openSettings(page, VIEWER);
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await expect(setting(page, 'registrationOpen').locator('input[type="checkbox"]')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectAccessible(page, 'System Settings, read-only, dark, 390 px');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'read-only-phone-dark');
});
