import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { DiscordFake, type FakeDiscordMember } from '../apps/server/test/fakes/discord-fake';
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

/** The names in `scope` that their nameplate cuts short (an ellipsis): none, where the name is the point. */
const cutNames = (scope: Locator) =>
  scope
    .locator('.nameplate')
    .evaluateAll((plates) =>
      plates.filter((plate) => plate.scrollWidth > plate.clientWidth + 1).map((plate) => plate.textContent),
    );

test('drag a character onto a member: it shows under the member with the Main badge; unlink it', async ({ page }) => {
  await page.goto('/admin/character-discovery');
  const card = page.getByTestId('character-card').first();
  await expect(card).toBeVisible();
  const characterId = (await card.getAttribute('data-character-id'))!;
  const characterName = (await card.getAttribute('aria-label'))!.split(',')[0]!;
  const member = page
    .getByTestId('member-card')
    .filter({ has: page.getByText('0 linked', { exact: true }) })
    .first();
  const memberId = (await member.getAttribute('data-member-id'))!;

  // A real pointer drag: press on the card, move over the member in steps, release. Both are brought to the middle
  // of the window first: near its edge the browser scrolls the page under a dragging pointer, onto another member.
  const toMiddle = (element: Locator) => element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  await toMiddle(card);
  const from = (await card.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await toMiddle(member);
  const to = (await member.boundingBox())!;
  // Down the character column first, then across: a member the pointer crosses opens its drop hint and pushes
  // the members below it down, away from the pointer.
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await expect(member).toHaveAttribute('data-drop-state', 'over');
  await page.mouse.up();
  const target = page.locator(`[data-testid="member-card"][data-member-id="${memberId}"]`);
  const toggle = target.getByTestId('member-toggle');
  const linked = target.locator(`[data-testid="linked-character"][data-character-id="${characterId}"]`);
  await expect(linked).toHaveCount(1);
  // A link made opens its member, to show it: clicking the toggle as well would race that and close it again.
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(linked).toBeVisible();
  await expect(linked).toContainText('Main');
  expect(await cutNames(target)).toEqual([]);
  await expect(page.locator(`[data-testid="character-card"][data-character-id="${characterId}"]`)).toHaveCount(0);
  await reviewShot(page, 'discovery-linked');

  await linked.getByRole('button', { name: `Unlink ${characterName}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Unlink/ })
    .click();
  await expect(linked).toHaveCount(0);
  await expect(page.locator(`[data-testid="character-card"][data-character-id="${characterId}"]`)).toBeVisible();
});

test('Auto-Link shows the three bands and applies the high-confidence links', async ({ page }) => {
  await page.goto('/admin/character-discovery');
  const counts = page.getByTestId('discovery-counts');
  await expect(page.getByTestId('character-card').first()).toBeVisible();
  // The counts come with the summary, which may land after the cards: until then the tile shows a dash.
  await expect(counts.getByTestId('count-linked')).toHaveText(/^\d/);
  const linkedBefore = Number((await counts.getByTestId('count-linked').innerText()).replace(/\D/g, ''));

  await page.getByTestId('auto-link-button').click();
  const modal = page.getByRole('dialog', { name: 'Automatic Character Linking' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('auto-link-summary')).toBeVisible();
  for (const band of ['high', 'medium', 'low']) await expect(modal.getByTestId(`auto-link-band-${band}`)).toBeVisible();
  await expect(modal.getByTestId('auto-link-band-high')).toContainText('%');
  await expectAccessible(page, 'the Auto-Link modal');
  await reviewShot(page, 'discovery-auto-link');
  expect(await cutNames(modal)).toEqual([]);

  const apply = modal.getByTestId('apply-high-confidence');
  await expect(apply).toHaveText(/Apply High Confidence Links \((\d+)\)/);
  const planned = Number((await apply.innerText()).match(/\((\d+)\)/)![1]);
  expect(planned).toBeGreaterThan(0);
  // Every demo guild has a namesake of an unlinked main (the seed makes one): the pair is marked and left out of the count.
  const ambiguousBadges = modal.getByTestId('auto-link-band-high').getByTestId('auto-link-ambiguous-badge');
  const ambiguous = await ambiguousBadges.count();
  expect(ambiguous).toBeGreaterThan(0);
  await expect(modal.getByTestId('auto-link-ambiguous')).toHaveText(`${ambiguous} ambiguous, choose by hand`);
  const high = Number((await modal.getByTestId('auto-link-summary-high').innerText()).replace(/\D/g, ''));
  expect(planned + ambiguous).toBe(high);
  await apply.click();
  await expect(toast(page, `Linked ${planned} of ${planned} high-confidence matches`)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(counts.getByTestId('count-linked')).toHaveText(new RegExp(`^${linkedBefore + planned}\\D`));

  // Opened again, only the ambiguous matches are left in the high band, and Apply has nothing to take.
  await page.getByTestId('auto-link-button').click();
  await expect(modal.getByTestId('auto-link-band-high').getByTestId('auto-link-match')).toHaveCount(ambiguous);
  await expect(modal.getByTestId('apply-high-confidence')).toHaveText('Apply High Confidence Links (0)');
  await expect(modal.getByTestId('apply-high-confidence')).toBeDisabled();
});

test.describe('member sync from Discord', () => {
  const discord = new DiscordFake();
  let databaseUrl = '';
  let app: Awaited<ReturnType<typeof startApp>>;
  let guild: { id: string; guild_name: string; discord_guild_id: string; server: string };

  test.beforeAll(async () => {
    await discord.start();
    databaseUrl = await createDatabase('guildhall_e2e_sync');
    const env = mainServerEnv();
    app = await startApp('sync', PORTS.sync, {
      ...env,
      DATABASE_URL: databaseUrl,
      // Its own seed writes demo combat events: keep them out of the main server's InfluxDB database.
      INFLUX_DATABASE: `${env.INFLUX_DATABASE}_sync`,
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_BASE: discord.baseUrl,
    });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      "SELECT id, guild_name, discord_guild_id, server FROM guilds WHERE is_active AND discord_guild_id IS NOT NULL AND region = 'EU' ORDER BY guild_name LIMIT 1",
    );
    await client.end();
    guild = rows[0];
    const members: FakeDiscordMember[] = Array.from({ length: 2500 }, (_, i) => ({
      user: { id: String(500000000000000000n + BigInt(i)), username: `raider${i}`, global_name: `Raider ${i}`, avatar: null },
      nick: i % 3 === 0 ? `[EU] Raider ${i}` : null,
      joined_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      roles: [],
    }));
    // The last member plays a character named in Cyrillic (issue 35): Auto-Link reads one name through the other.
    members[members.length - 1]!.user = {
      id: '500000000000009999',
      username: 'grommash_ru',
      global_name: 'Grommash',
      avatar: null,
    };
    discord.members.set(guild.discord_guild_id, members);
    discord.botGuildIds.add(guild.discord_guild_id);
    // One rate limit on the way, as Discord gives a busy bot: the sync waits and goes on.
    discord.rateLimitNextMemberCalls = 1;
    discord.rateLimitRetryAfter = 1;
  });

  test.afterAll(async () => {
    await app?.stop();
    await discord.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    const env = mainServerEnv();
    const q = `DROP DATABASE "${env.INFLUX_DATABASE}_sync"`;
    await fetch(`${env.INFLUX_URL}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
  });

  test('syncs 2,500 members over three pages and shows the progress', async ({ page }) => {
    await page.goto(`${app.url}/admin/login`);
    // This server has a database of its own: the shared session does not hold here.
    await signIn(page, ADMINS.owner);
    await page.goto(`${app.url}/admin/character-discovery?guildId=${guild.id}`);
    await expect(page.getByTestId('guild-select')).toHaveValue(guild.guild_name);
    await page.getByTestId('sync-button').click();
    await expect(page.getByTestId('sync-progress')).toBeVisible();
    await reviewShot(page, 'discovery-sync-progress');
    await expect(toast(page, 'Discord members synced successfully')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('discovery-counts').getByTestId('count-members')).toContainText('2,500');
    await expectAccessible(page, 'Character Discovery after a member sync');

    const added = await page.request.post(`${app.url}/api/admin/guilds/${guild.id}/data-sources/characters`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { name: 'Громмаш', realm: guild.server, class: 'Warrior' },
    });
    expect(added.ok(), 'the Cyrillic character is added by hand').toBe(true);
    await page.getByTestId('auto-link-button').click();
    const modal = page.getByRole('dialog', { name: 'Automatic Character Linking' });
    const match = modal.getByTestId('auto-link-band-high').getByTestId('auto-link-match').filter({ hasText: 'Громмаш' });
    await expect(match).toContainText('transliterated: Громмаш → grommash');
    await reviewShot(page, 'discovery-auto-link-cross-script');
  });
});

