import { ROSTER_MESSAGES } from '@guildhall/contract';
import { linkMainCharacter } from './support/attendance';
import { activeGuilds } from './support/community';
import { memberOf, signInWithEmail } from './support/raids';
import { reviewShot } from './support/review-shot';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test(`an officer filters and sorts the roster, and marks a member a trial (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const [, guild] = await activeGuilds(request, 'EU');
    const officer = await memberOf(request, guild!.id, 'rosterofficer', 'guild.view,raids.manage');
    const raider = await memberOf(request, guild!.id, 'rosterraider', 'guild.view');
    const characterName = `Rostered${width}${Date.now().toString(36)}`;
    await linkMainCharacter(guild!.id, raider.account.email, characterName);

    await signInWithEmail(page, officer.account);
    if (width >= 1280) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: officer.account.username }).click();
      await page.getByRole('menuitem', { name: 'Roster' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Roster' })).toBeVisible();
    await expect(page.getByTestId('roster').getByRole('row').nth(1)).toBeVisible();

    await page.getByTestId('roster-kind').selectOption({ label: 'Mains' });
    await expect(page).toHaveURL(/kind=main/);
    await page.getByRole('searchbox', { name: 'Search characters and members' }).fill(characterName);
    await expect(page).toHaveURL(new RegExp(`search=${characterName}`));
    const row = page.getByTestId('roster').locator(`[data-character="${characterName}"]`);
    await expect(row).toContainText('Main');
    await expect(row).toContainText(raider.account.username);
    await expect(row).toContainText('671');

    await row.getByRole('button', { name: `Mark ${raider.account.username} a trial` }).click();
    await expect(page.getByTestId('toast').filter({ hasText: ROSTER_MESSAGES.marked })).toBeVisible();
    await expect(row).toContainText('Trial');
    await page.getByTestId('roster-mark').selectOption({ label: 'Trials' });
    await expect(page).toHaveURL(/mark=trial/);
    await expect(row).toBeVisible();

    // A reload keeps the view: filters, sort and page live in the URL.
    await page.getByRole('button', { name: 'Item level' }).click();
    await expect(page).toHaveURL(/sort=itemLevel/);
    await page.reload();
    await expect(page.getByTestId('roster-kind')).toHaveValue('main');
    await expect(row).toContainText('Trial');
    await reviewShot(page, `roster-officer-${width}`);
  });
}
