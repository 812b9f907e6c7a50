import type { Page } from '@playwright/test';
import pg from 'pg';
import { BattlenetFake, wowCharacter } from '../apps/server/test/fakes/battlenet-fake';
import { ADMINS, PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv, newAccount } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { signIn } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
/** Scrolls to the top: a full-page shot of a scrolled page draws the sticky header in the middle. */
const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

const DISCORD_ID = '612345678901234567';
const BATTLETAG = 'Brightwing#2417';

/**
 * A member connects Battle.net in /settings through the loopback Battle.net fake; the admin then sees the
 * claimed character in Character Discovery and the verified account in the lookup. The server runs on a
 * database of its own, with BNET_* pointing at the fake and a roster made for the journey.
 */
test.describe('connecting Battle.net', () => {
  const battlenet = new BattlenetFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;
  let guildId = '';

  async function sql(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async () => {
    await battlenet.start();
    databaseUrl = await createDatabase('guildhall_e2e_battlenet');
    // No InfluxDB and no demo data: the journey makes the little it needs.
    const env = Object.fromEntries(Object.entries(mainServerEnv()).filter(([key]) => !key.startsWith('INFLUX_')));
    const url = `http://127.0.0.1:${PORTS.battlenet}`;
    app = await startApp('battlenet', PORTS.battlenet, {
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `${env.REDIS_PREFIX}battlenet:`,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      BNET_CLIENT_ID: battlenet.clientId,
      BNET_CLIENT_SECRET: battlenet.clientSecret,
      BNET_OAUTH_BASE: battlenet.oauthBase,
      BNET_API_BASE: battlenet.apiBase,
    });
    const [guild] = await sql(
      "INSERT INTO guilds (guild_name, server, region, faction) VALUES ('Emerald Wardens', 'Argent Dawn', 'EU', 'Alliance') RETURNING id",
    );
    guildId = guild.id;
    await sql(
      `INSERT INTO characters (guild_id, name, realm, class, level) VALUES
         ($1, 'Aeloria', 'Argent Dawn', 'Priest', 80), ($1, 'Stonehelm', 'Argent Dawn', 'Warrior', 78)`,
      [guildId],
    );
    await sql(
      "INSERT INTO discord_members (guild_id, discord_user_id, username, global_name) VALUES ($1, $2, 'brightwing', 'Brightwing')",
      [guildId, DISCORD_ID],
    );
    battlenet.loginAs = {
      id: 104857601,
      battletag: BATTLETAG,
      wowAccounts: [
        [
          wowCharacter('Aeloria', 'Argent Dawn', { class: 'Priest', race: 'Night Elf', level: 80 }),
          wowCharacter('Thornfist', 'Draenor', { class: 'Monk', race: 'Pandaren', level: 70, faction: 'HORDE' }),
        ],
      ],
    };
  });

  test.afterAll(async () => {
    await app?.stop();
    await battlenet.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  test('a member connects Battle.net and the admin sees the claimed character and the verified account', async ({
    page,
    request,
  }) => {
    // A member whose account has Discord linked (as a Discord sign-in leaves it) and who is on the guild's Discord.
    const account = newAccount('battlenet');
    const registered = await request.post(`${app.url}/auth/register`, { headers: XHR, data: account });
    expect(registered.ok()).toBe(true);
    await sql(
      "UPDATE users SET discord_id = $2, global_name = 'Brightwing', auth_method = 'both' WHERE lower(email) = lower($1)",
      [account.email, DISCORD_ID],
    );

    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${app.url}/settings`);
    const card = page.getByTestId('battlenet-card');
    await expect(card.getByTestId('battlenet-connect')).toHaveText(/Connect Battle.net/);
    await expectAccessible(page, 'Settings before connecting Battle.net');

    await card.getByTestId('battlenet-region-select').selectOption('eu');
    await card.getByTestId('battlenet-connect').click();
    await expect(toast(page, 'Battle.net connected')).toBeVisible();
    await expect(page).toHaveURL(`${app.url}/settings`);
    await expect(card.getByTestId('battlenet-battletag')).toContainText(BATTLETAG);
    await expect(card.getByTestId('battlenet-battletag')).toContainText('Verified');
    await expect(card.getByTestId('battlenet-region')).toHaveText('Europe (EU)');
    await expect(card.getByTestId('battlenet-character-count')).toHaveText('2 characters imported');
    await expect(card.getByTestId('battlenet-claims')).toContainText('Aeloria');
    await expect(card.getByTestId('battlenet-claims')).toContainText('Emerald Wardens');
    await expect(card.getByTestId('battlenet-claims')).not.toContainText('Thornfist');
    const profileCall = battlenet.requests.find((r) => r.path === '/api/profile/user/wow');
    expect(profileCall?.query.get('namespace')).toBe('profile-eu');
    await top(page);
    await reviewShot(page, 'battlenet-settings-connected');
    await expectAccessible(page, 'Settings with Battle.net connected');

    // The admin: Character Discovery shows the character linked to the member as a claim.
    await page.goto(`${app.url}/admin/login`);
    // This server has a database of its own: the shared session does not hold here.
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/character-discovery?guildId=${guildId}`);
    const member = page.locator(`[data-testid="member-card"][data-discord-user-id="${DISCORD_ID}"]`);
    await expect(member).toContainText('1 linked');
    const toggle = member.getByTestId('member-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const linked = member.getByTestId('linked-character');
    await expect(linked).toContainText('Aeloria');
    await expect(linked.getByTestId('claimed-badge')).toHaveText('Claimed');
    await expect(linked).toContainText('100%');
    await expect(page.getByTestId('character-card').filter({ hasText: 'Aeloria' })).toHaveCount(0);
    await top(page);
    await reviewShot(page, 'battlenet-discovery-claimed');
    await expectAccessible(page, 'Character Discovery with a claimed character');

    // The link dialog's lookup finds the verified account, held by the member's player account.
    const lookup = await page.request.get(`${app.url}/api/admin/battlenet/user/${encodeURIComponent(BATTLETAG.toLowerCase())}`, {
      headers: XHR,
    });
    expect(lookup.ok()).toBe(true);
    const found = (await lookup.json()) as { data: { battletag: string; region: string; heldBy: { id: string } | null } };
    expect(found.data).toMatchObject({ battletag: BATTLETAG, region: 'eu', heldBy: { id: expect.any(String) } });

    // Player Account Management: the member's account shows the verified Battle.net link and both characters,
    // the claimed roster one and the imported one that is on no roster.
    await page.goto(`${app.url}/admin/accounts/players?search=Brightwing`);
    const accountCard = page.locator(`[data-testid="account-card"][data-id="${found.data.heldBy!.id}"]`);
    await expect(accountCard).toContainText(BATTLETAG);
    await accountCard.getByRole('button', { name: /^View / }).click();
    const view = page.getByRole('dialog', { name: 'Player Account Details' });
    await expect(view.getByTestId('link-card-battle.net')).toContainText(BATTLETAG);
    await expect(view.getByTestId('account-characters')).toContainText('Aeloria');
    await expect(view.getByTestId('account-characters')).toContainText('Thornfist');
    await reviewShot(page, 'battlenet-player-account');
    await expectAccessible(page, 'the player account with its verified Battle.net link');
  });
});
