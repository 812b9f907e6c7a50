import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** initdb takes a few seconds; one that has not finished in this long is stuck. */
const INITDB_TIMEOUT_MS = 120_000;

/** True when the folder already holds a database cluster (the same test PGlite makes before running initdb). */
export function hasCluster(folder: string): boolean {
  return existsSync(path.join(folder, 'PG_VERSION'));
}

/** Runs PGlite.create (initdb, then one start and stop) on `folder` in a child process of its own. */
function createInChildProcess(folder: string, startParams: readonly string[]): Promise<void> {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  // The IPC channel closes when the server dies: the child stops too instead of writing on alone.
  const script = `process.channel.unref();
process.on('disconnect', () => process.exit(1));
const { PGlite } = await import(${JSON.stringify(entry)});
const db = await PGlite.create({ dataDir: ${JSON.stringify(folder)}, startParams: ${JSON.stringify(startParams)} });
await db.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      timeout: INITDB_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && hasCluster(folder)) return resolve();
      reject(new Error(`creating the embedded database failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

/**
 * Creates a new database cluster in the empty folder `folder` (PGlite's initdb) in a short-lived child
 * process. PGlite runs initdb in a second WebAssembly instance whose whole linear memory it copies and
 * restores for each bootstrap step: in the server's own process that peaks near 800 MB and leaves some
 * 180 MB resident for good (WebAssembly memory and glibc's heap never shrink). A process that exits gives
 * it all back, and the server then opens the folder as on any later start. The cluster is built beside
 * the folder and moved in when complete, so an interrupted first start leaves no half-made database.
 */
export async function createCluster(folder: string, startParams: readonly string[]): Promise<void> {
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(
      `${folder} holds files but no database (no PG_VERSION): move them away or point GUILDHALL_DATA_DIR at another folder`,
    );
  }
  const building = `${folder}.initdb`;
  rmSync(building, { recursive: true, force: true });
  try {
    await createInChildProcess(building, startParams);
    if (existsSync(folder)) rmdirSync(folder);
    renameSync(building, folder);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}
