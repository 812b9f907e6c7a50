import {
  type BotGuild,
  type ChatUser,
  DISCORD_ACCOUNT_PAGE,
  type DiscordUserDetail,
  discordUserNotFound,
  MESSAGES,
  type Permission,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

type Page<Row> = { success: true; data: Row[]; pagination: { page: number; limit: number; total: number; pages: number } };

/** The people of the test: each known to the platform another way. */
const ARTHAS = '111111111111111101';
const JAINA = '111111111111111102';
const THRALL = '111111111111111103';
const SYLVANAS = '111111111111111104';
/** Guild members with nothing else, for paging. */
const BULK = Array.from({ length: 30 }, (_, i) => `2222222222222222${String(i).padStart(2, '0')}`);
const TOTAL = 4 + BULK.length;

let guildA: string;
let guildB: string;

async function insertSignedInUser(discordId: string, username: string, globalName: string | null, signedInAt: string) {
  const [user] = await sql<{ id: string }>(
    server.app,
    `INSERT INTO users (username, discord_id, global_name, avatar, auth_method) VALUES ($1, $2, $3, NULL, 'discord')
     RETURNING id`,
    [username, discordId, globalName],
  );
  await sql(
    server.app,
    `INSERT INTO community_sessions (token_hash, user_id, created_at, expires_at)
     VALUES (md5(random()::text), $1, $2::timestamptz, now() + interval '1 day')`,
    [user!.id, signedInAt],
  );
}

async function link(guildId: string, memberId: string, name: string, isPrimary: boolean) {
  const characterId = await insertCharacter(server.app, guildId, { name, class: 'Paladin' });
  await sql(
    server.app,
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, priority, is_primary, confidence, link_type)
     VALUES ($1, $2, $3, $4, $5, 0.92, 'automatic')`,
    [guildId, characterId, memberId, isPrimary ? 'main' : 'alt', isPrimary],
  );
}

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildA = await insertGuild(server.app, { guild_name: 'Alpha Raiders', server: 'Stormrage', region: 'EU' });
  guildB = await insertGuild(server.app, { guild_name: 'Bravo Company', server: 'Draenor' });
  const guildWithoutServer = await insertGuild(server.app, { guild_name: 'Charlie No Discord' });
  await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildA, '900000000000000001']);
  await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildB, '900000000000000002']);

  const arthasInA = await insertMember(server.app, guildA, {
    discordUserId: ARTHAS,
    username: 'arthas',
    globalName: 'Arthas Menethil',
    nickname: 'Tankzilla',
  });
  await insertMember(server.app, guildB, {
    discordUserId: ARTHAS,
    username: 'arthas',
    globalName: 'Arthas Menethil',
    leftAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await link(guildA, arthasInA, 'Uther', true);
  await link(guildA, arthasInA, 'Falric', false);
  await insertSignedInUser(ARTHAS, 'arthas', 'Arthas Menethil', new Date(Date.now() - 3_600_000).toISOString());
  await sql(
    server.app,
    `INSERT INTO player_accounts (display_name, discord_id, discord_linked_at, battlenet_id, battletag, battlenet_region)
     VALUES ('Arthas Player', $1, now(), '55555', 'Arthas#1234', 'eu')`,
    [ARTHAS],
  );

  await insertMember(server.app, guildB, { discordUserId: JAINA, username: 'jaina', globalName: 'Jaina Proudmoore' });
  await insertSignedInUser(THRALL, 'thrall', null, new Date(Date.now() - 86_400_000 * 3).toISOString());
  await sql(server.app, `INSERT INTO player_accounts (display_name, discord_id) VALUES ('Sylvanas Account', $1)`, [SYLVANAS]);
  for (const [i, id] of BULK.entries()) {
    await insertMember(server.app, guildB, { discordUserId: id, username: `bulk${String(i).padStart(2, '0')}` });
  }
  await insertMember(server.app, guildWithoutServer, {
    discordUserId: JAINA,
    username: 'jaina',
    leftAt: new Date().toISOString(),
  });

  await sql(
    server.app,
    `INSERT INTO jobs (kind, guild_id, target, actor, status, progress, result, error, attempts, max_attempts, created_at,
                       updated_at, finished_at)
     VALUES ('member_sync', $1::uuid, $1::text, '{"type": "system"}', 'succeeded',
             '{"phase": "done", "page": 1, "fetched": 2, "after": "0", "total": 1}',
             '{"added": 1, "updated": 1, "left": 0, "total": 1}', NULL, 1, 3, now() - interval '2 hours',
             now() - interval '2 hours', now() - interval '2 hours' + interval '5 seconds'),
            ('member_sync', $1::uuid, $1::text, '{"type": "system"}', 'failed', NULL, NULL, 'Discord said no', 1, 3,
             now() - interval '1 hour', now() - interval '1 hour', now() - interval '1 hour')`,
    [guildA],
  );
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

async function users(query = '') {
  const answer = await owner.get<Page<ChatUser>>(`/api/admin/discord/users${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const ids = (page: Page<ChatUser>) => page.data.map((user) => user.id);

describe('the Discord users the platform knows', () => {
  it('lists each Discord user once, from sign-ins, member lists and player accounts, paged 25 by default', async () => {
    const page = await users();
    expect(page.pagination).toEqual({ page: 1, limit: DISCORD_ACCOUNT_PAGE.size, total: TOTAL, pages: 2 });
    expect(page.data).toHaveLength(DISCORD_ACCOUNT_PAGE.size);
    const second = await users('?page=2');
    expect(second.data).toHaveLength(TOTAL - DISCORD_ACCOUNT_PAGE.size);
    const all = [...ids(page), ...ids(second)];
    expect(new Set(all).size).toBe(TOTAL);
    expect(all).toEqual(expect.arrayContaining([ARTHAS, JAINA, THRALL, SYLVANAS, ...BULK]));
  });

  it("gives the spec's chat-user fields, the names from the member list and the counts over every guild", async () => {
    const { data } = await users('?search=arthas');
    expect(data).toHaveLength(1);
    const arthas = data[0]!;
    expect(arthas).toMatchObject({
      id: ARTHAS,
      username: 'arthas',
      globalName: 'Arthas Menethil',
      displayName: 'Tankzilla',
      discriminator: null,
      avatar: null,
      isActive: true,
      verified: true,
      linkedCharacters: 2,
      guilds: 1,
      hasPlayerAccount: true,
    });
    expect(arthas.avatarUrl).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/[0-5]\.png$/);
    expect(Date.now() - Date.parse(arthas.lastLogin!)).toBeGreaterThan(3_500_000);

    const [sylvanas] = (await users(`?search=${SYLVANAS}`)).data;
    expect(sylvanas).toMatchObject({
      username: null,
      displayName: 'Sylvanas Account',
      isActive: false,
      verified: false,
      linkedCharacters: 0,
      lastLogin: null,
    });
  });

  it('searches the id, username, global name and nickname, case aside, with LIKE wildcards taken literally', async () => {
    expect(ids(await users('?search=TANKZ'))).toEqual([ARTHAS]);
    expect(ids(await users('?search=proudmoore'))).toEqual([JAINA]);
    expect(ids(await users('?search=thrall'))).toEqual([THRALL]);
    expect(ids(await users('?search=1111111111111111')).sort()).toEqual([ARTHAS, JAINA, THRALL, SYLVANAS]);
    expect((await users('?search=bulk1')).pagination.total).toBe(10);
    expect((await users('?search=bulk_')).pagination.total).toBe(0);
    expect((await users('?search=%25')).pagination.total).toBe(0);
  });

  it('filters to those signed in with Discord, guild members or linked ones', async () => {
    expect(ids(await users('?filter=signed_in&sortBy=id')).sort()).toEqual([ARTHAS, THRALL]);
    expect((await users('?filter=member')).pagination.total).toBe(2 + BULK.length);
    expect(ids(await users('?filter=linked')).sort()).toEqual([ARTHAS, SYLVANAS]);
    expect(ids(await users('?filter=member&search=arth'))).toEqual([ARTHAS]);
  });

  it('sorts in SQL by display name, username, last login, linked characters and id, both ways, across pages', async () => {
    const byName = await users('?limit=100');
    const names = byName.data.map((user) => user.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byNameDesc = await users('?limit=100&sortOrder=desc');
    expect(ids(byNameDesc)).toEqual([...ids(byName)].reverse());

    expect(ids(await users('?sortBy=linkedCharacters&sortOrder=desc&limit=1'))).toEqual([ARTHAS]);
    expect(ids(await users('?sortBy=lastLogin&sortOrder=desc&limit=3'))).toEqual([ARTHAS, THRALL, expect.any(String)]);
    // Never logged in comes last in either direction.
    expect(ids(await users('?sortBy=lastLogin&sortOrder=asc&limit=2'))).toEqual([THRALL, ARTHAS]);
    expect(ids(await users('?sortBy=id&sortOrder=desc&limit=1'))).toEqual([BULK.at(-1)]);
    const byUsername = await users('?sortBy=username&limit=100');
    const usernames = byUsername.data.map((user) => user.username);
    expect(usernames.at(-1)).toBeNull();
    const known = usernames.filter((name): name is string => name !== null);
    expect(known).toEqual([...known].sort());

    const pageTwo = await users('?sortBy=id&limit=10&page=2');
    expect(ids(pageTwo)).toEqual(ids(await users('?sortBy=id&limit=100')).slice(10, 20));
  });

  it('refuses a query outside the contract with the field named', async () => {
    const answer = await owner.get('/api/admin/discord/users?sortBy=email&limit=1000');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys((answer.body as { fields: Record<string, string> }).fields)).toEqual(
      expect.arrayContaining(['sortBy', 'limit']),
    );
  });
});

describe('one Discord user', () => {
  it('shows guild memberships (current first), linked characters with their guild and the player account', async () => {
    const answer = await owner.get<{ success: true; data: DiscordUserDetail }>(`/api/admin/discord/users/${ARTHAS}`);
    expect(answer.status).toBe(200);
    const { user, memberships, characters, playerAccount } = answer.body.data;
    expect(user).toMatchObject({ id: ARTHAS, displayName: 'Tankzilla', linkedCharacters: 2 });
    expect(memberships.map((m) => [m.guildName, m.nickname, m.leftAt === null])).toEqual([
      ['Alpha Raiders', 'Tankzilla', true],
      ['Bravo Company', null, false],
    ]);
    expect(memberships[0]).toMatchObject({ guildId: guildA, discordGuildId: '900000000000000001' });
    expect(memberships[0]!.joinedAt).toBeTruthy();
    expect(characters.map((c) => [c.name, c.isPrimary, c.guildName])).toEqual([
      ['Uther', true, 'Alpha Raiders'],
      ['Falric', false, 'Alpha Raiders'],
    ]);
    expect(characters[0]).toMatchObject({ class: 'Paladin', level: 80, linkType: 'automatic', confidence: 92, priority: 'main' });
    expect(playerAccount).toMatchObject({
      displayName: 'Arthas Player',
      status: 'active',
      battlenet: { id: '55555', battletag: 'Arthas#1234', region: 'eu' },
    });
  });

  it('shows a user known only through a player account, with no memberships', async () => {
    const answer = await owner.get<{ success: true; data: DiscordUserDetail }>(`/api/admin/discord/users/${SYLVANAS}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ memberships: [], characters: [], playerAccount: { battlenet: null } });
  });

  it('answers 404 for an id nothing knows and 400 for one that is no Discord id', async () => {
    const unknown = await owner.get('/api/admin/discord/users/333333333333333333');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: discordUserNotFound('333333333333333333') });
    const invalid = await owner.get('/api/admin/discord/users/abc');
    expect(invalid.status).toBe(400);
  });
});

describe("the bot's guilds", () => {
  it('lists every guild tenant with a Discord server, its current member count and last member sync', async () => {
    const answer = await owner.get<Page<BotGuild>>('/api/admin/discord/bot-guilds');
    expect(answer.status).toBe(200);
    const { data, pagination } = answer.body;
    expect(pagination).toEqual({ page: 1, limit: DISCORD_ACCOUNT_PAGE.size, total: 2, pages: 1 });
    expect(data.map((g) => [g.guildName, g.region, g.discordGuildId, g.memberCount])).toEqual([
      ['Alpha Raiders', 'EU', '900000000000000001', 1],
      // Arthas left Bravo Company: he is not counted.
      ['Bravo Company', 'US', '900000000000000002', 1 + BULK.length],
    ]);
    expect(data[0]!.lastSync).toMatchObject({ status: 'failed', error: 'Discord said no', guildId: guildA });
    expect(data[0]!.lastSync!.finishedAt).toBeTruthy();
    expect(data[1]!.lastSync).toBeNull();
  });

  it('searches by name, server or Discord guild id and pages', async () => {
    const byServer = await owner.get<Page<BotGuild>>('/api/admin/discord/bot-guilds?search=draenor');
    expect(byServer.body.data.map((g) => g.guildId)).toEqual([guildB]);
    const byId = await owner.get<Page<BotGuild>>('/api/admin/discord/bot-guilds?search=0001');
    expect(byId.body.data.map((g) => g.guildId)).toEqual([guildA]);
    const second = await owner.get<Page<BotGuild>>('/api/admin/discord/bot-guilds?limit=1&page=2');
    expect(second.body.data.map((g) => g.guildId)).toEqual([guildB]);
    expect(second.body.pagination.pages).toBe(2);
  });
});

describe('who may read it', () => {
  async function clientWith(permissions: Permission[]) {
    const admin = await createTestAdmin(server.app, { role: 'viewer', permissions });
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    return client;
  }
  const PATHS = ['/api/admin/discord/users', `/api/admin/discord/users/${ARTHAS}`, '/api/admin/discord/bot-guilds'];

  it('refuses an admin without admin.manage_roles with 403, and anyone signed out with 401', async () => {
    const monitor = await clientWith(['admin.system_monitoring', 'players.manage_accounts']);
    for (const path of PATHS) {
      const answer = await monitor.get(path);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: MESSAGES.accessDeniedBody });
      expect((await new HttpClient(server.url).get(path)).status).toBe(401);
    }
  });

  it('lets an admin holding admin.manage_roles read every call', async () => {
    const roles = await clientWith(['admin.manage_roles']);
    for (const path of PATHS) expect((await roles.get(path)).status).toBe(200);
  });
});
