import { type APIRequestContext, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { runCli } from './app-server';
import { activeGuilds, linkFromOutbox, mainServerEnv, newAccount } from './community';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A verified e-mail member of the guild with these permissions, and an access token for making data through the API. */
export async function memberOf(request: APIRequestContext, tenantId: string, tag: string, permissions: string) {
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
export async function discordGuildIdOf(tenantId: string): Promise<string> {
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

/** The headers an officer's API calls into a guild carry. */
export const officerHeaders = (accessToken: string, discordGuildId: string) => ({
  ...XHR,
  Authorization: `Bearer ${accessToken}`,
  'X-Guild-ID': discordGuildId,
});

/** Plans a raid `days` from now through the API with an officer's headers; its id. */
export async function planRaidThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
  days = 3,
): Promise<string> {
  const planned = await request.post('/api/guild/raids', {
    headers,
    data: { startsAt: new Date(Date.now() + days * 864e5).toISOString(), ...data },
  });
  expect(planned.ok(), await planned.text()).toBe(true);
  return ((await planned.json()) as { raid: { id: string } }).raid.id;
}

/** Signs a member in with e-mail and password on the community sign-in page, landing on their guild's home. */
export async function signInWithEmail(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('home-guild-name')).toBeVisible();
}

/** A guild, an officer who may plan there (with a template), through the API. */
export async function guildWithOfficer(request: APIRequestContext) {
  const [, , , guild] = await activeGuilds(request, 'EU');
  const guildId = await discordGuildIdOf(guild!.id);
  const officer = await memberOf(request, guild!.id, 'raidlead', 'guild.view,raids.manage');
  const headers = officerHeaders(officer.accessToken, guildId);
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
