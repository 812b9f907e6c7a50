// The sign-up rush of issue 31: 1,000 members of one guild answer the same raid within 10 s from 200 keep-alive
// connections (PUT /api/guild/raids/:raidId/signup with each member's Discord session cookie and X-Guild-ID), on an
// open-loop schedule: answer i is sent at i × 10 s / 999 whatever the others are doing, and its latency counts from
// that scheduled time, so waiting for a connection counts. Every answer must be stored once (1,000 rows, one per
// member) and none lost; prints p50/p99/max, the rush's length and the app's CPU per sign-up. In the same run, on the
// same schedule, 1,000 other members answer a second raid through the pg driver with the module's own statement
// (storeAnswer) on a pool as large as the app's. BENCH_BEFORE=<checkout> also runs an older checkout's app (with its
// node_modules) on a third raid, on the same schedule: the before/after of a change in one run.
// Run: node --import tsx bench/raid-signup-rush.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import http from 'node:http';
import os from 'node:os';
import { COMMUNITY_SESSION_COOKIE } from '@guildhall/contract';
import pg from 'pg';
import { storeAnswer } from '../apps/server/src/modules/raids/raid-queries';
import type { Queryable } from '../apps/server/src/services/db/db';
import { withBenchDatabase } from './support/bench-database';
import { percentile } from './support/http-load';
import { type OpenLoopRun, openLoop } from './support/open-loop';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** The answers are spread over this long (issue 31: "within 10 s"). */
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 10_000);
/** The app's PostgreSQL pool (DATABASE_POOL_MAX, default 10): the driver run gets as many connections. */
const POOL_SIZE = Number(process.env.BENCH_POOL ?? 10);
const BEFORE = process.env.BENCH_BEFORE;
const DISCORD_GUILD_ID = '900000000000000001';
const P99_LIMIT_MS = 300;

/** One guild, 2 × MEMBERS community users with guild.view and a live session each, and two raids two days ahead. */
async function seed(
  db: pg.Client,
): Promise<{ guildId: string; apiRaid: string; driverRaid: string; beforeRaid: string; userIds: string[] }> {
  const guild = await db.query<{ id: string }>(
    `INSERT INTO guilds (guild_name, server, region, is_active, discord_guild_id) VALUES ('Rush Guild', 'Stormrage', 'EU', true, $1)
     RETURNING id`,
    [DISCORD_GUILD_ID],
  );
  const guildId = guild.rows[0]!.id;
  const users = await db.query<{ id: string }>(
    `INSERT INTO users (username) SELECT 'rusher_' || i FROM generate_series(1, $1) i ORDER BY i RETURNING id`,
    [MEMBERS * 2],
  );
  const userIds = users.rows.map((row) => row.id);
  await db.query(
    `INSERT INTO guild_permission_grants (guild_id, user_id, permission, granted_by)
     SELECT $1, u, 'guild.view', 'bench' FROM unnest($2::uuid[]) u`,
    [guildId, userIds],
  );
  // The session token of member i is 'rush-session-<i>'; the table keeps its SHA-256, as sign-in stores it.
  await db.query(
    `INSERT INTO community_sessions (token_hash, user_id, expires_at)
     SELECT encode(sha256(convert_to('rush-session-' || ord, 'UTF8')), 'hex'), u, now() + interval '1 day'
       FROM unnest($1::uuid[]) WITH ORDINALITY AS s(u, ord)`,
    [userIds.slice(0, MEMBERS)],
  );
  const raids = await db.query<{ id: string }>(
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at, size, tanks, healers, melee, ranged)
     SELECT $1, name, 'Manaforge Omega', 'Mythic', now() + interval '2 days', now() + interval '2 days 3 hours', 40, 4, 8, 14, 14
       FROM unnest(ARRAY['API rush', 'Driver rush', 'Before rush']) name RETURNING id`,
    [guildId],
  );
  const [apiRaid, driverRaid, beforeRaid] = raids.rows.map((row) => row.id) as [string, string, string];
  return { guildId, apiRaid, driverRaid, beforeRaid, userIds };
}

function signUpOverHttp(agent: http.Agent, base: URL, raidId: string, index: number): Promise<boolean> {
  const body = JSON.stringify({ status: 'accept', role: ['tank', 'healer', 'melee', 'ranged'][index % 4], comment: 'ready' });
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: 'PUT',
        path: `/api/guild/raids/${raidId}/signup`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-requested-with': 'XMLHttpRequest',
          'x-guild-id': DISCORD_GUILD_ID,
          cookie: `${COMMUNITY_SESSION_COOKIE}=rush-session-${index + 1}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200));
      },
    );
    request.on('error', () => resolve(false));
    request.end(body);
  });
}

