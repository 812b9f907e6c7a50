// Guild Management with a hundred thousand guilds, in one run:
//  (a) the list call with a search and two filters over HTTP against the same SQL through the driver;
//  (b) the CSV export of every guild, with the server's memory sampled every 50 ms.
// Run: node --import tsx bench/guild-list.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { guildListStatements } from '../apps/server/src/modules/guilds/queries';
import type { BenchCommand } from './support/app-process';
import { signInBenchAdmin } from './support/bench-admin';
import { seedGuilds } from './support/seed-guilds';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const GUILDS = Number(process.env.BENCH_GUILDS ?? 100_000);
const ROUNDS = 300;
const WARMUP = 30;
const MIN_RATIO = 0.5;
const MAX_EXPORT_GROWTH_MB = 64;
/** The list call measured: a search and two filters, the first page. */
const QUERY = { page: 1, limit: 10, search: 'storm', status: 'active', region: 'EU' } as const;

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
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

/** (a) The list over HTTP and the same statements through the driver, alternating, after a warm-up. */
async function measureList(url: string, cookie: string, databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const { page, count } = guildListStatements(QUERY);
  const direct = async () => {
    const [rows, total] = await Promise.all([pool.query(page.text, page.values), pool.query(count.text, count.values)]);
    return { rows: rows.rowCount, total: total.rows[0].total as number };
  };
  const search = new URLSearchParams(Object.entries(QUERY).map(([key, value]) => [key, String(value)]));
  const viaApi = async () => {
    const response = await fetch(`${url}/api/admin/guilds?${search}`, { headers: { cookie } });
    const body = (await response.json()) as { guilds: unknown[]; total: number };
    if (!response.ok) throw new Error(`list answered ${response.status}`);
    return { rows: body.guilds.length, total: body.total };
  };
  const apiTimes: number[] = [];
  const driverTimes: number[] = [];
  let answers = { api: await viaApi(), driver: await direct() };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [run, times, key] of [
      [viaApi, apiTimes, 'api'],
      [direct, driverTimes, 'driver'],
    ] as const) {
      const started = performance.now();
      const answer = await run();
      if (round >= WARMUP) times.push(performance.now() - started);
      answers = { ...answers, [key]: answer };
    }
  }
  const plan = await pool.query(`EXPLAIN ${page.text}`, page.values);
  const countPlan = await pool.query(`EXPLAIN ${count.text}`, count.values);
  await pool.end();
  const indexesOf = (rows: { 'QUERY PLAN': string }[]) =>
    [...new Set(rows.flatMap((row) => [...row['QUERY PLAN'].matchAll(/(?:using|on) (\w+_idx)/g)].map((m) => m[1])))].join(', ');
  return {
    api: median(apiTimes),
    driver: median(driverTimes),
    answers,
    indexes: { page: indexesOf(plan.rows), count: indexesOf(countPlan.rows) },
  };
}

/** (b) The CSV export of every guild over HTTP, reading it as it arrives, while the app samples its RSS. */
async function measureExport(url: string, cookie: string, app: AppProcess) {
  app.child.send({ type: 'sample-start' } satisfies BenchCommand);
  const started = performance.now();
  const response = await fetch(`${url}/api/admin/guilds/export`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lineEnds = 0;
  // Records end in CRLF and the generated guilds hold no line breaks, so each LF byte ends one record.
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineEnds++;
  }
  const seconds = (performance.now() - started) / 1000;
  app.child.send({ type: 'sample-stop' } satisfies BenchCommand);
  const sampled = await app.next();
  if (sampled.type !== 'sampled') throw new Error('no memory sample');
  return { rows: lineEnds - 1, bytes, seconds, ...sampled };
}

async function main() {
  const databaseName = `guildhall_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  let app: AppProcess | null = null;
  try {
    app = await startAppProcess(databaseUrl);
    const seedStarted = performance.now();
    const seeder = new pg.Client({ connectionString: databaseUrl });
    await seeder.connect();
    await seedGuilds(seeder, GUILDS);
    const [{ guilds, members }] = (
      await seeder.query(
        'SELECT (SELECT count(*) FROM guilds)::int AS guilds, (SELECT count(*) FROM discord_members)::int AS members',
      )
    ).rows;
    await seeder.end();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `seeded ${guilds.toLocaleString()} guilds and ${members.toLocaleString()} members in ${seedSeconds.toFixed(1)} s`,
    );

    const cookie = await signInBenchAdmin(app.url);
    const list = await measureList(app.url, cookie, databaseUrl);
    const exported = await measureExport(app.url, cookie, app);

    const ratio = list.driver / list.api;
    const growth = exported.peakRss - exported.idleRss;
    const isListOk = ratio >= MIN_RATIO && list.answers.api.total === list.answers.driver.total;
    const isExportOk = growth <= MAX_EXPORT_GROWTH_MB * MB && exported.rows === guilds;
    console.log(`
Guild list, ${guilds.toLocaleString()} guilds: search '${QUERY.search}', status ${QUERY.status}, region ${QUERY.region}, page 1 of ${QUERY.limit}
  matches            ${list.answers.api.total.toLocaleString()} (API) / ${list.answers.driver.total.toLocaleString()} (driver)
  median, driver     ${ms(list.driver)}   (the same two statements through pg, ${ROUNDS} rounds)
  median, API        ${ms(list.api)}   (HTTP, session check, validation, presentation)
  ratio driver/API   ${ratio.toFixed(2)}   (must be >= ${MIN_RATIO})   ${ratio >= MIN_RATIO ? 'PASS' : 'FAIL'}
  indexes            page: ${list.indexes.page || 'none'}; count: ${list.indexes.count || 'none'}

CSV export of every guild
  rows received      ${exported.rows.toLocaleString()} of ${guilds.toLocaleString()}, ${mb(exported.bytes)} in ${exported.seconds.toFixed(1)} s
  server RSS idle    ${mb(exported.idleRss)}
  server RSS peak    ${mb(exported.peakRss)}   (${exported.samples} samples, every 50 ms)
  growth             ${mb(growth)}   (must be <= ${MAX_EXPORT_GROWTH_MB} MB)   ${isExportOk ? 'PASS' : 'FAIL'}
`);
    process.exitCode = isListOk && isExportOk ? 0 : 1;
  } finally {
    if (app) await stopAppProcess(app);
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

await main();
