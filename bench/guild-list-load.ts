// The signed-in guild list under load (issue 27: no slower than about 1,450 requests/s at 50 connections on
// PostgreSQL): requests/s of GET /api/admin/guilds (the page Guild Management opens on, with the admin's session
// cookie) on the demo seed, against a bare Fastify hello world with the same load in the same run. Both servers run
// in processes of their own; rounds alternate between them so a busy machine weighs on both alike.
// Run: node --import tsx bench/guild-list-load.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { signInBenchAdmin } from './support/bench-admin';
import { withBenchDatabase } from './support/bench-database';
import { startAppProcess, stopAppProcess } from './support/start-app-process';
import { mean, requestsPerSecond, startHelloWorld } from './support/throughput';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The figure the issue names for this machine before the floors work. */
const TARGET_PER_SECOND = 1450;
const LIST_PATH = '/api/admin/guilds?page=1&limit=10&status=all&region=all';

await withBenchDatabase(async (databaseUrl) => {
  const [app, hello] = await Promise.all([startAppProcess(databaseUrl, { SEED_DEMO_DATA: 'true' }), startHelloWorld()]);
  try {
    const cookie = await signInBenchAdmin(app.url);
    const list = `${app.url}${LIST_PATH}`;
    const load = { connections: CONNECTIONS, ms: ROUND_MS };
    const signedIn = { ...load, headers: { cookie } };
    // A warm-up round each: JIT, connection set-up, the pool's connections to PostgreSQL.
    await requestsPerSecond(hello.url, load);
    await requestsPerSecond(list, signedIn);
    const rates = { hello: [] as number[], list: [] as number[] };
    for (let at = 0; at < ROUNDS; at++) {
      rates.hello.push(await requestsPerSecond(hello.url, load));
      rates.list.push(await requestsPerSecond(list, signedIn));
      console.log(`round ${at + 1}: hello world ${rates.hello[at]!.toFixed(0)}/s, guild list ${rates.list[at]!.toFixed(0)}/s`);
    }
    console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_MS / 1000} s each, alternating:`);
    console.log(`  bare Fastify hello world        ${mean(rates.hello).toFixed(0)} requests/s`);
    console.log(
      `  the signed-in guild list        ${mean(rates.list).toFixed(0)} requests/s  (about ${TARGET_PER_SECOND} before)`,
    );
    console.log(`  ratio guild list / hello world  ${(mean(rates.list) / mean(rates.hello)).toFixed(3)}`);
  } finally {
    hello.child.send({ type: 'stop' });
    await stopAppProcess(app);
  }
});
