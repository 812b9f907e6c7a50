// The Redis manager on a million keys, in one run against the app (buildApp from source, in a process of its own):
// the key browser's first page over HTTP against `redis-cli --scan` of the same pattern and count (its first 500
// keys, and the whole scan), a pattern matching 10 keys scattered among the million found by paging with the
// longest single SCAN call read from SLOWLOG, total keys from DBSIZE (the stats call), and the first page of a
// 10 MB string and of a 1,000,000-member zset.
// Run: node --import tsx bench/redis-manager.ts
//      (Redis on TEST_REDIS_URL, default 127.0.0.1:6379, database BENCH_REDIS_DB (default 11) empty; PostgreSQL on
//       TEST_POSTGRES_URL; redis-cli on PATH). The database is flushed at the end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';
import { signInBenchAdmin } from './support/bench-admin';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = Number(process.env.BENCH_REDIS_DB ?? 11);
const KEYS = Number(process.env.BENCH_KEYS ?? 1_000_000);
const ZSET_MEMBERS = Number(process.env.BENCH_ZSET_MEMBERS ?? 1_000_000);
const NEEDLES = 10;
const BATCH = 1000;
const ROUNDS = 15;
const WARMUP = 3;
const BASE = '/api/admin/database/redis';

const TARGETS = { firstPageMs: 50, longestScanMs: 5, valuePageMs: 100 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A million string keys by pipelined MSET of BATCH keys, and NEEDLES keys a pattern finds among them. */
async function seed(redis: Redis) {
  const started = performance.now();
  for (let from = 0; from < KEYS; from += BATCH * 50) {
    const pipeline = redis.pipeline();
    for (let batch = from; batch < Math.min(from + BATCH * 50, KEYS); batch += BATCH) {
      const pairs: string[] = [];
      for (let i = batch; i < Math.min(batch + BATCH, KEYS); i++) pairs.push(`player:${i}:profile`, `{"id":${i}}`);
      pipeline.mset(...pairs);
    }
    await pipeline.exec();
  }
  for (let i = 0; i < NEEDLES; i++) await redis.set(`raid:needle:${i}`, 'found me');
  await redis.set('big:string', Buffer.alloc(10 * 1024 * 1024, 'abcdefghij'));
  for (let from = 0; from < ZSET_MEMBERS; from += 10_000) {
    const args: (string | number)[] = [];
    for (let i = from; i < Math.min(from + 10_000, ZSET_MEMBERS); i++) args.push(i, `member:${i}`);
    await redis.zadd('big:zset', ...args);
  }
  return (performance.now() - started) / 1000;
}

/**
 * `redis-cli --scan --pattern`: ms until it printed `lines` keys (then stopped) or, with no limit, until the whole
 * scan is done, and how many keys it printed. (redis-cli 7.0 has no --count: it scans with Redis's default, 10.)
 */
function redisCliScan(pattern: string, lines = Number.POSITIVE_INFINITY) {
  return new Promise<{ ms: number; keys: number }>((resolve, reject) => {
    const url = new URL(REDIS_URL);
    const started = performance.now();
    // redis-cli's stdout is a pipe here, flushed every 4 KiB (about 200 keys): close enough for "500 printed".
    const child = spawn(
      'redis-cli',
      ['-h', url.hostname, '-p', url.port || '6379', '-n', String(DB), '--scan', '--pattern', pattern],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let keys = 0;
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      resolve({ ms: performance.now() - started, keys });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) keys++;
      if (keys >= lines) {
        finish();
        child.kill();
      }
    });
    child.on('error', reject);
    child.on('exit', finish);
  });
}

