// The time-series manager over a million InfluxDB points, in one run: the CSV export streamed from InfluxDB through
// the server against InfluxDB's own `/query` CSV output read directly (chunked, the same statement), with the
// server's RSS sampled every 50 ms; for information, the capped query and the explorer's measurement counts.
// Run: node --import tsx bench/influx-export.ts
//      (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432; InfluxDB 1.x on TEST_INFLUX_URL, default 127.0.0.1:18086)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BenchCommand } from './support/app-process';
import { signInBenchAdmin } from './support/bench-admin';
import { memoryOf } from './support/built-server';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const POINTS = Number(process.env.BENCH_POINTS ?? 1_000_000);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INFLUX_URL = process.env.TEST_INFLUX_URL ?? 'http://127.0.0.1:18086';
const MAX_EXPORT_GROWTH_MB = 64;
/** The export should keep up with InfluxDB's own CSV output at least this well (points per second). */
const MIN_THROUGHPUT_RATIO = 0.5;
const WRITE_BATCH = 50_000;
const QUERY = 'SELECT * FROM bench_points';
const BASE = '/api/admin/database/influxdb';
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function influxql(q: string) {
  const response = await fetch(`${INFLUX_URL}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
  if (!response.ok) throw new Error(`InfluxDB answered ${response.status} to ${q}`);
}

/** POINTS points of one field in ten series, a millisecond apart, written in batches of line protocol. */
async function seed(database: string) {
  await influxql(`CREATE DATABASE "${database}"`);
  const start = Date.now() - POINTS - 60_000;
  for (let offset = 0; offset < POINTS; offset += WRITE_BATCH) {
    const lines: string[] = [];
    for (let i = offset; i < Math.min(POINTS, offset + WRITE_BATCH); i++) {
      lines.push(`bench_points,series=s${i % 10},region=eu value=${(i * 0.37).toFixed(2)} ${start + i}`);
    }
    const response = await fetch(`${INFLUX_URL}/write?db=${database}&precision=ms`, { method: 'POST', body: lines.join('\n') });
    if (response.status !== 204) throw new Error(`write answered ${response.status}: ${await response.text()}`);
  }
}

/** Reads a streamed body to its end: bytes, line ends, seconds since `started`. */
async function drain(response: Response, started: number) {
  if (!response.ok || !response.body) throw new Error(`answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { bytes, lines, seconds: (performance.now() - started) / 1000 };
}

/** InfluxDB's own CSV of the same statement, chunked as the server asks for it. */
async function influxCsv(database: string) {
  const started = performance.now();
  const params = new URLSearchParams({ db: database, q: QUERY, chunked: 'true', chunk_size: '5000' });
  // Uncompressed, as the server reads it (and as curl reads it by default).
  const response = await fetch(`${INFLUX_URL}/query?${params}`, {
    headers: { accept: 'application/csv', 'accept-encoding': 'identity' },
  });
  return drain(response, started);
}

async function main() {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `guildhall_bench_ix_${suffix}`;
  const influxDatabase = `guildhall_bench_${suffix}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  let app: AppProcess | null = null;
  try {
    const seedStarted = performance.now();
    await seed(influxDatabase);
    console.log(`wrote ${POINTS.toLocaleString('en')} points in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    app = await startAppProcess(databaseUrl, { INFLUX_URL, INFLUX_DATABASE: influxDatabase });
    const cookie = await signInBenchAdmin(app.url);
    const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const bucket = `${influxDatabase}/autogen`;

    // For information: the explorer's counts and the capped query on this bucket.
    let started = performance.now();
    const counted = (await (
      await fetch(`${app.url}${BASE}/measurements?bucket=${encodeURIComponent(bucket)}&timeRange=-90d`, { headers: { cookie } })
    ).json()) as { measurements: { name: string; count: number; isEstimate: boolean }[] };
    const countMs = performance.now() - started;
    started = performance.now();
    const queried = (await (
      await fetch(`${app.url}${BASE}/query`, { method: 'POST', headers, body: JSON.stringify({ query: QUERY }) })
    ).json()) as { result: { totalPoints: number; isCapped: boolean } };
    const queryMs = performance.now() - started;

    const baseline = await influxCsv(influxDatabase);
    app.child.send({ type: 'sample-start' } satisfies BenchCommand);
    // Also sampled from outside (/proc), which a busy event loop in the app cannot delay.
    const pid = app.child.pid!;
    let outsidePeak = memoryOf(pid).rssKb * 1024;
    const outside = setInterval(() => {
      outsidePeak = Math.max(outsidePeak, memoryOf(pid).rssKb * 1024);
    }, 50);
    started = performance.now();
    const exported = await drain(
      await fetch(`${app.url}${BASE}/export`, { method: 'POST', headers, body: JSON.stringify({ query: QUERY, format: 'csv' }) }),
      started,
    );
    clearInterval(outside);
    app.child.send({ type: 'sample-stop' } satisfies BenchCommand);
    const sampled = await app.next();
    if (sampled.type !== 'sampled') throw new Error('no memory samples');
    // Both CSVs have a header line; InfluxDB's repeats it per chunk, so its points are counted as POINTS.
    // The count that was too slow for the first answer has gone on in the background: a later call answers it.
    started = performance.now();
    const recounted = (await (
      await fetch(`${app.url}${BASE}/measurements?bucket=${encodeURIComponent(bucket)}&timeRange=-90d`, { headers: { cookie } })
    ).json()) as typeof counted;
    const recountMs = performance.now() - started;
    const later = recounted.measurements.find((one) => one.name === 'bench_points');
    const rows = exported.lines - 1;
    const serverRate = rows / exported.seconds;
    const influxRate = POINTS / baseline.seconds;
    const ratio = serverRate / influxRate;
    const peakRss = Math.max(sampled.peakRss, outsidePeak);
    const growth = peakRss - sampled.idleRss;
    const isRatioOk = ratio >= MIN_THROUGHPUT_RATIO;
    const isGrowthOk = growth < MAX_EXPORT_GROWTH_MB * MB && rows === POINTS;
    const measurement = counted.measurements.find((one) => one.name === 'bench_points');
    console.log(`
InfluxDB 1.x, ${POINTS.toLocaleString('en')} points in one measurement (10 series)
  explorer counts      ${countMs.toFixed(0)} ms, bench_points ${measurement?.count.toLocaleString('en')}${measurement?.isEstimate ? ' (estimate)' : ''}; again later ${recountMs.toFixed(0)} ms, ${later?.count.toLocaleString('en')}${later?.isEstimate ? ' (estimate)' : ''} (info)
  capped query         ${queryMs.toFixed(0)} ms, ${queried.result.totalPoints.toLocaleString('en')} points held${queried.result.isCapped ? ', more exist' : ''} (info)
  InfluxDB /query CSV  ${mb(baseline.bytes)} in ${baseline.seconds.toFixed(2)} s = ${Math.round(influxRate).toLocaleString('en')} points/s
  server CSV export    ${rows.toLocaleString('en')} points, ${mb(exported.bytes)} in ${exported.seconds.toFixed(2)} s = ${Math.round(serverRate).toLocaleString('en')} points/s
  throughput ratio     ${ratio.toFixed(2)}   (must be >= ${MIN_THROUGHPUT_RATIO})   ${isRatioOk ? 'PASS' : 'FAIL'}
  server RSS idle      ${mb(sampled.idleRss)}
  server RSS peak      ${mb(peakRss)}   (every 50 ms, inside the app and from /proc)
  growth               ${mb(growth)}   (must be < ${MAX_EXPORT_GROWTH_MB} MB)   ${isGrowthOk ? 'PASS' : 'FAIL'}
`);
    process.exitCode = isRatioOk && isGrowthOk ? 0 : 1;
  } finally {
    if (app) await stopAppProcess(app);
    await influxql(`DROP DATABASE "${influxDatabase}"`).catch(() => undefined);
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

await main();
