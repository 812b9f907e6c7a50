// Player Account Management with a hundred thousand accounts and three hundred thousand characters, in one run:
//  (a) the list call with a search, two filters (status, linkedTo), a sort and includeCharacters over HTTP, against
//      the same SQL run directly through the driver (the module's own list function on a pg pool);
//  (b) the statistics call over HTTP, against its statement through the driver.
// Run: node --import tsx bench/player-accounts.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { randomBytes } from 'node:crypto';
import { playerAccountListQuery } from '@guildhall/contract';
import pg from 'pg';
import { listAccounts } from '../apps/server/src/modules/player-accounts/list-accounts';
import { selectStatistics } from '../apps/server/src/modules/player-accounts/queries';
import type { Queryable } from '../apps/server/src/services/db/db';
import { signInBenchAdmin } from './support/bench-admin';
import { seedPlayerAccounts } from './support/seed-player-accounts';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const CHARACTERS = ACCOUNTS * 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 20;
/** Targets of issue #12 (95th percentile over HTTP). */
const TARGETS = { listMs: 100, statisticsMs: 50 } as const;
/** The list call measured: the screen's search box, two filters, a sort, with the cards' characters. */
const QUERY = {
  page: 1,
  limit: 25,
  includeCharacters: true,
  search: 'thal',
  status: 'active',
  linkedTo: 'discord',
  sortBy: 'displayName',
  sortOrder: 'asc',
} as const;

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The pool as the module's functions take a database: the same SQL, without HTTP, session check or validation. */
const asQueryable = (pool: pg.Pool): Queryable => ({
  query: (text, params) => pool.query(text, params as unknown[]) as never,
  exec: async (text) => void (await pool.query(text)),
});

/** The call over HTTP and the same SQL through the driver, alternating after a warm-up; times of each. */
async function measure<T>(viaApi: () => Promise<T>, direct: () => Promise<T>) {
  const times = { api: [] as number[], driver: [] as number[] };
  const answers = { api: await viaApi(), driver: await direct() };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [run, key] of [
      [viaApi, 'api'],
      [direct, 'driver'],
    ] as const) {
      const started = performance.now();
      answers[key] = await run();
      if (round >= WARMUP) times[key].push(performance.now() - started);
    }
  }
  const figures = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
  return { api: figures(times.api), driver: figures(times.driver), answers };
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

type ListAnswer = { rows: number; total: number; characters: number };

async function measureList(url: string, cookie: string, db: Queryable) {
  const search = new URLSearchParams(Object.entries(QUERY).map(([key, value]) => [key, String(value)]));
  const parsed = playerAccountListQuery.parse(QUERY);
  const summarise = (body: { data: { characters?: unknown[] }[]; pagination: { total: number } }): ListAnswer => ({
    rows: body.data.length,
    total: body.pagination.total,
    characters: body.data.reduce((sum, account) => sum + (account.characters?.length ?? 0), 0),
  });
  return measure(
    async () => summarise(await getJson(`${url}/api/admin/players?${search}`, cookie)),
    async () => summarise(await listAccounts(db, parsed)),
  );
}

async function measureStatistics(url: string, cookie: string, db: Queryable) {
  return measure(
    async () => (await getJson<{ data: { total: number } }>(`${url}/api/admin/players/statistics`, cookie)).data.total,
    async () => (await selectStatistics(db)).total,
  );
}

/** The indexes PostgreSQL's plan of the list's page and count statements uses. */
async function listIndexes(pool: pg.Pool) {
  const plans: string[] = [];
  const explaining: Queryable = {
    query: async (text, params) => {
      if (/^\s*SELECT/i.test(text)) {
        const plan = await pool.query(`EXPLAIN ${text}`, params as unknown[]);
        plans.push(...plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']));
      }
      return pool.query(text, params as unknown[]) as never;
    },
    exec: async () => undefined,
  };
  await listAccounts(explaining, playerAccountListQuery.parse(QUERY));
  return [...new Set(plans.flatMap((line) => [...line.matchAll(/(?:using|on) (\w+_(?:idx|key|pkey))/g)].map((m) => m[1])))];
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
    await seedPlayerAccounts(seeder, { accounts: ACCOUNTS, characters: CHARACTERS, guilds: 1000 });
    const [counts] = (
      await seeder.query(
        `SELECT (SELECT count(*) FROM player_accounts)::int AS accounts, (SELECT count(*) FROM characters)::int AS characters,
                (SELECT count(*) FROM character_links)::int AS links`,
      )
    ).rows;
    await seeder.end();
    console.log(
      `seeded ${counts.accounts.toLocaleString()} accounts, ${counts.characters.toLocaleString()} characters ` +
        `(${counts.links.toLocaleString()} linked) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const cookie = await signInBenchAdmin(app.url);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const db = asQueryable(pool);
    const list = await measureList(app.url, cookie, db);
    const statistics = await measureStatistics(app.url, cookie, db);
    const indexes = await listIndexes(pool);
    await pool.end();

    const isListOk =
      list.api.p95 < TARGETS.listMs && list.answers.api.total === list.answers.driver.total && list.answers.api.rows > 0;
    const isStatisticsOk = statistics.api.p95 < TARGETS.statisticsMs && statistics.answers.api === statistics.answers.driver;
    const line = (name: string, m: typeof list, target: number, isOk: boolean) =>
      `  ${name.padEnd(11)} API p50 ${ms(m.api.p50)}  p95 ${ms(m.api.p95)}   driver p50 ${ms(m.driver.p50)}  p95 ${ms(m.driver.p95)}` +
      `   ratio driver/API p50 ${(m.driver.p50 / m.api.p50).toFixed(2)}   target p95 < ${target} ms  ${isOk ? 'PASS' : 'FAIL'}`;
    const q = QUERY;
    console.log(`
Player accounts, ${counts.accounts.toLocaleString()} accounts, ${counts.characters.toLocaleString()} characters, ${ROUNDS} alternating rounds
  list: search '${q.search}', status ${q.status}, linkedTo ${q.linkedTo}, sort ${q.sortBy} ${q.sortOrder}, includeCharacters, page 1 of ${q.limit}
  matches     ${list.answers.api.total.toLocaleString()} (API) / ${list.answers.driver.total.toLocaleString()} (driver), ${list.answers.api.rows} on the page with ${list.answers.api.characters} characters
${line('list', list, TARGETS.listMs, isListOk)}
${line('statistics', statistics as unknown as typeof list, TARGETS.statisticsMs, isStatisticsOk)}
  indexes     ${indexes.join(', ') || 'none'}
`);
    process.exitCode = isListOk && isStatisticsOk ? 0 : 1;
  } finally {
    if (app) await stopAppProcess(app);
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

await main();
