import { defineConfig } from '@playwright/test';
import { PORTS } from './e2e/support/accounts';

// Browser journeys against the built app, started as a user starts it (see e2e/support/global-setup.ts),
// in Debian's Chromium: nothing downloads a browser.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // The limit is for a hang, not for speed: journeys take seconds (the slowest ten are named at the end of a run).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Spec files run side by side, each worker on its own servers and databases (e2e/support/global-setup.ts); the
  // journeys of one file run in order (the accessibility sweep's entries stand alone and spread over both). Two
  // workers on the 2-core CI machine: a third made every journey 40 % slower and the run no shorter (measured).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry: a journey that passes only on its second run is named "flaky" in the log, to be looked at, and no
  // longer throws away the whole CI run.
  retries: 1,
  reporter: [['list'], ['./e2e/support/slowest-reporter.ts']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // This worker's main server (the config is read again in each worker, where PORTS knows the worker).
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    // A shot of each failure; the shots a person should look at are taken when E2E_SHOTS=1 (support/review-shot.ts).
    screenshot: 'only-on-failure',
    // A trace of a failing journey's retry. Recording one for every journey (to keep a failure's) cost a fifth of
    // the run: a DOM snapshot per action and a screencast, on the two cores the journeys need.
    trace: 'on-first-retry',
    // The app honours a reader's reduced-motion choice (styles/base.css): nothing to wait out (a toast fading in, a
    // drawer sliding) and no spinner repainting on two busy cores.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        // The journeys are bound by the two cores, and Chromium takes two thirds of them: scrolling and animation on
        // the main thread, one raster thread and no smooth scrolling cost it 8 % less (measured on the guilds and
        // player-accounts specs: 118.7 → 108.6 s of Chromium's CPU, 106 → 100 s of wall time).
        '--disable-smooth-scrolling',
        '--disable-threaded-animation',
        '--disable-threaded-scrolling',
        '--disable-checker-imaging',
        '--disable-partial-raster',
        '--num-raster-threads=1',
      ],
    },
  },
});
