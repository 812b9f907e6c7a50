import { DISCORD_INTERACTIONS_PATH, RAID_MESSAGES, ROLE_SYNC_MESSAGES, ROLE_SYNC_REFUSALS } from '@guildhall/contract';
import pg from 'pg';
import { DiscordFake, type FakeDiscordMember, fakeDiscordUser } from '../apps/server/test/fakes/discord-fake';
import { PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

const GUILD = '450000000000000001';
const RAID_CHANNEL = '460000000000000001';
const officer = {
  id: '350000000000000001',
  username: 'raidlead',
  global_name: 'Raid Lead',
  avatar: null,
  email: 'lead@example.org',
  verified: true,
};
const raider = { id: '350000000000000002', username: 'healbot', global_name: 'Heal Bot', avatar: null };
const XHR = { 'X-Requested-With': 'XMLHttpRequest', 'X-Guild-ID': GUILD };

// Role sync's guild of its own, with its own owner: the journeys share one server and run in any order.
const ROLES_GUILD = '450000000000000002';
const guildMaster = { ...fakeDiscordUser('350000000000000011', 'guildmaster'), email: 'master@example.org', verified: true };
const ROLE = {
  raider: '470000000000000001',
  trial: '470000000000000002',
  admin: '470000000000000003',
  officer: '470000000000000004',
};
const role = (id: string, name: string, position: number, permissions = '0', managed = false) => ({
  id,
  name,
  color: 0,
  position,
  permissions,
  managed,
});
const member = (user: ReturnType<typeof fakeDiscordUser>, roles: string[]): FakeDiscordMember => ({
  user,
  nick: null,
  joined_at: '2025-01-01T00:00:00.000Z',
  roles,
});

test.describe('Guildhall in Discord', () => {
  const discord = new DiscordFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;

  test.beforeAll(async () => {
    await discord.start();
    databaseUrl = await createDatabase('guildhall_e2e_discord_bot');
    app = await startApp('discord-bot', PORTS.discordBot, {
      ...mainServerEnv(),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: `http://127.0.0.1:${PORTS.discordBot}`,
      ...discord.appSettings(),
      DISCORD_POST_EDIT_INTERVAL_MS: '1000',
    });
    discord.addGuild(officer, { id: GUILD, name: 'Bot Guild', icon: null, owner: true, permissions: '8' }, { withBot: true });
    discord.addGuild(
      guildMaster,
      { id: ROLES_GUILD, name: 'Roles Guild', icon: null, owner: true, permissions: '8' },
      { withBot: true },
    );
  });

  test.afterAll(async () => {
    await app?.stop();
    await discord.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  test('an officer publishes a raid, the bot posts it, a button press signs a member up and the calendar shows it live', async ({
    page,
  }) => {
    discord.loginAs = officer;
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await expect(page.getByTestId('home-guild-name')).toHaveText('Bot Guild');

    // The guild's raid channel and a template, through the officer's own session.
    const channel = await page.request.put(`${app.url}/api/guild/config`, {
      headers: XHR,
      data: { category: 'notifications', settings: { raidCreated: RAID_CHANNEL } },
    });
    expect(channel.ok(), await channel.text()).toBe(true);
    const template = await page.request.post(`${app.url}/api/guild/raid-templates`, {
      headers: XHR,
      data: {
        name: 'Mythic night',
        instance: 'Manaforge Omega',
        difficulty: 'Mythic',
        size: 20,
        seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
      },
    });
    expect(template.ok(), await template.text()).toBe(true);

    // A raider of the guild with a healer, as the member sync and linking leave them.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `WITH g AS (SELECT id FROM guilds WHERE discord_guild_id = $1),
              m AS (INSERT INTO discord_members (guild_id, discord_user_id, username) SELECT id, $2, $3 FROM g RETURNING id, guild_id),
              c AS (INSERT INTO characters (guild_id, name, realm, class, role, level) SELECT id, 'Lightwell', 'Stormrage', 'Priest', 'healer', 80 FROM g RETURNING id)
         INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type)
         SELECT m.guild_id, c.id, m.id, true, 'claim' FROM m, c`,
        [GUILD, raider.id, raider.username],
      );
    } finally {
      await db.end();
    }

    await page.goto(`${app.url}/raids`);
    await page.getByRole('button', { name: 'Plan a raid' }).click();
    const form = page.getByTestId('plan-raid-form');
    await form.getByLabel('Template').selectOption({ label: 'Mythic night (Manaforge Omega, Mythic, 20)' });
    await form.getByLabel('Date').fill(new Date(Date.now() + 2 * 864e5).toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Plan raid' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: RAID_MESSAGES.created })).toBeVisible();
    const card = page.getByTestId('raid-card').filter({ hasText: 'Mythic night' });
    await expect(card).toContainText('Healers 0/4');

    // The bot's post in the raid channel, as the Discord fake received it, with its Accept button.
    await expect.poll(() => discord.botApi.channelMessages(RAID_CHANNEL).length).toBe(1);
    const [post] = discord.botApi.channelMessages(RAID_CHANNEL);
    expect(post!.embeds[0]).toMatchObject({ title: 'Mythic night' });
    const buttons = (post!.components[0] as { components: { label: string; custom_id: string }[] }).components;
    const accept = buttons.find((button) => button.label === 'Accept')!;

    // The raider presses Accept in Discord: Discord signs the interaction and POSTs it to Guildhall.
    const interaction = {
      id: discord.botApi.snowflake(),
      application_id: discord.clientId,
      type: 3,
      token: discord.botApi.newToken(),
      version: 1,
      guild_id: GUILD,
      channel_id: RAID_CHANNEL,
      member: { user: raider, roles: [], permissions: '3072' },
      message: { id: post!.id },
      data: { custom_id: accept.custom_id, component_type: 2 },
    };
    const pressed = await discord.botApi.deliver(`${app.url}${DISCORD_INTERACTIONS_PATH}`, interaction);
    expect(pressed.status).toBe(200);
    expect(pressed.body).toMatchObject({ type: 4, data: { content: 'Your answer to Mythic night: Accept.', flags: 64 } });

    // The officer's calendar shows the answer without a reload, and the post follows.
    await expect(card).toContainText('Healers 1/4');
    await expect.poll(() => (post!.embeds[0]?.fields as { value: string }[] | undefined)?.[1]?.value).toBe('Lightwell');
    await reviewShot(page, 'discord-bot-live-answer');
  });

  test('an officer maps roster marks to Discord roles, previews the changes and syncs them', async ({ page }) => {
    const tank = fakeDiscordUser('350000000000000012', 'shieldwall');
    const leaver = fakeDiscordUser('350000000000000013', 'oldraider');
    discord.roles.set(ROLES_GUILD, [
      role(ROLES_GUILD, '@everyone', 0),
      role(ROLE.trial, 'Trial', 1),
      role(ROLE.raider, 'Raider', 2),
      role(ROLE.officer, 'Officer', 3),
      role(ROLE.admin, 'Admin', 4, '8'),
      role('470000000000000005', 'Guildhall', 5, '268435456', true),
    ]);
    // The tank is on the roster (a linked character, no raid yet: a raider) and holds the unmapped Officer role; the
    // old raider left the roster but still holds Raider.
    discord.members.set(ROLES_GUILD, [
      member(guildMaster, []),
      member(tank, [ROLE.officer]),
      member(leaver, [ROLE.raider]),
      member(discord.bot, ['470000000000000005']),
    ]);

    discord.loginAs = guildMaster;
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await expect(page.getByTestId('home-guild-name')).toHaveText('Roles Guild');

    // The two members as the member sync leaves them: their roles as Discord listed them.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `WITH g AS (SELECT id FROM guilds WHERE discord_guild_id = $1),
              m AS (INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, roles)
                    SELECT id, $2, $3, $4, $5 FROM g RETURNING id, guild_id),
              c AS (INSERT INTO characters (guild_id, name, realm, class, role, level)
                    SELECT id, 'Bulwark', 'Stormrage', 'Warrior', 'tank', 80 FROM g RETURNING id)
         INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type)
         SELECT m.guild_id, c.id, m.id, true, 'claim' FROM m, c`,
        [ROLES_GUILD, tank.id, tank.username, tank.global_name, [ROLE.officer]],
      );
      await db.query(
        `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, roles)
         SELECT id, $2, $3, $4, $5 FROM guilds WHERE discord_guild_id = $1`,
        [ROLES_GUILD, leaver.id, leaver.username, leaver.global_name, [ROLE.raider]],
      );
    } finally {
      await db.end();
    }

    await page.goto(`${app.url}/roster`);
    const card = page.getByTestId('role-sync');
    const raider = card.getByLabel('Raider', { exact: true });
    await expect(raider).toBeEnabled();
    // Administrator makes Admin a moderator role: listed, but it cannot be chosen, and the picker says why.
    const admin = raider.locator('option', { hasText: 'Admin' });
    await expect(admin).toBeDisabled();
    await expect(admin).toHaveText(`Admin — ${ROLE_SYNC_REFUSALS.moderator}`);
    await expect(raider.locator('option', { hasText: 'Guildhall' })).toBeDisabled();

    await raider.selectOption({ label: 'Raider' });
    await card.getByLabel('Trial', { exact: true }).selectOption({ label: 'Trial' });
    // The switch's input sits under its painted track: a user presses the label.
    const isEnabled = card.getByRole('switch', { name: 'Keep Discord roles in step with the roster' });
    await card.getByText('Keep Discord roles in step with the roster').click();
    await expect(isEnabled).toBeChecked();
    await card.getByRole('button', { name: 'Save role sync' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: ROLE_SYNC_MESSAGES.saved })).toBeVisible();

    // The preview: the tank gains Raider, the old raider loses it, nobody's Officer role is touched.
    const changes = card.getByTestId('role-sync-changes');
    const gain = changes.locator('tr[data-action="add"]');
    const loss = changes.locator('tr[data-action="remove"]');
    await expect(gain).toHaveCount(1);
    await expect(gain).toContainText('Shieldwall');
    await expect(gain).toContainText('Raider');
    await expect(loss).toHaveCount(1);
    await expect(loss).toContainText('Oldraider');
    await expect(loss).toContainText('Raider');
    await expect(changes).not.toContainText('Officer');
    await expectAccessible(page, 'the Discord roles card with its preview');
    await reviewShot(card, 'role-sync-preview');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await expect(card.getByTestId('role-sync-last-run')).toContainText('1 added, 1 removed', { timeout: 20_000 });
    await expect(card.getByTestId('role-sync-changes-empty')).toHaveText('Every mapped role is in step');
    const rolesOf = (user: { id: string }) =>
      new Set(discord.members.get(ROLES_GUILD)?.find((held) => held.user.id === user.id)?.roles);
    expect(rolesOf(tank)).toEqual(new Set([ROLE.officer, ROLE.raider]));
    expect(rolesOf(leaver)).toEqual(new Set());
    // Discord's audit log says why each role was given or taken.
    const sent = discord.botApi.roleChanges.filter((change) => change.guildId === ROLES_GUILD);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: tank.id, roleId: ROLE.raider, method: 'PUT', reason: 'Guildhall role sync: Raider' }),
        expect.objectContaining({
          userId: leaver.id,
          roleId: ROLE.raider,
          method: 'DELETE',
          reason: `Guildhall role sync: ${ROLE_SYNC_MESSAGES.notOnRoster}`,
        }),
      ]),
    );
    await reviewShot(page, 'role-sync-synced');
  });
});
