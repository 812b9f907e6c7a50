import type { Page } from '@playwright/test';
import pg from 'pg';
import { DiscordFake } from '../apps/server/test/fakes/discord-fake';
import { ADMINS, PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const cards = (page: Page) => page.getByTestId('account-card');
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const shot = (page: Page, name: string) => reviewShot(page, `players-${name}`);

interface Statistics {
  total: number;
  discordLinked: number;
  battlenetLinked: number;
  fullyLinked: number;
}

async function statistics(page: Page, base = ''): Promise<Statistics> {
  const answer = await page.request.get(`${base}/api/admin/players/statistics`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data;
}

test('the list: counts, filters in the URL, paging and the empty states', async ({ page }) => {
  await page.goto('/admin/players');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Player Account Management');
  await expect(cards(page)).toHaveCount(25);
  const stats = await statistics(page);
  expect(stats.total).toBeGreaterThanOrEqual(300);
  await expect(page.getByTestId('account-stat-total')).toContainText(stats.total.toLocaleString('en-US'));
  await expect(page.getByTestId('account-stat-full')).toContainText(stats.fullyLinked.toLocaleString('en-US'));
  await expect(page.getByTestId('account-stat-discord')).toContainText('%');
  await expect(page.getByTestId('account-header-counts')).toContainText(`${stats.total.toLocaleString('en-US')} accounts`);
  await expect(page.getByTestId('pagination')).toContainText(`Showing 1 to 25 of ${stats.total.toLocaleString('en-US')} results`);
  await expect(page.getByTestId('pagination').getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5);
  await shot(page, 'list');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'Data refreshed')).toBeVisible();

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId('pagination')).toContainText('Showing 26 to 50 of');

  // Fully linked: every card says so, and the filter lives in the URL (a reload keeps it).
  await page.getByTestId('account-link-filter').selectOption('both');
  await expect(page).toHaveURL(/linkedTo=both/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId('pagination')).toContainText(`of ${stats.fullyLinked.toLocaleString('en-US')} results`);
  await page.reload();
  await expect(page.getByTestId('account-link-filter')).toHaveValue('both');
  for (const badge of await cards(page)
    .getByText(/Linked$/)
    .allTextContents())
    expect(badge).toBe('Fully Linked');

  await page.getByTestId('account-link-filter').selectOption('none');
  await expect(cards(page).first()).toContainText('Not Linked');
  await page.getByTestId('account-status-filter').selectOption('inactive');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(cards(page).first()).toContainText('Inactive');

  // Sort by name, ascending: the first card's name comes first.
  await page.getByTestId('account-link-filter').selectOption('all');
  await page.getByTestId('account-status-filter').selectOption('all');
  await page.getByTestId('account-sort').selectOption('displayName');
  await page.getByTestId('account-sort-order').click();
  await expect(page).toHaveURL(/sortOrder=asc/);
  await expect(page.getByTestId('account-sort-order')).toHaveText('Sort order: Ascending');
  const names = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
  expect(names.length).toBe(25);

  // Search by a name (debounced); then a search that matches nothing.
  const name = names[3]!;
  await page.getByTestId('account-search').fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(cards(page).first()).toContainText(name);
  await page.getByTestId('account-search').fill('no-such-player-anywhere');
  await expect(page.getByTestId('accounts-empty')).toContainText('No accounts found');
  await expect(page.getByTestId('accounts-empty')).toContainText('Try adjusting your search or filters.');
  await expect(page.getByTestId('pagination')).toHaveCount(0);
  await expectAccessible(page, 'Player Account Management with no results');
});

