import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, test as base, type ConsoleMessage, expect, request } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { ADMINS } from './accounts';
import { ContextPool } from './context-pool';

export { expect, expectAccessible };

/** Chromium reports every blocked load, inline script or style, eval or frame on the console in these words. */
const CSP_VIOLATION = /Content Security Policy/i;

/** One console message as a line of the failure report: the page it came from and what it said. */
const reportLine = (message: ConsoleMessage) => `${message.page()?.url() ?? 'a worker'}: ${message.text()}`;

/** The admin accounts a journey may start signed in as; the sign-in journeys' lockout target is never shared. */
export type AdminRole = 'owner' | 'monitor';

const AUTH_DIR = path.resolve(import.meta.dirname, '../../test-results/.auth');

interface Options {
  /**
   * The admin this test's browser starts signed in as (`test.use({ signedInAs: 'owner' })`), or null for a
   * signed-out browser. The session is made once per worker and server and shared by the journeys, so a journey
   * that signs out or ends sessions signs in for itself instead.
   */
  signedInAs: AdminRole | null;
}

interface WorkerFixtures {
  /** The storage-state file of a signed-in admin on a server, made at the first test that asks for it. */
  adminSessionFile: (role: AdminRole, baseURL: string) => Promise<string>;
  /** The worker's browser contexts that journeys take turns in (see context-pool.ts). */
  contextPool: ContextPool;
}

/**
 * Playwright's `test` with the page-wide checks every journey runs, as automatic fixtures: each watches every
 * page of the test's browser context (popups and new tabs too) and fails the test when it ends. Specs import
 * `test` and `expect` from here, never from @playwright/test, so a new check reaches every journey at once.
 * Screens are checked for accessibility by accessibility.spec.ts; a journey calls `expectAccessible(page, label)`
 * only at a state it alone opens (a dialog, an error, an expanded row).
 */
export const test = base.extend<Options & { failOnCspViolation: undefined }, WorkerFixtures>({
  signedInAs: [null, { option: true }],
  adminSessionFile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use, workerInfo) => {
      const files = new Map<string, Promise<string>>();
      mkdirSync(AUTH_DIR, { recursive: true });
      await use((role, baseURL) => {
        const key = `${role} ${baseURL}`;
        if (!files.has(key)) {
          const file = path.join(AUTH_DIR, `${role}-${workerInfo.parallelIndex}-${new URL(baseURL).port}.json`);
          files.set(key, signInThroughApi(role, baseURL, file));
        }
        return files.get(key)!;
      });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInAs, baseURL, storageState, adminSessionFile }, use) => {
    await use(signedInAs ? await adminSessionFile(signedInAs, baseURL!) : storageState);
  },
  contextPool: [
    async ({ browser }, use) => {
      const pool = new ContextPool(browser);
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  // A journey's first run takes a context of the worker's pool, already holding the app's scripts in its cache; a
  // retry gets a context of its own, as Playwright makes it, so its trace starts with a clean slate.
  context: async ({ browser, contextPool, baseURL, viewport, colorScheme, storageState }, use, testInfo) => {
    const isPooled = testInfo.retry === 0 && process.env.E2E_CONTEXT_POOL !== '0';
    const pooled = isPooled ? await contextPool.take({ baseURL, viewport, colorScheme }, storageState) : null;
    if (pooled) {
      await use(pooled.context);
      await pooled.giveBack(testInfo.status === testInfo.expectedStatus);
      return;
    }
    // Playwright gives a context made during a test the test's options (storage state included).
    const context = await browser.newContext();
    await use(context);
    await context.close();
  },
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

/** Signs an admin in through the API (the sign-in form has journeys of its own) and saves the session cookie. */
async function signInThroughApi(role: AdminRole, baseURL: string, file: string): Promise<string> {
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/admin/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: ADMINS[role],
    });
    expect(res.ok(), `the ${role} admin signs in on ${baseURL}`).toBe(true);
    await api.storageState({ path: file });
    return file;
  } finally {
    await api.dispose();
  }
}

/**
 * A browser of someone else beside the test's own (a second admin, a member): signed out, whatever the test's
 * `signedInAs` (Playwright gives every context a test makes the test's storage state unless told otherwise).
 */
export const signedOutContext = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ ...options, storageState: undefined });
