import { ATTENDANCE_MESSAGES } from '@guildhall/contract';
import { linkMainCharacter, playRaid } from './support/attendance';
import { activeGuilds } from './support/community';
import { discordGuildIdOf, memberOf, officerHeaders, planRaidThroughApi, signInWithEmail } from './support/raids';
import { reviewShot } from './support/review-shot';
import { expect, signedOutContext, test } from './support/test';

test('an officer takes and corrects a raid’s attendance, and the member sees their rate', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const [, , guild] = await activeGuilds(request, 'EU');
  const guildId = await discordGuildIdOf(guild!.id);
  const officer = await memberOf(request, guild!.id, 'attofficer', 'guild.view,raids.manage');
  const raider = await memberOf(request, guild!.id, 'attraider', 'guild.view');
  const tag = Date.now().toString(36);
  const characterName = `Attendee${tag}`;
  const characterId = await linkMainCharacter(guild!.id, raider.account.email, characterName);
  const name = `Attendance night ${tag}`;
  const raidId = await planRaidThroughApi(
    request,
    officerHeaders(officer.accessToken, guildId),
    { name, instance: 'Undermine', difficulty: 'Heroic', size: 20, seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 } },
    1,
  );
  const answered = await request.put(`/api/guild/raids/${raidId}/signup`, {
    headers: officerHeaders(raider.accessToken, guildId),
    data: { status: 'accept', role: 'healer', characterId },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  await playRaid(raidId);

  await signInWithEmail(page, officer.account);
  await page.goto(`/raids/${raidId}`);
  await expect(page.getByTestId('raid-attendance-taken')).toHaveText(ATTENDANCE_MESSAGES.notTaken);
  await page.getByRole('button', { name: 'Take attendance now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /^Attendance taken/ })).toBeVisible();
  const row = page.getByTestId('raid-attendance').locator(`[data-character="${characterName}"]`);
  await expect(row).toContainText('Present');
  await expect(row).toContainText('Sign-ups and composition');

  await row.getByRole('button', { name: `Correct ${characterName}` }).click();
  const form = page.getByTestId('correct-attendance');
  await form.getByLabel('Attendance').selectOption({ label: 'Late' });
  await form.getByLabel('Note (optional)').fill('Arrived after the first pull');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: ATTENDANCE_MESSAGES.corrected })).toBeVisible();
  await expect(row).toContainText('Late');
  await expect(row).toContainText(`Corrected by ${officer.account.username}`);
  await expect(page.getByTestId('raid-history')).toContainText(`${characterName}: Present → Late: Arrived after the first pull`);
  await reviewShot(page, 'raid-attendance-officer');

  // The member reads the correction in the raid's history, and their rate on the roster.
  const member = await signedOutContext(browser, { baseURL });
  const memberPage = await member.newPage();
  await signInWithEmail(memberPage, raider.account);
  await memberPage.goto(`/raids/${raidId}`);
  await expect(memberPage.getByTestId('raid-history')).toContainText(`Attendance corrected by ${officer.account.username}`);
  await expect(memberPage.getByRole('button', { name: `Correct ${characterName}` })).toHaveCount(0);
  await memberPage.goto('/roster');
  await expect(memberPage.getByTestId('my-attendance')).toHaveText(
    /Your attendance: 100 % over the last \d+ weeks? \(1 of 1 raid\)\. The guild's rule is \d+ %: you meet it\./,
  );
  await reviewShot(memberPage, 'raid-attendance-member-rate');
  await member.close();
});