test('create with invalid then valid fields; view → edit → save → view', async ({ page }) => {
  await page.goto('/admin/accounts/players');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const form = dialog(page, 'Create Player Account');
  await expect(form).toBeVisible();
  await form.getByTestId('account-form-displayName').fill('Q');
  await form.getByTestId('account-form-email').fill('not-an-address');
  await form.getByTestId('account-form-discordId').fill('12ab');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Display name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please enter a valid Discord ID (numeric)')).toBeVisible();
  await expect(form.getByTestId('account-form-accountStatus').locator('option')).toHaveText(['Active', 'Inactive', 'Suspended']);
  await shot(page, 'create-invalid');
  await expectAccessible(page, 'the account form with errors');

  // Closing with changes asks first.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('discard-changes')).toContainText('unsaved changes');
  await page.getByRole('button', { name: 'Cancel' }).last().click();

  await form.getByTestId('account-form-displayName').fill('');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Display name is required')).toBeVisible();
  // A filled but over-long value is told its limit in words, naming the field (issue 29), not that it is required.
  await form.getByTestId('account-form-displayName').fill('A'.repeat(101));
  await form.getByTestId('account-form-battlenetId').fill('b'.repeat(65));
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Display name must be at most 100 characters')).toBeVisible();
  await expect(form.getByText('Battle.net ID must be at most 64 characters')).toBeVisible();
  await expect(form).not.toContainText('Too big');
  await form.getByTestId('account-form-battlenetId').fill('');
  const name = `E2E Player ${Date.now()}`;
  await form.getByTestId('account-form-displayName').fill(name);
  await form.getByTestId('account-form-email').fill('e2e.player@example.org');
  await form.getByTestId('account-form-discordId').fill('');
  await form.getByTestId('account-form-notes').fill('Made by the e2e journey');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully')).toBeVisible();

  // After a save the view opens for the saved account.
  const view = dialog(page, 'Player Account Details');
  await expect(view.getByTestId('account-detail-name')).toHaveText(name);
  await expect(view.getByTestId('account-detail-status')).toHaveText('Active');
  await expect(view.getByTestId('account-detail-link-state')).toHaveText('Not Linked');
  await expect(view.getByTestId('account-information')).toContainText('e2e.player@example.org');
  await expect(view.getByTestId('account-information')).toContainText(
    /Created[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/,
  );
  await expect(view.getByTestId('link-card-discord')).toContainText('Not linked');
  await expect(view.getByTestId('account-notes')).toContainText('Made by the e2e journey');
  await expect(view.getByTestId('account-audit')).toContainText('Created By');
  await expect(view.getByTestId('account-audit-history')).toContainText('player_account.created');
  await expect(view.getByRole('button', { name: 'Link Accounts' })).toBeVisible();
  await shot(page, 'view');
  await expectAccessible(page, 'the account detail dialog');

  await view.getByRole('button', { name: 'Edit Account' }).click();
  const edit = dialog(page, `Edit Account: ${name}`);
  await expect(edit).toBeVisible();
  await expect(view).toHaveCount(0);
  await edit.getByTestId('account-form-accountStatus').selectOption('suspended');
  await edit.getByTestId('account-form-notes').fill('Suspended by the e2e journey');
  await edit.getByRole('button', { name: 'Save Account' }).click();
  await expect(toast(page, 'Account saved successfully')).toBeVisible();
  await expect(view.getByTestId('account-detail-status')).toHaveText('Suspended');
  await expect(view.getByTestId('account-notes')).toContainText('Suspended by the e2e journey');

  // The Audit Information lists the account's records, newest first, and opens all of them in the Audit Log.
  const history = view.getByTestId('account-audit-history').getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('player_account.updated');
  await expect(history.first()).toContainText(ADMINS.owner.username);
  await view.getByRole('link', { name: 'Open in the Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log\?targetType=player_account&targetId=/);
  const records = page.getByTestId('audit-row');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toHaveAttribute('data-action', 'player_account.updated');
  await expect(records.last()).toHaveAttribute('data-action', 'player_account.created');
  await expectAccessible(page, 'the Audit Log of one player account');
});

/**
 * A player account of its own, linked to Discord, whose Discord member has `count` linked characters in a demo
 * guild: what earlier journeys leave of the demo accounts varies.
 */
async function accountWithCharacters(count: number) {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    const tag = Date.now().toString(36);
    const discordId = `4${String(Date.now()).padStart(17, '0')}`.slice(0, 18);
    const { rows } = await client.query<{ id: string; display_name: string }>(
      `WITH guild AS (SELECT id FROM guilds ORDER BY guild_name LIMIT 1),
            account AS (
              INSERT INTO player_accounts (display_name, discord_id, discord_linked_at)
              VALUES ($1, $2, now()) RETURNING id, display_name),
            member AS (
              INSERT INTO discord_members (guild_id, discord_user_id, username)
              SELECT id, $2, $1 FROM guild RETURNING id, guild_id),
            made AS (
              INSERT INTO characters (guild_id, name, realm, class, level)
              SELECT member.guild_id, $3 || n, 'Silvermoon', 'Mage', 70 + n FROM member, generate_series(1, $4) AS n
              RETURNING id, guild_id),
            linked AS (
              INSERT INTO character_links (guild_id, character_id, discord_member_id, priority)
              SELECT made.guild_id, made.id, member.id, 'alt' FROM made, member RETURNING id)
       SELECT account.id, account.display_name FROM account, (SELECT count(*) FROM linked) AS done`,
      [`Roster Keeper ${tag}`, discordId, `Alt${tag}`, count],
    );
    return { ...rows[0]!, characters: count };
  } finally {
    await client.end();
  }
}

test('the card shows five characters; the detail lists every one with the summary', async ({ page }) => {
  const account = await accountWithCharacters(7);

  await page.goto(`/admin/accounts/players?search=${encodeURIComponent(account.display_name)}`);
  const card = page.locator(`[data-testid="account-card"][data-id="${account.id}"]`);
  await expect(card.getByRole('list', { name: /^Characters of / }).getByRole('listitem')).toHaveCount(6);
  await expect(card).toContainText(`+${account.characters - 5} more`);
  await card.getByRole('button', { name: /^View / }).click();
  const characters = dialog(page, 'Player Account Details').getByTestId('account-characters');
  await expect(characters.getByRole('heading')).toHaveText(`Characters (${account.characters})`);
  await expect(characters.getByRole('listitem')).toHaveCount(account.characters);
  await expect(characters.getByTestId('character-summary')).toContainText('Max level');
  await expect(characters).not.toContainText('Showing 5 of');
  await shot(page, 'view-characters');
});

test('unlink a Discord account with confirmation', async ({ page }) => {
  // The second layout's address opens the same screen with the same filters.
  await page.goto('/admin/players?linkedTo=discord');
  await expect(page).toHaveURL(/\/admin\/accounts\/players\?linkedTo=discord$/);
  const card = cards(page).first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
  await card.getByRole('button', { name: `Link accounts of ${name}` }).click();
  const link = dialog(page, `Link External Accounts: ${name}`);
  // An account linked to Discord only opens on the Battle.net tab, the link it lacks.
  await expect(link.getByRole('tab', { name: 'Battle.net' })).toHaveAttribute('aria-selected', 'true');
  await link.getByRole('tab', { name: 'Discord' }).click();
  await expect(link.getByRole('tab', { name: 'Discord' }).getByTestId('tab-linked')).toBeVisible();
  await expect(link.getByTestId('currently-linked')).toBeVisible();
  await expectAccessible(page, 'the link dialog, Discord tab');
  await link.getByRole('button', { name: 'Unlink Discord' }).click();
  const confirm = page.getByTestId('unlink-confirm');
  await expect(confirm).toContainText('Are you sure you want to unlink the Discord account? This action cannot be undone.');
  await expect(confirm.getByTestId('unlink-reason')).toHaveValue('Admin unlink via linking tools');
  await shot(page, 'unlink-confirm');
  await expectAccessible(page, 'the unlink confirmation');
  await page.getByTestId('unlink-confirm-confirm').click();
  await expect(toast(page, 'Discord account unlinked successfully')).toBeVisible();
  await expect(link.getByTestId('currently-linked')).toHaveCount(0);

  // The Battle.net tab: a BattleTag nobody connected says how the player can connect.
  await link.getByRole('tab', { name: 'Battle.net' }).click();
  await link.getByRole('button', { name: 'Search Account' }).click();
  await expect(toast(page, 'Please enter a BattleTag')).toBeVisible();
  await link.getByTestId('battletag').fill('Nobody#0000');
  await link.getByRole('button', { name: 'Search Account' }).click();
  await expect(link.getByTestId('battlenet-missed')).toContainText('Settings → Battle.net');
  await expectAccessible(page, 'the link dialog, Battle.net tab');
});

test('bulk deactivate shows the job’s progress and refreshes the list', async ({ page }) => {
  await page.goto('/admin/accounts/players?status=active&sortBy=displayName&sortOrder=asc');
  await expect(cards(page)).toHaveCount(25);
  await expect(page.getByTestId('account-bulk-bar')).toHaveCount(0);
  const picked: string[] = [];
  for (const index of [0, 1, 2]) {
    const card = cards(page).nth(index);
    picked.push((await card.getAttribute('data-id'))!);
    await card.getByRole('checkbox').check();
  }
  const bar = page.getByTestId('account-bulk-bar');
  await expect(bar).toContainText('3 accounts selected');
  await expectAccessible(page, 'Player Account Management with a selection');
  await bar.getByRole('button', { name: 'Deactivate Selected' }).click();
  await expect(toast(page, 'Bulk update started for 3 accounts')).toBeVisible();
  const job = page.getByTestId('bulk-job');
  await expect(job).toBeVisible();
  await expect(page.getByTestId('account-bulk-bar')).toHaveCount(0);
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(page.getByTestId('bulk-job-count')).toHaveText('3 / 3 done');
  await expect(page.getByTestId('bulk-job-progress')).toContainText('100%');
  await shot(page, 'bulk-done');
  await expectAccessible(page, 'Player Account Management after a bulk update');
  // 2 s after the job ends the list is read again: the deactivated accounts leave the active filter.
  for (const id of picked) await expect(page.locator(`[data-testid="account-card"][data-id="${id}"]`)).toHaveCount(0);

  // Phone width: the cards stack and no bulk bar shows without a selection.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('account-bulk-bar')).toHaveCount(0);
  await shot(page, 'phone');
});

test('a first load that fails shows the full-page error; Retry loads the list', async ({ page }) => {
  await page.route('**/api/admin/players?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Database unavailable' }),
    }),
  );
  await page.goto('/admin/accounts/players');
  await expect(page.getByTestId('accounts-load-error')).toContainText('Error Loading Accounts');
  await expect(page.getByTestId('accounts-load-error')).toContainText('Database unavailable');
  await expect(toast(page, 'Database unavailable')).toBeVisible();
  await expectAccessible(page, 'Player Account Management when the list fails');
  await page.unroute('**/api/admin/players?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(cards(page)).toHaveCount(25);
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the list and the detail dialog are readable', async ({ page }) => {
    await page.goto('/admin/accounts/players?linkedTo=both');
    await expect(cards(page).first()).toBeVisible();
    await cards(page)
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    await expect(dialog(page, 'Player Account Details').getByTestId('link-card-discord')).toBeVisible();
    await shot(page, 'dark-view');
    await expectAccessible(page, 'the account detail dialog, dark');
  });
});

