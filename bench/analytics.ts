// Analytics at platform size, in one run: every chart query of the overview (and of a guild's page) through the
// module's functions (the app's own Db and mapping) beside the same SQL text run directly through `pg`.
// Data: 1,000 guilds, 200,000 characters, 25,000 raids with 500,000 attendances, 2,000,000 loot entries over a year,
// 50,000 users with 100,000 sessions and 200,000 token refreshes, 120,000 links, 200,000 bot turns.
// Run: node --import tsx bench/analytics.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { randomBytes } from 'node:crypto';
import { analyticsRangeBounds } from '@guildhall/contract';
import pg from 'pg';
import pino from 'pino';
import {
  guildStatements,
  type OverviewChart,
  type OverviewFilter,
  overviewStatements,
  runGuildStatements,
  runOverviewChart,
} from '../apps/server/src/modules/analytics/queries';
import { readOverview } from '../apps/server/src/modules/analytics/read-overview';
import { readMigrations } from '../apps/server/src/services/db/migrate';
import { createPostgresDb } from '../apps/server/src/services/db/postgres-db';
import { seedGuilds } from './support/seed-guilds';

const GUILDS = 1_000;
const CHARACTERS_PER_GUILD = 200;
const RAIDS_PER_GUILD = 25;
const ATTENDANCE_PER_RAID = 20;
const LOOT_PER_GUILD = 2_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = 3;
const TARGET_MS = 300;

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

