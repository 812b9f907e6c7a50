import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** apps/server: where `npm run dev -w apps/server` runs the entry from. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One line of the process's JSON log (pino), or `{ msg }` for a line that is not JSON. */
export type LogLine = Record<string, unknown> & { msg?: string };

/**
 * A server started as its own OS process from the TypeScript entry (`node --import tsx src/main.ts`),
 * not from dist: integration tests run before the build. Its stdout is kept, parsed, for assertions.
 */
export class ServerProcess {
  readonly lines: LogLine[] = [];
  private readonly stderr: string[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<unknown>;
  private readonly killOnExit = () => this.child.kill('SIGKILL');
  /** `http://127.0.0.1:PORT`, once it listens. */
  url = '';

  /** Spawns at once; with PORT=0 the port is read from the "Server listening at" line. */
  constructor(
    readonly name: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = once(this.child, 'exit');
    // A test run that dies must not leave servers holding the database and Redis.
    process.once('exit', this.killOnExit);
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.lines.push(parseLine(line)));
    createInterface({ input: this.child.stderr! }).on('line', (line) => this.stderr.push(line));
  }

  /** How many log lines carry this message (or start with it). */
  count(message: string): number {
    return this.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith(message)).length;
  }

  /** Resolves once it listens and /readyz answers 200; rejects when it exits first or takes longer than timeoutMs. */
  async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(
          `${this.name} exited (${this.child.exitCode ?? this.child.signalCode}) before it was ready:\n${this.tail()}`,
        );
      }
      if (!this.url) this.url = this.listeningUrl() ?? '';
      if (this.url && (await isReady(this.url))) return;
      if (Date.now() > deadline) throw new Error(`${this.name} not ready after ${timeoutMs} ms:\n${this.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM (its graceful shutdown), then SIGKILL when it has not exited within graceMs. */
  async stop(graceMs = 5000): Promise<void> {
    process.off('exit', this.killOnExit);
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  private listeningUrl(): string | null {
    for (const line of this.lines) {
      const match = typeof line.msg === 'string' ? /^Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line.msg) : null;
      if (match) return match[1]!;
    }
    return null;
  }

  private tail(): string {
    return [...this.lines.slice(-10).map((line) => JSON.stringify(line)), ...this.stderr.slice(-20)].join('\n');
  }
}

function parseLine(line: string): LogLine {
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === 'object') return parsed as LogLine;
  } catch {
    // not JSON: keep the text
  }
  return { msg: line };
}

async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}
