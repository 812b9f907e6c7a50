import { DISCORD_INTERACTIONS_PATH, RAID_MESSAGES } from '@guildhall/contract';
import pg from 'pg';
import { DiscordFake } from '../apps/server/test/fakes/discord-fake';
import { PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { createDatabase, dropDatabase } from './support/pg';
import { reviewShot } from './support/review-shot';
import { expect, test } from './support/test';

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
});
