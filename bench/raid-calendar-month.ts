// The calendar figure of issue 31: a guild with 5 years of raids (three nights a week, 25 answers each) and its month
// view, GET /api/guild/raids?from&to over one month, answered to a member with a Discord session, one connection at a
// time; then the same statement (the module's selectCalendar) through the pg driver in the same run, as the baseline.
// Target: the month answers in under 50 ms (p95). Run: node --import tsx bench/raid-calendar-month.ts
import { COMMUNITY_SESSION_COOKIE } from '@guildhall/contract';
import pg from 'pg';
import { selectCalendar } from '../apps/server/src/modules/raids/raid-queries';
import type { Queryable } from '../apps/server/src/services/db/db';
import { withBenchDatabase } from './support/bench-database';
import { loadGet, percentile } from './support/http-load';
import { startAppProcess, stopAppProcess } from './support/start-app-process';

const YEARS = 5;
const ANSWERS = 25;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const DISCORD_GUILD_ID = '900000000000000002';
const P95_LIMIT_MS = 50;

/** The guild, its members (the first holds a session), and three raids a week for YEARS years ending now. */
async function seed(db: pg.Client): Promise<{ guildId: string; userId: string }> {
  const guild = await db.query<{ id: string }>(
    `INSERT INTO guilds (guild_name, server, region, is_active, discord_guild_id) VALUES ('Calendar Guild', 'Stormrage', 'EU', true, $1)
     RETURNING id`,
    [DISCORD_GUILD_ID],
  );
  const guildId = guild.rows[0]!.id;
  const users = await db.query<{ id: string }>(
    `INSERT INTO users (username) SELECT 'member_' || i FROM generate_series(1, $1) i ORDER BY i RETURNING id`,
    [ANSWERS],
  );
  const userIds = users.rows.map((row) => row.id);
  await db.query(
    `INSERT INTO guild_permission_grants (guild_id, user_id, permission, granted_by) SELECT $1, u, 'guild.view', 'bench' FROM unnest($2::uuid[]) u`,
    [guildId, userIds],
  );
  await db.query(
    `INSERT INTO community_sessions (token_hash, user_id, expires_at)
     VALUES (encode(sha256(convert_to('calendar-session', 'UTF8')), 'hex'), $1, now() + interval '1 day')`,
    [userIds[0]],
  );
  await db.query(
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at, size, tanks, healers, melee, ranged)
     SELECT $1, 'Raid night', 'Manaforge Omega', 'Heroic', d + time '19:00', d + time '22:00', 20, 2, 4, 7, 7
       FROM generate_series(now()::date - ($2 * 365), now()::date + 28, interval '1 day') d
      WHERE extract(dow FROM d) IN (2, 3, 4)`,
    [guildId, YEARS],
  );
  await db.query(
    `INSERT INTO raid_signups (raid_event_id, user_id, status, role)
     SELECT r.id, u, (ARRAY['accept', 'accept', 'tentative', 'absent'])[1 + (ord % 4)], (ARRAY['tank', 'healer', 'melee', 'ranged'])[1 + (ord % 4)]
       FROM raid_events r CROSS JOIN unnest($2::uuid[]) WITH ORDINALITY AS m(u, ord) WHERE r.guild_id = $1`,
    [guildId, userIds],
  );
  await db.query('ANALYZE raid_events; ANALYZE raid_signups');
  return { guildId, userId: userIds[0]! };
}

const show = (name: string, latencies: number[]) =>
  console.log(
    `  ${name.padEnd(44)} p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
      `${latencies.length} answers`,
  );

await withBenchDatabase(async (databaseUrl) => {
  const app = await startAppProcess(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { guildId, userId } = await seed(db);
    const counted = await db.query<{ raids: number; answers: number }>(
      'SELECT (SELECT count(*)::int FROM raid_events) AS raids, (SELECT count(*)::int FROM raid_signups) AS answers',
    );
    const now = new Date();
    const range = {
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    };
    const query = `from=${encodeURIComponent(range.from.toISOString())}&to=${encodeURIComponent(range.to.toISOString())}`;
    const api = await loadGet(`${app.url}/api/guild/raids?${query}`, {
      headers: { 'x-guild-id': DISCORD_GUILD_ID, cookie: `${COMMUNITY_SESSION_COOKIE}=calendar-session` },
      connections: 1,
      durationMs: DURATION_MS,
      timeoutMs: 5000,
    });
    const tx: Queryable = {
      query: async (sql: string, params?: unknown[]) => {
        const result = await db.query(sql, params);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
    } as Queryable;
    const driver: number[] = [];
    const until = performance.now() + DURATION_MS;
    while (performance.now() < until) {
      const started = performance.now();
      await selectCalendar(tx, guildId, userId, range);
      driver.push(performance.now() - started);
    }
    driver.sort((a, b) => a - b);
    console.log(
      `A month of a guild with ${counted.rows[0]!.raids} raids over ${YEARS} years and ${counted.rows[0]!.answers} answers:`,
    );
    show('GET /api/guild/raids (one month)', api.latencies);
    show('selectCalendar through the pg driver', driver);
    const p95 = percentile(api.latencies, 95);
    console.log(`  ratio p95 API / driver ${(p95 / percentile(driver, 95)).toFixed(2)}; failed: ${JSON.stringify(api.failed)}`);
    if (p95 > P95_LIMIT_MS || api.ok === 0) {
      console.log(`FAIL: p95 ${p95.toFixed(1)} ms is over ${P95_LIMIT_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await db.end();
    await stopAppProcess(app);
  }
});
