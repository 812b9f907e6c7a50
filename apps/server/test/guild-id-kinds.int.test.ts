import { GUILD_GRANT_MESSAGES, GUILD_ID_MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

// A guild has two ids: the tenant's uuid (admin side) and its Discord server's snowflake (X-Guild-ID, /auth).
// Sending one where the other is expected is the caller's mistake, told plainly: a 400, never a 500 or a 404.
const SNOWFLAKE = '470000000000000001';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let tenantId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  tenantId = await insertGuild(server.app, { guild_name: 'Two Ids' });
  await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [tenantId, SNOWFLAKE]);
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

const refusedWith = (answer: { status: number; body: Record<string, unknown> }, field: string, message: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: message, fields: { [field]: message } });
};

describe('a Discord server id where a guild tenant id is expected', () => {
  it('is refused by the discovery summary', async () => {
    const answer = await owner.get(`/api/admin/character-discovery/summary?guildId=${SNOWFLAKE}`);
    refusedWith(answer, 'guildId', GUILD_ID_MESSAGES.tenantId);
    expect((await owner.get(`/api/admin/character-discovery/summary?guildId=${tenantId}`)).status).toBe(200);
  });

  it('is refused by a member sync', async () => {
    const answer = await owner.post('/api/admin/character-discovery/discord/sync-members', { guildId: SNOWFLAKE });
    refusedWith(answer, 'guildId', GUILD_ID_MESSAGES.tenantId);
  });

  it("is refused by a guild grant, in the grant form's words", async () => {
    const answer = await owner.get(`/api/admin/guilds/${SNOWFLAKE}/discord-roles`);
    refusedWith(answer, 'guildId', GUILD_GRANT_MESSAGES.guildNotFound);
  });
});

describe('a guild tenant id where a Discord server id is expected', () => {
  it('is refused by guild selection and the bot checks', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const client = new HttpClient(server.url);
    refusedWith(
      await client.post('/auth/guilds/select', { guildId: tenantId }, bearer(member.accessToken)),
      'guildId',
      GUILD_ID_MESSAGES.discordGuildId,
    );
    refusedWith(
      await client.get(`/auth/guild-check/${tenantId}`, bearer(member.accessToken)),
      'guildId',
      GUILD_ID_MESSAGES.discordGuildId,
    );
    refusedWith(
      await client.post('/auth/bot-invite', { guildId: tenantId }, bearer(member.accessToken)),
      'guildId',
      GUILD_ID_MESSAGES.discordGuildId,
    );
  });
});
