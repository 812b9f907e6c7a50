import type { Locator, Page } from '@playwright/test';

/**
 * Saves a screenshot a person should look at (test-results/shots/<name>.png) when E2E_SHOTS=1 asks for them:
 * a look at the screens after a change of their look. Other runs skip them; Playwright keeps a shot of every
 * failure anyway.
 */
export async function reviewShot(target: Page | Locator, name: string, fullPage = true): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  const path = `test-results/shots/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
