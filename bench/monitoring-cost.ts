// What monitoring costs an idle server (issue 14), in one run against a same-run baseline:
// (a) CPU: two app processes side by side on databases of their own, one sampling every METRICS_SAMPLE_MS into
//     PostgreSQL history, the other with sampling effectively off; process CPU seconds over BENCH_SECONDS (30) each,
//     printed as % of one core, the difference, and the ratio. Target: sampling and history < 2 % of one core.
// (b) Memory: the sampling app's RSS idle after a forced GC, and its peak with 100 open /api/admin/metrics/stream and 100
//     open /api/admin/logs/stream connections. Target: < 50 MB more.
// (c) History: 30 days of the system group at the 10-minute resolution over HTTP, against the same rows read by SQL
//     in the same run. Target: < 200 ms.
// Run: node --import tsx bench/monitoring-cost.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { AppReport, BenchCommand } from './support/app-process';
import { signInBenchAdmin } from './support/bench-admin';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_MS = Number(process.env.BENCH_SECONDS ?? 30) * 1000;
const STREAMS = 100;
/** Start-up work (migrations, first health check) must not count as idle. */
const SETTLE_MS = 5000;
const MAX_CPU_PERCENT_OF_CORE = 2;
const MAX_STREAM_MEMORY_MB = 50;

/** Sends a command and waits for the report it asks for. */
async function ask(app: AppProcess, command: BenchCommand): Promise<AppReport> {
  const report = app.next();
  app.child.send(command);
  return report;
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
  const apps: AppProcess[] = [];
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'guildhall-monitoring-cost-'));
  try {
    // (a) CPU, both apps idle at the same time, so both see the same machine.
    const [sampling, baseline] = await Promise.all([
      startAppProcess(urls[0]!, { BENCH_SAMPLE_MS: '5000', LOG_DIR: path.join(workDir, 'sampling') }),
      startAppProcess(urls[1]!, { BENCH_SAMPLE_MS: '2147000000', LOG_DIR: path.join(workDir, 'baseline') }),
    ]);
    apps.push(sampling, baseline);
    await sleep(SETTLE_MS);
    for (const app of apps) app.child.send({ type: 'cpu-start' } satisfies BenchCommand);
    await sleep(IDLE_MS);
    const [on, off] = (await Promise.all(apps.map((app) => ask(app, { type: 'cpu-stop' })))) as Extract<
      AppReport,
      { type: 'cpu' }
    >[];
    const onPercent = (on!.seconds / on!.elapsedSeconds) * 100;
    const offPercent = (off!.seconds / off!.elapsedSeconds) * 100;
    const cost = onPercent - offPercent;
    console.log(`CPU over ${(IDLE_MS / 1000).toFixed(0)} s idle (% of one core):`);
    console.log(`  sampling every 5 s into PostgreSQL history  ${pct(onPercent)}`);
    console.log(`  sampling off (same run)                     ${pct(offPercent)}`);
    console.log(`  cost of sampling and history                ${pct(cost)}  (target < ${MAX_CPU_PERCENT_OF_CORE} %)`);
    console.log(`  ratio with / without                        ${(onPercent / Math.max(offPercent, 1e-6)).toFixed(2)}`);
    if (cost >= MAX_CPU_PERCENT_OF_CORE) isOk = false;
    await stopAppProcess(baseline);
    apps.pop();

    // (b) Memory of 100 metric streams and 100 log streams.
    const cookie = await signInBenchAdmin(sampling.url);
    // Idle is taken after a forced GC; the peak is the highest RSS while the streams are open.
    sampling.child.send({ type: 'sample-start' } satisfies BenchCommand);
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
    const memory = (await ask(sampling, { type: 'sample-stop' })) as Extract<AppReport, { type: 'sampled' }>;
    const describe = (counts: Map<number, number>) => [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
    console.log(`Memory (RSS):`);
    console.log(`  idle, after a forced GC                     ${mb(memory.idleRss)}`);
    console.log(`  metric streams: ${describe(statuses.metrics)}`);
    console.log(
      `  log streams:    ${describe(statuses.logs)}${statuses.logs.has(404) ? ' (the log stream is not built yet: not measured)' : ''}`,
    );
    console.log(`  peak with the open streams                  ${mb(memory.peakRss)}`);
    const grown = memory.peakRss - memory.idleRss;
    console.log(`  more than idle                              ${mb(grown)}  (target < ${MAX_STREAM_MEMORY_MB} MB)`);
    console.log(`  ratio peak / idle                           ${(memory.peakRss / memory.idleRss).toFixed(3)}`);
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
    for (const app of apps) await stopAppProcess(app).catch(() => undefined);
    for (const name of names) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(workDir, { recursive: true, force: true });
  }
  if (!isOk) {
    console.log('A target was missed.');
    process.exitCode = 1;
  }
}

await main();
