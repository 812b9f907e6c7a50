import { ADMIN_SCREENS, COMMUNITY_PATHS } from '@guildhall/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { SWEEP_VARIANTS, sweepReports } from './support/accessibility';
import { activeGuilds, grantGuildAccess, linkFromOutbox, newAccount, signInAdminApi } from './support/community';
import { discordGuildIdOf, memberOf, officerHeaders, planRaidThroughApi } from './support/raids';
import { expect, test } from './support/test';

// The accessibility sweep (issue 26, WCAG 2.0-2.2 A and AA and best practices, critical or serious fail, nothing
// excluded): every screen of the admin catalog, its pages below, and every community page, each once at 1280 px in
// the light theme and once at 390 px in the dark one (support/accessibility.ts says why those two). Journeys check
// only the states they alone open (dialogs, errors).

/** How a screen is opened for the sweep: its address, and what shows once its data is in. */
interface SweepEntry {
  path: string | ((data: SweepData) => string);
  /** Waits for the screen to be ready; the default waits for its heading and for every spinner to go. */
  ready?: (page: Page) => Promise<void>;
}

/** What the sweep makes through the API before it starts: a guild to open and an invite link into it. */
interface SweepData {
  guildId: string;
  inviteCode: string;
  /** A raid of the guild the signed-in member picked. */
  raidId?: string;
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The default readiness: the page's heading is there and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.spinner, .page-spinner, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** Every screen of the admin catalog; a screen added to ADMIN_SCREENS without an entry here fails the first test. */
const ADMIN_ENTRIES: Record<string, SweepEntry> = {
  '/admin': {
    path: '/admin',
    ready: async (page) => {
      await expect(page.getByTestId('stat-card-system-health')).toBeVisible();
      await settled(page);
    },
  },
  '/admin/training-data': { path: '/admin/training-data' },
  '/admin/guilds': {
    path: '/admin/guilds',
    ready: async (page) => {
      await expect(page.getByTestId('guild-row').first()).toBeVisible();
      await settled(page);
    },
  },
  '/admin/character-discovery': {
    path: '/admin/character-discovery',
    ready: async (page) => {
      await expect(page.getByTestId('character-card').first()).toBeVisible();
      await settled(page);
    },
  },
  '/admin/database/postgresql': { path: '/admin/database/postgresql' },
  '/admin/database/influxdb': { path: '/admin/database/influxdb' },
  '/admin/database/redis': { path: '/admin/database/redis' },
  '/admin/monitoring/system': { path: '/admin/monitoring/system' },
  '/admin/monitoring/performance': { path: '/admin/monitoring/performance' },
  '/admin/monitoring/alerts': { path: '/admin/monitoring/alerts' },
  // Live Logs streams: its list is never "done", so its heading and first line are enough.
  '/admin/monitoring/logs': {
    path: '/admin/monitoring/logs',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    },
  },
  '/admin/mail-outbox': { path: '/admin/mail-outbox' },
  '/admin/ai-turns': { path: '/admin/ai-turns' },
  '/admin/accounts/discord': { path: '/admin/accounts/discord' },
  '/admin/accounts/players': { path: '/admin/accounts/players' },
  '/admin/users': { path: '/admin/users' },
  '/admin/audit-log': { path: '/admin/audit-log' },
  '/admin/permissions': { path: '/admin/permissions' },
  '/admin/analytics': { path: '/admin/analytics' },
  '/admin/data': { path: '/admin/data' },
  '/admin/configuration': { path: '/admin/configuration' },
  '/admin/settings': { path: '/admin/settings' },
};

/** The admin pages below a screen of the catalog, and the console's own sign-in and not-found pages. */
const ADMIN_SUB_PAGES: Record<string, SweepEntry> = {
  'guild data view': { path: ({ guildId }) => `/admin/guilds/${guildId}/data` },
  'linking test': { path: '/admin/character-discovery/test' },
  'InfluxDB debug': { path: '/admin/database/influxdb/debug' },
  // The Alerts screen's tabs past the first, each a form and a list (the alert's own page: e2e/alerts.spec.ts).
  'alert contact points': { path: '/admin/monitoring/alerts?tab=contact-points' },
  'alert silences': { path: '/admin/monitoring/alerts?tab=silences' },
  'maintenance windows': { path: '/admin/monitoring/alerts?tab=windows' },
  // The account menu's page: the owner has not enrolled, so it asks for the password to start, and has no passkey yet.
  'two-factor sign-in': { path: '/admin/two-factor' },
  'admin not found': { path: '/admin/no-such-screen' },
};