test('the linking test page links a batch and undoes one link', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/admin/character-discovery/test');
  const cards = page.getByTestId('test-character-card');
  await expect(cards.first()).toBeVisible();
  const linkedBefore = await page.getByTestId('test-linked-character').count();
  await page.getByRole('button', { name: 'Batch mode' }).click();
  const picked: string[] = [];
  for (const card of (await cards.all()).slice(0, 3)) {
    picked.push((await card.getAttribute('data-character-id'))!);
    await card.getByRole('checkbox').check();
  }
  const bar = page.getByTestId('batch-bar');
  await expect(bar.getByTestId('batch-count')).toHaveText('3 selected');
  await bar.getByLabel('Link selected to').selectOption({ index: 1 });
  await bar.getByTestId('batch-link').click();

  const modal = page.getByRole('dialog', { name: 'Linking progress' });
  const rows = modal.getByTestId('progress-row');
  await expect(rows).toHaveCount(3);
  await expect(modal.getByTestId('progress-count')).toHaveText('3/3 completed', { timeout: 20_000 });
  await expect(modal.locator('[data-testid="progress-row"][data-status="success"]')).toHaveCount(3);
  await expectAccessible(page, 'the linking progress modal');
  await expect(modal.getByRole('button', { name: 'Done' })).toBeVisible();

  await rows.first().getByRole('button', { name: 'Undo' }).click();
  await expect(rows.first()).toHaveAttribute('data-undone', 'true', { timeout: 10_000 });
  await expect(rows.first().getByRole('button', { name: 'Redo' })).toBeVisible({ timeout: 10_000 });
  await expect(modal.getByTestId('progress-outcome')).toHaveText('2 of 3 succeeded, 1 undone');
  await reviewShot(page, 'linking-test-undo');
  await modal.getByRole('button', { name: 'Done' }).click();
  // Three linked, one undone.
  await expect(page.getByTestId('test-linked-character')).toHaveCount(linkedBefore + 2);
  await expect(page.getByTestId('operation-log').getByTestId('operation-log-entry').first()).toBeVisible();

  // The cross-script sample set (issue 35) starts the page afresh: characters in their own script, the right pairs
  // linked (Громмаш under grommash_ru), and the search reads any script.
  await page.getByTestId('sample-set').selectOption('cross-script');
  await expect(page).toHaveURL(/[?&]set=cross-script/);
  const grommash = page.getByTestId('test-user-drop-zone').filter({ hasText: 'grommash_ru' });
  await expect(grommash.getByTestId('test-linked-character')).toHaveText([/Громмаш/, /Громмашдк/]);
  await page.getByTestId('test-character-search').fill('지훈');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('지훈');
  await reviewShot(page, 'linking-test-cross-script');
});

