import { defineConfig } from 'vitest/config';

// Two projects: pure logic (fast, no services) and HTTP/socket tests against the real services.
export default defineConfig({
  test: {
    // Two cores: two files at a time; each integration file has its own database.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // Component tests (*.test.tsx) ask for a DOM themselves: `// @vitest-environment happy-dom`.
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/**/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // A worker imports each module once for all its files instead of once per file (the import was 47 of the
          // 55 s of this project): no file mocks a module, and the component tests undo what they render and the
          // globals they stub after each test (cleanup, vi.unstubAllGlobals).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/**/src/**/*.int.test.ts', 'apps/**/test/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          // Migrates once per run; each file's database is a copy (see the file).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each worker imports the server once for all its files, not once per file (4-5 s of the 2 cores each, a
          // third of the stage). Files already share nothing but the process: each builds its own apps, on its own
          // database, Redis prefix and InfluxDB database, and the server is made to run several apps in one process.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
