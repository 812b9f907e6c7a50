import {
  ADMIN_ALERTS,
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_SCREENS,
  ADMIN_USER_MESSAGES,
  hasAnyAdminPermission,
  MESSAGES,
  ROLES,
} from '@guildhall/contract';
import type { Browser, Page } from '@playwright/test';
import { settle } from './support/accessibility';
import { ADMINS } from './support/accounts';
import { reviewShot } from './support/review-shot';
import { sidebar, signIn } from './support/sign-in';
import { expect, expectAccessible, signedOutContext, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const row = (page: Page, username: string) => page.locator(`[data-testid="admin-user-row"][data-username="${username}"]`);
const shot = (page: Page, name: string) => reviewShot(page, `admin-users-${name}`);

/** The screens that work today, as the shell journey (admin-sign-in.spec.ts) lists them. */
const WORKING_PATHS = new Set([
  '/admin',
  '/admin/guilds',
  '/admin/character-discovery',
  '/admin/database/postgresql',
  '/admin/database/influxdb',
  '/admin/database/redis',
  '/admin/monitoring/system',
  '/admin/monitoring/performance',
  '/admin/monitoring/alerts',
  '/admin/monitoring/logs',
  '/admin/mail-outbox',
  '/admin/accounts/discord',
  '/admin/accounts/players',
  '/admin/users',
  '/admin/audit-log',
  '/admin/permissions',
  '/admin/configuration',
  '/admin/settings',
  '/admin/training-data',
  '/admin/ai-turns',
  '/admin/analytics',
  '/admin/data',
]);

/** A username no earlier run has taken. */
const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A second browser, signed in as someone else, beside the owner's. */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await signedOutContext(browser, { baseURL });
  return { context, page: await context.newPage() };
}

/** Creates an admin through the API, as the signed-in owner of `page`. */
async function createAdmin(page: Page, body: { username: string; role: string; password: string; fullName?: string }) {
  const answer = await page.request.post('/api/admin/users', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: body });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function searchFor(page: Page, username: string) {
  await page.getByTestId('admin-user-search').fill(username);
  await expect(page).toHaveURL(new RegExp(`search=${username}`));
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
}

