import type { Locator, Page } from '@playwright/test';
import { PHONE_VIEWPORT } from './support/accessibility';
import { activeGuilds, grantGuildAccess, linkFromOutbox, newAccount } from './support/community';
import { guildWithOfficer, memberOf, planRaidThroughApi, signInWithEmail } from './support/raids';
import { sidebar } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

// A phone held upright (issue #18): every screen fits its width, the sidebar is a drawer.
test.use({ viewport: PHONE_VIEWPORT });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The tab is whole within the width of its scrolling tab list (its bottom border overlaps the list's by 1 px). */
async function expectTabInView(tabs: Locator, tab: Locator) {
  const list = (await tabs.boundingBox())!;
  const box = (await tab.boundingBox())!;
  expect(box.x, 'the tab starts inside the list').toBeGreaterThanOrEqual(list.x - 0.5);
  expect(box.x + box.width, 'the tab ends inside the list').toBeLessThanOrEqual(list.x + list.width + 0.5);
  await expect(tab).toBeInViewport({ ratio: 0.9 });
}

/** Nothing scrolls sideways: the page is no wider than the screen. Shot for a person to look at. */
async function expectNoSideScroll(page: Page, shot: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.screenshot({ path: `test-results/shots/phone-${shot}.png`, fullPage: true });
  expect(width, `${page.url()} is ${width} px wide`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

test('the admin screens fit 390 px; the sidebar is a drawer that keeps focus and closes on Escape', async ({ page, request }) => {
  // A mail in the outbox, so its list has a row to fit.
  expect((await request.post('/auth/register', { headers: XHR, data: newAccount('phonemail') })).ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByTestId('stat-card-system-health')).toBeVisible();
  await expectNoSideScroll(page, 'dashboard');

  const toggle = page.getByTestId('mobile-nav-toggle');
  const nav = sidebar(page);
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeFocused();
  await nav.evaluate((element) =>
    Promise.all(
      element
        .closest('aside')!
        .getAnimations()
        .map((slide) => slide.finished),
    ),
  );
  await page.screenshot({ path: 'test-results/shots/phone-drawer.png' });
  await expectAccessible(page, 'the navigation drawer');
  // The page behind is inert: Tab goes round the drawer only.
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#admin-sidebar')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await nav.getByRole('link', { name: 'Guild Management' }).click();
  await expect(page).toHaveURL(/\/admin\/guilds$/);
  await expect(nav).toBeHidden();
  const rows = page.getByTestId('guild-row');
  await expect(rows.first()).toBeVisible();
  await expectNoSideScroll(page, 'guild-list');

  // The data view opened on its last tab shows that tab, not the first ones the list starts with.
  const dataPath = await rows
    .first()
    .getByRole('link', { name: /^View data of/ })
    .getAttribute('href');
  await page.goto(`${dataPath}?tab=raw`);
  const tabs = page.getByRole('tablist', { name: 'Guild data' });
  const active = tabs.getByRole('tab', { selected: true });
  await expect(active).toHaveText('Raw Data');
  await expect(page.getByTestId('guild-data-panel-raw')).toBeVisible();
  await expectTabInView(tabs, active);
  await expectNoSideScroll(page, 'guild-data-raw');
  // Home moves to the first tab, and the list scrolls back to show it.
  await active.press('Home');
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText('Overview');
  await expectTabInView(tabs, tabs.getByRole('tab', { selected: true }));
  await page.goto(`${dataPath}?tab=discord`);
  await expect(page.getByTestId('guild-data-panel-discord')).toBeVisible();
  await expectTabInView(tabs, tabs.getByRole('tab', { selected: true }));
  await expectNoSideScroll(page, 'guild-data-discord');

  await page.goto('/admin/character-discovery');
  await expect(page.getByTestId('character-card').first()).toBeVisible();
  await expectNoSideScroll(page, 'character-discovery');

  await page.goto('/admin/character-discovery/test');
  await expect(page.getByTestId('test-character-card').first()).toBeVisible();
  await expectNoSideScroll(page, 'linking-test');

  await page.goto('/admin/mail-outbox');
  await expect(page.getByRole('heading', { name: 'Mail Outbox' })).toBeVisible();
  await expect(page.getByTestId('outbox-mail').first()).toBeVisible();
  await expectNoSideScroll(page, 'mail-outbox');
});

test('the community settings, home, roster and guild choice fit 390 px', async ({ page, request }) => {
  const account = newAccount('phone');
  expect((await request.post('/auth/register', { headers: XHR, data: account })).ok()).toBe(true);
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  await request.post('/auth/verify-email', { headers: XHR, data: { token: link.searchParams.get('token') } });
  const [first, second] = await activeGuilds(request, 'US');
  grantGuildAccess(account.email, first!.id);
  grantGuildAccess(account.email, second!.id);

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/select-guild/);
  await expect(page.getByTestId('guild-option')).toHaveCount(2);
  await expectNoSideScroll(page, 'community-select-guild');

  await page.getByTestId('guild-option').first().click();
  await expect(page.getByTestId('home-guild-name')).toBeVisible();
  await expectNoSideScroll(page, 'community-home');

  await page.goto('/settings');
  await expect(page.getByTestId('profile-card')).toContainText(account.username);
  await expectNoSideScroll(page, 'community-settings');

  await page.goto('/roster');
  await expect(page.getByTestId('roster').getByRole('row').nth(1)).toBeVisible();
  await expectNoSideScroll(page, 'community-roster');
});

test("the loot pages fit 390 px, the officers' tabs and settings too", async ({ page, request }) => {
  const [, , , , guild] = await activeGuilds(request, 'KR');
  const { account } = await memberOf(request, guild!.id, 'phoneloot', 'guild.view,loot.manage');
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('home-guild-name')).toBeVisible();
  for (const [tab, ready] of [
    ['mine', 'loot-page'],
    ['standings', 'loot-page'],
    ['log', 'loot-page'],
    ['raids', 'loot-page'],
    ['corrections', 'loot-page'],
    ['settings', 'loot-settings-form'],
  ] as const) {
    await page.goto(`/loot?tab=${tab}`);
    await expect(page.getByTestId(ready)).toBeVisible();
    await expect(page.locator('.spinner, .page-spinner, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expectNoSideScroll(page, `loot-${tab}`);
  }
});

test("the raid calendar's month and week views, availability and feed fit 390 px", async ({ page, request }) => {
  const { tenantId, headers } = await guildWithOfficer(request);
  await planRaidThroughApi(
    request,
    headers,
    { name: 'Phone raid night with a long name', instance: 'Manaforge Omega', difficulty: 'Mythic' },
    2,
  );
  const { account } = await memberOf(request, tenantId, 'phonecal', 'guild.view');
  await signInWithEmail(page, account);
  for (const view of ['month', 'week']) {
    await page.goto(`/raids?view=${view}`);
    await expect(page.getByTestId(`raid-${view}`)).toBeVisible();
    await expectNoSideScroll(page, `raids-${view}`);
  }
  await page.getByTestId('raid-feed').getByRole('button', { name: 'Subscribe in your calendar' }).click();
  await expect(page.getByTestId('raid-feed-url')).toBeVisible();
  await expect(page.getByTestId('raid-availability')).toBeVisible();
  await expectNoSideScroll(page, 'raids-availability-feed');
});
