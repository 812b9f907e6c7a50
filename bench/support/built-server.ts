// The built server as a user starts it (`node apps/server/dist/main.js`), in a folder of its own, for benchmarks
// that measure it from outside: start, wait for /readyz, force a garbage collection, read its memory, stop.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_ADMIN } from './bench-admin';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built server's entry. */
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const GC_HOOK = path.join(import.meta.dirname, 'collect-garbage-on-request.mjs');

/** A started server process and the last lines it printed (shown when it fails). */
export interface BuiltServer {
  child: ChildProcess;
  output: string[];
}

/** Fails with the command to run when the server has not been built. */
export function requireBuiltServer() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build -w apps/server first`);
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** VmRSS and VmHWM (peak) of a process, in kB. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
}

/** Starts the built server on `port` with no outside services but what `env` adds (the database, the seed). */
export function startBuiltServer(workDir: string, port: number, env: Record<string, string>): BuiltServer {
  const output: string[] = [];
  const child = fork(SERVER_ENTRY, [], {
    cwd: workDir,
    execArgv: ['--expose-gc', '--import', GC_HOOK],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      GUILDHALL_DATA_DIR: path.join(workDir, 'data'),
      WEB_DIST_DIR: path.join(workDir, 'no-web-app'),
      ...env,
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 40) output.shift();
    });
  }
  return { child, output };
}

/** Waits until /readyz answers 200; fails with the server's last lines if it exits or takes longer than `timeoutMs`. */
export async function waitUntilReady(url: string, { child, output }: BuiltServer, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output.join('')}`);
    const response = await fetch(`${url}/readyz`).catch(() => null);
    if (response?.ok) return;
    await sleep(250);
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${output.join('')}`);
}

/** Runs a full garbage collection in the server (through the hook it was started with) and waits for it. */
export function collectGarbage(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('message', () => resolve());
    child.send('collect-garbage');
  });
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
}
