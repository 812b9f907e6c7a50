// The PostgreSQL manager on a table of a million rows, in one run against the built server (as a user starts it):
// table list and details, the row view's first page at the start and at a deep keyset cursor, the query runner's
// `SELECT * FROM big` against psql fetching 101 rows of it (and, for information, a pg cursor in this process),
// and the CSV export against `psql -c "\copy big to stdout csv"` with the server's RSS sampled from /proc.
// Run: npm run build -w apps/server && node --import tsx bench/database-manager.ts
//      (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432; psql on PATH)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { signInBenchAdmin } from './support/bench-admin';
import {
  type BuiltServer,
  collectGarbage,
  freePort,
  memoryOf,
  startBuiltServer,
  stopServer,
  waitUntilReady,
} from './support/built-server';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE = '/api/admin/database/postgresql';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = 3;
const START_TIMEOUT_MS = 120_000;
const EXPORT_TIMEOUT_MS = 300_000;

const TARGETS = {
  catalogueMs: 200,
  rowsPageMs: 50,
  queryOverPsql: 2,
  exportOverPsql: 0.5,
  exportGrowthMb: 64,
};

const MB = 1024 * 1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const rssOf = (pid: number) => memoryOf(pid).rssKb * 1024;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A million rows: a bigint key, an indexed int with ties, text, numeric, a timestamp and a longer text. */
async function seed(databaseUrl: string) {
  await withClient(databaseUrl, async (client) => {
    await client.query(`CREATE TABLE big (
      id bigint PRIMARY KEY, account int NOT NULL, name text NOT NULL, score numeric(10, 2),
      created_at timestamptz NOT NULL, note text)`);
    await client.query(
      `INSERT INTO big SELECT n, n % 1000, 'player ' || n, (n % 10000) / 100.0,
         timestamptz '2025-01-01 00:00:00+00' + n * interval '1 second', md5(n::text) || md5((n + 1)::text)
       FROM generate_series(1, $1) AS n`,
      [ROWS],
    );
    await client.query('CREATE INDEX big_account ON big (account)');
    await client.query('ANALYZE big');
  });
}

/** Median time of an async call over ROUNDS after WARMUP, checking every answer. */
async function timeMedian(run: () => Promise<void>) {
  const times: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const started = performance.now();
    await run();
    if (round >= WARMUP) times.push(performance.now() - started);
  }
  return median(times);
}

function api(url: string, cookie: string) {
  return async (method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) => {
    const response = await fetch(`${url}${pathAndQuery}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathAndQuery} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
}

const cursorOf = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

/** The baseline of the query runner: the same statement in a read-only transaction, 101 rows through pg-cursor. */
async function cursorBaseline(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    const cursor = client.query(new Cursor('SELECT * FROM big'));
    const rows = await cursor.read(101);
    if (rows.length !== 101) throw new Error('the cursor read fewer than 101 rows');
    await cursor.close();
    await client.query('ROLLBACK');
  } finally {
    client.release();
  }
}

/** psql fetching 101 rows of the same statement through a cursor, as a user at a terminal would: its answer time. */
function psqlFetch(databaseUrl: string) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const statements = ['BEGIN READ ONLY', 'DECLARE c NO SCROLL CURSOR FOR SELECT * FROM big', 'FETCH 101 FROM c', 'ROLLBACK'];
    const child = spawn('psql', [databaseUrl, '-X', '-q', ...statements.flatMap((statement) => ['-c', statement])], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && lines >= 101
        ? resolve(performance.now() - started)
        : reject(new Error(`psql exited ${code}, ${lines} lines`)),
    );
  });
}

/** `psql -c "\copy big to stdout csv"`: seconds and bytes. */
function psqlCopy(databaseUrl: string) {
  return new Promise<{ seconds: number; bytes: number }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-c', '\\copy big to stdout csv header'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, bytes }) : reject(new Error(`psql: ${errors}`)),
    );
  });
}

/** The server's export (CSV unless asked) read as it arrives, VmRSS sampled every 50 ms. */
async function serverExport(url: string, cookie: string, child: ChildProcess, format: 'csv' | 'json' = 'csv') {
  await collectGarbage(child);
  const idle = rssOf(child.pid!);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(child.pid!));
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(`${url}${BASE}/export?schema=public&table=big&format=${format}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lineEnds = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineEnds++;
    }
    return { seconds: (performance.now() - started) / 1000, bytes, rows: lineEnds - 1, idle, peak };
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(child.pid!));
  }
}

