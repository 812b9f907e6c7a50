import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ADMINS } from './support/accounts';
import { activeGuilds, grantGuildAccess, linkFromOutbox, newAccount } from './support/community';
import { signIn } from './support/sign-in';
import { expect, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

type Theme = 'light' | 'dark';

/** The admin screens issue #18 names for the dark theme, each with one of its cards, shown once the data is in. */
const SCREENS = [
  { name: 'dashboard', path: '/admin', card: (page: Page) => page.getByTestId('stat-card-system-health') },
  { name: 'guilds', path: '/admin/guilds', card: guildListCard },
  {
    name: 'character-discovery',
    path: '/admin/character-discovery',
    card: (page: Page) => page.getByTestId('character-card').first(),
  },
] as const;

/** The guild list's card, once it holds rows. */
function guildListCard(page: Page): Locator {
  return page.locator('.guild-list').filter({ has: page.getByTestId('guild-row') });
}

/** The relative luminance (0 black, 1 white) of an opaque computed `rgb(r, g, b)` colour. */
function luminance(color: string): number {
  const match = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(color);
  if (!match) throw new Error(`not an opaque rgb() colour: ${color}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Body and a card are dark (luminance under 0.05, slate-800 and darker) or light (over 0.8) as the theme says. */
async function expectTheme(page: Page, card: Locator, theme: Theme) {
  for (const [what, locator] of [
    ['the page', page.locator('body')],
    ['a card', card],
  ] as const) {
    // Polled: a theme just chosen reaches the computed style on the next frame.
    const brightness = expect.poll(async () => luminance(await backgroundOf(locator)), { message: `${what} is ${theme}` });
    if (theme === 'dark') await brightness.toBeLessThan(0.05);
    else await brightness.toBeGreaterThan(0.8);
  }
}

/** axe's colour-contrast rule (text 4.5:1, large text 3:1) on the page as it is: the theme's own check. */
async function expectReadable(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const failures = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' >> ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`),
  );
  expect(failures, `low-contrast text on ${where}`).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/${name}.png`, fullPage: true });

async function chooseTheme(page: Page, label: 'System' | 'Light' | 'Dark') {
  await page.getByTestId('user-menu').click();
  const option = page.getByRole('menuitemradio', { name: label });
  await option.click();
  await expect(option).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`with a ${theme} system preference`, () => {
    // Signed out first: the sign-in page is one of the screens.
    test.use({ colorScheme: theme, signedInAs: null });

    test(`sign-in, dashboard, guilds and character discovery follow a ${theme} system preference`, async ({ page }) => {
      // The sweep (accessibility.spec.ts) reads the contrast of these screens in both themes; this journey shows
      // that the system preference alone picks the theme, with no choice stored.
      await page.goto('/admin/login');
      await expectTheme(page, page.locator('.login-card'), theme);
      await shot(page, `theme-${theme}-admin-login`);
      await signIn(page, ADMINS.owner);

      for (const screen of SCREENS) {
        await page.goto(screen.path);
        const card = screen.card(page);
        await expect(card).toBeVisible();
        // Nothing stored: the stylesheet's media query alone decides.
        await expect(page.locator('html')).not.toHaveAttribute('data-theme');
        await expectTheme(page, card, theme);
        await shot(page, `theme-${theme}-${screen.name}`);
      }
    });
  });
}

test.describe('the theme toggle', () => {
  test.use({ colorScheme: 'dark' });

  test('the user menu switches to light, which survives a reload, then to dark and back to the system', async ({ page }) => {
    await page.goto('/admin/guilds');
    const card = guildListCard(page);
    await expect(card).toBeVisible();
    await expectTheme(page, card, 'dark');

    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'theme-dark-user-menu');
    await page.keyboard.press('Escape');

    await chooseTheme(page, 'Light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectTheme(page, card, 'light');

    await page.reload();
    await expect(card).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectTheme(page, card, 'light');
    await expectReadable(page, 'the guild list, Light chosen under a dark preference');
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'theme-light-user-menu');
    await page.keyboard.press('Escape');

    await chooseTheme(page, 'Dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectTheme(page, card, 'dark');

    // System forgets the choice: the dark preference decides again, after a reload too.
    await chooseTheme(page, 'System');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    expect(await page.evaluate(() => window.localStorage.getItem('guildhall.theme'))).toBeNull();
    await page.reload();
    await expect(card).toBeVisible();
    await expectTheme(page, card, 'dark');
  });

  test('a community member has the same choice in the community user menu', async ({ page, request }) => {
    const account = newAccount('theme');
    await page.goto('/register');
    await expectTheme(page, page.locator('.auth-card'), 'dark');
    await shot(page, 'theme-dark-community-register');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const link = await linkFromOutbox(request, account.email, '/verify-email');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId('verify-email-success')).toBeVisible();
    const [guild] = await activeGuilds(request, 'EU');
    grantGuildAccess(account.email, guild!.id);

    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByTestId('home-guild-name')).toHaveText(guild!.guild_name);
    await expectTheme(page, page.locator('.card').first(), 'dark');
    await shot(page, 'theme-dark-community-home');

    await chooseTheme(page, 'Light');
    await expectTheme(page, page.locator('.card').first(), 'light');
    await shot(page, 'theme-light-community-home');
    await chooseTheme(page, 'System');
  });
});
