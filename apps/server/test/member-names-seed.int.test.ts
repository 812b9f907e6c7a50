import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_NAMES_SEEDED_KEY } from '../src/seed/seed-member-names';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;

beforeAll(async () => {
  environment = await createTestEnvironment({ SEED_DEMO_DATA: 'true' });
});

afterAll(async () => {
  await environment?.dispose();
});

/** Every member's names in one text, to see whether a start changed any. */
const memberNames = async (server: TestApp) =>
  (
    await sql<{ names: string }>(
      server.app,
      `SELECT string_agg(guild_id || discord_user_id || coalesce(global_name, '') || coalesce(nickname, ''), ','
                         ORDER BY guild_id, discord_user_id) AS names FROM discord_members`,
    )
  )[0]!.names;

describe('the demo member names seed', () => {
  it('gives a fresh start decorated names, Discord servers and links, and the matcher work to do; once', async () => {
    const server = await startTestApp(environment.env);
    let before: string;
    try {
      const [facts] = await sql<{ flagged: number; tagged: number; suffixed: number; unlinked_guilds: number; noted: number }>(
        server.app,
        `SELECT (SELECT count(*) FROM app_meta WHERE key = $1)::int AS flagged,
                (SELECT count(*) FROM discord_members WHERE nickname LIKE '[%] %')::int AS tagged,
                (SELECT count(*) FROM discord_members WHERE nickname LIKE '% | %')::int AS suffixed,
                (SELECT count(*) FROM guilds g WHERE discord_guild_id IS NULL
                    OR NOT EXISTS (SELECT 1 FROM character_links l WHERE l.guild_id = g.id))::int AS unlinked_guilds,
                (SELECT count(*) FROM characters WHERE officer_note LIKE 'alt of % (Discord: %)')::int AS noted`,
        [MEMBER_NAMES_SEEDED_KEY],
      );
      expect(facts).toMatchObject({ flagged: 1, unlinked_guilds: 0 });
      expect(facts!.tagged).toBeGreaterThan(0);
      expect(facts!.suffixed).toBeGreaterThan(0);
      expect(facts!.noted).toBeGreaterThan(0);

      const [busiest] = await sql<{ id: string }>(
        server.app,
        `SELECT c.guild_id AS id FROM characters c
          WHERE NOT EXISTS (SELECT 1 FROM character_links l WHERE l.character_id = c.id)
          GROUP BY c.guild_id ORDER BY count(*) DESC, c.guild_id LIMIT 1`,
      );
      const owner = new HttpClient(server.url);
      await owner.signIn(OWNER.username, OWNER.password);
      const found = await owner.post<{ summary: { totalMatches: number } }>('/api/admin/characters/auto-link/find-all', {
        guildId: busiest!.id,
      });
      expect(found.status).toBe(200);
      expect(found.body.summary.totalMatches).toBeGreaterThan(0);
      before = await memberNames(server);
    } finally {
      await server.close();
    }
    const again = await startTestApp(environment.env);
    try {
      expect(await memberNames(again)).toBe(before);
    } finally {
      await again.close();
    }
  });
});
