import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/services/db/migrate';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import { type GuildDataSet, insertGuild, insertGuildData } from './helpers/guild-factories';
import { insertGuildLoot } from './helpers/guild-loot-factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { createTestDatabase, dropTestDatabase } from './helpers/test-database';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let guildId: string;
let data: GuildDataSet;
let emptyDatabaseUrl: string;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildId = await insertGuild(server.app, {
    guild_name: "O'Brien's \\ Raiders",
    description: 'line one\nline two; DROP TABLE guilds; --',
  });
  data = await insertGuildData(server.app, guildId);
  // One raid planned as the raids screens plan one: by a member (a platform user), in a weekly series.
  const [user] = await sql<{ id: string }>(server.app, "INSERT INTO users (username) VALUES ('planner') RETURNING id");
  const [series] = await sql<{ id: string }>(
    server.app,
    `INSERT INTO raid_series (guild_id, weekdays, start_time, time_zone, first_date, occurrence_count, created_by_user_id)
     VALUES ($1, '{3}', '20:00', 'Europe/Berlin', '2026-12-02', 4, $2) RETURNING id`,
    [guildId, user!.id],
  );
  await sql(
    server.app,
    `UPDATE raid_events SET series_id = $2, leader_user_id = $3, created_by_user_id = $3
      WHERE id = (SELECT id FROM raid_events WHERE guild_id = $1 ORDER BY id LIMIT 1)`,
    [guildId, series!.id, user!.id],
  );
  await insertGuildLoot(server.app, guildId, user!.id);
  const other = await insertGuild(server.app, { guild_name: 'Not In The Dump' });
  await insertGuildData(server.app, other);
  await insertGuildLoot(server.app, other, user!.id);
  emptyDatabaseUrl = await createTestDatabase();
});

afterAll(async () => {
  await server?.close();
  if (emptyDatabaseUrl) await dropTestDatabase(emptyDatabaseUrl);
  await environment?.dispose();
});

/**
 * Each table of a guild in dump order, with the rows that belong to the guild ($1) and their order; a raid's
 * references outside the dump (its series, who planned and leads it) restore as NULL.
 */
const TABLES = [
  ['guilds', 'id = $1', 'id'],
  ['discord_members', 'guild_id = $1', 'id'],
  ['characters', 'guild_id = $1', 'id'],
  ['raid_events', 'guild_id = $1', 'id', ['series_id', 'template_id', 'leader_user_id', 'created_by_user_id']],
  ['raid_attendance', 'raid_event_id IN (SELECT id FROM raid_events WHERE guild_id = $1)', 'raid_event_id, character_id'],
  ['loot_entries', 'guild_id = $1', 'id'],
  ['character_links', 'guild_id = $1', 'id'],
  ['loot_rule_versions', 'guild_id = $1', 'version'],
  ['loot_ledger_entries', 'guild_id = $1', 'id'],
  ['loot_decay_runs', 'guild_id = $1', 'ledger, decay_week'],
  ['loot_wishlist_items', 'guild_id = $1', 'character_id, item_id'],
  ['loot_council_items', 'guild_id = $1', 'id'],
  ['loot_requests', 'council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)', 'id', ['user_id']],
  ['loot_council_votes', 'council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)', 'id', ['voter_user_id']],
] as const;

describe('the database dump of one guild', () => {
  it('can write every reference outside the dump as NULL: no such column is NOT NULL (a migration that adds one breaks restores)', async () => {
    const dumped = TABLES.map(([table]) => table);
    const required = await sql<{ reference: string }>(
      server.app,
      `SELECT t.relname || '.' || a.attname || ' -> ' || f.relname AS reference
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_class f ON f.oid = c.confrelid
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND t.relname = ANY ($1::text[]) AND f.relname <> ALL ($1::text[]) AND a.attnotnull`,
      [dumped],
    );
    expect(required.map((row) => row.reference)).toEqual([]);
  });

  it('streams a zip holding guild.sql', async () => {
    const file = await download(owner, `/api/admin/guilds/${guildId}/export?type=dump`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="o-brien-s-raiders-dump-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(Object.keys(unzipSync(new Uint8Array(file.body)))).toEqual(['guild.sql']);
  });

  it('restores exactly that guild into an empty schema: the same rows, value for value', async () => {
    const file = await download(owner, `/api/admin/guilds/${guildId}/export?type=dump`);
    const dump = strFromU8(unzipSync(new Uint8Array(file.body))['guild.sql']!);
    expect(dump).not.toContain('Not In The Dump');

    const empty = createPostgresDb(emptyDatabaseUrl, server.app.log);
    await migrate(empty);
    await empty.close();
    const client = new pg.Client({ connectionString: emptyDatabaseUrl });
    await client.connect();
    try {
      await client.query(dump);
      for (const [table, owned, order, outside = []] of TABLES) {
        const nulled = outside.map((column) => `'${column}', NULL`).join(', ');
        const row = nulled ? `(to_jsonb(t) || jsonb_build_object(${nulled}))` : 'to_jsonb(t)';
        const source = await sql<{ row: unknown }>(
          server.app,
          `SELECT ${row}::text AS row FROM ${table} t WHERE ${owned} ORDER BY ${order}`,
          [guildId],
        );
        const restored = await client.query<{ row: unknown }>(
          `SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY ${order}`,
        );
        expect(restored.rows, table).toEqual(source);
        expect(restored.rows.length, table).toBeGreaterThan(0);
      }
      const kinds = await client.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM characters)::int AS characters, (SELECT count(*) FROM loot_entries)::int AS loot_entries,
                (SELECT count(*) FROM raid_events)::int AS raid_events, (SELECT count(*) FROM raid_attendance)::int AS raid_attendance,
                (SELECT count(*) FROM discord_members)::int AS discord_members,
                (SELECT count(*) FROM character_links)::int AS character_links`,
      );
      expect(kinds.rows[0]).toEqual(data.counts);
      // The ledger's sums are rebuilt by its triggers as it is restored: the same standing, to the cent.
      const totals = 'SELECT ledger, character_id, points::text, entries FROM loot_ledger_totals WHERE guild_id = $1';
      const restoredTotals = await client.query(totals, [guildId]);
      expect(restoredTotals.rows).toEqual(await sql(server.app, totals, [guildId]));
      expect(restoredTotals.rows).toEqual([expect.objectContaining({ points: '-18.75', entries: 3 })]);
      expect(dump).toContain(
        '-- raid_events (outside the dump, written NULL: created_by_user_id, leader_user_id, series_id, template_id)',
      );
    } finally {
      await client.end();
    }
  });
});
