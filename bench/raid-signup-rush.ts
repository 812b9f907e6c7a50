// The sign-up rush of issue 31: 1,000 members of one guild answer the same raid at once from 200 keep-alive
// connections (PUT /api/guild/raids/:raidId/signup with each member's Discord session cookie and X-Guild-ID). Every
// answer must be stored once (1,000 rows, one per member) and none lost; prints p50/p99 and the rush's length. Then
// the same transaction (the module's own statements: lock the raid, upsert the answer, read the raid back) for 1,000
// other members of a second raid through the pg driver, on a pool as large as the app's, from 200 concurrent callers.
// Run: node --import tsx bench/raid-signup-rush.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import http from 'node:http';
import { COMMUNITY_SESSION_COOKIE } from '@guildhall/contract';
import pg from 'pg';
import { lockRaid, selectRaids } from '../apps/server/src/modules/raids/raid-queries';
import { upsertSignup } from '../apps/server/src/modules/raids/signup-queries';
import type { Queryable } from '../apps/server/src/services/db/db';
import { withBenchDatabase } from './support/bench-database';
import { percentile } from './support/http-load';
import { startAppProcess, stopAppProcess } from './support/start-app-process';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** The app's PostgreSQL pool (postgres-db.ts): the driver run gets as many connections. */
const POOL_SIZE = 10;
const DISCORD_GUILD_ID = '900000000000000001';
const P99_LIMIT_MS = 300;

/** One guild, 2 × MEMBERS community users with guild.view and a live session each, and two raids two days ahead. */
async function seed(db: pg.Client): Promise<{ guildId: string; apiRaid: string; driverRaid: string; userIds: string[] }> {
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
       FROM unnest(ARRAY['API rush', 'Driver rush']) name RETURNING id`,
    [guildId],
  );
  return { guildId, apiRaid: raids.rows[0]!.id, driverRaid: raids.rows[1]!.id, userIds };
}

/** Runs `count` tasks from `concurrency` callers; each task's milliseconds, sorted, and the whole run's. */
async function rush(count: number, concurrency: number, task: (index: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const sent = performance.now();
        if (await task(index)) latencies.push(performance.now() - sent);
        else failed++;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failed, ms: performance.now() - started };
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

const show = (name: string, run: Awaited<ReturnType<typeof rush>>) =>
  console.log(
    `  ${name.padEnd(40)} p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms, ` +
      `${MEMBERS} answers in ${(run.ms / 1000).toFixed(2)} s, ${run.failed} failed`,
  );

await withBenchDatabase(async (databaseUrl) => {
  const app = await startAppProcess(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  try {
    const { guildId, apiRaid, driverRaid, userIds } = await seed(db);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const base = new URL(app.url);
    const api = await rush(MEMBERS, CONNECTIONS, (i) => signUpOverHttp(agent, base, apiRaid, i));

    const driver = await rush(MEMBERS, CONNECTIONS, async (i) => {
      const client = await pool.connect();
      const tx: Queryable = {
        query: async (sql, params) => {
          const result = await client.query(sql, params as unknown[]);
          return { rows: result.rows, rowCount: result.rowCount ?? 0 };
        },
      } as Queryable;
      const userId = userIds[MEMBERS + i]!;
      try {
        await client.query('BEGIN');
        await lockRaid(tx, guildId, driverRaid, 'share');
        await upsertSignup(tx, driverRaid, userId, {
          status: 'accept',
          lateMinutes: null,
          characterId: null,
          role: ['tank', 'healer', 'melee', 'ranged'][i % 4]!,
          spec: null,
          comment: 'ready',
        });
        await selectRaids(tx, guildId, userId, [driverRaid]);
        await client.query('COMMIT');
        return true;
      } catch {
        await client.query('ROLLBACK');
        return false;
      } finally {
        client.release();
      }
    });

    const stored = await db.query<{ raid: string; rows: number; members: number }>(
      `SELECT raid_event_id AS raid, count(*)::int AS rows, count(DISTINCT user_id)::int AS members
         FROM raid_signups GROUP BY raid_event_id`,
    );
    const apiStored = stored.rows.find((row) => row.raid === apiRaid);
    console.log(`${MEMBERS} members answer one raid from ${CONNECTIONS} connections (app pool ${POOL_SIZE}):`);
    show('PUT /api/guild/raids/:id/signup', api);
    show('the same SQL through the pg driver', driver);
    const p99 = percentile(api.latencies, 99);
    console.log(`  stored: ${apiStored?.rows ?? 0} rows for ${apiStored?.members ?? 0} members`);
    console.log(
      `  ratio p99 driver / API ${(percentile(driver.latencies, 99) / p99).toFixed(2)}, ` +
        `rush length driver / API ${(driver.ms / api.ms).toFixed(2)}`,
    );
    const isStoredOnce = apiStored?.rows === MEMBERS && apiStored.members === MEMBERS && api.failed === 0;
    if (!isStoredOnce) console.log('FAIL: not every answer was stored exactly once');
    if (p99 > P99_LIMIT_MS) console.log(`FAIL: p99 ${p99.toFixed(1)} ms is over ${P99_LIMIT_MS} ms`);
    if (!isStoredOnce || p99 > P99_LIMIT_MS) process.exitCode = 1;
  } finally {
    await pool.end();
    await db.end();
    await stopAppProcess(app);
  }
});
