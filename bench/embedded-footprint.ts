// The embedded default (PGlite) against PostgreSQL, in one run: the built server started as a user starts it,
// once on each database, on the same demo seed; idle RSS after start + seed + a forced GC, then the signed-in
// guild list under 50 concurrent connections for a bounded time. Prints both and the ratios PGlite/PostgreSQL.
// Run: npm run build -w apps/server && node --import tsx bench/embedded-footprint.ts
//      (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signInBenchAdmin } from './support/bench-admin';
import {
  collectGarbage,
  freePort,
  memoryOf,
  requireBuiltServer,
  startBuiltServer,
  stopServer,
  waitUntilReady,
} from './support/built-server';
import { type LoadResult, loadGet, percentile } from './support/http-load';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const CONNECTIONS = 50;
const LOAD_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3000;
/** What autocannon and most load balancers give up after. */
const REQUEST_TIMEOUT_MS = 10_000;
/** The start runs migrations and the whole demo seed; on PGlite that takes a while on a busy machine. */
const START_TIMEOUT_MS = 180_000;
/** Let the start's timers (first health check, first metrics push) run before reading the idle figure. */
const SETTLE_MS = 3000;
/** The page the Guild Management screen opens on. */
const LIST_PATH = '/api/admin/guilds?page=1&limit=10&status=all&region=all';

/** Idle RSS of PGlite over PostgreSQL must stay under this (3.8-4.0 before the embedded database was tuned). */
const MAX_IDLE_RATIO = 3;
/**
 * Queueing is fair when the slowest answer stays within this many medians. When connections were accepted only
 * between backlogs, the last ones waited 24-41 medians and some gave up.
 */
const MAX_SLOWEST_OVER_MEDIAN = 10;

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

interface Run {
  label: string;
  startSeconds: number;
  idleRssKb: number;
  peakRssKb: number;
  load: LoadResult;
}

async function measure(label: string, databaseEnv: Record<string, string>): Promise<Run> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'guildhall-footprint-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = startBuiltServer(workDir, port, { SEED_DEMO_DATA: 'true', ...databaseEnv });
  const { child } = server;
  try {
    await waitUntilReady(url, server, START_TIMEOUT_MS);
    const startSeconds = (performance.now() - started) / 1000;
    const cookie = await signInBenchAdmin(url);
    await sleep(SETTLE_MS);
    await collectGarbage(child);
    const idle = memoryOf(child.pid!);
    console.log(`${label}: ready in ${startSeconds.toFixed(1)} s, idle RSS ${mb(idle.rssKb)}; loading the guild list`);
    const listUrl = `${url}${LIST_PATH}`;
    const loadOptions = { headers: { cookie }, connections: CONNECTIONS, timeoutMs: REQUEST_TIMEOUT_MS };
    await loadGet(listUrl, { ...loadOptions, durationMs: WARMUP_MS });
    const load = await loadGet(listUrl, { ...loadOptions, durationMs: LOAD_MS });
    return { label, startSeconds, idleRssKb: idle.rssKb, peakRssKb: memoryOf(child.pid!).peakKb, load };
  } finally {
    await stopServer(child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const rate = (run: Run) => run.load.ok / run.load.seconds;
const p99 = (run: Run) => percentile(run.load.latencies, 99);
const unanswered = (run: Run) =>
  run.load.timedOut + run.load.errors + Object.values(run.load.failed).reduce((sum, count) => sum + count, 0);
const slowestOverMedian = (run: Run) => percentile(run.load.latencies, 100) / percentile(run.load.latencies, 50);

function row(run: Run) {
  const failed = Object.entries(run.load.failed).map(([status, count]) => `${count}×${status}`);
  const problems = [
    ...failed,
    run.load.timedOut ? `${run.load.timedOut} timed out` : '',
    run.load.errors ? `${run.load.errors} socket errors` : '',
  ].filter(Boolean);
  const latency = (p: number) => `${percentile(run.load.latencies, p).toFixed(1)} ms`;
  return `${run.label.padEnd(11)} start ${run.startSeconds.toFixed(1).padStart(5)} s   idle RSS ${mb(run.idleRssKb).padStart(9)}   peak ${mb(run.peakRssKb).padStart(9)}
            ${rate(run).toFixed(0).padStart(5)} req/s   p50 ${latency(50)}   p99 ${latency(99)}   max ${latency(100)}   ${run.load.ok.toLocaleString()} answered${problems.length ? `, ${problems.join(', ')}` : ''}`;
}

async function main() {
  requireBuiltServer();
  const databaseName = `guildhall_footprint_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  let postgres: Run;
  try {
    postgres = await measure('PostgreSQL', { DATABASE_URL: databaseUrl });
  } finally {
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
  const pglite = await measure('PGlite', {});

  const idleRatio = pglite.idleRssKb / postgres.idleRssKb;
  const isIdleOk = idleRatio <= MAX_IDLE_RATIO;
  const isAnswered = unanswered(pglite) === 0 && unanswered(postgres) === 0;
  const isFair = slowestOverMedian(pglite) <= MAX_SLOWEST_OVER_MEDIAN;
  console.log(`
The same demo seed, signed in as admin; GET ${LIST_PATH}
${CONNECTIONS} connections for ${LOAD_MS / 1000} s after ${WARMUP_MS / 1000} s of warm-up; idle RSS after a forced GC

${row(postgres)}
${row(pglite)}

PGlite / PostgreSQL
  idle RSS      ${idleRatio.toFixed(2)}   (must be <= ${MAX_IDLE_RATIO})   ${isIdleOk ? 'PASS' : 'FAIL'}
  requests/s    ${(rate(pglite) / rate(postgres)).toFixed(2)}
  p99           ${(p99(pglite) / p99(postgres)).toFixed(2)}

PGlite queueing
  every request answered          ${isAnswered ? 'PASS' : 'FAIL'}
  slowest / median   ${slowestOverMedian(pglite).toFixed(1).padStart(5)}   (must be <= ${MAX_SLOWEST_OVER_MEDIAN})   ${isFair ? 'PASS' : 'FAIL'}
`);
  process.exitCode = isIdleOk && isAnswered && isFair ? 0 : 1;
}

await main();
