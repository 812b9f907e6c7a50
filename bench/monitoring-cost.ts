// What monitoring costs an idle server (issue 14), in one run against a same-run baseline:
// (a) CPU: two app processes side by side on databases of their own, one sampling every METRICS_SAMPLE_MS into
//     PostgreSQL history, the other with sampling effectively off; process CPU seconds over BENCH_SECONDS (30) each,
//     printed as % of one core, the difference, and the ratio. Target: sampling and history < 2 % of one core.
// (b) Memory: the sampling app's RSS after a forced GC, idle, then with 100 open /api/admin/metrics/stream and 100
//     open /api/admin/logs/stream connections. Target: < 50 MB more.
// (c) History: 30 days of the system group at the 10-minute resolution over HTTP, against the same rows read by SQL
//     in the same run. Target: < 200 ms.
// Run: node --import tsx bench/monitoring-cost.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { BENCH_ADMIN, signInBenchAdmin } from './support/bench-admin';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_MS = Number(process.env.BENCH_SECONDS ?? 30) * 1000;
const STREAMS = 100;
/** Start-up work (migrations, first health check) must not count as idle. */
const SETTLE_MS = 5000;
const MAX_CPU_PERCENT_OF_CORE = 2;
const MAX_STREAM_MEMORY_MB = 50;

type Command = { type: 'cpu-start' } | { type: 'cpu-stop' } | { type: 'rss' } | { type: 'stop' };
type Report =
  | { type: 'ready'; port: number }
  | { type: 'cpu'; seconds: number; elapsedSeconds: number }
  | { type: 'rss'; bytes: number };

/** The child: the app as main.ts builds it, with the sample interval this bench gives it. */
async function runApp() {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const config = loadConfig();
  config.metrics.sampleMs = Number(process.env.BENCH_SAMPLE_MS);
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const send = (report: Report) => process.send?.(report);
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
  let cpuBefore = process.cpuUsage();
  let startedAt = performance.now();
  process.on('message', async (command: Command) => {
    if (command.type === 'cpu-start') {
      cpuBefore = process.cpuUsage();
      startedAt = performance.now();
    } else if (command.type === 'cpu-stop') {
      const used = process.cpuUsage(cpuBefore);
      send({ type: 'cpu', seconds: (used.user + used.system) / 1e6, elapsedSeconds: (performance.now() - startedAt) / 1000 });
    } else if (command.type === 'rss') {
      globalThis.gc?.();
      await sleep(200);
      globalThis.gc?.();
      send({ type: 'rss', bytes: process.memoryUsage().rss });
    } else {
      await app.close();
      process.exit(0);
    }
  });
}

interface App {
  child: ChildProcess;
  url: string;
  ask(command: Command): Promise<Report>;
}

async function startApp(databaseUrl: string, sampleMs: number, logDir: string): Promise<App> {
  const child = fork(import.meta.filename, ['app'], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      REDIS_URL: '',
      INFLUX_URL: '',
      LOG_DIR: logDir,
      WEB_DIST_DIR: path.join(import.meta.dirname, 'no-web-app'),
      BENCH_SAMPLE_MS: String(sampleMs),
    },
  });
  const waiting: ((report: Report) => void)[] = [];
  child.on('message', (report: Report) => waiting.shift()?.(report));
  const next = () => new Promise<Report>((resolve) => waiting.push(resolve));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the app did not start');
  return {
    child,
    url: `http://127.0.0.1:${ready.port}`,
    ask(command) {
      const answer = next();
      child.send(command);
      return answer;
    },
  };
}

async function stopApp(app: App) {
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.send({ type: 'stop' } satisfies Command);
  await exited;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Opens an event stream and keeps reading it; resolves with its status once the head arrived. */
function openStream(url: string, cookie: string): Promise<{ status: number; request: ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, request });
    });
    request.on('error', reject);
    request.end();
  });
}