async function timed(label: string, fn: () => Promise<unknown>) {
  const started = performance.now();
  await fn();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The data set, built with generate_series; the rollups fill through their triggers as the rows go in. */
async function seed(client: pg.Client) {
  for (const migration of readMigrations()) await client.query(migration.sql);
  await timed(`${GUILDS} guilds`, async () => {
    await seedGuilds(client, GUILDS);
    await client.query(
      `UPDATE guilds g SET loot_system = (ARRAY['DKP','EPGP','Loot_Council','Free_Roll','Need_Before_Greed','Other'])[1 + n.n % 6],
                           discord_guild_id = 'bench-' || n.n
         FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM guilds) n WHERE n.id = g.id`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_guilds AS SELECT id, row_number() OVER (ORDER BY created_at)::int AS n FROM guilds`,
    );
  });
  await timed(`${GUILDS * CHARACTERS_PER_GUILD} characters`, async () => {
    await client.query(
      `INSERT INTO characters (guild_id, name, realm, class, role, level)
       SELECT g.id, 'Char' || g.n || '_' || c, 'Stormrage',
              (ARRAY['Death Knight','Demon Hunter','Druid','Evoker','Hunter','Mage','Monk','Paladin','Priest','Rogue',
                     'Shaman','Warlock','Warrior'])[1 + (c * 7 + g.n) % 13],
              (ARRAY['tank','healer','dps','dps','dps'])[1 + c % 5], 80
         FROM bench_guilds g, generate_series(1, ${CHARACTERS_PER_GUILD}) AS c`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_chars AS
         SELECT guild_id, row_number() OVER (PARTITION BY guild_id ORDER BY id)::int AS rn, id FROM characters`,
    );
    await client.query('ALTER TABLE bench_chars ADD PRIMARY KEY (guild_id, rn)');
  });
  await timed(`${GUILDS * RAIDS_PER_GUILD} raids, ${GUILDS * RAIDS_PER_GUILD * ATTENDANCE_PER_RAID} attendances`, async () => {
    await client.query(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at)
       SELECT g.id, 'Raid ' || r, 'Manaforge Omega', 'Heroic',
              now() - ((r * 14 + g.n % 14) * interval '1 day') - (g.n % 5) * interval '1 hour',
              now() - ((r * 14 + g.n % 14) * interval '1 day')
         FROM bench_guilds g, generate_series(0, ${RAIDS_PER_GUILD - 1}) AS r`,
    );
    await client.query(
      `INSERT INTO raid_attendance (raid_event_id, character_id, status)
       SELECT r.id, c.id, (ARRAY['present','present','present','late','absent'])[1 + (a + r.k) % 5]
         FROM (SELECT id, guild_id, row_number() OVER (PARTITION BY guild_id ORDER BY starts_at)::int AS k FROM raid_events) r
         CROSS JOIN generate_series(1, ${ATTENDANCE_PER_RAID}) AS a
         JOIN bench_chars c ON c.guild_id = r.guild_id AND c.rn = 1 + (r.k * 7 + a) % ${CHARACTERS_PER_GUILD}`,
    );
  });
  await timed(`${GUILDS * LOOT_PER_GUILD} loot entries`, async () => {
    await client.query(
      `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, awarded_at)
       SELECT g.id, c.id, 'Char', 1000 + l % 500, 'Item ' || l % 500,
              now() - ((l * 7919 + g.n * 13) % 525600) * interval '1 minute'
         FROM bench_guilds g CROSS JOIN generate_series(1, ${LOOT_PER_GUILD}) AS l
         JOIN bench_chars c ON c.guild_id = g.id AND c.rn = 1 + (l * 31) % ${CHARACTERS_PER_GUILD}`,
    );
  });
  await timed('members, links, syncs', async () => {
    await client.query(
      `INSERT INTO discord_members (guild_id, discord_user_id, username, joined_at, left_at)
       SELECT g.id, 'bm-' || g.n || '-' || m, 'member' || m, now() - m * interval '1 day', CASE WHEN m % 10 = 0 THEN now() END
         FROM bench_guilds g, generate_series(1, 150) AS m`,
    );
    await client.query(
      `INSERT INTO character_links (guild_id, character_id, discord_member_id, link_type)
       SELECT c.guild_id, c.id, m.id, (ARRAY['manual','automatic','claim'])[1 + c.rn % 3]
         FROM bench_chars c
         JOIN bench_guilds g ON g.id = c.guild_id
         JOIN discord_members m ON m.guild_id = c.guild_id AND m.discord_user_id = 'bm-' || g.n || '-' || (1 + c.rn % 150)
        WHERE c.rn % 5 <> 0`,
    );
    await client.query(
      `INSERT INTO jobs (kind, guild_id, actor, status, max_attempts, created_at, finished_at)
       SELECT 'member_sync', g.id, '{"type": "system"}', CASE WHEN j = 3 AND g.n % 4 = 0 THEN 'failed' ELSE 'succeeded' END, 3,
              now() - ((g.n % 20) + j * 3) * interval '1 day', now() - ((g.n % 20) + j * 3) * interval '1 day' + interval '1 minute'
         FROM bench_guilds g, generate_series(1, 3) AS j WHERE g.n % 10 <> 0`,
    );
  });
  await timed('users, sessions, token refreshes, bot turns', async () => {
    await client.query(
      `INSERT INTO users (username, created_at)
       SELECT 'user' || u, now() - ((u * 37) % 730) * interval '1 day' FROM generate_series(1, 50000) AS u`,
    );
    await client.query(
      `INSERT INTO user_discord_guilds (user_id, discord_guild_id, name)
       SELECT u.id, 'bench-' || (1 + u.n % ${GUILDS}), 'g'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) u`,
    );
    await client.query(
      `INSERT INTO community_sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
       SELECT md5(u.id::text || s), u.id, now() - ((u.n * 11 + s * 97) % 365) * interval '1 day',
              now() - ((u.n * 11 + s * 97) % 365) * interval '1 day' + interval '3 days', now() + interval '30 days'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) u, generate_series(1, 2) AS s`,
    );
    await client.query(
      `INSERT INTO refresh_tokens (token_hash, family_id, user_id, created_at, expires_at)
       SELECT md5('rt' || u.id::text || t), gen_random_uuid(), u.id, now() - ((u.n * 13 + t * 41) % 365) * interval '1 day',
              now() + interval '7 days'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) u, generate_series(1, 4) AS t`,
    );
    await client.query(
      `INSERT INTO ai_turns (client_id, guild_id, discord_guild_id, channel_id, discord_user_id, trigger_message,
                             should_respond, intent_confidence, outcome, provider, model, latency_ms, created_at)
       SELECT 'bench-' || t, g.id, 'bench-' || g.n, 'c', 'u', 'hello', true, 0.8,
              (ARRAY['responded','responded','ignored','error'])[1 + t % 4], (ARRAY['openai','anthropic','ollama'])[1 + t % 3],
              'm', 100, now() - ((t * 17) % 525600) * interval '1 minute'
         FROM generate_series(1, 200000) AS t JOIN bench_guilds g ON g.n = 1 + t % ${GUILDS}`,
    );
  });
  await timed('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
}

interface Case {
  name: string;
  filter: OverviewFilter;
}

async function main() {
  const databaseName = `guildhall_bench_analytics_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const db = createPostgresDb(databaseUrl, pino({ level: 'silent' }));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let failed = false;
  try {
    console.log(`Seeding ${databaseName}:`);
    const seeder = new pg.Client({ connectionString: databaseUrl });
    await seeder.connect();
    await seed(seeder);
    const counts = await seeder.query(
      `SELECT (SELECT count(*) FROM guilds) AS guilds, (SELECT count(*) FROM characters) AS characters,
              (SELECT count(*) FROM loot_entries) AS loot, (SELECT count(*) FROM raid_attendance) AS attendance,
              (SELECT count(*) FROM analytics_loot_days) AS loot_days`,
    );
    console.log('  rows:', counts.rows[0]);
    const { rows: guildRows } = await seeder.query<{ id: string }>('SELECT id FROM guilds ORDER BY created_at LIMIT 1');
    await seeder.end();

    const year = analyticsRangeBounds('1y');
    const month = analyticsRangeBounds('30d');
    const range = (bounds: { from: string; to: string }) => ({ from: new Date(bounds.from), to: new Date(bounds.to) });
    const cases: Case[] = [
      { name: '1 year, all guilds', filter: range(year) },
      { name: '1 year, region EU', filter: { ...range(year), region: 'EU' } },
      { name: '1 year, one guild', filter: { ...range(year), guildId: guildRows[0]!.id } },
      { name: '30 days, all guilds', filter: range(month) },
    ];
    const charts: OverviewChart[] = ['activity', 'members', 'bot', 'providers', 'lootSystems', 'linking', 'memberSync'];

    console.log(`\nEach chart query: median of ${ROUNDS} alternating rounds after ${WARMUP} warm-up (target < ${TARGET_MS} ms)`);
    console.log(
      `${'case'.padEnd(22)} ${'chart'.padEnd(12)} ${'module'.padStart(10)} ${'direct'.padStart(10)} ${'ratio'.padStart(6)}`,
    );
    for (const { name, filter } of cases) {
      for (const chart of charts) {
        const statement = overviewStatements(filter)[chart];
        const moduleTimes: number[] = [];
        const directTimes: number[] = [];
        for (let round = 0; round < WARMUP + ROUNDS; round++) {
          let started = performance.now();
          await runOverviewChart(db, chart, filter);
          if (round >= WARMUP) moduleTimes.push(performance.now() - started);
          started = performance.now();
          await pool.query(statement.text, statement.values);
          if (round >= WARMUP) directTimes.push(performance.now() - started);
        }
        const viaModule = median(moduleTimes);
        const direct = median(directTimes);
        if (viaModule >= TARGET_MS) failed = true;
        console.log(
          `${name.padEnd(22)} ${chart.padEnd(12)} ${`${viaModule.toFixed(1)} ms`.padStart(10)} ${`${direct.toFixed(1)} ms`.padStart(10)} ${(direct / viaModule).toFixed(2).padStart(6)}${viaModule >= TARGET_MS ? '  OVER TARGET' : ''}`,
        );
      }
    }

    // The whole overview call (seven statements in parallel on the pool) and a guild's page.
    const whole: number[] = [];
    const guildModule: number[] = [];
    const guildDirect: number[] = [];
    const guildFilter = { guildId: guildRows[0]!.id, ...range(year), raids: 10 };
    const statements = guildStatements(guildFilter);
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      let started = performance.now();
      await readOverview(db, year);
      if (round >= WARMUP) whole.push(performance.now() - started);
      started = performance.now();
      await runGuildStatements(db, guildFilter);
      if (round >= WARMUP) guildModule.push(performance.now() - started);
      started = performance.now();
      await Promise.all(Object.values(statements).map((s) => pool.query(s.text, s.values)));
      if (round >= WARMUP) guildDirect.push(performance.now() - started);
    }
    console.log(`\nwhole overview, 1 year, all guilds (7 statements in parallel): ${median(whole).toFixed(1)} ms`);
    console.log(
      `guild page, 1 year (3 statements in parallel): module ${median(guildModule).toFixed(1)} ms, direct ${median(guildDirect).toFixed(1)} ms, ratio ${(median(guildDirect) / median(guildModule)).toFixed(2)}`,
    );
  } finally {
    await pool.end();
    await db.close();
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
  if (failed) {
    console.log('\nFAILED: a chart query is over the target');
    process.exitCode = 1;
  }
}

await main();
