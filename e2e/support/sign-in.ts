import { expect, type Page } from '@playwright/test';

/** Signs in on the Admin Portal page the browser is on (or opens it) and waits to leave it. */
export async function signIn(page: Page, account: { username: string; password: string }) {
  if (!page.url().includes('/admin/login')) await page.goto('/admin/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** The sidebar's navigation landmark. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin navigation' });
