// The signed-in guild list under load (issue 27: no slower than before the floors work, at 50 connections on
// PostgreSQL): requests/s of GET /api/admin/guilds (the page Guild Management opens on, with the admin's session
// cookie) on the demo seed, against a bare Fastify hello world with the same load in the same run, and, with
// BENCH_BASELINE set to another checkout of this repository (an older commit, its `npm ci` done), against that
// commit's app on the same seed. Every server runs in a process of its own; rounds alternate between them so a busy
// machine weighs on all alike.
// Run: node --import tsx bench/guild-list-load.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
//      BENCH_BASELINE=/path/to/checkout-of-3f0bf97 node --import tsx bench/guild-list-load.ts
import { signInBenchAdmin } from './support/bench-admin';
import { withBenchDatabase } from './support/bench-database';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';
import { mean, requestsPerSecond, startHelloWorld } from './support/throughput';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASELINE = process.env.BENCH_BASELINE;
const LIST_PATH = '/api/admin/guilds?page=1&limit=10&status=all&region=all';

interface Contender {
  name: string;
  url: string;
  headers?: Record<string, string>;
  rates: number[];
}

async function signedInList(app: AppProcess, name: string): Promise<Contender> {
  const cookie = await signInBenchAdmin(app.url);
  return { name, url: `${app.url}${LIST_PATH}`, headers: { cookie }, rates: [] };
}

async function measure(contenders: Contender[]): Promise<void> {
  const load = { connections: CONNECTIONS, ms: ROUND_MS };
  // A warm-up round each: JIT, connection set-up, the pool's connections to PostgreSQL.
  for (const contender of contenders) await requestsPerSecond(contender.url, { ...load, headers: contender.headers });
  for (let at = 0; at < ROUNDS; at++) {
    for (const contender of contenders) {
      contender.rates.push(await requestsPerSecond(contender.url, { ...load, headers: contender.headers }));
    }
    console.log(`round ${at + 1}: ${contenders.map((c) => `${c.name} ${c.rates[at]!.toFixed(0)}/s`).join(', ')}`);
  }
  console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_MS / 1000} s each, alternating:`);
  for (const contender of contenders) {
    console.log(`  ${contender.name.padEnd(32)} ${mean(contender.rates).toFixed(0)} requests/s`);
  }
  const [hello, list, baseline] = contenders;
  console.log(`  ratio guild list / hello world  ${(mean(list!.rates) / mean(hello!.rates)).toFixed(3)}`);
  if (baseline) {
    console.log(`  ratio guild list / baseline     ${(mean(list!.rates) / mean(baseline.rates)).toFixed(3)}`);
  }
}

await withBenchDatabase((databaseUrl) =>
  withBenchDatabase(async (baselineDatabaseUrl) => {
    const seeded = { SEED_DEMO_DATA: 'true' };
    const [app, hello, baselineApp] = await Promise.all([
      startAppProcess(databaseUrl, seeded),
      startHelloWorld(),
      BASELINE ? startAppProcess(baselineDatabaseUrl, seeded, BASELINE) : Promise.resolve(null),
    ]);
    try {
      const contenders: Contender[] = [
        { name: 'bare Fastify hello world', url: hello.url, rates: [] },
        await signedInList(app, 'the signed-in guild list'),
      ];
      if (baselineApp) contenders.push(await signedInList(baselineApp, `the guild list at ${BASELINE}`));
      await measure(contenders);
    } finally {
      hello.child.send({ type: 'stop' });
      await stopAppProcess(app);
      if (baselineApp) await stopAppProcess(baselineApp);
    }
  }),
);
