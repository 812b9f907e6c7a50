import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { until } from './wait';

const HERE = import.meta.dirname;

// Written into the template folder when it is complete, or when making it failed (with the error).
const READY = 'migrated';
const FAILED = 'failed';

/**
 * Starts making the PGlite cluster test folders are copied from: PGlite's initdb, then every migration, in `dir`. In a
 * process of its own: PGlite runs on the thread that calls it, and vitest's main thread meanwhile compiles the modules
 * the test files import. It leaves a marker the copies wait for, so the global setup need not hold every test file
 * until it is done (only the PGlite ones wait); `stop` ends it early when a run that needed no PGlite is over.
 */
export function startMigratedPglite(dir: string): { stop(): Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'make-migrated-pglite.ts'), dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = once(child, 'exit').then(async ([code, signal]) => {
    if (code === 0) await writeFile(path.join(dir, READY), '');
    else await writeFile(path.join(dir, FAILED), `${signal ?? `exit ${code}`}: ${stderr.trim()}`);
  });
  return {
    async stop() {
      child.kill();
      await exited;
    },
  };
}

/** Copies the migrated cluster of `templateDir` into `dataDir` (which has none yet), once it is made. */
export async function copyMigratedPglite(templateDir: string, dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  if (existsSync(target)) return;
  const isDone = () => existsSync(path.join(templateDir, READY)) || existsSync(path.join(templateDir, FAILED));
  await until(isDone, 120_000, 100);
  if (existsSync(path.join(templateDir, FAILED))) {
    throw new Error(`the migrated PGlite cluster could not be made: ${await readFile(path.join(templateDir, FAILED), 'utf8')}`);
  }
  await cp(path.join(templateDir, 'pglite'), target, { recursive: true });
}
