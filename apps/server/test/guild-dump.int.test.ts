import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/services/db/migrate';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import { type GuildDataSet, insertGuild, insertGuildData } from './helpers/guild-factories';
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
  await insertGuildData(server.app, await insertGuild(server.app, { guild_name: 'Not In The Dump' }));
  emptyDatabaseUrl = await createTestDatabase();
});

afterAll(async () => {
  await server?.close();
  if (emptyDatabaseUrl) await dropTestDatabase(emptyDatabaseUrl);
  await environment?.dispose();
});

/** Each table of a guild in dump order, with the rows that belong to the guild ($1) and their order. */
const TABLES = [
  ['guilds', 'id = $1', 'id'],
  ['discord_members', 'guild_id = $1', 'id'],
  ['characters', 'guild_id = $1', 'id'],
  ['raid_events', 'guild_id = $1', 'id'],
  ['raid_attendance', 'raid_event_id IN (SELECT id FROM raid_events WHERE guild_id = $1)', 'raid_event_id, character_id'],
  ['loot_entries', 'guild_id = $1', 'id'],
  ['character_links', 'guild_id = $1', 'id'],
] as const;

describe('the database dump of one guild', () => {
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
      for (const [table, owned, order] of TABLES) {
        const source = await sql<{ row: unknown }>(
          server.app,
          `SELECT row_to_json(t)::text AS row FROM ${table} t WHERE ${owned} ORDER BY ${order}`,
          [guildId],
        );
        const restored = await client.query<{ row: unknown }>(
          `SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY ${order}`,
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
    } finally {
      await client.end();
    }
  });
});
