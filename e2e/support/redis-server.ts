import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** A Redis the test owns, on a port of its own, keeping nothing on disk. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntil(() => canConnect(this.port), true);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await waitUntil(() => canConnect(this.port), false);
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntil(check: () => Promise<boolean>, wanted: boolean) {
  for (let i = 0; i < 100; i++) {
    if ((await check()) === wanted) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis port never became ${wanted ? 'open' : 'closed'}`);
}
