import { test as base, type ConsoleMessage, expect } from '@playwright/test';

export { expect };

/** Chromium reports every blocked load, inline script or style, eval or frame on the console in these words. */
const CSP_VIOLATION = /Content Security Policy/i;

/** One console message as a line of the failure report: the page it came from and what it said. */
const reportLine = (message: ConsoleMessage) => `${message.page()?.url() ?? 'a worker'}: ${message.text()}`;

/**
 * Playwright's `test` with the page-wide checks every journey runs, as automatic fixtures: each watches every
 * page of the test's browser context (popups and new tabs too) and fails the test when it ends. Specs import
 * `test` and `expect` from here, never from @playwright/test, so a new check reaches every journey at once.
 */
export const test = base.extend<{ failOnCspViolation: undefined }>({
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
});
