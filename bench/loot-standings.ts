// Loot reads of issue 32 on a guild with three years of history: 150 raids a year, 25 awards a raid, 40 members, both
// ledgers kept (DKP and EPGP: a credit per raid and member present, a charge per award, a weekly decay), wishlists and
// council requests. Times over HTTP (a member's session cookie and X-Guild-ID) and through the pg driver in this process
// (the module's own operations on a pool: the same SQL without HTTP, session check and validation), alternating:
//   DKP standings, EPGP standings, a member's loot page, the priority board of an item. Target: p95 over HTTP < 50 ms.
// Run: node --import tsx bench/loot-standings.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { COMMUNITY_SESSION_COOKIE } from '@guildhall/contract';
import pg from 'pg';
import { listStandings, readCharacterLoot } from '../apps/server/src/modules/loot';
import type { LootMember } from '../apps/server/src/modules/loot/loot-member';
import { readPriorityBoard } from '../apps/server/src/modules/loot/read-priority-board';
import type { Queryable } from '../apps/server/src/services/db/db';
import { withBenchDatabase } from './support/bench-database';
import { percentile } from './support/http-load';
import { startAppProcess, stopAppProcess } from './support/start-app-process';

const YEARS = 3;
const RAIDS = 150 * YEARS;
const AWARDS_PER_RAID = 25;
const MEMBERS = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const P95_LIMIT_MS = 50;
const DISCORD_GUILD_ID = '900000000000000032';
const SESSION = 'loot-bench-session';
const WISHED_ITEM = 300_001;

