import { ADMIN_ROLE_MESSAGES, GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import pg from 'pg';
import { DiscordFake, type FakeDiscordMember, type FakeDiscordRole } from '../apps/server/test/fakes/discord-fake';
import { PHONE_VIEWPORT } from './support/accessibility';
import { ADMINS, PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { sidebar, signIn } from './support/sign-in';
import { expect, expectAccessible, signedOutContext, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const shot = (page: Page, name: string) => reviewShot(page, `permissions-${name}`);
const cell = (page: Page, permission: string, roleLabel: string) =>
  page.getByRole('checkbox', { name: `${permission} for ${roleLabel}`, exact: true });

/** Rows of one database of the journey (the main server's, or a server of its own). */
async function queryRows<T>(databaseUrl: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Picks an option of a searchable picker (guild, user) by typing part of its name. */
async function pick(picker: ReturnType<Page['getByTestId']>, text: string) {
  await picker.getByRole('combobox').fill(text);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await picker
    .getByRole('option', { name: new RegExp(`^${escaped}`) })
    .first()
    .click();
}

test('a custom role: created, given a permission, and its holder sees the new screen; deleted once nobody holds it', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const role = { name: `e2e_ops_${tag}`, label: `E2E Ops ${tag}` };
  const holder = { username: `e2e-ops-${tag}`, password: `Ops-holder-${tag}-password!` };
  let holderId: string | null = null;

  try {
    await page.goto('/admin/permissions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permissions');
    await expect(page.getByRole('tab', { name: 'Roles', exact: true })).toHaveAttribute('aria-selected', 'true');
    const matrix = page.getByTestId('role-matrix');
    await expect(matrix.getByRole('rowheader', { name: /players\.view/ })).toContainText('View player accounts');
    // Superadmin holds everything, locked.
    await expect(cell(page, 'players.view', 'Super Admin')).toBeChecked();
    await expect(cell(page, 'players.view', 'Super Admin')).toBeDisabled();
    await expect(page.getByTestId('role-column-superadmin')).toContainText('Locked');
    await expect(page.getByTestId('role-column-viewer')).toContainText('Built-in');
    await shot(page, 'roles');

    // New role: the contract's rules first, then the server's (a name taken).
    await page.getByRole('button', { name: 'New role' }).click();
    const form = dialog(page, 'New role');
    await form.getByTestId('role-form-name').fill('X');
    await form.getByRole('button', { name: 'Create role' }).click();
    await expect(form).toContainText(ADMIN_ROLE_MESSAGES.nameFormat);
    await expect(form).toContainText(ADMIN_ROLE_MESSAGES.labelRequired);
    await form.getByTestId('role-form-name').fill('viewer');
    await form.getByTestId('role-form-label').fill(role.label);
    await form.getByRole('button', { name: 'Create role' }).click();
    await expect(form).toContainText(ADMIN_ROLE_MESSAGES.nameTaken);
    await form.getByTestId('role-form-name').fill(role.name);
    await form.getByTestId('role-form-description').fill('Watches the dashboard; made by the e2e journey');
    await form
      .getByTestId('role-form-permissions')
      .getByRole('checkbox', { name: /admin\.system_monitoring/ })
      .check();
    await expectAccessible(page, 'the New role form');
    await form.getByRole('button', { name: 'Create role' }).click();
    await expect(toast(page, ADMIN_ROLE_MESSAGES.created)).toBeVisible();
    await expect(form).toHaveCount(0);
    const column = page.getByTestId(`role-column-${role.name}`);
    await expect(column).toContainText(role.label);
    await expect(column).toContainText('0 holders');
    await expect(cell(page, 'admin.system_monitoring', role.label)).toBeChecked();

    // An admin holding the role, signed in elsewhere: no Player Accounts yet.
    const created = await page.request.post('/api/admin/users', {
      headers: XHR,
      data: {
        username: holder.username,
        fullName: 'E2E Ops holder',
        role: role.name,
        permissions: [],
        password: holder.password,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    holderId = ((await created.json()) as { data: { id: string } }).data.id;
    const other = await signedOutContext(browser);
    const holderPage = await other.newPage();
    await signIn(holderPage, holder);
    await expect(sidebar(holderPage).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar(holderPage).getByRole('link', { name: 'Player Accounts' })).toHaveCount(0);

    // Edit the column: the change is marked until saved; Cancel puts it back.
    await page.reload();
    await expect(column).toContainText('1 holder');
    await cell(page, 'players.view', role.label).check();
    await expect(column).toContainText('Unsaved');
    await expect(page.getByTestId('unsaved-roles')).toContainText(role.label);
    await shot(page, 'roles-unsaved');
    // A look at another tab keeps the unsaved column.
    await page.getByRole('tab', { name: 'Guild grants' }).click();
    await page.getByRole('tab', { name: 'Roles', exact: true }).click();
    await expect(cell(page, 'players.view', role.label)).toBeChecked();
    await expect(column).toContainText('Unsaved');
    await column.getByRole('button', { name: `Cancel changes to ${role.label}` }).click();
    await expect(cell(page, 'players.view', role.label)).not.toBeChecked();
    await expect(page.getByTestId('unsaved-roles')).toHaveCount(0);
    await cell(page, 'players.view', role.label).check();
    await column.getByRole('button', { name: `Save ${role.label}` }).click();
    await expect(toast(page, ADMIN_ROLE_MESSAGES.saved)).toBeVisible();
    await expect(column).not.toContainText('Unsaved');
    await page.reload();
    await expect(cell(page, 'players.view', role.label)).toBeChecked();

    // The holder's next request carries the new permission: the screen is in their sidebar and opens.
    await holderPage.reload();
    await sidebar(holderPage).getByRole('link', { name: 'Player Accounts' }).click();
    await expect(holderPage.getByRole('heading', { level: 1 })).toHaveText('Player Account Management');
    await reviewShot(holderPage, 'permissions-holder-sidebar');
    await other.close();

    // A held role cannot go: the server's reason is shown.
    await column.getByRole('button', { name: `Delete role ${role.label}` }).click();
    await page.getByTestId('delete-role-confirm').click();
    await expect(toast(page, ADMIN_ROLE_MESSAGES.inUse)).toBeVisible();
    await expect(column).toBeVisible();

    const removed = await page.request.delete(`/api/admin/users/${holderId}?hard=true`, { headers: XHR });
    expect(removed.ok(), await removed.text()).toBe(true);
    holderId = null;
    await page.reload();
    await expect(column).toContainText('0 holders');
    await column.getByRole('button', { name: `Delete role ${role.label}` }).click();
    await expectAccessible(page, 'the delete role confirmation');
    await page.getByTestId('delete-role-confirm').click();
    await expect(toast(page, ADMIN_ROLE_MESSAGES.deleted)).toBeVisible();
    await expect(column).toHaveCount(0);
  } finally {
    // Whatever happened above, the next journeys find the roles as they were.
    if (holderId) await page.request.delete(`/api/admin/users/${holderId}?hard=true`, { headers: XHR });
    await page.request.delete(`/api/admin/roles/${role.name}`, { headers: XHR });
  }
});

test('the matrix at 390 px scrolls inside its box with the permission column kept in place', async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto('/admin/permissions');
  const box = page.getByRole('region', { name: 'Role permissions' });
  await expect(box.getByTestId('role-matrix')).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  const { scrollWidth, clientWidth } = await box.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, 'the matrix scrolls inside its box').toBeGreaterThan(clientWidth);
  await reviewShot(page, 'permissions-phone-matrix');

  const permissionCell = box.getByRole('rowheader', { name: /players\.view/ });
  const before = (await permissionCell.boundingBox())!;
  await box.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const after = (await permissionCell.boundingBox())!;
  expect(Math.abs(after.x - before.x), 'the permission column stays at the left').toBeLessThan(1);
  await reviewShot(page, 'permissions-phone-matrix-scrolled');
  await expectAccessible(page, 'the role matrix at 390 px');
});

test('a guild grant made and revoked from the screen; Discord roles say plainly that Discord is not configured', async ({
  page,
}) => {
  const databaseUrl = mainServerEnv().DATABASE_URL!;
  const [user] = await queryRows<{ username: string; email: string }>(
    databaseUrl,
    "SELECT username, email FROM users WHERE email LIKE '%@example.com' AND discord_id IS NOT NULL ORDER BY username LIMIT 1",
  );
  const [guild] = await queryRows<{ id: string; guild_name: string }>(
    databaseUrl,
    "SELECT id, guild_name FROM guilds WHERE is_active AND region = 'EU' AND discord_guild_id IS NOT NULL ORDER BY guild_name LIMIT 1",
  );
  expect(user && guild, 'the demo seed has a user with an e-mail and a guild').toBeTruthy();

  await page.goto('/admin/permissions');
  await page.getByRole('tab', { name: 'Guild grants' }).click();
  await expect(page).toHaveURL(/tab=grants/);
  await expect(page.getByTestId('permissions-panel-grants')).toBeVisible();
  await expectAccessible(page, 'Permissions, Guild grants');

  // The form says what is missing, in the contract's words.
  await page.getByRole('button', { name: 'Grant permissions' }).click();
  const form = dialog(page, 'Grant guild permissions');
  await form.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(form).toContainText(GUILD_GRANT_MESSAGES.guildRequired);
  await expect(form).toContainText(GUILD_GRANT_MESSAGES.userRequired);
  await expect(form).toContainText(GUILD_GRANT_MESSAGES.permissionsRequired);
  await pick(form.getByTestId('grant-guild'), guild!.guild_name);
  await pick(form.getByTestId('grant-user'), user!.username);
  await expect(form.getByTestId('grant-user').getByRole('combobox')).toHaveValue(user!.username);
  await form
    .getByTestId('grant-permissions')
    .getByRole('checkbox', { name: /raids\.manage/ })
    .check();
  await form
    .getByTestId('grant-permissions')
    .getByRole('checkbox', { name: /loot\.manage/ })
    .check();
  await shot(page, 'grant-form');
  await expectAccessible(page, 'the grant form');
  await form.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(toast(page, GUILD_GRANT_MESSAGES.granted)).toBeVisible();
  await expect(form).toHaveCount(0);

  // By guild and user, kept in the URL.
  await pick(page.getByTestId('grants-guild'), guild!.guild_name);
  await page.getByTestId('grants-search').fill(user!.username);
  await expect(page).toHaveURL(new RegExp(`guild=${guild!.id}.*search=${user!.username}`));
  const rows = page.getByTestId('grant-row');
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId('grants-guild').getByRole('combobox')).toHaveValue(guild!.guild_name);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(user!.email);
  await expect(rows.first()).toContainText(ADMINS.owner.username);
  await shot(page, 'grants');
  await expectAccessible(page, 'the guild grants of one guild and user');

  await page.getByRole('button', { name: `Revoke loot.manage from ${user!.username} in ${guild!.guild_name}` }).click();
  await expect(page.getByTestId('revoke-grant')).toContainText('loot.manage');
  await page.getByTestId('revoke-grant-confirm').click();
  await expect(toast(page, GUILD_GRANT_MESSAGES.revoked)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('raids.manage');

  // The main server has no Discord bot token: the Discord roles tab says so, and nothing breaks.
  await page.getByRole('tab', { name: 'Discord roles' }).click();
  await expect(page.getByTestId('discord-guild').getByRole('combobox')).toHaveValue(guild!.guild_name);
  await expect(page.getByTestId('discord-roles-error')).toContainText(GUILD_GRANT_MESSAGES.discordNotConfigured);
  await shot(page, 'discord-not-configured');
  await expectAccessible(page, 'Permissions, Discord roles without Discord');

  await page.getByRole('tab', { name: 'Guild grants' }).click();
  await page.getByRole('button', { name: `Revoke raids.manage from ${user!.username} in ${guild!.guild_name}` }).click();
  await page.getByTestId('revoke-grant-confirm').click();
  await expect(page.getByTestId('grants-empty')).toBeVisible();
});

test.describe('Discord roles mapped to guild permissions', () => {
  const discord = new DiscordFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;
  let guild: { id: string; guild_name: string; discord_guild_id: string };
  let noDiscordGuild: { id: string; guild_name: string };
  const officer = { id: '600000000000000001', username: 'officerone', global_name: 'Officer One', avatar: null };
  const master = { id: '600000000000000002', username: 'guildmaster', global_name: 'Guild Master', avatar: null };
  const raider = { id: '600000000000000003', username: 'raiderthree', global_name: 'Raider Three', avatar: null };
  const roles = {
    officer: { id: '700000000000000001', name: 'Officer', color: 0x3498db, position: 2, permissions: '0', managed: false },
    master: { id: '700000000000000002', name: 'Guild Master', color: 0xe67e22, position: 3, permissions: '8', managed: false },
    bot: { id: '700000000000000003', name: 'Guildhall', color: 0, position: 4, permissions: '268504128', managed: true },
  } satisfies Record<string, FakeDiscordRole>;

  /** Runs a member sync of the guild through the admin API and waits for it to finish. */
  async function syncMembers(api: APIRequestContext) {
    const started = await api.post('/api/admin/character-discovery/discord/sync-members', {
      headers: XHR,
      data: { guildId: guild.id },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { jobId } = (await started.json()) as { jobId: string };
    await expect
      .poll(
        async () => {
          const job = await api.get(`/api/admin/character-discovery/discord/sync-members/${jobId}`);
          return ((await job.json()) as { job: { status: string } }).job.status;
        },
        { timeout: 30_000 },
      )
      .toBe('succeeded');
  }

  test.beforeAll(async () => {
    await discord.start();
    databaseUrl = await createDatabase('guildhall_e2e_perms');
    const env = mainServerEnv();
    app = await startApp('permissions-discord', PORTS.permissionsDiscord, {
      ...env,
      DATABASE_URL: databaseUrl,
      INFLUX_DATABASE: `${env.INFLUX_DATABASE}_perms`,
      REDIS_PREFIX: `${env.REDIS_PREFIX}permissions-discord:`,
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_BASE: discord.baseUrl,
    });
    const guilds = await queryRows<{ id: string; guild_name: string; discord_guild_id: string }>(
      databaseUrl,
      "SELECT id, guild_name, discord_guild_id FROM guilds WHERE is_active AND discord_guild_id IS NOT NULL AND region = 'EU' ORDER BY guild_name LIMIT 2",
    );
    guild = guilds[0]!;
    noDiscordGuild = guilds[1]!;
    // This server's own database: one guild loses its Discord server, to show what the tab says then.
    await queryRows(databaseUrl, 'UPDATE guilds SET discord_guild_id = NULL WHERE id = $1', [noDiscordGuild.id]);

    const everyone: FakeDiscordRole = {
      id: guild.discord_guild_id,
      name: '@everyone',
      color: 0,
      position: 0,
      permissions: '0',
      managed: false,
    };
    discord.roles.set(guild.discord_guild_id, [everyone, roles.officer, roles.master, roles.bot]);
    const member = (user: typeof officer, roleIds: string[]): FakeDiscordMember => ({
      user,
      nick: null,
      joined_at: '2025-01-01T00:00:00.000Z',
      roles: roleIds,
    });
    discord.members.set(guild.discord_guild_id, [
      member(officer, [roles.officer.id]),
      member(master, [roles.master.id, roles.officer.id]),
      member(raider, []),
    ]);
    discord.botGuildIds.add(guild.discord_guild_id);

    const api = await playwrightRequest.newContext({ baseURL: app.url });
    try {
      expect((await api.post('/api/admin/auth/login', { headers: XHR, data: ADMINS.owner })).ok()).toBe(true);
      await syncMembers(api);
    } finally {
      await api.dispose();
    }
  });

  test.afterAll(async () => {
    await app?.stop();
    await discord.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    const env = mainServerEnv();
    const q = `DROP DATABASE "${env.INFLUX_DATABASE}_perms"`;
    await fetch(`${env.INFLUX_URL}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
  });

  test("map the Officer role to guild.manage_members and see an officer's permissions change", async ({ page }) => {
    await page.goto(`${app.url}/admin/login`);
    // This server has a database of its own: the shared session does not hold here.
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/permissions?tab=discord-roles&guild=${guild.id}`);
    await expect(page.getByTestId('discord-guild').getByRole('combobox')).toHaveValue(guild.guild_name);
    const officerCard = page.getByTestId(`discord-role-${roles.officer.id}`);
    await expect(officerCard).toContainText('Officer');
    await expect(officerCard).toContainText('2 members');
    await expect(page.getByTestId(`discord-role-${roles.master.id}`)).toContainText('Discord admin');
    await expect(page.getByTestId(`discord-role-${roles.bot.id}`)).toContainText('Managed');
    await expect(page.getByTestId(`discord-role-${guild.discord_guild_id}`)).toContainText('@everyone');

    // Before: the officer is a plain member.
    await page.getByTestId('member-lookup-id').fill(officer.id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page).toHaveURL(new RegExp(`member=${officer.id}`));
    const result = page.getByTestId('member-permissions');
    await expect(result).toContainText(officer.username);
    await expect(result.getByTestId('member-permission-guild.view')).toContainText('Guild member');
    await expect(result.getByTestId('member-permission-guild.manage_members')).toHaveCount(0);
    await shot(page, 'discord-roles');
    await expectAccessible(page, 'Permissions, Discord roles');

    // Map the role: marked until saved, then the member's permissions follow.
    await officerCard.getByRole('checkbox', { name: /guild\.manage_members/ }).check();
    await expect(officerCard).toContainText('Unsaved');
    await officerCard.getByRole('button', { name: 'Save Officer' }).click();
    await expect(toast(page, GUILD_GRANT_MESSAGES.mappingSaved)).toBeVisible();
    await expect(officerCard).not.toContainText('Unsaved');
    const mapped = result.getByTestId('member-permission-guild.manage_members');
    await expect(mapped).toContainText('Role: Officer');
    await page.reload();
    await expect(officerCard.getByRole('checkbox', { name: /guild\.manage_members/ })).toBeChecked();
    await expect(mapped).toContainText('Role: Officer');
    await shot(page, 'discord-roles-mapped');
    await expectAccessible(page, 'Permissions, a mapped Discord role and the member lookup');

    // The guild master holds everything through their Discord admin role; the Officer mapping shows as well.
    await page.getByTestId('member-lookup-id').fill(master.id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(result).toContainText(master.username);
    await expect(result.getByTestId('member-permission-settings.edit_permissions')).toContainText('Role: Guild Master');
    await expect(result.getByTestId('member-permission-guild.manage_members')).toContainText('Role: Officer');

    // An id that is no member here.
    await page.getByTestId('member-lookup-id').fill(raider.id.replace(/3$/, '9'));
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('member-lookup')).toContainText(GUILD_GRANT_MESSAGES.memberNotFound);

    // A guild without a Discord server: the server's message, plainly.
    await pick(page.getByTestId('discord-guild'), noDiscordGuild.guild_name);
    await expect(page.getByTestId('discord-roles-error')).toContainText(GUILD_GRANT_MESSAGES.noDiscordGuild);
    await expect(page).not.toHaveURL(/member=/);
  });
});
