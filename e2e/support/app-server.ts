import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const CLI_ENTRY = path.join(ROOT, 'apps/server/dist/cli.js');
const LOG_DIR = path.join(ROOT, 'test-results');

/** A running Guildhall server started the way a user starts the built app. */
export interface AppServer {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts `node apps/server/dist/main.js` with the given settings and waits until /readyz answers 200. */
export async function startApp(name: string, port: number, env: Record<string, string>): Promise<AppServer> {
  // A server left over from an interrupted run would answer /readyz in this one's place.
  if (await isPortTaken(port)) throw new Error(`port ${port} is taken: stop the server left there (a stray e2e server?)`);
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `server-${name}.log`));
  const fullEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env } as Record<string, string>;
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server ${name} exited with ${child.exitCode}; see test-results/server-${name}.log`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server ${name} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    env: fullEnv,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs the server's CLI (same settings as the server) and fails loudly if it does. */
export function runCli(env: Record<string, string>, args: string[]): void {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}