test.describe('a Discord link through a real lookup', () => {
  const discord = new DiscordFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;
  const user = { id: '412345678901234567', username: 'nightblade', global_name: 'Night Blade', avatar: null };

  test.beforeAll(async () => {
    await discord.start();
    databaseUrl = await createDatabase('guildhall_e2e_players');
    const env = mainServerEnv();
    app = await startApp('players-discord', PORTS.playersDiscord, {
      ...env,
      DATABASE_URL: databaseUrl,
      INFLUX_DATABASE: `${env.INFLUX_DATABASE}_players`,
      REDIS_PREFIX: `${env.REDIS_PREFIX}players-discord:`,
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_BASE: discord.baseUrl,
    });
    discord.users.set(user.id, user);
  });

  test.afterAll(async () => {
    await app?.stop();
    await discord.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    const env = mainServerEnv();
    const q = `DROP DATABASE "${env.INFLUX_DATABASE}_players"`;
    await fetch(`${env.INFLUX_URL}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
  });

  test('search Discord for a user, link them, and move the link from its holder behind a confirmation', async ({ page }) => {
    await page.goto(`${app.url}/admin/login`);
    // This server has a database of its own: the shared session does not hold here.
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/accounts/players?linkedTo=none&sortBy=displayName&sortOrder=asc`);
    const first = cards(page).first();
    const name = (await first.getByRole('heading', { level: 3 }).textContent())!;
    await first.getByRole('button', { name: `Link accounts of ${name}` }).click();
    const link = dialog(page, `Link External Accounts: ${name}`);
    await link.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toast(page, 'Please enter a Discord user ID')).toBeVisible();

    await link.getByTestId('discord-user-id').fill('499999999999999999');
    await link.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toast(page, 'Failed to find Discord user')).toBeVisible();
    await expect(link.getByTestId('discord-result')).toHaveCount(0);

    await link.getByTestId('discord-user-id').fill(user.id);
    await link.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toast(page, 'Discord user found')).toBeVisible();
    const result = link.getByTestId('discord-result');
    await expect(result).toContainText('Night Blade');
    await expect(result).toContainText(`@nightblade · ${user.id}`);
    await shot(page, 'discord-found');
    await expectAccessible(page, 'the link dialog with a Discord user found');
    await result.getByRole('button', { name: 'Link Discord Account' }).click();
    await expect(toast(page, 'Discord account linked successfully')).toBeVisible();

    // After a link the view opens for the updated account.
    const view = dialog(page, 'Player Account Details');
    await expect(view.getByTestId('account-detail-name')).toHaveText(name);
    await expect(view.getByTestId('link-card-discord')).toContainText(user.id);
    // The user as Discord answered at the link, though they are in no guild's member list.
    await expect(view.getByTestId('link-card-discord')).toContainText('@nightblade');
    await view.getByRole('button', { name: 'Close' }).last().click();

    // Another account asks for the same Discord user: 409 names the holder, and Link Anyway moves it.
    await page.reload();
    const second = cards(page).first();
    const secondName = (await second.getByRole('heading', { level: 3 }).textContent())!;
    expect(secondName).not.toBe(name);
    await second.getByRole('button', { name: `Link accounts of ${secondName}` }).click();
    const secondLink = dialog(page, `Link External Accounts: ${secondName}`);
    await secondLink.getByTestId('discord-user-id').fill(user.id);
    await secondLink.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(secondLink.getByTestId('discord-result')).toContainText(`Linked to ${name}`);
    await secondLink.getByRole('button', { name: 'Link Discord Account' }).click();
    const force = page.getByTestId('force-link');
    await expect(force).toContainText(`This Discord account is already linked to ${name}. Link it anyway to move it here.`);
    await expectAccessible(page, 'the link-anyway confirmation');
    await page.getByTestId('force-link-confirm').click();
    await expect(toast(page, 'Discord account linked successfully')).toBeVisible();
    await expect(dialog(page, 'Player Account Details').getByTestId('account-detail-name')).toHaveText(secondName);

    // The account form looks a Discord id up when its field loses focus.
    await dialog(page, 'Player Account Details').getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const form = dialog(page, 'Create Player Account');
    await form.getByTestId('account-form-discordId').fill(user.id);
    await form.getByTestId('account-form-discordId').press('Tab');
    await expect(form.getByTestId('lookup-hint')).toHaveText('Night Blade (@nightblade)');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('discard-changes-confirm').click();
    await expect(form).toHaveCount(0);
  });
});
