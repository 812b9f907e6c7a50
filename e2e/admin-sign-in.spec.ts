import { ADMIN_LOGIN_RATE_LIMIT, ADMIN_SESSION_IDLE_MS, MESSAGES } from '@guildhall/contract';
import pg from 'pg';
import { ADMINS, PORTS } from './support/accounts';
import { type AppServer, startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { reviewShot } from './support/review-shot';
import { sidebar, signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

test('a wrong password shows the message and the failed-attempt counter', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign In' });
  await expect(submit).toBeDisabled();

  await page.getByLabel('Username').fill(ADMINS.target.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page.getByText('1/5')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('still-not-the-password');
  await submit.click();
  await expect(page.getByText('2/5')).toBeVisible();
  await expect(page.getByText(/Last attempt/)).toBeVisible();
  await expectAccessible(page, 'the admin sign-in page after two failures');
  await reviewShot(page, 'admin-login-failed');

  // The right password still works before the lock, and resets the counter on the server.
  await page.getByLabel('Password', { exact: true }).fill(ADMINS.target.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('signing in returns to the page first asked for', async ({ page }) => {
  await page.goto('/admin/guilds?status=inactive');
  await expect(page).toHaveURL(/\/admin\/login\?/);
  await signIn(page, ADMINS.owner);
  await expect(page).toHaveURL(/\/admin\/guilds\?status=inactive$/);
  await expect(page.getByRole('heading', { name: 'Guild Management' })).toBeVisible();
});

test('an admin holding only admin.system_monitoring sees only what it allows', async ({ page }) => {
  await signIn(page, ADMINS.monitor);
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Its Monitoring group holds the screens that permission opens, and not the Mail Outbox (system config).
  await expect(nav.getByRole('button', { name: 'Monitoring' })).toBeVisible();
  for (const shown of ['System', 'Performance', 'Live Logs']) {
    await expect(nav.getByRole('link', { name: shown, exact: true })).toBeVisible();
  }
  for (const hidden of [
    'Guild Management',
    'Mail Outbox',
    'Discord Management',
    'Admin Users',
    'Audit Log',
    'Training Data',
    'Agent Logs',
    'Permissions',
    'Raw Data Views',
    'Configuration',
    'Settings',
  ]) {
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expect(nav.getByRole('button', { name: 'Database' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Accounts' })).toHaveCount(0);
  await reviewShot(page, 'monitor-sidebar');

  await page.goto('/admin/guilds');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this admin resource.")).toBeVisible();
  await expectAccessible(page, 'Access Denied');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).not.toHaveURL(/\/admin\/guilds/);
});

test('the shell shows only the screens that work, each named alike in the sidebar, page and breadcrumbs', async ({ page }) => {
  await signIn(page, ADMINS.owner);
  const nav = sidebar(page);
  // heading: where the spec titles the page otherwise than the sidebar names it.
  const working: { label: string; path: string; crumbs?: string[]; heading?: string }[] = [
    { label: 'Training Data', path: '/admin/training-data' },
    { label: 'Guild Management', path: '/admin/guilds' },
    { label: 'Character Discovery', path: '/admin/character-discovery' },
    { label: 'PostgreSQL', path: '/admin/database/postgresql', crumbs: ['Database'] },
    { label: 'InfluxDB', path: '/admin/database/influxdb', crumbs: ['Database'] },
    { label: 'Redis', path: '/admin/database/redis', crumbs: ['Database'] },
    { label: 'System', path: '/admin/monitoring/system', crumbs: ['Monitoring'] },
    { label: 'Performance', path: '/admin/monitoring/performance', crumbs: ['Monitoring'] },
    { label: 'Alerts', path: '/admin/monitoring/alerts', crumbs: ['Monitoring'] },
    { label: 'Live Logs', path: '/admin/monitoring/logs', crumbs: ['Monitoring'] },
    { label: 'Mail Outbox', path: '/admin/mail-outbox' },
    { label: 'Agent Logs', path: '/admin/ai-turns' },
    { label: 'Discord Management', path: '/admin/accounts/discord', crumbs: ['Accounts'] },
    {
      label: 'Player Accounts',
      path: '/admin/accounts/players',
      crumbs: ['Accounts'],
      heading: 'Player Account Management',
    },
    // Under Accounts in the sidebar, but their addresses are not below /admin/accounts.
    { label: 'Admin Users', path: '/admin/users' },
    { label: 'Audit Log', path: '/admin/audit-log' },
    { label: 'Permissions', path: '/admin/permissions' },
    { label: 'Analytics', path: '/admin/analytics' },
    { label: 'Raw Data Views', path: '/admin/data' },
    { label: 'Configuration', path: '/admin/configuration' },
    { label: 'System Settings', path: '/admin/settings' },
  ];
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', ...working.map((screen) => screen.label)]);
  // Every page title is one size.
  const titleSizes = new Set<string>();
  for (const screen of working) {
    await nav.getByRole('link', { name: screen.label, exact: true }).click();
    // Character Discovery adds its default guild to the address (?guildId=) once the guild list is in.
    await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?|$)`));
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(screen.heading ?? screen.label);
    titleSizes.add(await title.evaluate((element) => getComputedStyle(element).fontSize));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByTestId('breadcrumb')).toHaveText([
      'Admin',
      ...(screen.crumbs ?? []),
      screen.label,
    ]);
  }
  expect([...titleSizes]).toHaveLength(1);
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('quick-actions').getByRole('link')).toHaveCount(6);

  // The second layout's addresses open the same screens; an address of no screen is not found.
  await page.goto('/admin/ml-data');
  await expect(page).toHaveURL(/\/admin\/training-data/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Training Data');
  await page.goto('/admin/no-such-screen');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

/** Runs one statement on the main server's database. */
async function sql(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

test('the session warning: Stay signed in restarts the idle window', async ({ page }) => {
  // An admin of this run's own, so the only session aged below is the one this browser holds.
  const username = `idle_${Date.now().toString(36)}`;
  const password = 'e2e-Idle-Password-1';
  await signIn(page, ADMINS.owner);
  const created = await page.request.post('/api/admin/users', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { username, role: 'admin', password },
  });
  expect(created.status(), await created.text()).toBe(200);
  await page.context().clearCookies();
  await signIn(page, { username, password });
  // A screen that asks nothing of the server once shown (the dashboard polls).
  await page.goto('/admin/audit-log');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected');

  // Idle for all but ten minutes of the window: the live connection's next look at the session warns. The page
  // makes no request meanwhile (a request would itself restart the window).
  const idleSince = new Date(Date.now() - ADMIN_SESSION_IDLE_MS + 10 * 60_000);
  await sql(
    `UPDATE admin_sessions SET last_seen_at = $2
      WHERE revoked_at IS NULL AND admin_user_id = (SELECT id FROM admin_users WHERE username = $1)`,
    [username, idleSince],
  );
  const warning = page.getByTestId('toast').filter({ hasText: MESSAGES.sessionWarning });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  const stay = warning.getByRole('button', { name: MESSAGES.staySignedIn });
  await expectAccessible(page, 'the session warning');
  await reviewShot(page, 'admin-session-warning');

  // By keyboard: the action is a button like any other.
  await stay.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: MESSAGES.sessionExtended })).toBeVisible();
  await expect(warning).toBeHidden();
  const [session] = await sql(
    `SELECT last_seen_at FROM admin_sessions
      WHERE revoked_at IS NULL AND admin_user_id = (SELECT id FROM admin_users WHERE username = $1)`,
    [username],
  );
  expect(Date.now() - new Date(session.last_seen_at).getTime()).toBeLessThan(60_000);
});

test.describe('the per-address sign-in limit at its default', () => {
  let app: AppServer;

  test.beforeAll(async () => {
    // The main server raises the limit for the other journeys; this one runs at the default, on the same
    // database, with counters of its own.
    const { ADMIN_LOGIN_RATE_LIMIT: _raised, ...env } = mainServerEnv();
    app = await startApp('sign-in-limit', PORTS.signInLimit, { ...env, REDIS_PREFIX: `${env.REDIS_PREFIX}sign-in-limit:` });
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  // That successes never count is an integration test (login-rate-limit.int.test.ts): a browser adds nothing there.
  test('failures past the limit say how long to wait', async ({ page }) => {
    // Failures count: names nobody has, a fresh one each time, so no name reaches its own lock.
    for (let attempt = 0; attempt < ADMIN_LOGIN_RATE_LIMIT; attempt++) {
      const failed = await page.request.post(`${app.url}/api/admin/auth/login`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        data: { username: `nobody_${attempt}_${Date.now()}`, password: 'wrong-password' },
      });
      expect(failed.status()).toBe(401);
    }
    await page.context().clearCookies();
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMINS.owner.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMINS.owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error')).toContainText(MESSAGES.tooManyAttempts);
    await expect(page.getByTestId('login-error-detail')).toHaveText(/^You can try again in 1[45] minutes\.$/);
    await expectAccessible(page, 'the admin sign-in page at the limit');
    await reviewShot(page, 'admin-login-rate-limited');
  });
});