/** The guild, its members' characters, raids, awards, both ledgers, wishlists and requests, with generate_series. */
async function seed(db: pg.Client): Promise<{ guildId: string; userId: string; characterId: string }> {
  const started = performance.now();
  const { rows: guild } = await db.query<{ id: string }>(
    `INSERT INTO guilds (guild_name, server, region, is_active, discord_guild_id, loot_system)
     VALUES ('Ledger Keepers', 'Stormrage', 'EU', true, $1, 'DKP') RETURNING id`,
    [DISCORD_GUILD_ID],
  );
  const guildId = guild[0]!.id;
  const { rows: user } = await db.query<{ id: string }>(`INSERT INTO users (username) VALUES ('lootbencher') RETURNING id`);
  const userId = user[0]!.id;
  await db.query(
    `INSERT INTO guild_permission_grants (guild_id, user_id, permission, granted_by) VALUES ($1, $2, 'guild.view', 'bench')`,
    [guildId, userId],
  );
  await db.query(
    `INSERT INTO community_sessions (token_hash, user_id, expires_at)
     VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), $2, now() + interval '1 day')`,
    [SESSION, userId],
  );
  await db.query(
    `INSERT INTO characters (guild_id, name, realm, class)
     SELECT $1, 'Raider' || i, 'Stormrage', (ARRAY['Mage', 'Priest', 'Warrior', 'Paladin'])[1 + i % 4] FROM generate_series(1, $2) i`,
    [guildId, MEMBERS],
  );
  const actor = `'{"type": "user", "name": "Bench Officer"}'::jsonb`;
  // Raids every ~7.3 days over three years, the newest a week ago.
  await db.query(
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at)
     SELECT $1, 'Raid ' || r, 'Manaforge Omega', 'Heroic', t, t + interval '3 hours'
       FROM generate_series(1, $2) r, LATERAL (SELECT now() - interval '7 days' - ($2 - r) * interval '2.433 days' AS t) s`,
    [guildId, RAIDS],
  );
  // Each raid: 25 awards, to characters picked round the roster; item 300000 + k, drop 1 of its boss.
  await db.query(
    `WITH c AS (SELECT id, name, row_number() OVER (ORDER BY name) - 1 AS n FROM characters WHERE guild_id = $1),
          r AS (SELECT id, starts_at, row_number() OVER (ORDER BY starts_at) AS n FROM raid_events WHERE guild_id = $1)
     INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, raid_event_id, awarded_at,
                               source, response, slot, item_level, drop_number, recorded_by)
     SELECT $1, c.id, c.name, 300000 + k, 'Item ' || k, 'Boss ' || (k % 8), r.id, r.starts_at + k * interval '1 minute',
            'manual', (ARRAY['bis', 'upgrade', 'off_spec', 'transmog'])[1 + k % 4], 'chest', 684, 1, ${actor}
       FROM r CROSS JOIN generate_series(1, $2) k JOIN c ON c.n = (k * 7 + r.n) % ${MEMBERS}`,
    [guildId, AWARDS_PER_RAID],
  );
  // Both ledgers: a credit per raid for 25 characters, a charge per award, a weekly decay per character.
  for (const [ledger, credit, charge] of [
    ['dkp', `10, 0, 0`, `-20, 0, 0`],
    ['epgp', `0, 160, 0`, `0, 0, 855`],
  ] as const) {
    await db.query(
      `WITH c AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM characters WHERE guild_id = $1),
            r AS (SELECT id, starts_at, row_number() OVER (ORDER BY starts_at) AS n FROM raid_events WHERE guild_id = $1)
       INSERT INTO loot_ledger_entries (guild_id, ledger, character_id, kind, points, ep, gp, reason, raid_event_id, rules_version,
                                        recorded_by, created_at)
       SELECT $1, $2, c.id, 'attendance', ${credit}, 'Raid (on time)', r.id, 1, ${actor}, r.starts_at
         FROM r JOIN c ON (c.n + r.n) % ${MEMBERS} < 25`,
      [guildId, ledger],
    );
    await db.query(
      `INSERT INTO loot_ledger_entries (guild_id, ledger, character_id, kind, points, ep, gp, reason, raid_event_id, award_id,
                                        rules_version, recorded_by, created_at)
       SELECT $1, $2, l.character_id, 'award', ${charge}, l.item_name, l.raid_event_id, l.id, 1, ${actor}, l.awarded_at
         FROM loot_entries l WHERE l.guild_id = $1`,
      [guildId, ledger],
    );
    await db.query(
      `INSERT INTO loot_ledger_entries (guild_id, ledger, character_id, kind, points, ep, gp, reason, decay_week, rules_version,
                                        recorded_by, created_at)
       SELECT $1, $2, c.id, 'decay', CASE WHEN $2 = 'dkp' THEN -1.5 ELSE 0 END, CASE WHEN $2 = 'epgp' THEN -12.25 ELSE 0 END,
              CASE WHEN $2 = 'epgp' THEN -40.1 ELSE 0 END, 'Weekly decay 10 %', w::date, 1, '{"type": "system"}', w + interval '7 days'
         FROM characters c, generate_series(date_trunc('week', now() - interval '${YEARS} years'), now() - interval '14 days', interval '7 days') w
        WHERE c.guild_id = $1`,
      [guildId, ledger],
    );
  }
  // Wishlists: every character ranks 10 items (the board's item among them); council requests on two items a raid.
  await db.query(
    `INSERT INTO loot_wishlist_items (guild_id, character_id, item_id, item_name, rank, note)
     SELECT $1, c.id, ${WISHED_ITEM} + i, 'Item ' || (1 + i), 1 + (i + n) % 10, 'want'
       FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM characters WHERE guild_id = $1) c, generate_series(0, 9) i`,
    [guildId],
  );
  await db.query(
    `INSERT INTO loot_council_items (guild_id, raid_event_id, boss, item_id, item_name, slot, item_level, drop_number, opened_by)
     SELECT $1, r.id, 'Boss ' || k, 400000 + k, 'Council item ' || k, 'trinket', 684, 1, ${actor}
       FROM raid_events r, generate_series(1, 2) k WHERE r.guild_id = $1`,
    [guildId],
  );
  await db.query(
    `INSERT INTO loot_requests (council_item_id, character_id, user_id, response, note)
     SELECT ci.id, c.id, NULL, 'upgrade', 'please'
       FROM loot_council_items ci CROSS JOIN LATERAL (SELECT id FROM characters WHERE guild_id = $1 ORDER BY random() LIMIT 5) c
      WHERE ci.guild_id = $1`,
    [guildId],
  );
  await db.query('ANALYZE');
  const { rows: counts } = await db.query<{ awards: number; entries: number; character_id: string }>(
    `SELECT (SELECT count(*)::int FROM loot_entries WHERE guild_id = $1) AS awards,
            (SELECT count(*)::int FROM loot_ledger_entries WHERE guild_id = $1) AS entries,
            (SELECT character_id FROM loot_entries WHERE guild_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS character_id`,
    [guildId],
  );
  console.log(
    `Seeded ${RAIDS} raids, ${counts[0]!.awards} awards, ${counts[0]!.entries} ledger entries (both ledgers), ${MEMBERS} members ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { guildId, userId, characterId: counts[0]!.character_id };
}