test('the linking test page shows failed operations as failures, not a full bar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/admin/character-discovery/test');
  const cards = page.getByTestId('test-character-card');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('button', { name: 'Batch mode' }).click();
  // The sample data's two characters whose link fails (once, and always), and one that links.
  const failing = cards.filter({ has: page.getByTestId('failure-flag') });
  await expect(failing).toHaveCount(2);
  for (const card of await failing.all()) await card.getByRole('checkbox').check();
  await cards
    .filter({ hasNot: page.getByTestId('failure-flag') })
    .first()
    .getByRole('checkbox')
    .check();
  const bar = page.getByTestId('batch-bar');
  await expect(bar.getByTestId('batch-count')).toHaveText('3 selected');
  await bar.getByLabel('Link selected to').selectOption({ index: 1 });
  await bar.getByTestId('batch-link').click();

  const modal = page.getByRole('dialog', { name: 'Linking progress' });
  await expect(modal.getByTestId('progress-count')).toHaveText('3/3 completed', { timeout: 20_000 });
  await expect(modal.getByTestId('progress-outcome')).toHaveText('1 of 3 succeeded, 2 failed');
  await expect(modal.getByRole('progressbar', { name: 'Operations' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 3 succeeded, 2 failed',
  );
  await expect(modal.getByTestId('progress-segment-error')).toBeVisible();
  await reviewShot(page, 'linking-test-failures');

  // Glitchwing fails only once: its retry turns one failure into a success.
  await modal.getByTestId('progress-row').filter({ hasText: 'Glitchwing' }).getByRole('button', { name: 'Retry' }).click();
  await expect(modal.getByTestId('progress-outcome')).toHaveText('2 of 3 succeeded, 1 failed', { timeout: 10_000 });
});