/** The guild data view's tabs past the first: each is a screen of its own to a reader. */
const GUILD_DATA_TABS = ['characters', 'loot', 'raids', 'combat-logs', 'discord', 'analytics', 'raw'];

/** Every community page; a path added to COMMUNITY_PATHS without an entry here fails the first test. */
const COMMUNITY_ENTRIES: Record<string, { signedIn: boolean; entry: SweepEntry }> = {
  home: { signedIn: true, entry: { path: COMMUNITY_PATHS.home } },
  login: { signedIn: false, entry: { path: COMMUNITY_PATHS.login } },
  register: { signedIn: false, entry: { path: COMMUNITY_PATHS.register } },
  selectGuild: { signedIn: true, entry: { path: COMMUNITY_PATHS.selectGuild } },
  // Opened without its token: the page says the link is not right.
  verifyEmail: { signedIn: false, entry: { path: COMMUNITY_PATHS.verifyEmail } },
  forgotPassword: { signedIn: false, entry: { path: COMMUNITY_PATHS.forgotPassword } },
  resetPassword: { signedIn: false, entry: { path: COMMUNITY_PATHS.resetPassword } },
  settings: { signedIn: true, entry: { path: COMMUNITY_PATHS.settings } },
  raids: { signedIn: true, entry: { path: COMMUNITY_PATHS.raids } },
  // The sweep's member is no officer: the page says who may connect sources (the officer's view is swept in its journey).
  dataSources: { signedIn: true, entry: { path: COMMUNITY_PATHS.dataSources } },
  // A raid of the guild the member picked, with an answer on its board (made in the signed-in test below).
  raid: { signedIn: true, entry: { path: ({ raidId }) => `${COMMUNITY_PATHS.raids}/${raidId}` } },
  loot: { signedIn: true, entry: { path: COMMUNITY_PATHS.loot } },
  join: { signedIn: false, entry: { path: ({ inviteCode }) => `${COMMUNITY_PATHS.join}/${inviteCode}` } },
  roster: { signedIn: true, entry: { path: COMMUNITY_PATHS.roster } },
};

/** Opens an entry, waits for it, and sweeps it at every variant (or the given ones). */
async function sweep(page: Page, data: SweepData, label: string, entry: SweepEntry, variants = SWEEP_VARIANTS) {
  await page.goto(typeof entry.path === 'function' ? entry.path(data) : entry.path);
  await (entry.ready ?? settled)(page);
  const reports = await sweepReports(page, label, variants);
  expect(reports, `critical or serious accessibility violations (axe) on ${label}`).toEqual([]);
}

/** A guild with a Discord guild (the data view's Discord tab has rows) and a fresh invite link into it. */
async function makeSweepData(request: APIRequestContext): Promise<SweepData & { guildName: string }> {
  const [guild] = await activeGuilds(request, 'EU');
  const res = await request.post(`/api/admin/guilds/${guild!.id}/invites`, {
    headers: XHR,
    data: { maxUses: 5, expiresIn: '7d' },
  });
  expect(res.ok(), 'the sweep creates an invite link').toBe(true);
  const { code } = (await res.json()) as { code: string };
  return { guildId: guild!.id, guildName: guild!.guild_name, inviteCode: code };
}

let data: SweepData & { guildName: string };

// Every entry stands alone (its own page, the data made below), so the sweep spreads over the workers.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ request }) => {
  await signInAdminApi(request);
  data = await makeSweepData(request);
});

test('every admin screen and every community page has a sweep entry', () => {
  expect(ADMIN_SCREENS.map((screen) => screen.path).filter((path) => !(path in ADMIN_ENTRIES))).toEqual([]);
  expect(Object.keys(COMMUNITY_PATHS).filter((name) => !(name in COMMUNITY_ENTRIES))).toEqual([]);
});

test.describe('the admin console', () => {
  test.use({ signedInAs: 'owner' });

  for (const screen of ADMIN_SCREENS) {
    test(`${screen.label} (${screen.path})`, async ({ page }) => {
      await sweep(page, data, screen.label, ADMIN_ENTRIES[screen.path]!);
      // One title style on every screen of the console (issue 29: page titles came in different sizes).
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveClass(/\bpage__title\b/);
    });
  }

  for (const [label, entry] of Object.entries(ADMIN_SUB_PAGES)) {
    test(`the ${label} page`, async ({ page }) => {
      await sweep(page, data, label, entry);
    });
  }

  for (const tab of GUILD_DATA_TABS) {
    test(`the guild data view, ${tab} tab`, async ({ page }) => {
      await sweep(page, data, `the guild data view, ${tab} tab`, { path: `/admin/guilds/${data.guildId}/data?tab=${tab}` });
      await expect(page.getByTestId(`guild-data-panel-${tab}`)).toBeVisible();
    });
  }
});

