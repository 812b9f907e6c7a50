// Starts support/app-process.ts (the app built from source, exactly as main.ts builds it) in a child process on a
// database of the bench's own, and talks to it over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { AppReport, BenchCommand } from './app-process';
import { BENCH_ADMIN } from './bench-admin';

/** The app under measurement: its process, its address and its next IPC report. */
export interface AppProcess {
  child: ChildProcess;
  url: string;
  next: () => Promise<AppReport>;
}

/**
 * Starts the app process with no Redis, no InfluxDB and no web app, signed in as BENCH_ADMIN, and waits for its port.
 * `checkout`, when given, is another checkout of this repository (an older commit with its own node_modules): its
 * own app process runs instead, so a bench can measure a baseline commit in the same run.
 */
export function startAppProcess(databaseUrl: string, env: Record<string, string> = {}, checkout?: string): Promise<AppProcess> {
  const script = checkout
    ? path.join(checkout, 'bench', 'support', 'app-process.ts')
    : path.join(import.meta.dirname, 'app-process.ts');
  const child = fork(script, [], {
    cwd: checkout ?? process.cwd(),
    // BENCH_APP_NODE_ARGS: more flags for the app's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its
    // time goes (node refuses --cpu-prof in NODE_OPTIONS).
    execArgv: ['--expose-gc', '--import', 'tsx', ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      REDIS_URL: '',
      INFLUX_URL: '',
      WEB_DIST_DIR: path.join(import.meta.dirname, '..', 'no-web-app'),
      ...env,
    },
  });
  const reports: AppReport[] = [];
  const waiting: ((report: AppReport) => void)[] = [];
  child.on('message', (report: AppReport) => {
    const waiter = waiting.shift();
    if (waiter) waiter(report);
    else reports.push(report);
  });
  const next = () =>
    new Promise<AppReport>((resolve, reject) => {
      const queued = reports.shift();
      if (queued) return resolve(queued);
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`the app process exited with ${code}`)));
    });
  return next().then((ready) => {
    if (ready.type !== 'ready') throw new Error('the app process did not report ready');
    return { child, url: `http://127.0.0.1:${ready.port}`, next };
  });
}

/** Closes the app (its onClose hooks run) and waits for the process to end. */
export async function stopAppProcess(app: AppProcess): Promise<void> {
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.send({ type: 'stop' } satisfies BenchCommand);
  await exited;
}
