// What a probe costs (issue 27): requests/s of the app's GET /healthz against a bare Fastify hello world, measured in
// the same run with the same load: an undici pool of BENCH_CONNECTIONS keep-alive connections, each sending the next
// request when the last one answered (undici, not node:http, so the client is not what runs out first). Both servers
// run in processes of their own; rounds alternate between them so a busy machine weighs on both alike. Prints each
// round, the totals and the ratio; target: at least 0.6.
// Run: node --import tsx bench/healthz.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { Pool } from 'undici';
import { withBenchDatabase } from './support/bench-database';
import { startAppProcess, stopAppProcess } from './support/start-app-process';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MIN_RATIO = 0.6;

/** Starts the hello world and waits for its port. */
function startHelloWorld(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(import.meta.dirname, 'support', 'hello-world-process.ts'), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: { port: number }) => resolve({ child, url: `http://127.0.0.1:${ready.port}/` }));
    child.once('exit', (code) => reject(new Error(`the hello world exited with ${code}`)));
  });
}

/** Requests/s of one round; any answer but a 200 fails the bench, as it would measure something else. */
async function round(url: string): Promise<number> {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  let answered = 0;
  const started = performance.now();
  const deadline = started + ROUND_MS;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const { statusCode, body } = await pool.request({ path: pathname, method: 'GET' });
          await body.dump();
          if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}`);
          answered++;
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return answered / ((performance.now() - started) / 1000);
}

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
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
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
