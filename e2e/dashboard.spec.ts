import { ADMINS, PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { OwnRedis } from './support/redis-server';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

test('the dashboard shows the four cards, the service grid and the Live badge', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  for (const [id, title] of [
    ['system-health', 'System Health'],
    ['active-guilds', 'Active Guilds'],
    ['total-users', 'Total Users'],
    ['cpu-usage', 'CPU Usage'],
  ] as const) {
    await expect(page.getByTestId(`stat-card-${id}`)).toContainText(title);
  }
  // The seed has guild tenants and users, so the cards show real, non-zero figures.
  await expect(page.getByTestId('stat-card-active-guilds')).toContainText(/[1-9]\d*/);
  await expect(page.getByTestId('stat-card-cpu-usage')).toContainText(/\d+(\.\d+)?%/);

  await expect(page.getByTestId('service-postgresql')).toHaveAttribute('data-tone', 'good');
  await expect(page.getByTestId('service-redis')).toHaveAttribute('data-tone', 'good');
  await expect(page.getByTestId('service-influxdb')).toHaveAttribute('data-tone', 'good');
  // Discord is not configured in this run: grey, not red.
  await expect(page.getByTestId('service-discord')).toHaveAttribute('data-tone', 'unknown');
  await expect(page.getByTestId('live-badge')).toHaveText(/Live/);
  // The sidebar's status agrees with the System Health card: "System Online" while healthy, else the same verdict
  // (which follows this machine's real load), and the card then says why (issue 29).
  const health = page.getByTestId('stat-card-system-health');
  await expect(async () => {
    const verdict = (await health.locator('.stat-card__value').textContent())?.trim() ?? '';
    const status = (await page.getByTestId('system-online').textContent())?.trim();
    expect(status).toBe(verdict === 'Healthy' ? 'System Online' : `System ${verdict}`);
    if (verdict !== 'Healthy') await expect(health).toContainText(/(CPU|Memory) \d+ %/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await reviewShot(page, 'dashboard');
});

test('a Redis outage turns its icon red without breaking the page, and recovery turns it green', async ({ page }) => {
  const redis = new OwnRedis(PORTS.redisOutageRedis);
  await redis.start();
  const env = mainServerEnv();
  const databaseUrl = await createDatabase('guildhall_e2e_outage');
  const app = await startApp('redis-outage', PORTS.redisOutage, {
    ...env,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    REDIS_URL: `redis://127.0.0.1:${PORTS.redisOutageRedis}`,
  });
  try {
    await page.goto(`${app.url}/admin/login`);
    // This server has a database of its own: the shared session does not hold here.
    await signIn(page, ADMINS.owner);
    const tile = page.getByTestId('service-redis');
    await expect(tile).toHaveAttribute('data-tone', 'good');

    await redis.stop();
    await expect(tile).toHaveAttribute('data-tone', 'bad', { timeout: 20_000 });
    await expect(page.getByTestId('service-postgresql')).toHaveAttribute('data-tone', 'good');
    await expect(page.getByTestId('stat-card-cpu-usage')).toBeVisible();
    await reviewShot(page, 'dashboard-redis-down');
    await expectAccessible(page, 'the dashboard with Redis down');

    await redis.start();
    await expect(tile).toHaveAttribute('data-tone', 'good', { timeout: 30_000 });
  } finally {
    await app.stop();
    await redis.stop();
    await dropDatabase(databaseUrl);
  }
});
