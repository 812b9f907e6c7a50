import { test as base, type ConsoleMessage, expect } from '@playwright/test';
import { expectAccessible } from './accessibility';

export { expect, expectAccessible };

/** Chromium reports every blocked load, inline script or style, eval or frame on the console in these words. */
const CSP_VIOLATION = /Content Security Policy/i;

/** One console message as a line of the failure report: the page it came from and what it said. */
const reportLine = (message: ConsoleMessage) => `${message.page()?.url() ?? 'a worker'}: ${message.text()}`;

/**
 * Playwright's `test` with the page-wide checks every journey runs, as automatic fixtures: each watches every
 * page of the test's browser context (popups and new tabs too) and fails the test when it ends. Specs import
 * `test` and `expect` from here, never from @playwright/test, so a new check reaches every journey at once.
 * Specs also call `expectAccessible(page, label)` at each screen they visit; the last page is checked here.
 */
export const test = base.extend<{ failOnCspViolation: undefined; failOnAccessibilityViolation: undefined }>({
  failOnCspViolation: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const record = (message: ConsoleMessage) => {
        if (CSP_VIOLATION.test(message.text())) violations.push(reportLine(message));
      };
      context.on('console', record);
      await use(undefined);
      context.off('console', record);
      expect(violations, 'Content-Security-Policy violations reported in the console').toEqual([]);
    },
    { auto: true },
  ],
  // The page each test ends on gets the axe check too (both widths), unless the test has already failed: a
  // second report would only hide the first.
  failOnAccessibilityViolation: [
    async ({ context }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) return;
      const finalPage = context
        .pages()
        .filter((page) => !page.isClosed() && page.url().startsWith('http'))
        .at(-1);
      if (finalPage) await expectAccessible(finalPage, `the final page (${new URL(finalPage.url()).pathname})`);
    },
    { auto: true },
  ],
});
