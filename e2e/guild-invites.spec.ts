import type { Browser, BrowserContext, Page } from '@playwright/test';
import { runCli } from './support/app-server';
import { activeGuilds, linkFromOutbox, mainServerEnv, newAccount } from './support/community';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, signedOutContext, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

/** Scrolls to the top: a full-page shot of a scrolled page draws the sticky header in the middle. */
const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** The path of a link the server built from PUBLIC_URL, to open on the e2e server. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function signInWithEmail(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const opened: BrowserContext[] = [];

/** A fresh browser of its own: the admin's console session and a member's sign-in never meet. */
async function newPage(browser: Browser) {
  const context = await signedOutContext(browser);
  opened.push(context);
  return context.newPage();
}

test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

test('an admin makes an invite link; a new e-mail member registers through it, verifies, joins and lands in the guild', async ({
  page,
  browser,
  request,
}) => {
  const [, guild] = await activeGuilds(request, 'US');

  // The admin makes a single-use link in the guild's data view.
  await page.goto(`/admin/guilds/${guild!.id}/data`);
  const panel = page.getByTestId('invite-links');
  await expect(panel).toBeVisible();
  await panel.getByTestId('invite-expiry').selectOption({ label: '1 day' });
  await panel.getByRole('button', { name: 'Create link' }).click();
  // Said in the new link's card, beside Copy, not in a toast over it (issue 29).
  await expect(panel.getByTestId('new-invite-created')).toHaveText('Invite link created');
  await expect(toast(page, 'Invite link created')).toHaveCount(0);
  const url = await panel.getByTestId('new-invite-url').inputValue();
  expect(url).toMatch(/\/join\/[\w-]{24}$/);
  const row = panel.getByTestId('invite-row').first();
  await expect(row.getByTestId('invite-uses')).toHaveText('0 / 1 use');
  await expect(row.getByTestId('invite-status')).toHaveText('Active');
  await top(page);
  await reviewShot(page, 'guild-invites-admin');
  await reviewShot(panel, 'guild-invites-admin-panel', false);
  await expectAccessible(page, 'the guild data view with its invite links');

  // A newcomer opens the link signed out and registers from it.
  const member = await newPage(browser);
  const account = newAccount('invitee');
  await member.goto(pathOf(url));
  await expect(member.getByTestId('join-guild-name')).toHaveText(guild!.guild_name);
  await top(member);
  await reviewShot(member, 'guild-invites-join-signed-out');
  await member.getByRole('link', { name: 'Create an account' }).click();
  await expect(member).toHaveURL(/\/register\?from=%2Fjoin%2F/);
  await member.getByLabel('Username').fill(account.username);
  await member.getByLabel('Email').fill(account.email);
  await member.getByLabel('Password', { exact: true }).fill(account.password);
  await member.getByRole('button', { name: 'Create account' }).click();
  await expect(member.getByTestId('registration-check-email')).toBeVisible();

  // The verification link keeps the way back to the invite through the sign-in.
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  expect(link.searchParams.get('from')).toBe(new URL(url).pathname);
  await member.goto(`${link.pathname}${link.search}`);
  await expect(member.getByTestId('verify-email-success')).toBeVisible();
  await member.getByRole('link', { name: 'Sign in' }).click();
  await expect(member).toHaveURL(/\/login\?from=%2Fjoin%2F/);
  await signInWithEmail(member, account);
  await expect(member).toHaveURL(new RegExp(`${new URL(url).pathname}$`));
  await expect(member.getByTestId('join-signed-in-as')).toContainText(account.username);
  await top(member);
  await reviewShot(member, 'guild-invites-join-signed-in');
  await expectAccessible(member, 'the join page, signed in');

  await member.getByTestId('join-button').click();
  await expect(toast(member, `Welcome to ${guild!.guild_name}!`)).toBeVisible();
  await expect(member).toHaveURL(/\/$/);
  await expect(member.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);
  await expect(member.getByTestId('selected-guild-name')).toHaveText(guild!.guild_name);
  await top(member);
  await reviewShot(member, 'guild-invites-member-home');

  // Opening the link again says they are in; for anyone else it has reached its use limit.
  await member.goto(pathOf(url));
  await expect(member.getByTestId('join-already-member')).toHaveText(`You are already a member of ${guild!.guild_name}.`);
  const stranger = await newPage(browser);
  await stranger.goto(pathOf(url));
  await expect(stranger.getByTestId('join-unusable')).toHaveText(
    'This invite link has reached its use limit. Ask an officer of the guild for a new one.',
  );
  await top(stranger);
  await reviewShot(stranger, 'guild-invites-used-up');
  await expectAccessible(stranger, 'the join page of a used-up link');

  // The admin's list keeps the used link under "show used, expired and revoked".
  await page.reload();
  await expect(panel.getByTestId('invite-empty')).toBeVisible();
  // The box follows the URL, so it shows ticked once the address has changed: click, then wait for both.
  await panel.getByTestId('invite-show-all').click();
  await expect(page).toHaveURL(/invites=all/);
  await expect(panel.getByTestId('invite-show-all')).toBeChecked();
  await expect(panel.getByTestId('invite-row').first().getByTestId('invite-status')).toHaveText('Used up');
  await expect(panel.getByTestId('invite-row').first().getByTestId('invite-uses')).toHaveText('1 / 1 use');
});

test('an officer invites from the guild home; an e-mail member with no guild pastes the link, joins; the officer revokes', async ({
  page,
  browser,
  request,
}) => {
  const [, , guild] = await activeGuilds(request, 'US');
  const officer = newAccount('officer');
  const register = await request.post('/auth/register', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: officer });
  expect(register.ok()).toBe(true);
  const verification = await linkFromOutbox(request, officer.email, '/verify-email');
  await request.post('/auth/verify-email', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { token: verification.searchParams.get('token') },
  });
  runCli(mainServerEnv(), [
    'grant-guild-access',
    '--email',
    officer.email,
    '--guild',
    guild!.id,
    '--permissions',
    'guild.view,guild.manage_members',
  ]);

  await page.goto('/login');
  await signInWithEmail(page, officer);
  await expect(page.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);
  const card = page.getByTestId('invite-links');
  await card.getByTestId('invite-max-uses').selectOption({ label: '5 uses' });
  await card.getByRole('button', { name: 'Create link' }).click();
  const url = await card.getByTestId('new-invite-url').inputValue();
  await expect(card.getByTestId('invite-row').first().getByTestId('invite-uses')).toHaveText('0 / 5 uses');
  await top(page);
  await reviewShot(page, 'guild-invites-officer-home');
  await expectAccessible(page, 'the guild home with the officer invite card');

  // A verified e-mail member without any guild is offered to paste an invite link.
  const member = await newPage(browser);
  const account = newAccount('paster');
  await member.goto('/register');
  await member.getByLabel('Username').fill(account.username);
  await member.getByLabel('Email').fill(account.email);
  await member.getByLabel('Password', { exact: true }).fill(account.password);
  await member.getByRole('button', { name: 'Create account' }).click();
  await expect(member.getByTestId('registration-check-email')).toBeVisible();
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  await member.goto(`${link.pathname}${link.search}`);
  await expect(member.getByTestId('verify-email-success')).toBeVisible();
  await member.goto('/login');
  await signInWithEmail(member, account);
  await expect(member).toHaveURL(/\/select-guild/);
  const paste = member.getByTestId('join-with-invite');
  await expect(paste).toBeVisible();
  await expect(member.getByTestId('install-flow-email-member')).toBeVisible();
  await top(member);
  await reviewShot(member, 'guild-invites-no-guild');
  await expectAccessible(member, 'the no-guild screen of an e-mail member');
  await paste.getByTestId('invite-link-input').fill('not a link');
  await paste.getByRole('button', { name: 'Open invite' }).click();
  await expect(paste).toContainText('Paste the invite link an officer gave you');
  await paste.getByTestId('invite-link-input').fill(url);
  await paste.getByRole('button', { name: 'Open invite' }).click();
  await member.getByTestId('join-button').click();
  await expect(member.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);
  // A plain member sees no invite card.
  await expect(member.getByTestId('invite-links')).toHaveCount(0);

  // The officer sees the use and revokes the link after confirming.
  await page.reload();
  const used = card.getByTestId('invite-row').first();
  await expect(used.getByTestId('invite-uses')).toHaveText('1 / 5 uses');
  await used.getByTestId('invite-revoke').click();
  const modal = page.getByTestId('revoke-invite-modal');
  await expect(modal).toContainText('People who already joined keep their access.');
  await page.getByTestId('revoke-invite-modal-confirm').click();
  await expect(toast(page, 'Invite link revoked')).toBeVisible();
  await expect(card.getByTestId('invite-empty')).toBeVisible();

  const stranger = await newPage(browser);
  await stranger.goto(pathOf(url));
  await expect(stranger.getByTestId('join-unusable')).toHaveText(
    'This invite link was revoked. Ask an officer of the guild for a new one.',
  );
});