async function timeHttp(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { 'x-guild-id': DISCORD_GUILD_ID, cookie: `${COMMUNITY_SESSION_COOKIE}=${SESSION}` },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function timeDriver(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

await withBenchDatabase(async (databaseUrl) => {
  const app = await startAppProcess(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const driver: Queryable = {
    query: async (sql, params) => {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
  };
  try {
    const { guildId, userId, characterId } = await seed(db);
    const member: LootMember = {
      guildId,
      discordGuildId: DISCORD_GUILD_ID,
      userId,
      permissions: ['guild.view'],
      requester: { actor: { type: 'user', id: userId, name: 'lootbencher' }, ip: '127.0.0.1' },
    };
    const scenarios: { name: string; system: string; path: string; call: () => Promise<unknown> }[] = [
      { name: 'DKP standings', system: 'DKP', path: '/api/guild/loot/standings', call: () => listStandings(driver, member, 1) },
      { name: 'EPGP standings', system: 'EPGP', path: '/api/guild/loot/standings', call: () => listStandings(driver, member, 1) },
      {
        name: "a member's loot page (EPGP)",
        system: 'EPGP',
        path: `/api/guild/loot/characters/${characterId}`,
        call: () => readCharacterLoot(driver, member, characterId, 1),
      },
      {
        name: 'the priority board of an item (DKP)',
        system: 'DKP',
        path: `/api/guild/loot/priority/${WISHED_ITEM}`,
        call: () => readPriorityBoard(driver, member, WISHED_ITEM),
      },
    ];
    let isFailed = false;
    console.log(`${ROUNDS} alternating rounds each after 20 warm-ups; HTTP p95 target < ${P95_LIMIT_MS} ms:`);
    for (const scenario of scenarios) {
      await db.query('UPDATE guilds SET loot_system = $2 WHERE id = $1', [guildId, scenario.system]);
      const url = `${app.url}${scenario.path}`;
      for (let i = 0; i < 20; i++) {
        await timeHttp(url);
        await timeDriver(scenario.call);
      }
      const http: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        http.push(await timeHttp(url));
        direct.push(await timeDriver(scenario.call));
      }
      http.sort((a, b) => a - b);
      direct.sort((a, b) => a - b);
      const p95 = percentile(http, 95);
      console.log(
        `  ${scenario.name.padEnd(38)} HTTP p50 ${percentile(http, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ` +
          `driver p50 ${percentile(direct, 50).toFixed(1)} ms, p95 ${percentile(direct, 95).toFixed(1)} ms; ` +
          `ratio driver / HTTP (p50) ${(percentile(direct, 50) / percentile(http, 50)).toFixed(2)}`,
      );
      if (p95 >= P95_LIMIT_MS) {
        console.log(`FAIL: ${scenario.name} p95 ${p95.toFixed(1)} ms is not under ${P95_LIMIT_MS} ms`);
        isFailed = true;
      }
    }
    const plan = await db.query(
      `EXPLAIN SELECT character_id, points FROM loot_ledger_totals WHERE guild_id = $1 AND ledger = 'dkp' AND entries > 0`,
      [guildId],
    );
    console.log(`  standings plan: ${plan.rows.map((row) => row['QUERY PLAN']).join(' / ')}`);
    if (isFailed) process.exitCode = 1;
  } finally {
    await pool.end();
    await db.end();
    await stopAppProcess(app);
  }
});