async function main() {
  const databaseName = `guildhall_bench_dm_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  await withClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'guildhall-bench-dm-'));
  let server: BuiltServer | null = null;
  const results: { figure: string; value: string; target: string; isMet: boolean }[] = [];
  const note = (figure: string, value: string, target: string, isMet: boolean) => {
    results.push({ figure, value, target, isMet });
    console.log(`${isMet ? 'ok  ' : 'FAIL'} ${figure}: ${value} (target ${target})`);
  };
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = startBuiltServer(workDir, port, { DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false' });
    await waitUntilReady(url, server, START_TIMEOUT_MS);
    const seedStarted = performance.now();
    await seed(databaseUrl);
    console.log(`seeded ${ROWS.toLocaleString('en')} rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const cookie = await signInBenchAdmin(url);
    const call = api(url, cookie);

    const tables = await timeMedian(async () => {
      const body = (await call('GET', `${BASE}/tables?schema=public`)) as { tables: { name: string; rowCount: number }[] };
      if (!body.tables.some((table) => table.name === 'big' && table.rowCount >= ROWS * 0.9)) throw new Error('big not listed');
    });
    note('table list (median)', `${tables.toFixed(1)} ms`, `< ${TARGETS.catalogueMs} ms`, tables < TARGETS.catalogueMs);
    const details = await timeMedian(async () => {
      await call('GET', `${BASE}/table-details?schema=public&table=big`);
    });
    note('table details (median)', `${details.toFixed(1)} ms`, `< ${TARGETS.catalogueMs} ms`, details < TARGETS.catalogueMs);

    const pages: [string, string][] = [
      ['first page by id, start', ''],
      ['first page by id, deep cursor (id 900,000)', `&after=${cursorOf([String(Math.floor(ROWS * 0.9))])}`],
      ['first page by account, start', '&sort=account'],
      ['first page by account, deep cursor (account 900)', `&sort=account&after=${cursorOf(['900', String(ROWS - 100_000)])}`],
      ['first page by id descending, deep cursor', `&direction=desc&after=${cursorOf([String(Math.floor(ROWS * 0.1))])}`],
    ];
    for (const [label, query] of pages) {
      const time = await timeMedian(async () => {
        const body = (await call('GET', `${BASE}/rows?schema=public&table=big${query}`)) as { page: { rows: unknown[] } };
        if (body.page.rows.length !== 50) throw new Error(`${label}: ${body.page.rows.length} rows`);
      });
      note(`row view ${label} (median)`, `${time.toFixed(1)} ms`, `< ${TARGETS.rowsPageMs} ms`, time < TARGETS.rowsPageMs);
    }

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const runTimes: number[] = [];
    const cursorTimes: number[] = [];
    const psqlTimes: number[] = [];
    type QueryAnswer = { rowCount: number; hasMore: boolean; rows: unknown[] };
    let answer: QueryAnswer | null = null;
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      let started = performance.now();
      answer = (await call('POST', `${BASE}/query`, { query: 'SELECT * FROM big' })) as unknown as QueryAnswer;
      if (round >= WARMUP) runTimes.push(performance.now() - started);
      started = performance.now();
      await cursorBaseline(pool);
      if (round >= WARMUP) cursorTimes.push(performance.now() - started);
      const psqlTime = await psqlFetch(databaseUrl);
      if (round >= WARMUP) psqlTimes.push(psqlTime);
    }
    await pool.end();
    const [run, cursor, psqlFetchMs] = [median(runTimes), median(cursorTimes), median(psqlTimes)];
    console.log(
      `query runner answer: ${answer!.rows.length} rows shown, rowCount ${answer!.rowCount}${answer!.hasMore ? ' (more)' : ''}`,
    );
    // The target is psql (a process, a connection, a cursor, 101 rows printed); an in-process pg-cursor on
    // an open connection has none of that cost, or of HTTP, the session check, the audit and history rows.
    note(
      'query runner SELECT * FROM big / psql FETCH 101 (medians)',
      `${run.toFixed(1)} ms / ${psqlFetchMs.toFixed(1)} ms = ${(run / psqlFetchMs).toFixed(2)}×`,
      `≤ ${TARGETS.queryOverPsql}×`,
      run / psqlFetchMs <= TARGETS.queryOverPsql,
    );
    console.log(
      `info: query runner / in-process pg-cursor read of 101 rows on an open connection: ${run.toFixed(1)} ms / ` +
        `${cursor.toFixed(1)} ms = ${(run / cursor).toFixed(2)}× (no target)`,
    );

    const psql = await psqlCopy(databaseUrl);
    const exported = await serverExport(url, cookie, server.child);
    const psqlRate = psql.bytes / MB / psql.seconds;
    const serverRate = exported.bytes / MB / exported.seconds;
    console.log(
      `psql \\copy: ${(psql.bytes / MB).toFixed(1)} MB in ${psql.seconds.toFixed(2)} s; ` +
        `export: ${exported.rows.toLocaleString('en')} rows, ${(exported.bytes / MB).toFixed(1)} MB in ${exported.seconds.toFixed(2)} s`,
    );
    if (exported.rows !== ROWS) throw new Error(`the export held ${exported.rows} rows, not ${ROWS}`);
    note(
      'CSV export throughput / psql \\copy',
      `${serverRate.toFixed(1)} / ${psqlRate.toFixed(1)} MB/s = ${((serverRate / psqlRate) * 100).toFixed(0)} %`,
      `≥ ${TARGETS.exportOverPsql * 100} %`,
      serverRate / psqlRate >= TARGETS.exportOverPsql,
    );
    const growth = (exported.peak - exported.idle) / MB;
    note(
      'server RSS during the export: idle / peak / growth',
      `${(exported.idle / MB).toFixed(1)} / ${(exported.peak / MB).toFixed(1)} / ${growth.toFixed(1)} MB`,
      `< ${TARGETS.exportGrowthMb} MB`,
      growth < TARGETS.exportGrowthMb,
    );
    // For information: the JSON export (COPY of row_to_json lines framed as an array) over the same table.
    const json = await serverExport(url, cookie, server.child, 'json');
    console.log(
      `info: JSON export: ${(json.bytes / MB).toFixed(1)} MB in ${json.seconds.toFixed(2)} s = ` +
        `${(json.bytes / MB / json.seconds).toFixed(1)} MB/s, RSS growth ${((json.peak - json.idle) / MB).toFixed(1)} MB (no target)`,
    );
  } finally {
    if (server) await stopServer(server.child);
    rmSync(workDir, { recursive: true, force: true });
    await withClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
  console.log('\n| figure | value | target | met |\n| --- | --- | --- | --- |');
  for (const result of results) {
    console.log(`| ${result.figure} | ${result.value} | ${result.target} | ${result.isMet ? 'yes' : 'NO'} |`);
  }
  if (results.some((result) => !result.isMet)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
