import type { Page } from '@playwright/test';
import { signAccessToken } from '../apps/server/src/auth/access-token';
import { signingKeysFrom } from '../apps/server/src/auth/signing-keys';
import { DiscordFake } from '../apps/server/test/fakes/discord-fake';
import { PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { activeGuilds, grantGuildAccess, linkFromOutbox, mainServerEnv, newAccount } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function signInWithEmail(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a new member registers, verifies the e-mail, signs in, picks a guild and switches guild', async ({ page, request }) => {
  const account = newAccount('newbie');
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration successful! Please check your email to verify your account.').first()).toBeVisible();
  await expectAccessible(page, 'registration done');

  const link = await linkFromOutbox(request, account.email, '/verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('verify-email-success')).toBeVisible();

  // An operator gives the e-mail account two guilds, as the Permissions screen will.
  const [first, second] = await activeGuilds(request, 'EU');
  grantGuildAccess(account.email, first!.id);
  grantGuildAccess(account.email, second!.id);

  await signInWithEmail(page, account);
  await expect(page).toHaveURL(/\/select-guild/);
  const picker = page.getByTestId('guild-picker');
  await expect(picker.getByTestId('guild-option')).toHaveCount(2);
  await reviewShot(page, 'community-guild-picker');
  await picker.getByTestId('guild-option').filter({ hasText: first!.guild_name }).click();
  await expect(toast(page, `Switched to ${first!.guild_name}`)).toBeVisible();
  await expect(page.getByTestId('home-guild-name')).toHaveText(first!.guild_name);

  await page.getByTestId('guild-switcher').click();
  await expectAccessible(page, 'the guild switcher menu');
  await page
    .getByRole('menu', { name: 'Switch guild' })
    .getByTestId('guild-option')
    .filter({ hasText: second!.guild_name })
    .click();
  await expect(toast(page, `Switched to ${second!.guild_name}`)).toBeVisible();
  await expect(page.getByTestId('selected-guild-name')).toHaveText(second!.guild_name);
  await expect(page.getByTestId('home-guild-name')).toHaveText(second!.guild_name);
  await reviewShot(page, 'community-home');
});

test('signed-out sign-in pages make no call that fails, and offer only the sign-in methods the server has', async ({ page }) => {
  const failed: string[] = [];
  const authCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/auth/')) authCalls.push(`${request.method()} ${pathname}`);
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  // This server has no Discord settings: no Discord button (and no 503 from asking for one).
  await expect(page.getByRole('button', { name: 'Sign in with Discord' })).toHaveCount(0);
  await reviewShot(page, 'community-sign-in-email-only');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(failed).toEqual([]);
  // One public call says which methods exist; nothing asks for a session this browser does not have.
  expect(authCalls).not.toContain('GET /auth/user');
  expect(authCalls).not.toContain('GET /auth/discord');
  expect(authCalls).toContain('GET /auth/providers');
});

test('an expired access token is refreshed silently', async ({ page, request }) => {
  const account = newAccount('veteran');
  const register = await request.post('/auth/register', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: account });
  expect(register.ok()).toBe(true);
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  const verified = await request.post('/auth/verify-email', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.ok()).toBe(true);
  const [guild] = await activeGuilds(request, 'US');
  grantGuildAccess(account.email, guild!.id);

  await signInWithEmail(page, account);
  await expect(page.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);

  // Replace the stored access token by one of the same sign-in that expired a minute ago.
  const stored = await page.evaluate(() => sessionStorage.getItem('guildhall.community.tokens'));
  const tokens = JSON.parse(stored!) as { accessToken: string; refreshToken: string };
  const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    fam: string;
  };
  const key = signingKeysFrom(mainServerEnv().JWT_SECRET!).accessToken;
  const expired = await signAccessToken(key, { userId: claims.sub, familyId: claims.fam }, 60, Date.now() - 120_000);
  await page.evaluate(
    ([value]) => sessionStorage.setItem('guildhall.community.tokens', value!),
    [JSON.stringify({ ...tokens, accessToken: expired })],
  );

  await page.goto('/settings');
  await expect(page.getByTestId('profile-card')).toContainText(account.username);
  await expectAccessible(page, 'community settings');
  await expect(toast(page, 'Session expired. Please log in again.')).toHaveCount(0);
  const renewed = JSON.parse((await page.evaluate(() => sessionStorage.getItem('guildhall.community.tokens')))!) as typeof tokens;
  expect(renewed.accessToken).not.toBe(expired);
  expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
});

test.describe('Discord sign-in through the loopback fake', () => {
  const discord = new DiscordFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;

  test.beforeAll(async () => {
    await discord.start();
    databaseUrl = await createDatabase('guildhall_e2e_discord');
    const url = `http://127.0.0.1:${PORTS.discord}`;
    app = await startApp('discord', PORTS.discord, {
      ...mainServerEnv(),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: url,
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_BASE: discord.baseUrl,
    });
  });

  test.afterAll(async () => {
    await app?.stop();
    await discord.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  const guild = (id: string, name: string, owner = false) => ({ id, name, icon: null, owner, permissions: owner ? '8' : '1024' });

  test('with the bot in none of the guilds, the member is sent to the install flow', async ({ page }) => {
    const user = {
      id: '300000000000000001',
      username: 'raidleader',
      global_name: 'Raid Leader',
      avatar: null,
      email: 'lead@example.org',
      verified: true,
    };
    discord.addGuild(user, guild('400000000000000001', 'Dawn Patrol', true), { withBot: false });
    discord.addGuild(user, guild('400000000000000002', 'Night Shift'), { withBot: false });
    discord.loginAs = user;

    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await expect(page).toHaveURL(/\/select-guild/);
    const install = page.getByTestId('install-flow');
    await expect(install).toBeVisible();
    await expect(install).toContainText('Dawn Patrol');
    await expect(install.getByTestId('bot-invite-button').first()).toBeVisible();
    await reviewShot(page, 'community-install-flow');
    await expectAccessible(page, 'the bot install flow');
  });

  test('with the bot in three guilds, the member chooses one', async ({ page }) => {
    const user = {
      id: '300000000000000002',
      username: 'healer',
      global_name: null,
      avatar: null,
      email: 'heal@example.org',
      verified: true,
    };
    for (const [id, name] of [
      ['400000000000000011', 'Ember Court'],
      ['400000000000000012', 'Frost Wardens'],
      ['400000000000000013', 'Gilded Oath'],
    ] as const) {
      discord.addGuild(user, guild(id, name), { withBot: true });
    }
    discord.loginAs = user;

    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await expect(page).toHaveURL(/\/select-guild/);
    const picker = page.getByTestId('guild-picker');
    await expect(picker.getByTestId('guild-option')).toHaveCount(3);
    await picker.getByTestId('guild-option').filter({ hasText: 'Frost Wardens' }).click();
    await expect(toast(page, 'Switched to Frost Wardens')).toBeVisible();
    await expect(page.getByTestId('home-guild-name')).toHaveText('Frost Wardens');
  });
});
