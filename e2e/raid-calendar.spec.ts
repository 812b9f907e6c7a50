import { addDays, RAID_AVAILABILITY_MESSAGES, RAID_FEED_MESSAGES } from '@guildhall/contract';
import { guildWithOfficer, memberOf, planRaidThroughApi, signInWithEmail } from './support/raids';
import { reviewShot } from './support/review-shot';
import { expect, test } from './support/test';

const dateOf = (iso: string) => iso.slice(0, 10);
/** Noon UTC `days` from today: the same day in the browser's zone and the server's. */
const noonIn = (days: number) => `${addDays(new Date().toISOString().slice(0, 10), days)}T12:00:00.000Z`;

test('a member subscribes in their calendar, fetches the feed and revokes it', async ({ page, context, request }) => {
  const { tenantId, headers } = await guildWithOfficer(request);
  const name = `Feed night ${Date.now().toString(36)}`;
  await planRaidThroughApi(request, headers, { name, instance: 'Manaforge Omega', difficulty: 'Heroic' }, 4);
  const { account } = await memberOf(request, tenantId, 'subscriber', 'guild.view');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await signInWithEmail(page, account);
  await page.goto('/raids');
  const feed = page.getByTestId('raid-feed');
  await feed.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  await expect(feed).toContainText(RAID_FEED_MESSAGES.created);
  await feed.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Calendar address copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await feed.getByTestId('raid-feed-url').inputValue());
  await reviewShot(page, 'raid-feed-subscribed');

  // The calendar app's fetch: no session, the address is the key.
  const path = new URL(url).pathname;
  const calendar = await request.get(path, { headers: { cookie: '' } });
  expect(calendar.ok()).toBe(true);
  expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await calendar.text()).toContain(`SUMMARY:${name} (Manaforge Omega Heroic)`);

  // The address is shown once: a reload shows when it was made, never the address.
  await page.reload();
  await expect(feed.getByTestId('raid-feed-state')).toContainText('Your calendar address was made');
  await expect(feed.getByTestId('raid-feed-url')).toHaveCount(0);
  await feed.getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('revoke-raid-feed-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: RAID_FEED_MESSAGES.revoked })).toBeVisible();
  await expect(feed.getByRole('button', { name: 'Subscribe in your calendar' })).toBeVisible();
  expect((await request.get(path)).status()).toBe(404);
});

for (const width of [1280, 390]) {
  test(`a member switches between the list, month and week views (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const { tenantId, headers } = await guildWithOfficer(request);
    const name = `View night ${width} ${Date.now().toString(36)}`;
    const startsAt = noonIn(5);
    const planned = await request.post('/api/guild/raids', {
      headers,
      data: { name, instance: 'Undermine', difficulty: 'Mythic', startsAt },
    });
    expect(planned.ok(), await planned.text()).toBe(true);
    const { account } = await memberOf(request, tenantId, 'viewer', 'guild.view');

    await signInWithEmail(page, account);
    await page.goto(`/raids?date=${dateOf(startsAt)}`);
    await expect(page.getByTestId('raid-card').filter({ hasText: name })).toBeVisible();
    await page.getByRole('tab', { name: 'Month' }).click();
    await expect(page).toHaveURL(/view=month/);
    const month = page.getByTestId('raid-month');
    const chip = month.getByTestId('raid-chip').filter({ hasText: name });
    await expect(chip).toBeVisible();
    await expect(chip).toContainText('Undermine · Mythic');
    await expect(chip.getByTestId('raid-chip-answer')).toHaveText('Not answered');
    await reviewShot(page, `raid-calendar-month-${width}`);

    // The view tabs answer the arrow keys; the period stays in the URL across a reload.
    await page.getByRole('tab', { name: 'Month' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Week' })).toBeFocused();
    await expect(page).toHaveURL(/view=week/);
    await page.reload();
    const week = page.getByTestId('raid-week');
    await expect(week.getByTestId('raid-chip').filter({ hasText: name })).toBeVisible();
    await reviewShot(page, `raid-calendar-week-${width}`);
    // Tab reaches the raid's link, which opens the raid.
    await week.getByTestId('raid-chip').filter({ hasText: name }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: 'Later' }).click();
    await expect(week.getByTestId('raid-chip').filter({ hasText: name })).toHaveCount(0);
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(width);
  });
}

test('a member sets an absence and sees its raids answered Absent by their availability', async ({ page, request }) => {
  const { tenantId, headers } = await guildWithOfficer(request);
  const tag = Date.now().toString(36);
  for (const days of [6, 8]) {
    await planRaidThroughApi(
      request,
      headers,
      { name: `Away night ${days} ${tag}`, instance: 'Undermine', difficulty: 'Heroic', startsAt: noonIn(days) },
      0,
    );
  }
  const { account } = await memberOf(request, tenantId, 'traveller', 'guild.view');

  await signInWithEmail(page, account);
  await page.goto('/raids');
  const availability = page.getByTestId('raid-availability');
  const form = availability.getByTestId('absence-form');
  const today = new Date().toISOString().slice(0, 10);
  // A last day before the first is refused with the server's words.
  await form.getByLabel('Away from').fill(addDays(today, 5));
  await form.getByLabel('Back after').fill(addDays(today, 3));
  await form.getByRole('button', { name: 'Add absence' }).click();
  await expect(form).toContainText(RAID_AVAILABILITY_MESSAGES.lastBeforeFirst);
  await form.getByLabel('Back after').fill(addDays(today, 9));
  await form.getByLabel('Note').fill('Family visit');
  await form.getByRole('button', { name: 'Add absence' }).click();
  // Other journeys plan raids in this guild too: the toast counts every open raid the absence covers (the exact
  // count is raid-availability.int.test.ts's); the two planned here must be among them.
  const saved = RAID_AVAILABILITY_MESSAGES.absenceSaved(2).replace('2', '(\\d+)');
  const toast = page.getByTestId('toast').filter({ hasText: new RegExp(saved) });
  await expect(toast).toBeVisible();
  expect(Number(new RegExp(saved).exec((await toast.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(2);
  await expect(availability.getByTestId('absence-list')).toContainText('Family visit');
  for (const days of [6, 8]) {
    const card = page.getByTestId('raid-card').filter({ hasText: `Away night ${days} ${tag}` });
    await expect(card.getByTestId('raid-my-answer')).toHaveText('Absent');
    await expect(card.getByTestId('answered-by-availability')).toHaveText(RAID_AVAILABILITY_MESSAGES.answeredByAvailability);
  }
  await reviewShot(page, 'raid-availability-absent');
});
