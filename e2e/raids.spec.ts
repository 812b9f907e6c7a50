import { RAID_MESSAGES } from '@guildhall/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { runCli } from './support/app-server';
import { activeGuilds, linkFromOutbox, mainServerEnv, newAccount } from './support/community';
import { reviewShot } from './support/review-shot';
import { expect, test } from './support/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A verified e-mail member of the guild with these permissions, and an access token for making data through the API. */
async function memberOf(request: APIRequestContext, tenantId: string, tag: string, permissions: string) {
  const account = newAccount(tag);
  expect((await request.post('/auth/register', { headers: XHR, data: account })).ok()).toBe(true);
  const link = await linkFromOutbox(request, account.email, '/verify-email');
  await request.post('/auth/verify-email', { headers: XHR, data: { token: link.searchParams.get('token') } });
  runCli(mainServerEnv(), ['grant-guild-access', '--email', account.email, '--guild', tenantId, '--permissions', permissions]);
  const login = await request.post('/auth/login', { headers: XHR, data: { email: account.email, password: account.password } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { account, accessToken };
}

/** The Discord server id of a guild tenant: what X-Guild-ID names. */
async function discordGuildIdOf(tenantId: string): Promise<string> {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ discord_guild_id: string }>('SELECT discord_guild_id FROM guilds WHERE id = $1', [
      tenantId,
    ]);
    return rows[0]!.discord_guild_id;
  } finally {
    await client.end();
  }
}

async function signInWithEmail(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('home-guild-name')).toBeVisible();
}

/** A guild, an officer who may plan there (with a template), through the API. */
async function guildWithOfficer(request: APIRequestContext) {
  const [, , , guild] = await activeGuilds(request, 'EU');
  const guildId = await discordGuildIdOf(guild!.id);
  const officer = await memberOf(request, guild!.id, 'raidlead', 'guild.view,raids.manage');
  const headers = { ...XHR, Authorization: `Bearer ${officer.accessToken}`, 'X-Guild-ID': guildId };
  const template = await request.post('/api/guild/raid-templates', {
    headers,
    data: {
      name: `Heroic ${Date.now().toString(36)}`,
      instance: 'Manaforge Omega',
      difficulty: 'Heroic',
      size: 20,
      seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
      startTime: '20:00',
    },
  });
  expect(template.ok(), await template.text()).toBe(true);
  const { template: created } = (await template.json()) as { template: { id: string; name: string } };
  return { tenantId: guild!.id, guildId, officer, headers, template: created };
}

for (const width of [1280, 390]) {
  test(`a member signs up from the raid list and changes to Tentative (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const { tenantId, headers, template } = await guildWithOfficer(request);
    const name = `Raid night ${width} ${Date.now().toString(36)}`;
    const startsAt = new Date(Date.now() + 2 * 864e5).toISOString();
    const raid = await request.post('/api/guild/raids', { headers, data: { templateId: template.id, name, startsAt } });
    expect(raid.ok(), await raid.text()).toBe(true);
    const { account } = await memberOf(request, tenantId, 'raider', 'guild.view');

    await signInWithEmail(page, account);
    if (width >= 1280) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Raids' }).click();
    } else {
      // The header's navigation gives way at phone width; the account menu holds Raids there.
      await page.getByRole('banner').getByRole('button', { name: account.username }).click();
      await page.getByRole('menuitem', { name: 'Raids' }).click();
    }
    const card = page.getByTestId('raid-card').filter({ hasText: name });
    await expect(card).toContainText('Not answered');
    await expect(card).toContainText('Tanks 0/2');
    await card.getByRole('button', { name: 'Sign up' }).click();
    const form = page.getByTestId('signup-form');
    await form.getByLabel('Accept').check();
    await form.getByLabel('Role').selectOption({ label: 'Melee' });
    await form.getByLabel('Comment').fill('Bringing flasks');
    await form.getByRole('button', { name: 'Save answer' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: RAID_MESSAGES.signupSaved })).toBeVisible();
    await expect(card.getByTestId('raid-my-answer')).toHaveText('Accept');
    await expect(card).toContainText('Melee 1/7');

    await card.getByRole('button', { name: 'Change answer' }).click();
    await form.getByLabel('Tentative').check();
    await form.getByRole('button', { name: 'Save answer' }).click();
    await expect(card.getByTestId('raid-my-answer')).toHaveText('Tentative');
    await expect(card).toContainText('Melee 0/7');
    await reviewShot(page, `raids-member-${width}`);
  });
}

test('an officer plans a weekly series from a template', async ({ page, request }) => {
  const { officer, template } = await guildWithOfficer(request);
  await signInWithEmail(page, officer.account);
  await page.goto('/raids');
  await page.getByRole('button', { name: 'Plan a raid' }).click();
  const form = page.getByTestId('plan-raid-form');
  await form.getByLabel('Template').selectOption({ label: `${template.name} (Manaforge Omega, Heroic, 20)` });
  await form.getByLabel('Weekly series').check();
  await form.getByLabel('Number of raids').fill('3');
  await form.getByRole('button', { name: 'Plan series' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: RAID_MESSAGES.seriesCreated(3) })).toBeVisible();
  // Three weeks of the series fall in the four weeks the list shows.
  await expect(page.getByTestId('raid-card').filter({ hasText: template.name })).toHaveCount(3);
  await reviewShot(page, 'raids-officer-series');
});
