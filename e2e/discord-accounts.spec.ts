import pg from 'pg';
import { mainServerEnv } from './support/community';
import { reviewShot } from './support/review-shot';
import { sidebar } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

/** Reads the demo data the screen shows, straight from the main server's database. */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A demo person who is a current member with linked characters and a player account, known by a unique username. */
async function linkedPerson() {
  const [person] = await query<{ discord_user_id: string; username: string; account: string; characters: number }>(
    `SELECT m.discord_user_id, m.username, p.display_name AS account,
            (SELECT count(*)::int FROM discord_members m2 JOIN character_links l ON l.discord_member_id = m2.id
              WHERE m2.discord_user_id = m.discord_user_id) AS characters
       FROM discord_members m JOIN player_accounts p ON p.discord_id = m.discord_user_id
      WHERE m.left_at IS NULL
        AND EXISTS (SELECT 1 FROM character_links l WHERE l.discord_member_id = m.id)
        AND (SELECT count(DISTINCT m3.discord_user_id) FROM discord_members m3 WHERE m3.username = m.username) = 1
      ORDER BY m.username LIMIT 1`,
  );
  expect(person, 'the demo set has a linked member with a player account').toBeTruthy();
  return person!;
}

test('find a Discord user, page through the list, open their memberships, characters and player account', async ({ page }) => {
  const person = await linkedPerson();
  await page.goto('/admin');
  await sidebar(page).getByRole('link', { name: 'Discord Management' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/discord$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discord Management');
  const rows = page.getByTestId('discord-user-row');
  await expect(rows).toHaveCount(25);
  await reviewShot(page, 'discord-users');

  // Paging: the second page shows other users, and lives in the URL.
  const firstPageIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-discord-id')));
  const pagination = page.getByTestId('discord-user-pagination');
  await expect(pagination).toContainText('Showing 1 to 25 of');
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination).toContainText('Showing 26 to 50 of');
  const secondPageIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-discord-id')));
  expect(secondPageIds.filter((id) => firstPageIds.includes(id))).toEqual([]);

  // One list behaviour (issue 29): the kit's page sizes, the size in the URL, a new size back to page 1.
  await pagination.getByLabel('Rows per page').selectOption('10');
  await expect(page).toHaveURL(/limit=10/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(10);
  await expect(pagination).toContainText('Showing 1 to 10 of');
  await page.reload();
  await expect(rows).toHaveCount(10);
  await pagination.getByLabel('Rows per page').selectOption('25');
  await expect(page).not.toHaveURL(/limit=/);
  await expect(rows).toHaveCount(25);

  // Sorting by a column header, the list's one way to sort: most linked characters first.
  await expect(page.getByRole('search').getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Characters', exact: true }).click();
  await expect(page).toHaveURL(/sort=linkedCharacters/);
  await page.getByRole('button', { name: 'Characters', exact: true }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(page.getByRole('columnheader', { name: 'Characters' })).toHaveAttribute('aria-sort', 'descending');

  // Search (debounced) by username goes back to page 1 and finds the one person.
  await page.getByTestId('discord-user-search').fill(person.username);
  await expect(page).toHaveURL(new RegExp(`search=${person.username}`));
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toHaveAttribute('data-discord-id', person.discord_user_id);
  await expect(row).toContainText(`@${person.username}`);
  await expect(row).toContainText('Active');

  // The detail, by keyboard: memberships, linked characters and the player account with its link.
  await row.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`user=${person.discord_user_id}`));
  const detail = dialog.getByTestId('discord-user-detail');
  await expect(detail).toContainText(person.discord_user_id);
  await expect(detail.getByTestId('discord-memberships')).toContainText('Member');
  await expect(detail.getByTestId('discord-characters').locator('tbody tr')).toHaveCount(person.characters);
  await expect(detail.getByTestId('discord-player-account')).toContainText(person.account);
  await expect(detail.getByRole('link', { name: 'Open in Player Accounts' })).toHaveAttribute(
    'href',
    `/admin/accounts/players?search=${person.discord_user_id}`,
  );
  await expectAccessible(page, 'Discord Management, the user detail');
  await reviewShot(page, 'discord-user-detail');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/user=/);

  // A search nothing matches says so.
  await page.getByTestId('discord-user-search').fill('no-such-discord-user-xyz');
  await expect(page.getByTestId('discord-users-empty')).toHaveText('No Discord users match this search.');
  await expectAccessible(page, 'Discord Management, no match');
});

test('the Bot guilds tab lists the demo guilds with their member counts and links to Character Discovery', async ({ page }) => {
  const guilds = await query<{ id: string; guild_name: string; members: number }>(
    `SELECT g.id, g.guild_name,
            (SELECT count(*)::int FROM discord_members m WHERE m.guild_id = g.id AND m.left_at IS NULL) AS members
       FROM guilds g WHERE g.discord_guild_id IS NOT NULL ORDER BY lower(g.guild_name), g.id`,
  );
  expect(guilds.length).toBeGreaterThan(0);
  // The second layout's address opens the same screen.
  await page.goto('/admin/discord');
  await expect(page).toHaveURL(/\/admin\/accounts\/discord$/);
  await page.getByRole('tab', { name: 'Bot guilds' }).click();
  await expect(page).toHaveURL(/tab=bot-guilds/);
  const rows = page.getByTestId('bot-guild-row');
  await expect(rows).toHaveCount(Math.min(25, guilds.length));
  await expect(page.getByTestId('bot-guild-pagination')).toContainText(`of ${guilds.length}`);
  const first = guilds[0]!;
  await expect(rows.first()).toContainText(first.guild_name);
  await expect(rows.first().getByTestId('bot-guild-members')).toHaveText(first.members.toLocaleString('en-US'));
  await expectAccessible(page, 'Discord Management, the Bot guilds tab');
  await reviewShot(page, 'discord-bot-guilds');

  // The tab survives a reload; the link opens Character Discovery on that guild.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Bot guilds' })).toHaveAttribute('aria-selected', 'true');
  await rows
    .first()
    .getByRole('link', { name: `Character Discovery for ${first.guild_name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/character-discovery\\?guildId=${first.id}`));
});

test.describe('as a monitoring-only admin', () => {
  test.use({ signedInAs: 'monitor' });

  test('an admin without admin.manage_roles has no Discord Management in the sidebar and is refused the screen', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(sidebar(page).getByRole('link', { name: 'Discord Management' })).toHaveCount(0);
    await page.goto('/admin/accounts/discord');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectAccessible(page, 'Discord Management refused');
  });
});
