import {
  BATTLENET_MESSAGES,
  type BattlenetConnection,
  type BattlenetUserLookup,
  PLAYER_ACCOUNT_MESSAGES,
  type PlayerAccount,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/core/event-bus';
import { BattlenetFake, type FakeBattlenetAccount, wowCharacter } from './fakes/battlenet-fake';
import { bearer, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import {
  createTestEnvironment,
  OWNER,
  startIsolatedApp,
  startTestApp,
  stopTestApp,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
const fake = new BattlenetFake();
const events: DomainEvent[] = [];

beforeAll(async () => {
  await fake.start();
  environment = await createTestEnvironment({
    PUBLIC_URL: 'http://guildhall.test:3000',
    BNET_CLIENT_ID: fake.clientId,
    BNET_CLIENT_SECRET: fake.clientSecret,
    BNET_OAUTH_BASE: fake.oauthBase,
    BNET_API_BASE: fake.apiBase,
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  server.app.bus.subscribe((event) => events.push(event));
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

let discordSeq = 0;
/** A fresh 18-digit Discord id. */
const newDiscordId = () => `2${String(Date.now()).slice(-9)}${String(++discordSeq).padStart(8, '0')}`;
let accountSeq = 0;
/** A Battle.net account with a unique id and BattleTag. */
const bnetAccount = (characters: FakeBattlenetAccount['wowAccounts']): FakeBattlenetAccount => {
  const id = 500_000_000 + (Date.now() % 1_000_000) * 100 + ++accountSeq;
  return { id, battletag: `Player${accountSeq}${uniqueSuffix().slice(0, 4)}#${1000 + accountSeq}`, wowAccounts: characters };
};

/** A verified e-mail member whose account has Discord linked (as a Discord sign-in or link leaves it). */
async function memberWithDiscord() {
  const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
  const discordId = newDiscordId();
  await sql(server.app, "UPDATE users SET discord_id = $2, global_name = $3, auth_method = 'both' WHERE id = $1", [
    member.user.id,
    discordId,
    `Hero ${discordSeq}`,
  ]);
  return { ...member, discordId };
}

/**
 * Connects as the web does: GET /auth/battlenet with the bearer (the answer sets the state cookie in this
 * browser's jar), Battle.net's authorize page as `as`, then the callback with the same jar.
 */
async function connect(accessToken: string, as: FakeBattlenetAccount | null, region = 'eu') {
  const browser = new HttpClient(server.url);
  const start = await browser.get<{ authUrl: string }>(`/auth/battlenet?region=${region}`, bearer(accessToken));
  expect(start.status, start.text).toBe(200);
  fake.loginAs = as;
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await browser.get(`${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return new URL(String(callback.headers.location)).searchParams.get('battlenetLink');
}

const connectionOf = async (accessToken: string) =>
  (await owner.get<{ connection: BattlenetConnection | null; isConfigured: boolean }>('/api/me/battlenet', bearer(accessToken)))
    .body;

describe('connecting Battle.net from /settings', () => {
  it('exchanges the code with the client credentials, reads the account and imports its WoW characters', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const account = bnetAccount([
      [wowCharacter('Thrall', 'Draenor', { class: 'Shaman', race: 'Orc', level: 80, faction: 'HORDE' })],
      [wowCharacter('Jaina', 'Silvermoon', { class: 'Mage', race: 'Human', level: 72 })],
    ]);
    expect(await connect(member.accessToken, account)).toBe('connected');

    const token = fake.requests.filter((r) => r.path === '/oauth/token').at(-1);
    expect(token?.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    const profile = fake.requests.filter((r) => r.path === '/api/profile/user/wow').at(-1);
    expect(profile?.query.get('namespace')).toBe('profile-eu');
    expect(profile?.query.get('locale')).toBe('en_US');

    const { connection, isConfigured } = await connectionOf(member.accessToken);
    expect(isConfigured).toBe(true);
    expect(connection).toMatchObject({
      battlenetId: String(account.id),
      battletag: account.battletag,
      region: 'eu',
      characterCount: 2,
      claims: [],
    });
    expect(connection?.characters).toEqual([
      { name: 'Thrall', realm: 'Draenor', class: 'Shaman', race: 'Orc', level: 80 },
      { name: 'Jaina', realm: 'Silvermoon', class: 'Mage', race: 'Human', level: 72 },
    ]);
  });

  it('re-importing updates the characters: levels change, new ones appear, gone ones are removed', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const account = bnetAccount([[wowCharacter('Anduin', 'Stormrage', { level: 70 }), wowCharacter('Varian', 'Stormrage')]]);
    expect(await connect(member.accessToken, account)).toBe('connected');
    account.wowAccounts = [
      [wowCharacter('Anduin', 'Stormrage', { level: 80, class: 'Priest' }), wowCharacter('Tyrande', 'Stormrage')],
    ];
    expect(await connect(member.accessToken, account, 'us')).toBe('connected');
    const { connection } = await connectionOf(member.accessToken);
    expect(connection?.region).toBe('us');
    expect(connection?.characters.map((c) => [c.name, c.level, c.class])).toEqual([
      ['Anduin', 80, 'Priest'],
      ['Tyrande', 80, 'Paladin'],
    ]);
  });

  it('refuses a callback whose state is not this browser’s, and stores nothing', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const browser = new HttpClient(server.url);
    const start = await browser.get<{ authUrl: string }>('/auth/battlenet?region=eu', bearer(member.accessToken));
    fake.loginAs = bnetAccount([[wowCharacter('Sylvanas', 'Draenor')]]);
    const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);

    // Another browser (no state cookie) brings the code back: refused.
    const stranger = await new HttpClient(server.url).get(`${back.pathname}${back.search}`);
    expect(new URL(String(stranger.headers.location)).searchParams.get('battlenetLink')).toBe('state_mismatch');
    // This browser with a state that is not its own: refused too.
    back.searchParams.set('state', 'forged-state');
    const forged = await browser.get(`${back.pathname}${back.search}`);
    expect(new URL(String(forged.headers.location)).searchParams.get('battlenetLink')).toBe('state_mismatch');
    expect((await connectionOf(member.accessToken)).connection).toBeNull();
  });

  it('says so when the player declines on Battle.net', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    expect(await connect(member.accessToken, null)).toBe('access_denied');
    expect((await connectionOf(member.accessToken)).connection).toBeNull();
  });

  it('reports a Battle.net failure during the import and stores nothing', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    fake.profileFailureStatus = 500;
    try {
      expect(await connect(member.accessToken, bnetAccount([[wowCharacter('Garrosh', 'Draenor')]]))).toBe('exchange_failed');
    } finally {
      fake.profileFailureStatus = null;
    }
    expect((await connectionOf(member.accessToken)).connection).toBeNull();
  });

  it('refuses a Battle.net account another member connected', async () => {
    const account = bnetAccount([[wowCharacter('Illidan', 'Draenor')]]);
    const first = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const second = await registerVerifiedUser(server.app, new HttpClient(server.url));
    expect(await connect(first.accessToken, account)).toBe('connected');
    expect(await connect(second.accessToken, account)).toBe('taken');
    expect((await connectionOf(second.accessToken)).connection).toBeNull();
    expect((await connectionOf(first.accessToken)).connection?.battletag).toBe(account.battletag);
  });

  it('needs a signed-in member', async () => {
    const answer = await new HttpClient(server.url).get('/auth/battlenet?region=eu');
    expect(answer.status).toBe(401);
    expect((await new HttpClient(server.url).get('/api/me/battlenet')).status).toBe(401);
  });

  it('refuses an unknown region with 400', async () => {
    const member = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const answer = await owner.get('/auth/battlenet?region=cn', bearer(member.accessToken));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('claims from a verified Battle.net account', () => {
  it('links the roster characters the account holds to the member as claims with confidence 100 %, audited and published', async () => {
    const member = await memberWithDiscord();
    const guildId = await insertGuild(server.app, { server: 'Area 52' });
    const memberRowId = await insertMember(server.app, guildId, {
      discordUserId: member.discordId,
      username: `hero_${discordSeq}`,
    });
    const arthas = await insertCharacter(server.app, guildId, { name: 'Ârthas', realm: 'Area 52', class: 'Death Knight' });
    const otherRealm = await insertCharacter(server.app, guildId, { name: 'Arthas', realm: 'Stormrage' });
    // A guild the member is not in: its namesake is not claimed.
    const foreignGuild = await insertGuild(server.app);
    const foreign = await insertCharacter(server.app, foreignGuild, { name: 'Arthas', realm: 'Area 52' });

    events.length = 0;
    const account = bnetAccount([[wowCharacter('arthas', 'Area 52', { class: 'Death Knight', race: 'Human' })]]);
    expect(await connect(member.accessToken, account)).toBe('connected');

    const links = await sql<{
      character_id: string;
      discord_member_id: string;
      link_type: string;
      confidence: number;
      is_primary: boolean;
    }>(
      server.app,
      `SELECT character_id, discord_member_id, link_type, confidence::float8 AS confidence, is_primary FROM character_links
        WHERE character_id = ANY($1::uuid[])`,
      [[arthas, otherRealm, foreign]],
    );
    expect(links).toEqual([
      { character_id: arthas, discord_member_id: memberRowId, link_type: 'claim', confidence: 1, is_primary: true },
    ]);
    expect(events).toContainEqual({
      type: 'character.linked',
      link: expect.objectContaining({ guildId, characterId: arthas, memberId: memberRowId, origin: 'claim' }),
    });
    const [audit] = await sql<{ actor_type: string; actor_id: string; details: { origin: string; confidence: number } }>(
      server.app,
      "SELECT actor_type, actor_id, details FROM audit_log WHERE action = 'character.linked' AND target_id = $1",
      [arthas],
    );
    expect(audit).toMatchObject({ actor_type: 'user', actor_id: member.user.id, details: { origin: 'claim', confidence: 1 } });

    const { connection } = await connectionOf(member.accessToken);
    expect(connection?.claims).toEqual([
      { characterId: arthas, name: 'Ârthas', realm: 'Area 52', guildId, guildName: expect.any(String) },
    ]);

    // The player account lists the claimed character once: from the roster, not again from Battle.net.
    const page = await owner.get<{ data: { discord_id: string | null; characters?: { id: string; race: string | null }[] }[] }>(
      `/api/admin/players?includeCharacters=true&search=${member.discordId}&limit=100`,
    );
    const shown = page.body.data.find((a) => a.discord_id === member.discordId);
    expect(shown?.characters?.map((c) => c.id)).toEqual([arthas]);

    // The matcher sees the claimed character as linked: it is no longer among the unlinked ones.
    const unlinked = await owner.get<{ characters: { id: string }[] }>(
      `/api/admin/character-discovery/characters/unlinked?guildId=${guildId}&limit=100`,
    );
    expect(unlinked.body.characters.map((c) => c.id)).toEqual([otherRealm]);
  });

  it('keeps a link a person made for someone else, replaces a matcher’s guess, and turns the member’s own link into a claim', async () => {
    const member = await memberWithDiscord();
    const guildId = await insertGuild(server.app);
    const memberRowId = await insertMember(server.app, guildId, {
      discordUserId: member.discordId,
      username: `hero_${discordSeq}`,
    });
    const otherRowId = await insertMember(server.app, guildId, { discordUserId: newDiscordId(), username: 'someone_else' });
    const byHand = await insertCharacter(server.app, guildId, { name: 'Uther', realm: 'Stormrage' });
    const guessed = await insertCharacter(server.app, guildId, { name: 'Tirion', realm: 'Stormrage' });
    const own = await insertCharacter(server.app, guildId, { name: 'Bolvar', realm: 'Stormrage' });
    const link = (characterId: string, memberId: string, type: string, confidence: number | null, isPrimary: boolean) =>
      sql(
        server.app,
        `INSERT INTO character_links (guild_id, character_id, discord_member_id, link_type, confidence, is_primary)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [guildId, characterId, memberId, type, confidence, isPrimary],
      );
    await link(byHand, otherRowId, 'manual', null, true);
    await link(guessed, otherRowId, 'automatic', 0.85, false);
    await link(own, memberRowId, 'manual', null, true);

    const account = bnetAccount([
      [wowCharacter('Uther', 'Stormrage'), wowCharacter('Tirion', 'Stormrage'), wowCharacter('Bolvar', 'Stormrage')],
    ]);
    expect(await connect(member.accessToken, account)).toBe('connected');
    const links = await sql<{ character_id: string; discord_member_id: string; link_type: string; confidence: number | null }>(
      server.app,
      `SELECT character_id, discord_member_id, link_type, confidence::float8 AS confidence FROM character_links
        WHERE guild_id = $1 ORDER BY character_id`,
      [guildId],
    );
    const byCharacter = Object.fromEntries(links.map((l) => [l.character_id, l]));
    expect(byCharacter[byHand]).toMatchObject({ discord_member_id: otherRowId, link_type: 'manual', confidence: null });
    expect(byCharacter[guessed]).toMatchObject({ discord_member_id: memberRowId, link_type: 'claim', confidence: 1 });
    expect(byCharacter[own]).toMatchObject({ discord_member_id: memberRowId, link_type: 'claim', confidence: 1 });
    const unlinkAudit = await sql(server.app, "SELECT 1 FROM audit_log WHERE action = 'character.unlinked' AND target_id = $1", [
      guessed,
    ]);
    expect(unlinkAudit).toHaveLength(1);
  });

  it('gives the member’s player account the verified Battle.net link, creating the account when there is none', async () => {
    const member = await memberWithDiscord();
    const account = bnetAccount([[wowCharacter('Velen', 'Draenor')]]);
    expect(await connect(member.accessToken, account, 'kr')).toBe('connected');
    const [created] = await sql<{ display_name: string; battlenet_id: string; battletag: string; battlenet_region: string }>(
      server.app,
      'SELECT display_name, battlenet_id, battletag, battlenet_region, battlenet_linked_at FROM player_accounts WHERE discord_id = $1',
      [member.discordId],
    );
    expect(created).toMatchObject({
      display_name: `Hero ${discordSeq}`,
      battlenet_id: String(account.id),
      battletag: account.battletag,
      battlenet_region: 'kr',
    });
    const audits = await sql<{ action: string }>(
      server.app,
      "SELECT action FROM audit_log WHERE actor_id = $1 AND action LIKE 'player_account.%' ORDER BY id",
      [member.user.id],
    );
    expect(audits.map((a) => a.action)).toEqual(['player_account.created', 'player_account.battlenet_linked']);
  });

  it('updates an existing player account, and moves the Battle.net id off an account that held it unverified', async () => {
    const member = await memberWithDiscord();
    const account = bnetAccount([[wowCharacter('Khadgar', 'Dalaran', { race: 'Human', class: 'Mage', level: 78 })]]);
    const [existing] = await sql<{ id: string }>(
      server.app,
      "INSERT INTO player_accounts (display_name, discord_id) VALUES ('Old Name', $1) RETURNING id",
      [member.discordId],
    );
    const [guess] = await sql<{ id: string }>(
      server.app,
      "INSERT INTO player_accounts (display_name, battlenet_id, battletag, battlenet_region) VALUES ('A Guess', $1, 'Guess#1', 'us') RETURNING id",
      [String(account.id)],
    );
    expect(await connect(member.accessToken, account)).toBe('connected');
    const rows = await sql<{ id: string; display_name: string; battlenet_id: string | null }>(
      server.app,
      'SELECT id, display_name, battlenet_id FROM player_accounts WHERE id = ANY($1::uuid[]) ORDER BY display_name',
      [[existing!.id, guess!.id]],
    );
    expect(rows).toEqual([
      { id: guess!.id, display_name: 'A Guess', battlenet_id: null },
      { id: existing!.id, display_name: 'Old Name', battlenet_id: String(account.id) },
    ]);

    // The account's characters include the imported ones, with race.
    const page = await owner.get<{
      data: { id: string; characters?: { character_name: string; race: string | null; level: number | null }[] }[];
    }>(`/api/admin/players?includeCharacters=true&search=${encodeURIComponent('Old Name')}&limit=100`);
    const shown = page.body.data.find((a) => a.id === existing!.id);
    expect(shown?.characters).toContainEqual(expect.objectContaining({ character_name: 'Khadgar', race: 'Human', level: 78 }));
  });
});

describe('the admin’s Battle.net lookup', () => {
  let account: FakeBattlenetAccount;
  let playerAccountId: string;

  beforeAll(async () => {
    const member = await memberWithDiscord();
    account = bnetAccount([[wowCharacter('Malfurion', 'Moonglade'), wowCharacter('Tyrande', 'Moonglade')]]);
    expect(await connect(member.accessToken, account, 'eu')).toBe('connected');
    const [row] = await sql<{ id: string }>(server.app, 'SELECT id FROM player_accounts WHERE discord_id = $1', [
      member.discordId,
    ]);
    playerAccountId = row!.id;
  });

  it('finds a verified account by BattleTag, whatever the case, with the player account holding it', async () => {
    const answer = await owner.get<{ data: BattlenetUserLookup; message: string }>(
      `/api/admin/battlenet/user/${encodeURIComponent(account.battletag.toUpperCase())}`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: PLAYER_ACCOUNT_MESSAGES.battlenetAccountFound,
      data: {
        battlenetId: String(account.id),
        battletag: account.battletag,
        region: 'eu',
        characterCount: 2,
        heldBy: { id: playerAccountId },
      },
    });
  });

  it('finds it by account id', async () => {
    const answer = await owner.get<{ data: BattlenetUserLookup }>(`/api/admin/battlenet/user/${account.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.battletag).toBe(account.battletag);
  });

  it('answers 404 for an unknown BattleTag, with how the player can connect', async () => {
    const answer = await owner.get(`/api/admin/battlenet/user/${encodeURIComponent('Nobody#0000')}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      success: false,
      code: 'NOT_FOUND',
      error: PLAYER_ACCOUNT_MESSAGES.battlenetAccountNotFound,
      hint: PLAYER_ACCOUNT_MESSAGES.battlenetHowToConnect,
    });
  });

  it('stores a verified account typed in the account form by BattleTag or id with its BattleTag and region', async () => {
    // A member without Discord: their verified account is on no player account yet.
    const loner = await registerVerifiedUser(server.app, new HttpClient(server.url));
    const free = bnetAccount([[wowCharacter('Illidan', 'Black Temple')]]);
    expect(await connect(loner.accessToken, free, 'kr')).toBe('connected');
    type Saved = { data: PlayerAccount };
    const verified = { battlenet_id: String(free.id), battlenet_metadata: { battletag: free.battletag, region: 'kr' } };

    const created = await owner.post<Saved>('/api/admin/players', {
      displayName: 'Typed BattleTag',
      battlenetId: free.battletag.toLowerCase(),
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data).toMatchObject(verified);
    // A BattleTag another account holds is refused as its id would be, naming the holder.
    const held = await owner.post('/api/admin/players', { displayName: 'Second Claim', battlenetId: account.battletag });
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ existingAccountId: playerAccountId });

    // Any other text is kept as typed, without a BattleTag; the verified id typed back brings them again.
    const path = `/api/admin/players/${created.body.data.id}`;
    const typed = await owner.request<Saved>('PUT', path, {
      body: { displayName: 'Typed BattleTag', battlenetId: 'bn-unverified' },
    });
    expect(typed.body.data).toMatchObject({
      battlenet_id: 'bn-unverified',
      battlenet_metadata: { battletag: null, region: null },
    });
    const back = await owner.request<Saved>('PUT', path, {
      body: { displayName: 'Typed BattleTag', battlenetId: String(free.id) },
    });
    expect(back.body.data).toMatchObject(verified);
  });

  it('is for admins who create, edit or link accounts (the form looks ids up too), not for readers', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer', permissions: ['players.manage_accounts'] });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    expect((await client.get(`/api/admin/battlenet/user/${account.id}`)).status).toBe(403);

    for (const permission of ['players.link_accounts', 'players.create', 'players.edit'] as const) {
      const admin = await createTestAdmin(server.app, { role: 'viewer', permissions: [permission] });
      const allowed = new HttpClient(server.url);
      await allowed.signIn(admin.username, admin.password);
      expect((await allowed.get(`/api/admin/battlenet/user/${account.id}`)).status, permission).toBe(200);
    }
    expect((await new HttpClient(server.url).get(`/api/admin/battlenet/user/${account.id}`)).status).toBe(401);
  });
});

