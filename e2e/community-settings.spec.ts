import type { Page } from '@playwright/test';
import { linkFromOutbox, newAccount } from './support/community';
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

test('an e-mail member changes the password in Settings and is offered to link Discord', async ({ page, request }) => {
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
  await page.screenshot({ path: 'test-results/shots/community-settings-change-password.png', fullPage: true });
  await expectAccessible(page, 'Settings of an e-mail member');

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

  // The main e2e server has no Discord application: linking says so.
  await page.getByTestId('link-discord-button').click();
  await expect(toast(page, 'Discord sign-in is not configured')).toBeVisible();
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
  await expectAccessible(page, 'Forgot password');
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
  await page.screenshot({ path: 'test-results/shots/community-reset-password-used-link.png', fullPage: true });
});
