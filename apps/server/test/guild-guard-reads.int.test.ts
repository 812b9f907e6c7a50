import { COMMUNITY_MESSAGES, GUILD_INVITE_PERMISSION, GUILD_MEMBER_PERMISSIONS } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordFake, type FakeDiscordGuild, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

// The X-Guild-ID guard only reads (issue 27): a member's guarded GET writes nothing and checks access in one SELECT,
// and its refusals answer as they did when it read more.

const user = (n: number): FakeDiscordUser => ({
  id: `71000000000000000${n}`,
  username: `guard_user_${n}`,
  global_name: null,
  avatar: null,
});
const guild = (n: number, name: string): FakeDiscordGuild => ({
  id: `72000000000000000${n}`,
  name,
  icon: null,
  owner: false,
  permissions: '1024',
});

const member = user(1);
const stranger = user(2);
const ours = guild(1, 'Guarded Raiders');
const withoutBot = guild(2, 'No Bot Here');
const theirs = guild(3, 'Somebody Else');

let environment: TestEnvironment;
let server: TestApp;
let client: HttpClient;
const fake = new DiscordFake();

beforeAll(async () => {
  await fake.start();
  fake.addGuild(member, ours, { withBot: true });
  fake.addGuild(member, withoutBot, { withBot: false });
  fake.addGuild(stranger, theirs, { withBot: true });
  environment = await createTestEnvironment(fake.appSettings());
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  await signInWithDiscord(fake, server.url, stranger);
  client = await signInWithDiscord(fake, server.url, member);
  await probeWrites();
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

/**
 * Gives every table of the app a row trigger that notes each row written, by any connection, in
 * write_probe.rows_written: what a request wrote can be read the moment it answers (pg_stat_user_tables lags by up
 * to ten seconds, as a backend reports its counts at most once a second and otherwise when idle for ten).
 */
async function probeWrites(): Promise<void> {
  await server.app.services.db.exec(`
    CREATE SCHEMA write_probe;
    CREATE TABLE write_probe.rows_written (table_name text NOT NULL, operation text NOT NULL);
    CREATE FUNCTION write_probe.note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO write_probe.rows_written VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;
    DO $$
    DECLARE app_table record;
    BEGIN
      FOR app_table IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('CREATE TRIGGER write_probe AFTER INSERT OR UPDATE OR DELETE ON public.%I
                          FOR EACH ROW EXECUTE FUNCTION write_probe.note()', app_table.tablename);
      END LOOP;
    END $$;`);
}

/** The rows written while `fn` runs (and the work it left to run after its reply), as "table operation". */
async function writesDuring(fn: () => Promise<unknown>): Promise<string[]> {
  await sql(server.app, 'DELETE FROM write_probe.rows_written');
  await fn();
  await server.app.community.afterReply.settle();
  const rows = await sql<{ table_name: string; operation: string }>(
    server.app,
    'SELECT table_name, operation FROM write_probe.rows_written',
  );
  return rows.map((row) => `${row.table_name} ${row.operation}`);
}

/** The statements the app sends to its database while `fn` runs. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const query = vi.spyOn(server.app.services.db, 'query');
  try {
    await fn();
    return query.mock.calls.map(([text]) => text.replace(/\s+/g, ' ').trim());
  } finally {
    query.mockRestore();
  }
}

const inGuild = (discordGuildId: string) => ({ headers: { 'X-Guild-ID': discordGuildId } });

describe('the X-Guild-ID guard', () => {
  it("answers a member's guarded GET without writing a row", async () => {
    // The session cookie was used moments ago, so its once-a-minute touch is not due either.
    const written = await writesDuring(async () => {
      const overview = await client.get('/api/guild/overview', inGuild(ours.id));
      expect(overview.status).toBe(200);
      expect(overview.body).toMatchObject({
        guild: { id: ours.id, name: ours.name },
        permissions: [...GUILD_MEMBER_PERMISSIONS],
      });
    });
    expect(written).toEqual([]);
  });

  it('would see a write: choosing a guild stores the choice', async () => {
    const written = await writesDuring(() => client.post('/auth/guilds/select', { guildId: ours.id }));
    expect(written).toEqual(['users UPDATE']);
  });

  it('checks access with one SELECT', async () => {
    const statements = await statementsDuring(() => client.get('/api/guild/overview', inGuild(ours.id)));
    // The sign-in's own look-ups (session, user) and the handler's member count name none of these tables; the bot's
    // guild list comes from the directory's cache, not the database.
    const access = statements.filter((text) =>
      /\b(user_discord_guilds|guilds|guild_permission_grants|guild_role_permissions)\b/.test(text),
    );
    expect(access).toHaveLength(1);
    expect(access[0]).toMatch(/^SELECT /);
  });

  it('still refuses as before', async () => {
    const missing = await client.get('/api/guild/overview');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'GUILD_SELECTION_REQUIRED' });
    for (const foreign of [theirs.id, withoutBot.id]) {
      const answer = await client.get('/api/guild/overview', inGuild(foreign));
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'GUILD_NOT_AVAILABLE', error: COMMUNITY_MESSAGES.guildNotAvailable });
    }
    const officersOnly = await client.get('/api/guild/invites', inGuild(ours.id));
    expect(officersOnly.status).toBe(403);
    expect(officersOnly.body).toMatchObject({ code: 'FORBIDDEN', error: COMMUNITY_MESSAGES.guildPermissionDenied });
  });

  it('reads grants in the same statement: a grant opens what Discord standing does not', async () => {
    await sql(
      server.app,
      `INSERT INTO guild_permission_grants (guild_id, user_id, permission)
       SELECT g.id, u.id, $3 FROM guilds g, users u WHERE g.discord_guild_id = $1 AND u.discord_id = $2`,
      [ours.id, member.id, GUILD_INVITE_PERMISSION],
    );
    expect((await client.get('/api/guild/invites', inGuild(ours.id))).status).toBe(200);
  });
});
