import { DISCORD_LINK_UNAVAILABLE } from '@guildhall/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { runCli } from './support/app-server';
import { activeGuilds, linkFromOutbox, mainServerEnv, newAccount } from './support/community';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** Scrolls to the top: a full-page shot of a scrolled page draws the sticky header in the middle. */
const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function signInWithEmail(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an e-mail member changes the password in Settings and is told Discord cannot be linked on a server without it', async ({
  page,
  request,
}) => {
  const account = newAccount('settings');
  expect((await request.post('/auth/register', { headers: XHR, data: account })).ok()).toBe(true);
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  await request.post('/auth/verify-email', { headers: XHR, data: { token: link.searchParams.get('token') } });

  await signInWithEmail(page, account);
  await expect(page).toHaveURL(/\/select-guild/);
  await page.goto('/settings');
  const card = page.getByTestId('change-password-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('link-discord-card')).toBeVisible();
  await expect(page.getByTestId('add-credentials-card')).toHaveCount(0);

  const newPassword = `${account.password} renewed`;
  await card.getByLabel('Current password', { exact: true }).fill('not the password at all');
  await card.getByLabel('New password', { exact: true }).fill(newPassword);
  await card.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}!`);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card).toContainText('Passwords do not match');

  await card.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card).toContainText('Current password is incorrect');
  await top(page);
  await reviewShot(page, 'community-settings-change-password');

  await card.getByLabel('Current password', { exact: true }).fill(account.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  await expect(card.getByLabel('Current password', { exact: true })).toHaveValue('');

  // This browser stays signed in; the new password is the one that works from now on.
  await page.reload();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  const old = await request.post('/auth/login', { headers: XHR, data: { email: account.email, password: account.password } });
  expect(old.status()).toBe(401);
  const renewed = await request.post('/auth/login', { headers: XHR, data: { email: account.email, password: newPassword } });
  expect(renewed.ok()).toBe(true);

  // The main e2e server has no Discord application: the card says so instead of offering a button that fails.
  await expect(page.getByTestId('link-discord-unavailable')).toHaveText(DISCORD_LINK_UNAVAILABLE);
  await expect(page.getByTestId('link-discord-button')).toHaveCount(0);
});

/** A verified e-mail member holding these permissions in the guild (granted as an operator does, with the CLI). */
async function memberWith(request: APIRequestContext, tag: string, guildId: string, permissions: string) {
  const account = newAccount(tag);
  expect((await request.post('/auth/register', { headers: XHR, data: account })).ok()).toBe(true);
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  await request.post('/auth/verify-email', { headers: XHR, data: { token: link.searchParams.get('token') } });
  runCli(mainServerEnv(), ['grant-guild-access', '--email', account.email, '--guild', guildId, '--permissions', permissions]);
  return account;
}

test("the guild's bot settings on /settings: changed with guild.manage_settings, read-only with settings.view", async ({
  page,
  browser,
  request,
}) => {
  const [guild] = await activeGuilds(request, 'KR');
  const officer = await memberWith(request, 'cfgofficer', guild!.id, 'guild.view,settings.view,guild.manage_settings');
  await signInWithEmail(page, officer);
  await expect(page.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);
  await page.goto('/settings');
  const card = page.getByTestId('guild-config');
  await expect(card).toContainText(`${guild!.guild_name}: bot settings`);
  const prefix = card.getByTestId('setting-prefix');
  const field = prefix.getByRole('textbox', { name: 'Bot prefix' });
  // Too long is said under the field (issue 29: the field used to cut it at five characters without a word).
  await field.fill('!guild');
  await field.blur();
  await expect(field).toHaveValue('!guild');
  await expect(prefix).toContainText('Must be at most 5 characters');
  await field.fill('   ');
  await field.blur();
  await expect(prefix).toContainText('Required');
  // The time zone is chosen from a list, as on the guild form, not typed (issue 29).
  const zone = card.getByTestId('setting-timezone').getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('UTC');
  await expect(zone.locator('option', { hasText: 'Europe/Berlin' })).toHaveCount(1);
  const value = `?${Math.random().toString(36).slice(2, 4)}`;
  await field.fill(value);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect(prefix.getByTestId('modified-badge')).toBeVisible();
  await expect(field).toHaveValue(value);
  await card.scrollIntoViewIfNeeded();
  await reviewShot(page, 'community-settings-guild-config');
  await expectAccessible(page, "Settings with the guild's bot settings");

  // A member who may only read sees the saved value, and no way to change it.
  const context = await browser.newContext();
  try {
    const reader = await context.newPage();
    const member = await memberWith(request, 'cfgreader', guild!.id, 'guild.view,settings.view');
    await signInWithEmail(reader, member);
    await expect(reader.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);
    await reader.goto('/settings');
    const readOnly = reader.getByTestId('guild-config');
    await expect(readOnly.getByTestId('setting-prefix').getByRole('textbox', { name: 'Bot prefix' })).toHaveValue(value);
    await expect(readOnly.getByTestId('setting-prefix').getByRole('textbox', { name: 'Bot prefix' })).toBeDisabled();
    await expect(readOnly).toContainText("Read-only: changing the guild's settings needs the permission to manage them");
    await expect(readOnly.getByRole('button', { name: 'Save' })).toHaveCount(0);
  } finally {
    await context.close();
  }

  // Back to the default, so the next run starts from it.
  await prefix.getByRole('button', { name: 'Reset to default: Bot prefix' }).click();
  await expect(prefix.getByTestId('modified-badge')).toHaveCount(0);
  await expect(field).toHaveValue('!');
});

test('a member who forgot the password chooses a new one from the e-mailed link and signs in with it', async ({
  page,
  request,
}) => {
  const account = newAccount('forgot');
  expect((await request.post('/auth/register', { headers: XHR, data: account })).ok()).toBe(true);
  const verify = await linkFromOutbox(request, account.email, '/verify-email');
  await request.post('/auth/verify-email', { headers: XHR, data: { token: verify.searchParams.get('token') } });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByTestId('forgot-password-page')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(account.email);

  const link = await linkFromOutbox(request, account.email, '/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  const form = page.getByTestId('reset-password-page');
  await expect(form).toBeVisible();
  const newPassword = `${account.password} again`;
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill(`${newPassword}?`);
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(form).toContainText('Passwords do not match');
  await expectAccessible(page, 'Reset password with a mismatch');

  await form.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password reset successfully! You can now log in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/select-guild/);

  // The link was for one use: opening it again refuses the token.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('reset-password-page').getByLabel('New password', { exact: true }).fill(`${newPassword} 3`);
  await page.getByTestId('reset-password-page').getByLabel('Repeat password', { exact: true }).fill(`${newPassword} 3`);
  await page.getByTestId('reset-password-page').getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'This password reset link is invalid or has expired. Request a new one.')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password/);
  await reviewShot(page, 'community-reset-password-used-link');
});