/** The app's CPU milliseconds per answer over a rush (its own process; PostgreSQL's work is not in it). */
async function rushApp(app: AppProcess, agent: http.Agent, raidId: string): Promise<OpenLoopRun & { cpuMs: number }> {
  app.child.send({ type: 'cpu-start' });
  const base = new URL(app.url);
  const run = await openLoop(MEMBERS, SPREAD_MS, CONNECTIONS, (i) => signUpOverHttp(agent, base, raidId, i));
  app.child.send({ type: 'cpu-stop' });
  const cpu = await app.next();
  return { ...run, cpuMs: cpu.type === 'cpu' ? (cpu.seconds * 1000) / MEMBERS : Number.NaN };
}

const show = (name: string, run: OpenLoopRun & { cpuMs?: number }) =>
  console.log(
    `  ${name.padEnd(40)} p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms, ` +
      `max ${(run.latencies.at(-1) ?? 0).toFixed(1)} ms, ${MEMBERS} answers in ${(run.ms / 1000).toFixed(2)} s, ` +
      `${run.failed} failed${run.cpuMs === undefined ? '' : `, app CPU ${run.cpuMs.toFixed(2)} ms per answer`}`,
  );

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

await withBenchDatabase(async (databaseUrl) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const env = { DATABASE_POOL_MAX: String(POOL_SIZE) };
  let app = await startAppProcess(databaseUrl, env);
  await db.connect();
  try {
    const { guildId, apiRaid, driverRaid, beforeRaid, userIds } = await seed(db);
    const loadAtStart = load();
    const agent = () => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const api = await rushApp(app, agent(), apiRaid);
    await stopAppProcess(app);

    const driver = await openLoop(MEMBERS, SPREAD_MS, CONNECTIONS, async (i) => {
      const client = await pool.connect();
      const tx: Queryable = {
        query: async (sql, params) => {
          const result = await client.query(sql, params as unknown[]);
          return { rows: result.rows, rowCount: result.rowCount ?? 0 };
        },
      } as Queryable;
      try {
        const stored = await storeAnswer(tx, guildId, userIds[MEMBERS + i]!, driverRaid, {
          status: 'accept',
          lateMinutes: null,
          characterId: null,
          role: ['tank', 'healer', 'melee', 'ranged'][i % 4]!,
          spec: null,
          comment: 'ready',
        });
        return stored?.is_new === true;
      } catch {
        return false;
      } finally {
        client.release();
      }
    });

    let before: Awaited<ReturnType<typeof rushApp>> | null = null;
    if (BEFORE) {
      app = await startAppProcess(databaseUrl, env, BEFORE);
      before = await rushApp(app, agent(), beforeRaid);
      await stopAppProcess(app);
    }

    const stored = await db.query<{ raid: string; rows: number; members: number }>(
      `SELECT raid_event_id AS raid, count(*)::int AS rows, count(DISTINCT user_id)::int AS members
         FROM raid_signups GROUP BY raid_event_id`,
    );
    const apiStored = stored.rows.find((row) => row.raid === apiRaid);
    console.log(
      `${MEMBERS} members answer one raid over ${SPREAD_MS / 1000} s from ${CONNECTIONS} connections (pool ${POOL_SIZE}); ` +
        `load average ${loadAtStart} at the start, ${load()} at the end:`,
    );
    show('PUT /api/guild/raids/:id/signup', api);
    show('the same statement through the pg driver', driver);
    if (before) show(`the same call, ${BEFORE}`, before);
    const p99 = percentile(api.latencies, 99);
    console.log(`  stored: ${apiStored?.rows ?? 0} rows for ${apiStored?.members ?? 0} members`);
    console.log(
      `  ratio p99 driver / API ${(percentile(driver.latencies, 99) / p99).toFixed(2)}, ` +
        `p50 driver / API ${(percentile(driver.latencies, 50) / percentile(api.latencies, 50)).toFixed(2)}` +
        (before
          ? `; before / after: p99 ${(percentile(before.latencies, 99) / p99).toFixed(2)}, ` +
            `CPU per answer ${(before.cpuMs / api.cpuMs).toFixed(2)}`
          : ''),
    );
    const isStoredOnce = apiStored?.rows === MEMBERS && apiStored.members === MEMBERS && api.failed === 0;
    if (!isStoredOnce) console.log('FAIL: not every answer was stored exactly once');
    if (p99 > P99_LIMIT_MS) console.log(`FAIL: p99 ${p99.toFixed(1)} ms is over ${P99_LIMIT_MS} ms`);
    if (!isStoredOnce || p99 > P99_LIMIT_MS) process.exitCode = 1;
  } finally {
    await pool.end();
    await db.end();
    if (app.child.exitCode === null) await stopAppProcess(app);
  }
});