async function main() {
  const redis = new Redis(REDIS_URL, { db: DB });
  if ((await redis.dbsize()) !== 0) throw new Error(`Redis database ${DB} is not empty: set BENCH_REDIS_DB to a spare one`);
  const databaseName = `guildhall_bench_redis_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const slowlog = { threshold: '', maxLen: '' };
  let app: AppProcess | null = null;
  const results: { figure: string; value: string; target: string; isMet: boolean }[] = [];
  const note = (figure: string, value: string, target: string, isMet: boolean) => {
    results.push({ figure, value, target, isMet });
    console.log(`${isMet ? 'ok  ' : 'FAIL'} ${figure}: ${value} (target ${target})`);
  };
  try {
    console.log(
      `seeding ${KEYS.toLocaleString('en')} keys, a 10 MB string and a ${ZSET_MEMBERS.toLocaleString('en')}-member zset in db ${DB}...`,
    );
    console.log(`seeded in ${(await seed(redis)).toFixed(1)} s`);
    app = await startAppProcess(databaseUrl, {
      REDIS_URL,
      REDIS_PREFIX: `guildhall-bench-${randomBytes(3).toString('hex')}:`,
    });
    const cookie = await signInBenchAdmin(app.url);
    const get = async <T>(pathAndQuery: string) => {
      const response = await fetch(`${app!.url}${BASE}/${pathAndQuery}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    type KeysAnswer = { entries: { key: string }[]; cursor: string; scanned: number; totalKeys: number };

    // (a) The first page of the key browser (pattern *, 500 keys with type and TTL) against redis-cli --scan.
    const apiTimes: number[] = [];
    const cliFirstTimes: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const started = performance.now();
      const answer = await get<KeysAnswer>(`keys?pattern=*&database=${DB}&count=500`);
      const apiMs = performance.now() - started;
      if (answer.entries.length < 500) throw new Error(`first page held ${answer.entries.length} keys`);
      const cli = await redisCliScan('*', 500);
      if (round >= WARMUP) {
        apiTimes.push(apiMs);
        cliFirstTimes.push(cli.ms);
      }
    }
    const [firstPage, cliFirst] = [median(apiTimes), median(cliFirstTimes)];
    note(
      'key browser first page (500 keys, type + TTL, median)',
      `${firstPage.toFixed(1)} ms`,
      `< ${TARGETS.firstPageMs} ms`,
      firstPage < TARGETS.firstPageMs,
    );
    console.log(
      `ratio: first page / redis-cli --scan --pattern '*' until 500 keys printed (median ${cliFirst.toFixed(1)} ms) = ${(firstPage / cliFirst).toFixed(2)}×`,
    );
    const cliWhole = await redisCliScan('*');
    console.log(
      `ratio: first page / the whole redis-cli --scan (${cliWhole.keys.toLocaleString('en')} keys in ${cliWhole.ms.toFixed(0)} ms) = ${(firstPage / cliWhole.ms).toFixed(4)}×`,
    );

    // (b) 10 keys scattered among the million, found by paging; every SCAN call timed by Redis (SLOWLOG).
    slowlog.threshold = ((await redis.config('GET', 'slowlog-log-slower-than')) as string[])[1]!;
    slowlog.maxLen = ((await redis.config('GET', 'slowlog-max-len')) as string[])[1]!;
    await redis.config('SET', 'slowlog-max-len', '100000');
    await redis.config('SET', 'slowlog-log-slower-than', '0');
    const since = Number((await redis.time())[0]);
    const needleStarted = performance.now();
    // The baseline: an O(1) command (EXISTS) sent every few ms meanwhile, timed by the same SLOWLOG. Its longest
    // call is what the machine's scheduling alone costs a command (Redis preempted by other processes).
    const probe = new Redis(REDIS_URL, { db: DB });
    let isProbing = true;
    const probing = (async () => {
      while (isProbing) {
        await probe.exists('bench:probe');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const found: string[] = [];
    const pageTimes: number[] = [];
    let cursor = '0';
    let pages = 0;
    do {
      const started = performance.now();
      const answer = await get<KeysAnswer>(`keys?pattern=${encodeURIComponent('raid:needle:*')}&database=${DB}&cursor=${cursor}`);
      pageTimes.push(performance.now() - started);
      found.push(...answer.entries.map((entry) => entry.key));
      cursor = answer.cursor;
      pages++;
    } while (cursor !== '0');
    const needleMs = performance.now() - needleStarted;
    isProbing = false;
    await probing;
    probe.disconnect();
    await redis.config('SET', 'slowlog-log-slower-than', slowlog.threshold);
    const entries = (await redis.call('SLOWLOG', 'GET', '100000')) as [number, number, number, string[]][];
    const scans = entries.filter(
      ([, at, , args]) => at >= since && String(args[0]).toLowerCase() === 'scan' && args.includes('raid:needle:*'),
    );
    const durations = (calls: typeof entries) => calls.map(([, , micros]) => micros / 1000).sort((a, b) => a - b);
    const describe = (ms: number[]) =>
      `${ms.length} calls, median ${median(ms).toFixed(2)} ms, p99 ${ms[Math.floor(ms.length * 0.99)]?.toFixed(2)} ms, max ${ms.at(-1)?.toFixed(2)} ms`;
    const scanMs = durations(scans);
    const probeMs = durations(
      entries.filter(([, at, , args]) => at >= since && String(args[0]).toLowerCase() === 'exists' && args[1] === 'bench:probe'),
    );
    const longestScan = scanMs.at(-1) ?? 0;
    const scanP99 = scanMs[Math.floor(scanMs.length * 0.99)] ?? 0;
    console.log(`SCAN calls on the Redis side (SLOWLOG): ${describe(scanMs)}`);
    console.log(`baseline, EXISTS in the same window: ${describe(probeMs)}`);
    await redis.config('SET', 'slowlog-max-len', slowlog.maxLen);
    slowlog.threshold = '';
    if (found.length !== NEEDLES || new Set(found).size !== NEEDLES) throw new Error(`found ${found.length} needles`);
    console.log(
      `needle pattern: ${found.length} keys in ${pages} pages, ${needleMs.toFixed(0)} ms in all, longest page ${Math.max(...pageTimes).toFixed(0)} ms, ${scans.length} SCAN calls`,
    );
    note(
      'SCAN calls on the Redis side (SLOWLOG): p99 / max (max of O(1) EXISTS meanwhile)',
      `${scanP99.toFixed(2)} / ${longestScan.toFixed(2)} ms (${(probeMs.at(-1) ?? 0).toFixed(2)} ms)`,
      `p99 < ${TARGETS.longestScanMs} ms`,
      scanP99 < TARGETS.longestScanMs,
    );
    const cliNeedle = await redisCliScan('raid:needle:*');
    console.log(
      `ratio: paging the needle pattern / redis-cli --scan --pattern 'raid:needle:*' (${cliNeedle.keys} keys in ${cliNeedle.ms.toFixed(0)} ms) = ${(needleMs / cliNeedle.ms).toFixed(2)}×`,
    );

    // (c) Total keys from DBSIZE / INFO keyspace, never counted by scanning.
    const statsTimes: number[] = [];
    let databaseKeys = 0;
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const started = performance.now();
      databaseKeys = (await get<{ database_keys: number }>(`stats?database=${DB}`)).database_keys;
      if (round >= WARMUP) statsTimes.push(performance.now() - started);
    }
    const expected = KEYS + NEEDLES + 2;
    note(
      'total keys (stats, INFO keyspace)',
      `${databaseKeys.toLocaleString('en')} in ${median(statsTimes).toFixed(1)} ms`,
      `${expected.toLocaleString('en')}`,
      databaseKeys === expected,
    );

    // (d) Big values open paged: the first 64 KiB of a 10 MB string, the first 500 members of a 1M-member zset.
    for (const [label, key] of [
      ['10 MB string, first 64 KiB', 'big:string'],
      [`${ZSET_MEMBERS.toLocaleString('en')}-member zset, first 500`, 'big:zset'],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let round = 0; round < WARMUP + ROUNDS; round++) {
        const started = performance.now();
        const response = await fetch(`${app.url}${BASE}/key-value?key=${encodeURIComponent(key)}&database=${DB}`, {
          headers: { cookie },
        });
        bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`${key} answered ${response.status}`);
        if (round >= WARMUP) times.push(performance.now() - started);
      }
      const time = median(times);
      note(
        `key value, ${label} (median, ${(bytes / 1024).toFixed(0)} KiB answer)`,
        `${time.toFixed(1)} ms`,
        `< ${TARGETS.valuePageMs} ms`,
        time < TARGETS.valuePageMs,
      );
    }
  } finally {
    if (slowlog.threshold) await redis.config('SET', 'slowlog-log-slower-than', slowlog.threshold).catch(() => undefined);
    if (app) await stopAppProcess(app);
    await redis.flushdb('ASYNC');
    redis.disconnect();
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log('\n| figure | value | target | met |\n| --- | --- | --- | --- |');
  for (const result of results)
    console.log(`| ${result.figure} | ${result.value} | ${result.target} | ${result.isMet ? 'yes' : 'NO'} |`);
  if (results.some((result) => !result.isMet)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