const HISTORY_ROUNDS = 20;
const MAX_HISTORY_MS = 200;
const SYSTEM_METRICS = [
  'system.cpu_percent',
  'system.memory_percent',
  'system.load_1m',
  'system.event_loop_lag_ms',
  'system.process_cpu_percent',
  'system.heap_used_bytes',
  'system.rss_bytes',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Seeds 30 days of 10-minute rows and 7 days of 1-minute rows for every system metric (as the rollup leaves them),
 * then times the 30-day history call and, alternating with it, the SQL that reads the same 10-minute rows.
 */
async function timeMonthOfHistory(appUrl: string, cookie: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    await client.query(
      `INSERT INTO metric_points (resolution, metric, instance, bucket, value)
       SELECT r.resolution, m.metric, 'bench-month',
              date_bin(make_interval(secs => r.resolution), to_timestamp($1 / 1000.0), TIMESTAMPTZ '1970-01-01Z')
                - make_interval(secs => r.resolution * (s + 1)), random() * 100
       FROM unnest($2::text[]) AS m(metric)
       CROSS JOIN (VALUES (600, 4319), (60, 10079)) AS r(resolution, steps)
       CROSS JOIN LATERAL generate_series(0, r.steps) AS s
       ON CONFLICT DO NOTHING`,
      [now, SYSTEM_METRICS],
    );
    await client.query('ANALYZE metric_points');
    const api: number[] = [];
    const sql: number[] = [];
    let points = 0;
    for (let round = 0; round <= HISTORY_ROUNDS; round++) {
      let started = performance.now();
      const response = await fetch(`${appUrl}/api/admin/metrics/history?type=system&duration=2592000`, { headers: { cookie } });
      const body = (await response.json()) as { series: { instance: string; points: unknown[] }[] };
      const apiMs = performance.now() - started;
      points = body.series.find((line) => line.instance === 'bench-month')?.points.length ?? 0;
      started = performance.now();
      await client.query(
        `SELECT metric, instance, array_agg(extract(epoch FROM bucket) ORDER BY bucket), array_agg(value ORDER BY bucket)
         FROM metric_points WHERE resolution = 600 AND metric = ANY($1::text[]) AND bucket >= $2 AND bucket <= $3
         GROUP BY metric, instance`,
        [SYSTEM_METRICS, new Date(now - 2_592_000_000), new Date(now)],
      );
      const sqlMs = performance.now() - started;
      // The first round warms both up.
      if (round > 0) {
        api.push(apiMs);
        sql.push(sqlMs);
      }
    }
    return { api: median(api), sql: median(sql), points };
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (value: number) => `${value.toFixed(3)} %`;

async function main() {
  const names = [`guildhall_bench_${randomBytes(4).toString('hex')}`, `guildhall_bench_${randomBytes(4).toString('hex')}`];
  for (const name of names) await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const urls = names.map((name) => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  });
  let isOk = true;
  const apps: App[] = [];
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'guildhall-monitoring-cost-'));
  try {
    // (a) CPU, both apps idle at the same time, so both see the same machine.
    const [sampling, baseline] = await Promise.all([
      startApp(urls[0]!, 5000, path.join(workDir, 'sampling')),
      startApp(urls[1]!, 2_147_000_000, path.join(workDir, 'baseline')),
    ]);
    apps.push(sampling, baseline);
    await sleep(SETTLE_MS);
    for (const app of apps) app.child.send({ type: 'cpu-start' } satisfies Command);
    await sleep(IDLE_MS);
    const [on, off] = (await Promise.all(apps.map((app) => app.ask({ type: 'cpu-stop' })))) as Extract<Report, { type: 'cpu' }>[];
    const onPercent = (on!.seconds / on!.elapsedSeconds) * 100;
    const offPercent = (off!.seconds / off!.elapsedSeconds) * 100;
    const cost = onPercent - offPercent;
    console.log(`CPU over ${(IDLE_MS / 1000).toFixed(0)} s idle (% of one core):`);
    console.log(`  sampling every 5 s into PostgreSQL history  ${pct(onPercent)}`);
    console.log(`  sampling off (same run)                     ${pct(offPercent)}`);
    console.log(`  cost of sampling and history                ${pct(cost)}  (target < ${MAX_CPU_PERCENT_OF_CORE} %)`);
    console.log(`  ratio with / without                        ${(onPercent / Math.max(offPercent, 1e-6)).toFixed(2)}`);
    if (cost >= MAX_CPU_PERCENT_OF_CORE) isOk = false;
    await stopApp(baseline);
    apps.pop();

    // (b) Memory of 100 metric streams and 100 log streams.
    const cookie = await signInBenchAdmin(sampling.url);
    const idle = (await sampling.ask({ type: 'rss' })) as Extract<Report, { type: 'rss' }>;
    const opened: ClientRequest[] = [];
    const statuses = { metrics: new Map<number, number>(), logs: new Map<number, number>() };
    for (const [kind, streamPath] of [
      ['metrics', '/api/admin/metrics/stream?interval=1000'],
      ['logs', '/api/admin/logs/stream'],
    ] as const) {
      for (let i = 0; i < STREAMS; i++) {
        const { status, request } = await openStream(`${sampling.url}${streamPath}`, cookie);
        statuses[kind].set(status, (statuses[kind].get(status) ?? 0) + 1);
        opened.push(request);
      }
    }
    // Let a few events go out on every stream before measuring.
    await sleep(5000);
    const loaded = (await sampling.ask({ type: 'rss' })) as Extract<Report, { type: 'rss' }>;
    const describe = (counts: Map<number, number>) => [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
    console.log(`Memory (RSS after a forced GC):`);
    console.log(`  idle                                        ${mb(idle.bytes)}`);
    console.log(`  metric streams: ${describe(statuses.metrics)}`);
    console.log(
      `  log streams:    ${describe(statuses.logs)}${statuses.logs.has(404) ? ' (the log stream is not built yet: not measured)' : ''}`,
    );
    console.log(`  with the open streams                       ${mb(loaded.bytes)}`);
    const grown = loaded.bytes - idle.bytes;
    console.log(`  more than idle                              ${mb(grown)}  (target < ${MAX_STREAM_MEMORY_MB} MB)`);
    console.log(`  ratio with / idle                           ${(loaded.bytes / idle.bytes).toFixed(3)}`);
    if (grown >= MAX_STREAM_MEMORY_MB * 1024 * 1024) isOk = false;
    for (const request of opened) request.destroy();

    // (c) 30 days of history at the downsampled resolution, against the same rows read by SQL directly.
    const timings = await timeMonthOfHistory(sampling.url, cookie, urls[0]!);
    console.log(`30 days of the system group (10-minute points, ${timings.points} per line, median of ${HISTORY_ROUNDS}):`);
    console.log(`  GET /api/admin/metrics/history              ${timings.api.toFixed(1)} ms  (target < ${MAX_HISTORY_MS} ms)`);
    console.log(`  the same rows by SQL (same run)             ${timings.sql.toFixed(1)} ms`);
    console.log(`  ratio API / SQL                             ${(timings.api / timings.sql).toFixed(2)}`);
    if (timings.api >= MAX_HISTORY_MS) isOk = false;
  } finally {
    for (const app of apps) await stopApp(app).catch(() => undefined);
    for (const name of names) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(workDir, { recursive: true, force: true });
  }
  if (!isOk) {
    console.log('A target was missed.');
    process.exitCode = 1;
  }
}

if (process.argv[2] === 'app') await runApp();
else await main();
