import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

/**
 * Presses Tab `steps` times and returns each focused element that shows no focus indicator (no outline and no
 * box-shadow while focused), as 'tag.class "text"'.
 */
async function elementsWithoutVisibleFocus(page: Page, steps: number): Promise<string[]> {
  const missing: string[] = [];
  for (let step = 0; step < steps; step++) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
      const hasRing = style.boxShadow !== 'none';
      if (hasOutline || hasRing) return null;
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}.${element.className} "${text}"`;
    });
    if (problem) missing.push(problem);
  }
  return missing;
}

test('every control on the guild list and the data view shows where the focus is', async ({ page }) => {
  await page.goto('/admin/guilds');
  await expect(page.getByTestId('guild-row').first()).toBeVisible();
  await page.locator('body').focus();
  expect(await elementsWithoutVisibleFocus(page, 80)).toEqual([]);

  await page
    .getByTestId('guild-row')
    .first()
    .getByRole('link', { name: /^View data of/ })
    .click();
  await expect(page.getByTestId('guild-data-view')).toBeVisible();
  await page.locator('body').focus();
  expect(await elementsWithoutVisibleFocus(page, 30)).toEqual([]);
});

test('the current page keeps its number readable while hovered', async ({ page }) => {
  await page.goto('/admin/guilds?page=2');
  const current = page.getByTestId('pagination').getByRole('button', { name: 'Page 2' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await current.hover();
  // Text and fill of the hovered button: the number must stand out from its own background.
  const contrast = await current.evaluate((button) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const style = getComputedStyle(button);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
  expect(contrast).toBeGreaterThanOrEqual(4.5);
});

test('Character Discovery links a character without a mouse', async ({ page }) => {
  await page.goto('/admin/character-discovery');
  const card = page.getByTestId('character-card').first();
  await expect(card).toBeVisible();
  const name = (await card.getAttribute('aria-label'))!.split(',')[0]!;
  const link = card.getByRole('button', { name: `Link to… a member, for ${name}` });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Link ${name} to a member` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(link).toBeFocused();
});