test('the owner creates an operator, who sees only what Operator allows; ending their session signs them out at once', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = uniqueName('operator');
  const password = 'e2e-Operator-Password-1';
  await page.goto('/admin');
  await sidebar(page).getByRole('link', { name: 'Admin Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Users');
  await expect(row(page, ADMINS.owner.username)).toContainText('(you)');
  await expect(page.getByTestId('admin-user-stat-total')).not.toContainText('—');
  await shot(page, 'list');

  // Create: the form's own checks, then the server's (a taken username shows on its field), then the operator.
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  const form = dialog(page, 'Create Admin User');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Create Admin User' }).click();
  await expect(form.getByText(ADMIN_USER_MESSAGES.usernameRequired)).toBeVisible();
  await expect(form.getByText('Password must be at least 12 characters')).toBeVisible();
  await form.getByLabel('Username').fill(ADMINS.monitor.username);
  await form.getByLabel('Full name').fill('Olga Operator');
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
  await expect(form.getByText('(in role)')).toHaveCount(ROLES.operator.permissions.length);
  await form.getByLabel('Initial password').fill(password);
  await form.getByRole('button', { name: 'Create Admin User' }).click();
  await expect(form.getByText(ADMIN_USER_MESSAGES.usernameTaken)).toBeVisible();
  await expectAccessible(page, 'the create dialog with a server field error');
  await shot(page, 'create-taken');
  await form.getByLabel('Username').fill(username);
  await form.getByRole('button', { name: 'Create Admin User' }).click();
  await expect(toast(page, ADMIN_USER_MESSAGES.created)).toBeVisible();
  await expect(form).toBeHidden();
  await searchFor(page, username);
  await expect(row(page, username)).toContainText('Olga Operator');
  await expect(row(page, username)).toContainText('Operator');
  await expect(row(page, username).getByTestId('admin-user-status')).toHaveText('Active');

  // The operator, in a second browser: the sidebar holds the working screens the Operator role opens, no more.
  const operator = await otherBrowser(browser, baseURL);
  try {
    await signIn(operator.page, { username, password });
    const holder = { role: 'operator', permissions: ROLES.operator.permissions };
    const expected = ADMIN_SCREENS.filter(
      (screen) => WORKING_PATHS.has(screen.path) && hasAnyAdminPermission(holder, screen.anyOf),
    ).map((screen) => screen.label);
    expect(expected).not.toContain('Admin Users');
    await expect(sidebar(operator.page).getByRole('link')).toHaveText(expected);
    await expect(operator.page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');
    await reviewShot(operator.page, 'admin-users-operator-sidebar');

    // Back in the owner's browser: the operator's one session, ended.
    await page.getByRole('button', { name: `Sessions of ${username}` }).click();
    const sessions = dialog(page, `Sessions: ${username}`);
    await expect(sessions.getByTestId('admin-session')).toHaveCount(1);
    await expect(sessions.getByText('This session')).toHaveCount(0);
    await expectAccessible(page, "the operator's sessions");
    await shot(page, 'sessions');
    await sessions.getByRole('button', { name: 'End session' }).click();
    const confirm = dialog(page, 'End this session?');
    await expect(confirm).toContainText(username);
    await confirm.getByRole('button', { name: 'End session' }).click();
    await expect(toast(page, ADMIN_USER_MESSAGES.sessionEnded)).toBeVisible();
    await expect(sessions.getByTestId('admin-sessions-empty')).toBeVisible();

    // The operator's browser is told at once: no reload, straight to the sign-in page with the message.
    await expect(operator.page).toHaveURL(/\/admin\/login/, { timeout: 5_000 });
    await expect(operator.page.getByText(MESSAGES.forcedLogout).first()).toBeVisible();
    await reviewShot(operator.page, 'admin-users-forced-logout');
    await expectAccessible(operator.page, 'the sign-in page after a forced logout');
  } finally {
    await operator.context.close();
  }

  // The owner's own sessions mark the one making the request.
  await page.getByRole('button', { name: 'Close' }).click();
  await searchFor(page, ADMINS.owner.username);
  await page.getByRole('button', { name: `Sessions of ${ADMINS.owner.username}` }).click();
  await expect(dialog(page, `Sessions: ${ADMINS.owner.username}`).getByText('This session')).toHaveCount(1);
});

test('disable and enable, unlock after failed sign-ins, reset the password, delete softly then for good', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = uniqueName('support');
  const password = 'e2e-Support-Password-1';
  await createAdmin(page, { username, role: 'support', password, fullName: 'Sam Support' });
  await page.goto(`/admin/users?search=${username}`);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);

  // Yourself: the server refuses, and says why.
  await page.getByTestId('admin-user-search').fill(ADMINS.owner.username);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Disable ${ADMINS.owner.username}` }).click();
  await dialog(page, `Disable ${ADMINS.owner.username}?`).getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, /your own account|last active superadmin/)).toHaveAttribute('data-tone', 'error');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await searchFor(page, username);

  // Disable: the badge says so and the admin can no longer sign in; enable again.
  await page.getByRole('button', { name: `Disable ${username}` }).click();
  const disable = dialog(page, `Disable ${username}?`);
  await expect(disable).toContainText('every open session of theirs ends now');
  await expectAccessible(page, 'the disable confirm');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, ADMIN_USER_MESSAGES.disabled)).toBeVisible();
  await expect(row(page, username).getByTestId('admin-user-status')).toHaveText('Disabled');
  const other = await otherBrowser(browser, baseURL);
  try {
    await other.page.goto('/admin/login');
    await other.page.getByLabel('Username').fill(username);
    await other.page.getByLabel('Password', { exact: true }).fill(password);
    await other.page.getByRole('button', { name: 'Sign In' }).click();
    await expect(other.page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await expect(other.page).toHaveURL(/\/admin\/login/);
  } finally {
    await other.context.close();
  }
  await page.getByRole('button', { name: `Enable ${username}` }).click();
  await dialog(page, `Enable ${username}?`).getByRole('button', { name: 'Enable' }).click();
  await expect(toast(page, ADMIN_USER_MESSAGES.enabled)).toBeVisible();
  await expect(row(page, username).getByTestId('admin-user-status')).toHaveText('Active');

  // Five wrong passwords lock the account: the row says until when, the filter finds it, Unlock clears it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const failed = await page.request.post('/api/admin/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { username, password: 'not-the-password' },
    });
    expect(failed.ok()).toBe(false);
  }
  // The lock reaches the owner at once, in the bell (admin:alert over the live connection).
  await page.getByTestId('notification-bell').click();
  await expect(
    page.getByTestId('notification').filter({ hasText: ADMIN_ALERTS.accountLocked(username, ADMIN_MAX_FAILED_ATTEMPTS) }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('admin-user-status-filter').selectOption('locked');
  await expect(page).toHaveURL(/status=locked/);
  await page.reload();
  await expect(row(page, username).getByTestId('admin-user-status')).toHaveText(/^Locked until /);
  await expect(row(page, username).locator('td.table__number')).toHaveText('5');
  // The lock's notice outlives the reload (stored until read, issue 29); dismissing it marks it read for good.
  const lockNotice = page
    .getByTestId('notification')
    .filter({ hasText: ADMIN_ALERTS.accountLocked(username, ADMIN_MAX_FAILED_ATTEMPTS) });
  await page.getByTestId('notification-bell').click();
  await expect(lockNotice).toBeVisible();
  const markedRead = page.waitForResponse((answer) => answer.url().endsWith('/api/admin/notifications/read') && answer.ok());
  await lockNotice.getByRole('button', { name: /^Dismiss/ }).click();
  await markedRead;
  const unreadLoaded = page.waitForResponse((answer) => answer.url().endsWith('/api/admin/notifications') && answer.ok());
  await page.reload();
  await unreadLoaded;
  await page.getByTestId('notification-bell').click();
  await expect(lockNotice).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('admin-user-stat-locked').locator('.stat-card__value')).not.toHaveText('0');
  await shot(page, 'locked');
  await page.getByRole('button', { name: `Unlock ${username}` }).click();
  await expect(toast(page, ADMIN_USER_MESSAGES.unlocked)).toBeVisible();
  await expect(page.getByTestId('admin-users-empty')).toHaveText(ADMIN_USER_MESSAGES.noUsersMatch);
  await page.getByTestId('admin-user-status-filter').selectOption('');
  await expect(row(page, username).getByTestId('admin-user-status')).toHaveText('Active');

  // Reset the password: the rule first, then the new one works.
  await page.getByRole('button', { name: `Reset password of ${username}` }).click();
  const reset = dialog(page, `Reset password: ${username}`);
  await reset.getByLabel('New password').fill('short');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset.getByText('Password must be at least 12 characters')).toBeVisible();
  await expectAccessible(page, 'the reset password dialog');
  const newPassword = 'e2e-Support-Password-2';
  await reset.getByLabel('New password').fill(newPassword);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, ADMIN_USER_MESSAGES.passwordReset)).toBeVisible();
  const again = await otherBrowser(browser, baseURL);
  try {
    // The password another admin chose is replaced before anything else.
    await signIn(again.page, { username, password: newPassword });
    await expect(again.page.getByTestId('password-change-required')).toContainText(MESSAGES.passwordChangeRequired);
    const change = dialog(again.page, 'Change password');
    await change.getByLabel('Current password').fill(newPassword);
    await change.getByLabel('New password', { exact: true }).fill('e2e-Support-Password-3');
    await change.getByLabel('Confirm new password').fill('e2e-Support-Password-3');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(sidebar(again.page).getByRole('link', { name: 'Player Accounts' })).toBeVisible();
  } finally {
    await again.context.close();
  }

  // Delete: softly by default (it leaves the list and shows under Deleted), then for good after typing the name.
  await page.getByRole('button', { name: `Delete ${username}` }).click();
  const remove = dialog(page, `Delete ${username}?`);
  await expect(remove.getByRole('radio', { name: /^Delete:/ })).toBeChecked();
  await expectAccessible(page, 'the delete confirm');
  await remove.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, ADMIN_USER_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByTestId('admin-users-empty')).toHaveText(ADMIN_USER_MESSAGES.noUsersMatch);
  await page.getByTestId('admin-user-status-filter').selectOption('deleted');
  await expect(row(page, username).getByTestId('admin-user-status')).toHaveText('Deleted');
  await page.getByRole('button', { name: `Delete ${username}` }).click();
  const forever = dialog(page, `Delete ${username}?`);
  const confirmForever = forever.getByRole('button', { name: 'Delete permanently' });
  await expect(confirmForever).toBeDisabled();
  await forever.getByLabel(`Type ${username} to confirm`).fill(username);
  await shot(page, 'delete-forever');
  await confirmForever.click();
  await expect(toast(page, ADMIN_USER_MESSAGES.deletedForever)).toBeVisible();
  await expect(page.getByTestId('admin-users-empty')).toBeVisible();
});

test('the list: sortable headers, the role filter and the page in the URL, at a phone width too', async ({ page }) => {
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Failed attempts' }).click();
  await expect(page).toHaveURL(/sortBy=failedAttempts/);
  await page.getByRole('button', { name: 'Failed attempts' }).click();
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect(page.getByRole('columnheader', { name: 'Failed attempts' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('admin-user-role-filter').selectOption('viewer');
  await expect(page).toHaveURL(/role=viewer/);
  await expect(row(page, ADMINS.monitor.username)).toBeVisible();
  // Every row is a viewer once the filtered page replaced the one before (kept on screen while it loads).
  await expect(page.getByTestId('admin-user-row').filter({ hasNotText: 'Viewer' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('admin-user-role-filter')).toHaveValue('viewer');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, ADMINS.monitor.username)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(page);
  await reviewShot(page, 'phone-admin-users');
});
