import { COMPOSITION_MESSAGES, RAID_MESSAGES, RAID_REMINDER_MESSAGES } from '@guildhall/contract';
import { guildWithOfficer, memberOf, officerHeaders, planRaidThroughApi, signInWithEmail } from './support/raids';
import { reviewShot } from './support/review-shot';
import { expect, signedOutContext, test } from './support/test';

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

    // Reminders of unanswered raids: the member turns the e-mail ones off, and the choice stays.
    const reminders = page.getByTestId('reminder-choices');
    await reminders.getByLabel('by e-mail').uncheck();
    await expect(page.getByTestId('toast').filter({ hasText: RAID_REMINDER_MESSAGES.saved })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('reminder-choices').getByLabel('by e-mail')).not.toBeChecked();
    await expect(page.getByTestId('reminder-choices').getByLabel('by Discord')).toBeChecked();
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

test('an officer fills the composition board by keyboard and drag, publishes it, edits and cancels the raid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { tenantId, guildId, officer, headers, template } = await guildWithOfficer(request);
  const name = `Board night ${Date.now().toString(36)}`;
  const raid = { id: await planRaidThroughApi(request, headers, { templateId: template.id, name }) };
  const healer = await memberOf(request, tenantId, 'healer', 'guild.view');
  const tank = await memberOf(request, tenantId, 'tank', 'guild.view');
  for (const [member, role] of [
    [healer, 'healer'],
    [tank, 'tank'],
  ] as const) {
    const answered = await request.put(`/api/guild/raids/${raid.id}/signup`, {
      headers: officerHeaders(member.accessToken, guildId),
      data: { status: 'accept', role, comment: role === 'healer' ? 'Resto' : '' },
    });
    expect(answered.ok(), await answered.text()).toBe(true);
  }

  await signInWithEmail(page, officer.account);
  await page.goto('/raids');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('raid-signups').getByRole('region', { name: 'Healer' })).toContainText(healer.account.username);
  // Both answered before any reminder was due: the officer's reminder list says so.
  await expect(page.getByRole('region', { name: 'Reminders' })).toContainText('No reminders sent yet.');

  // The keyboard's way: the card's Place menu. Each move is saved at once.
  const board = page.getByTestId('composition-board');
  await page.getByLabel(`Place ${healer.account.username}`).selectOption('Healers');
  await expect(board.getByTestId('composition-healer')).toContainText(healer.account.username);
  await expect(board.getByTestId('composition-healer')).toContainText('Healers 1/4');
  // And by dragging the card onto a column.
  await board
    .getByTestId('composition-member')
    .filter({ hasText: tank.account.username })
    .dragTo(board.getByTestId('composition-tank'));
  await expect(board.getByTestId('composition-tank')).toContainText(tank.account.username);
  await expect(board.getByTestId('composition-waitlist')).toContainText('Waitlist (0)');

  // A member sees the board only once it is published, and then as the officer left it.
  const member = await signedOutContext(browser, { baseURL });
  const memberPage = await member.newPage();
  await signInWithEmail(memberPage, healer.account);
  await memberPage.goto(`/raids/${raid.id}`);
  await expect(memberPage.getByText(COMPOSITION_MESSAGES.notPublished)).toBeVisible();

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: COMPOSITION_MESSAGES.published })).toBeVisible();
  await expect(page.getByTestId('composition-publication')).toContainText('locked');
  await expect(page.getByLabel(`Place ${healer.account.username}`)).toHaveCount(0);
  // Live: the member's open page shows the published board without a reload.
  await expect(memberPage.getByTestId('composition-healer')).toContainText(healer.account.username);
  await member.close();
  await reviewShot(page, 'raid-page-officer');

  await page.getByRole('button', { name: 'Edit raid' }).click();
  const edit = page.getByTestId('edit-raid-form');
  await edit.getByLabel('Name').fill(`${name} moved`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: RAID_MESSAGES.updated(1) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name} moved` })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel raid' }).click();
  const confirm = page.getByTestId('cancel-raid-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByRole('dialog').getByLabel('Reason').fill('Server maintenance');
  await confirm.click();
  await expect(page.getByTestId('toast').filter({ hasText: RAID_MESSAGES.cancelled })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(RAID_MESSAGES.raidCancelled('Server maintenance'));
  const history = page.getByTestId('raid-history');
  await expect(history).toContainText(`Raid seat changed by ${officer.account.username}: ${healer.account.username}: Healers`);
  await expect(history).toContainText('Raid composition published');
  await expect(history).toContainText('Raid edited');
  await expect(history).toContainText('Raid cancelled');
});
