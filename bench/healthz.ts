// What a probe costs (issue 27): requests/s of the app's GET /healthz against a bare Fastify hello world, measured in
// the same run with the same load: an undici pool of BENCH_CONNECTIONS keep-alive connections, each sending the next
// request when the last one answered (undici, not node:http, so the client is not what runs out first). Both servers
// run in processes of their own; rounds alternate between them so a busy machine weighs on both alike. Prints each
// round, the totals and the ratio; target: at least 0.6.
// Run: node --import tsx bench/healthz.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { withBenchDatabase } from './support/bench-database';
import { startAppProcess, stopAppProcess } from './support/start-app-process';
import { mean, requestsPerSecond, startHelloWorld } from './support/throughput';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MIN_RATIO = 0.6;

const round = (url: string) => requestsPerSecond(url, { connections: CONNECTIONS, ms: ROUND_MS });

await withBenchDatabase(async (databaseUrl) => {
  const [app, hello] = await Promise.all([startAppProcess(databaseUrl), startHelloWorld()]);
  try {
    const healthz = `${app.url}/healthz`;
    // A warm-up round each: JIT, connection set-up.
    await round(hello.url);
    await round(healthz);
    const rates = { hello: [] as number[], healthz: [] as number[] };
    for (let at = 0; at < ROUNDS; at++) {
      rates.hello.push(await round(hello.url));
      rates.healthz.push(await round(healthz));
      console.log(`round ${at + 1}: hello world ${rates.hello[at]!.toFixed(0)}/s, /healthz ${rates.healthz[at]!.toFixed(0)}/s`);
    }
    const ratio = mean(rates.healthz) / mean(rates.hello);
    console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_MS / 1000} s each, alternating:`);
    console.log(`  bare Fastify hello world   ${mean(rates.hello).toFixed(0)} requests/s`);
    console.log(`  the app's GET /healthz     ${mean(rates.healthz).toFixed(0)} requests/s`);
    console.log(`  ratio /healthz / hello     ${ratio.toFixed(2)}  (target ≥ ${MIN_RATIO})`);
    if (ratio < MIN_RATIO) process.exitCode = 1;
  } finally {
    hello.child.send({ type: 'stop' });
    await stopAppProcess(app);
  }
});