describe('disconnecting Battle.net', () => {
  it('removes the connection and its characters, and the player account’s Battle.net link; links made stay', async () => {
    const member = await memberWithDiscord();
    const guildId = await insertGuild(server.app);
    await insertMember(server.app, guildId, { discordUserId: member.discordId, username: `hero_${discordSeq}` });
    const character = await insertCharacter(server.app, guildId, { name: 'Genn', realm: 'Gilneas' });
    const account = bnetAccount([[wowCharacter('Genn', 'Gilneas')]]);
    expect(await connect(member.accessToken, account)).toBe('connected');

    const answer = await owner.request('DELETE', '/api/me/battlenet', bearer(member.accessToken));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ success: true, message: BATTLENET_MESSAGES.disconnected });
    expect((await connectionOf(member.accessToken)).connection).toBeNull();
    expect((await owner.get(`/api/admin/battlenet/user/${account.id}`)).status).toBe(404);
    const [player] = await sql<{ battlenet_id: string | null }>(
      server.app,
      'SELECT battlenet_id FROM player_accounts WHERE discord_id = $1',
      [member.discordId],
    );
    expect(player?.battlenet_id).toBeNull();
    expect(await sql(server.app, 'SELECT 1 FROM character_links WHERE character_id = $1', [character])).toHaveLength(1);

    const again = await owner.request('DELETE', '/api/me/battlenet', bearer(member.accessToken));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, error: BATTLENET_MESSAGES.notConnected });
  });
});

describe('Battle.net not configured', () => {
  it('answers 503 to a connect, and says so to the settings card', async () => {
    const { environment: bare, server: app } = await startIsolatedApp();
    try {
      app.config.communityAuth.rateLimits.registerPerIp.limit = 10_000;
      const member = await registerVerifiedUser(app.app, new HttpClient(app.url));
      const start = await new HttpClient(app.url).get('/auth/battlenet?region=eu', bearer(member.accessToken));
      expect(start.status).toBe(503);
      expect(start.body).toMatchObject({ success: false, error: BATTLENET_MESSAGES.notConfigured });
      const card = await new HttpClient(app.url).get('/api/me/battlenet', bearer(member.accessToken));
      expect(card.body).toEqual({ success: true, isConfigured: false, connection: null });
      const callback = await new HttpClient(app.url).get('/auth/battlenet/callback?code=x&state=y');
      expect(new URL(String(callback.headers.location)).searchParams.get('battlenetLink')).toBe('not_configured');
    } finally {
      await stopTestApp(app, bare);
    }
  });
});
