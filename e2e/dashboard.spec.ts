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
  // The sidebar's status and the System Health card read the server's one verdict (issue 29). The verdict follows
  // this machine's real load, so no verdict is expected; what is expected is that every look at the page, taken in
  // one go across several of the server's 5 s ticks, finds the two agreeing, and a verdict other than Healthy says
  // why and since when ("CPU 98 % for 30 s").
  const verdictText = page.getByTestId('stat-card-system-health').locator('.stat-card__value');
  await expect(verdictText).toHaveText(/^(Healthy|Degraded|Warning|Critical)$/);
  for (let look = 0; look < 4; look++) {
    const seen = await page.evaluate(() => {
      const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
      return {
        verdict: text('[data-testid="stat-card-system-health"] .stat-card__value'),
        detail: text('[data-testid="stat-card-system-health"] .stat-card__detail'),
        status: text('[data-testid="system-online"]'),
      };
    });
    expect(seen.status, 'the sidebar agrees with the card').toBe(
      seen.verdict === 'Healthy' ? 'System Online' : `System ${seen.verdict}`,
    );
    if (seen.verdict === 'Healthy') expect(seen.detail).toMatch(/^Memory \d+(\.\d+)?%$/);
    else expect(seen.detail).toMatch(/^((CPU|Memory) \d+ %|(PostgreSQL|Redis) \w+)(, .+)? for \d+ (s|min)/);
    await page.waitForTimeout(2000);
  }
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