test.describe('the admin sign-in page', () => {
  test('signed out', async ({ page }) => {
    await sweep(page, data, 'the admin sign-in page', {
      path: '/admin/login',
      ready: async (p) => {
        await expect(p.getByRole('button', { name: 'Sign In' })).toBeVisible();
      },
    });
  });
});

test.describe('the community pages', () => {
  for (const [name, { signedIn, entry }] of Object.entries(COMMUNITY_ENTRIES).filter(([, page]) => !page.signedIn)) {
    test(`${name}, signed out`, async ({ page }) => {
      expect(signedIn).toBe(false);
      await sweep(page, data, `the community ${name} page`, { ...entry, ready: communityReady });
    });
  }

  test('the signed-in pages of a member with two guilds', async ({ page, request }) => {
    const account = newAccount('sweep');
    const res = await request.post('/auth/register', { headers: XHR, data: account });
    expect(res.ok(), 'the sweep registers a member').toBe(true);
    const link = await linkFromOutbox(request, account.email, '/verify-email');
    const verified = await request.post('/auth/verify-email', {
      headers: XHR,
      data: { token: link.searchParams.get('token') },
    });
    expect(verified.ok(), 'the member verifies the e-mail').toBe(true);
    const [first, second] = await activeGuilds(request, 'EU');
    grantGuildAccess(account.email, first!.id);
    grantGuildAccess(account.email, second!.id);
    const raidIds = new Map<string, string>();
    for (const guild of [first!, second!]) {
      const officer = await memberOf(request, guild.id, 'sweepofficer', 'guild.view,raids.manage');
      const headers = officerHeaders(officer.accessToken, await discordGuildIdOf(guild.id));
      const raidId = await planRaidThroughApi(request, headers, {
        name: 'Sweep night',
        instance: 'Undermine',
        difficulty: 'Heroic',
      });
      await request.put(`/api/guild/raids/${raidId}/signup`, { headers, data: { status: 'accept', role: 'tank' } });
      raidIds.set(guild.guild_name, raidId);
    }

    await page.goto(COMMUNITY_PATHS.login);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/select-guild/);

    const signedInPages = Object.entries(COMMUNITY_ENTRIES).filter(([, entry]) => entry.signedIn);
    // The picker first, while no guild is picked; then pick one so home and settings show the guild.
    const ordered = [...signedInPages].sort(([a], [b]) => Number(b === 'selectGuild') - Number(a === 'selectGuild'));
    for (const [name, { entry }] of ordered) {
      await sweep(page, data, `the community ${name} page`, { ...entry, ready: communityReady });
      if (name === 'selectGuild') {
        await page.getByTestId('guild-picker').getByTestId('guild-option').first().click();
        await expect(page.getByTestId('home-guild-name')).toBeVisible();
        data.raidId = raidIds.get((await page.getByTestId('home-guild-name').textContent()) ?? '');
        expect(data.raidId, 'the picked guild has the sweep raid').toBeTruthy();
      }
    }
    // The raid calendar's month and week views, and the calendar feed address shown once (issue 31).
    for (const view of ['month', 'week']) {
      await sweep(page, data, `the community raids ${view} view`, {
        path: `${COMMUNITY_PATHS.raids}?view=${view}`,
        ready: communityReady,
      });
    }
    await page.getByTestId('raid-feed').getByRole('button', { name: 'Subscribe in your calendar' }).click();
    await expect(page.getByTestId('raid-feed-url')).toBeVisible();
    expect(await sweepReports(page, 'the raid calendar feed address', SWEEP_VARIANTS)).toEqual([]);
  });
});

test.describe('the loot settings screen', () => {
  test('of an officer with loot.manage', async ({ page, request }) => {
    const [, , guild] = await activeGuilds(request, 'EU');
    const { account } = await memberOf(request, guild!.id, 'sweeploot', 'guild.view,loot.manage');
    await page.goto(COMMUNITY_PATHS.login);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByTestId('home-guild-name')).toBeVisible();
    await sweep(page, data, 'the loot settings screen', {
      path: `${COMMUNITY_PATHS.loot}?tab=settings`,
      ready: async (p) => {
        await communityReady(p);
        await expect(p.getByTestId('loot-settings-form')).toBeVisible();
      },
    });
  });
});

/** A community page is ready when its main content is there and nothing loads. */
async function communityReady(page: Page) {
  await expect(page.getByRole('main').first()).toBeVisible();
  await expect(page.locator('.spinner, .page-spinner, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}
