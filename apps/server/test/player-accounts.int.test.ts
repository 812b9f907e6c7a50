import {
  accountUnlinked,
  linkHeldByOther,
  type Permission,
  PLAYER_ACCOUNT_MESSAGES,
  type PlayerAccount,
  playerAccountNotFound,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

type Answer = { success: boolean; data: PlayerAccount; message: string };
type Page = { data: PlayerAccount[]; pagination: { page: number; limit: number; total: number; pages: number } };

let discordSeq = 0;
/** A fresh 18-digit Discord id. */
const discordId = () => `1${String(Date.now()).slice(-9)}${String(++discordSeq).padStart(8, '0')}`;

async function create(body: Record<string, unknown>) {
  const answer = await owner.post<Answer>('/api/admin/players', body);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** A client signed in as a new admin holding only `permissions` (the viewer role adds only monitoring). */
async function clientWith(permissions: Permission[]) {
  const admin = await createTestAdmin(server.app, { role: 'viewer', permissions });
  const client = new HttpClient(server.url);
  await client.signIn(admin.username, admin.password);
  return client;
}

async function expectRefused(body: Record<string, unknown>, fields: Record<string, string>) {
  const answer = await owner.post('/api/admin/players', body);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fields });
}

describe('creating and editing player accounts (spec 2 §5, §7)', () => {
  it('creates an account with the form payload, empty optional values as null, audited', async () => {
    const id = discordId();
    const answer = await owner.post<Answer>('/api/admin/players', {
      displayName: '  Arthas  ',
      email: '',
      discordId: id,
      battlenetId: '',
      accountStatus: 'active',
      notes: '',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PLAYER_ACCOUNT_MESSAGES.created);
    const account = answer.body.data;
    expect(account).toMatchObject({
      displayName: 'Arthas',
      email: null,
      discord_id: id,
      battlenet_id: null,
      notes: null,
      account_status: 'active',
      created_by: 'owner',
      linkState: { discord: true, battlenet: false, fully: false },
    });
    expect(account.discord_metadata?.linkedAt).toBeTruthy();
    const audit = await sql(
      server.app,
      "SELECT actor_name FROM audit_log WHERE action = 'player_account.created' AND target_id = $1",
      [account.id],
    );
    expect(audit).toEqual([{ actor_name: 'owner' }]);
  });

  it('answers every form rule with its message, never a 500', async () => {
    await expectRefused({}, { displayName: PLAYER_ACCOUNT_MESSAGES.displayNameRequired });
    await expectRefused({ displayName: '   ' }, { displayName: PLAYER_ACCOUNT_MESSAGES.displayNameRequired });
    await expectRefused({ displayName: 'A' }, { displayName: PLAYER_ACCOUNT_MESSAGES.displayNameLength });
    await expectRefused({ displayName: 'Jaina', email: 'not-an-address' }, { email: PLAYER_ACCOUNT_MESSAGES.email });
    await expectRefused({ displayName: 'Jaina', discordId: '12345' }, { discordId: PLAYER_ACCOUNT_MESSAGES.discordId });
    await expectRefused(
      { displayName: 'Jaina', discordId: 'abcdefghijklmnopq' },
      { discordId: PLAYER_ACCOUNT_MESSAGES.discordId },
    );
    await expectRefused({ displayName: 'Jaina', accountStatus: 'banned' }, { accountStatus: PLAYER_ACCOUNT_MESSAGES.status });
    // Merged is shown, not chosen.
    await expectRefused({ displayName: 'Jaina', accountStatus: 'merged' }, { accountStatus: PLAYER_ACCOUNT_MESSAGES.status });
    const notJson = await owner.request('POST', '/api/admin/players', { rawBody: '{', body: undefined });
    expect(notJson.status).toBe(400);
  });

  it('updates an account (the account in data), audits what changed, 404 for an unknown id', async () => {
    const account = await create({ displayName: 'Thrall', email: 'thrall@example.com' });
    const answer = await owner.request<Answer>('PUT', `/api/admin/players/${account.id}`, {
      body: { displayName: 'Go’el', email: 'thrall@example.com', accountStatus: 'suspended', notes: 'Warchief' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PLAYER_ACCOUNT_MESSAGES.saved);
    expect(answer.body.data).toMatchObject({
      displayName: 'Go’el',
      account_status: 'suspended',
      notes: 'Warchief',
      updated_by: 'owner',
    });
    const [audit] = await sql<{ details: { changed: string[] } }>(
      server.app,
      "SELECT details FROM audit_log WHERE action = 'player_account.updated' AND target_id = $1",
      [account.id],
    );
    expect(audit!.details.changed.sort()).toEqual(['accountStatus', 'displayName', 'notes']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await owner.request('PUT', `/api/admin/players/${unknown}`, { body: { displayName: 'Nobody' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(playerAccountNotFound(unknown));
    expect((await owner.request('PUT', '/api/admin/players/not-a-uuid', { body: { displayName: 'Nobody' } })).status).toBe(400);
  });

  it('refuses a Discord id another account holds, naming that account', async () => {
    const id = discordId();
    const holder = await create({ displayName: 'Sylvanas', discordId: id });
    const answer = await owner.post('/api/admin/players', { displayName: 'Vereesa', discordId: id });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: linkHeldByOther('discord', 'Sylvanas'),
      existingAccountId: holder.id,
      existingAccountName: 'Sylvanas',
    });
  });
});

describe('linking and unlinking (spec 2 §7)', () => {
  it('links Discord; an id held by another account is 409 until forceLink moves it, both audited', async () => {
    const id = discordId();
    const first = await create({ displayName: 'Anduin' });
    const second = await create({ displayName: 'Varian' });
    const linked = await owner.post<Answer>(`/api/admin/players/${first.id}/link-discord`, { discordId: id });
    expect(linked.status).toBe(200);
    expect(linked.body.message).toBe(PLAYER_ACCOUNT_MESSAGES.discordLinked);
    expect(linked.body.data.linkState.discord).toBe(true);

    const refused = await owner.post(`/api/admin/players/${second.id}/link-discord`, { discordId: id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: linkHeldByOther('discord', 'Anduin'), existingAccountId: first.id });

    const moved = await owner.post<Answer>(`/api/admin/players/${second.id}/link-discord`, { discordId: id, forceLink: true });
    expect(moved.status).toBe(200);
    expect(moved.body.data.discord_id).toBe(id);
    const page = await owner.get<Page>(`/api/admin/players?search=${id}`);
    expect(page.body.data.map((a) => a.displayName)).toEqual(['Varian']);
    const audits = await sql<{ action: string; target_id: string }>(
      server.app,
      "SELECT action, target_id FROM audit_log WHERE action LIKE 'player_account.discord_%' AND target_id = ANY($1::text[]) ORDER BY id",
      [[first.id, second.id]],
    );
    expect(audits).toEqual([
      { action: 'player_account.discord_linked', target_id: first.id },
      { action: 'player_account.discord_unlinked', target_id: first.id },
      { action: 'player_account.discord_linked', target_id: second.id },
    ]);
  });

  it('checks the Discord id of a link with the spec messages', async () => {
    const account = await create({ displayName: 'Malfurion' });
    const empty = await owner.post(`/api/admin/players/${account.id}/link-discord`, { discordId: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(PLAYER_ACCOUNT_MESSAGES.discordIdRequired);
    const bad = await owner.post(`/api/admin/players/${account.id}/link-discord`, { discordId: '1234' });
    expect(bad.body.error).toBe(PLAYER_ACCOUNT_MESSAGES.discordId);
  });

  it('links Battle.net with BattleTag and region, refuses a held id, unlinks with a reason', async () => {
    const account = await create({ displayName: 'Tyrande', discordId: discordId() });
    const other = await create({ displayName: 'Shandris' });
    const body = { battlenetId: `bn-${Date.now()}`, battlenetInfo: { battletag: 'Tyrande#1234', region: 'eu' } };
    const linked = await owner.post<Answer>(`/api/admin/players/${account.id}/link-battlenet`, body);
    expect(linked.status).toBe(200);
    expect(linked.body.message).toBe(PLAYER_ACCOUNT_MESSAGES.battlenetLinked);
    expect(linked.body.data.battlenet_metadata).toMatchObject({ battletag: 'Tyrande#1234', region: 'eu' });
    expect(linked.body.data.linkState).toEqual({ discord: true, battlenet: true, fully: true });

    const held = await owner.post(`/api/admin/players/${other.id}/link-battlenet`, body);
    expect(held.status).toBe(409);
    expect(held.body.error).toBe(linkHeldByOther('battlenet', 'Tyrande'));
    const noTag = await owner.post(`/api/admin/players/${other.id}/link-battlenet`, {
      ...body,
      battlenetInfo: { battletag: ' ' },
    });
    expect(noTag.status).toBe(400);
    expect(noTag.body.error).toBe(PLAYER_ACCOUNT_MESSAGES.battletagRequired);

    const noReason = await owner.request('DELETE', `/api/admin/players/${account.id}/unlink/battlenet`, { body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe(PLAYER_ACCOUNT_MESSAGES.reasonRequired);
    const unlinked = await owner.request<Answer>('DELETE', `/api/admin/players/${account.id}/unlink/battlenet`, {
      body: { reason: 'Admin unlink via linking tools' },
    });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.message).toBe(accountUnlinked('battlenet'));
    expect(unlinked.body.data).toMatchObject({ battlenet_id: null, battlenet_metadata: null });
    const [audit] = await sql<{ details: { reason: string } }>(
      server.app,
      "SELECT details FROM audit_log WHERE action = 'player_account.battlenet_unlinked' AND target_id = $1",
      [account.id],
    );
    expect(audit!.details.reason).toBe('Admin unlink via linking tools');
    const again = await owner.request('DELETE', `/api/admin/players/${account.id}/unlink/battlenet`, {
      body: { reason: 'again' },
    });
    expect(again.status).toBe(409);
    expect(
      (await owner.request('DELETE', `/api/admin/players/${account.id}/unlink/steam`, { body: { reason: 'x' } })).status,
    ).toBe(400);
  });
});

describe('the account list and statistics (spec 2 §2, §7)', () => {
  let prefix: string;
  let charactersOwner: PlayerAccount;

  beforeAll(async () => {
    prefix = `zz${Date.now()}`;
    // 30 accounts of this prefix: every third linked to Discord, every fifth to Battle.net, some inactive.
    for (let n = 1; n <= 30; n++) {
      const account = await create({
        displayName: `${prefix} Player ${String(n).padStart(2, '0')}`,
        email: n % 2 === 0 ? `${prefix}.${n}@example.com` : null,
        discordId: n % 3 === 0 ? discordId() : null,
        battlenetId: n % 5 === 0 ? `${prefix}-bn-${n}` : null,
        accountStatus: n % 4 === 0 ? 'inactive' : 'active',
      });
      if (n === 30) charactersOwner = account;
    }
    // Characters linked to the Discord id of Player 30 in two guilds.
    const guilds = [
      await insertGuild(server.app, { guild_name: `${prefix} Horde` }),
      await insertGuild(server.app, { guild_name: `${prefix} Alliance` }),
    ];
    for (const [i, guildId] of guilds.entries()) {
      const [member] = await sql<{ id: string }>(
        server.app,
        "INSERT INTO discord_members (guild_id, discord_user_id, username, global_name) VALUES ($1, $2, 'p30', 'Player Thirty') RETURNING id",
        [guildId, charactersOwner.discord_id],
      );
      for (let c = 0; c < 4; c++) {
        const [character] = await sql<{ id: string }>(
          server.app,
          'INSERT INTO characters (guild_id, name, realm, class, level) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [guildId, `Char${i}${c}`, 'Stormrage', c % 2 === 0 ? 'Mage' : 'Priest', 70 + c + i],
        );
        await sql(server.app, 'INSERT INTO character_links (guild_id, character_id, discord_member_id) VALUES ($1, $2, $3)', [
          guildId,
          character!.id,
          member!.id,
        ]);
      }
    }
  });

  const list = (query: string) => owner.get<Page>(`/api/admin/players?search=${prefix}&${query}`);

  it('pages in SQL with the total, 25 by default, newest change first', async () => {
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 25, total: 30, pages: 2 });
    expect(first.body.data[0]!.displayName).toBe(`${prefix} Player 30`);
    const second = await list('page=2');
    expect(second.body.data).toHaveLength(5);
    expect(second.body.data.at(-1)!.displayName).toBe(`${prefix} Player 01`);
  });

  it('searches name, e-mail and Discord id, and filters by status and link', async () => {
    expect((await owner.get<Page>(`/api/admin/players?search=${prefix}.12@`)).body.data.map((a) => a.displayName)).toEqual([
      `${prefix} Player 12`,
    ]);
    expect((await list('status=inactive')).body.pagination.total).toBe(7);
    expect((await list('status=active')).body.pagination.total).toBe(23);
    expect((await list('linkedTo=discord')).body.pagination.total).toBe(10);
    expect((await list('linkedTo=battlenet')).body.pagination.total).toBe(6);
    expect((await list('linkedTo=both')).body.pagination.total).toBe(2);
    expect((await list('linkedTo=none')).body.pagination.total).toBe(16);
    expect((await list('status=linked')).body.pagination.total).toBe(14);
    expect((await list('status=unlinked&linkedTo=all')).body.pagination.total).toBe(16);
    expect((await owner.get('/api/admin/players?linkedTo=steam')).status).toBe(400);
    expect((await owner.get('/api/admin/players?search=%25_\\')).status).toBe(200);
  });

  it('sorts by name either way', async () => {
    const asc = await list('sortBy=displayName&sortOrder=asc&limit=3');
    expect(asc.body.data.map((a) => a.displayName)).toEqual([1, 2, 3].map((n) => `${prefix} Player 0${n}`));
    const desc = await list('sortBy=displayName&sortOrder=desc&limit=1');
    expect(desc.body.data[0]!.displayName).toBe(`${prefix} Player 30`);
    expect((await list('sortBy=last_login_at')).status).toBe(200);
  });

  it('includes up to 5 characters per card and the summary over all of them', async () => {
    const page = await list('includeCharacters=true&limit=1');
    const account = page.body.data[0]!;
    expect(account.id).toBe(charactersOwner.id);
    expect(account.characters).toHaveLength(5);
    expect(account.characters![0]).toMatchObject({
      class: expect.any(String),
      level: 74,
      guild: `${prefix} Alliance`,
      race: null,
    });
    expect(account.characterSummary).toEqual({ count: 8, maxLevel: 74, classes: 2, guilds: 2 });
    expect(account.discord_metadata).toMatchObject({ username: 'p30', globalName: 'Player Thirty' });
    expect((await list('limit=1')).body.data[0]!.characters).toBeUndefined();
  });

  it('reads one account with every character for the detail dialog, 404 for an unknown id', async () => {
    const answer = await owner.get<{ data: PlayerAccount }>(`/api/admin/players/${charactersOwner.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.characters).toHaveLength(8);
    expect(answer.body.data.characters!.map((c) => c.level)).toEqual([74, 73, 73, 72, 72, 71, 71, 70]);
    expect(answer.body.data.characterSummary).toEqual({ count: 8, maxLevel: 74, classes: 2, guilds: 2 });
    // A save answers the account as the view opens on it: every character too.
    const saved = await owner.request<Answer>('PUT', `/api/admin/players/${charactersOwner.id}`, {
      body: {
        displayName: charactersOwner.displayName,
        email: charactersOwner.email,
        discordId: charactersOwner.discord_id,
        battlenetId: charactersOwner.battlenet_id,
        accountStatus: charactersOwner.account_status,
      },
    });
    expect(saved.body.data.characters).toHaveLength(8);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const missing = await owner.get(`/api/admin/players/${unknown}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(playerAccountNotFound(unknown));
    expect((await owner.get('/api/admin/players/not-a-uuid')).status).toBe(400);
  });

  it('answers statistics with linking rates in percent', async () => {
    const answer = await owner.get<{
      data: { total: number; discordLinked: number; fullyLinked: number; linkingRate: Record<string, number> };
    }>('/api/admin/players/statistics');
    expect(answer.status).toBe(200);
    const [counts] = await sql<{ total: number; discord: number; fully: number }>(
      server.app,
      `SELECT count(*)::int AS total, count(discord_id)::int AS discord,
              count(*) FILTER (WHERE discord_id IS NOT NULL AND battlenet_id IS NOT NULL)::int AS fully FROM player_accounts`,
    );
    expect(answer.body.data).toMatchObject({ total: counts!.total, discordLinked: counts!.discord, fullyLinked: counts!.fully });
    expect(answer.body.data.linkingRate.discord).toBe(Math.round((counts!.discord / counts!.total) * 1000) / 10);
    const withStats = await list('includeStats=true&limit=1');
    expect(withStats.body).toHaveProperty('statistics.total', counts!.total);
  });
});

describe('permissions per action (spec 2 §2)', () => {
  it('reads with players.manage_accounts; creates, edits and links only with their own permission', async () => {
    const reader = await clientWith(['players.manage_accounts']);
    const account = await create({ displayName: 'Permission Target' });
    expect((await reader.get('/api/admin/players')).status).toBe(200);
    expect((await reader.get('/api/admin/players/statistics')).status).toBe(200);
    expect((await reader.get(`/api/admin/players/${account.id}`)).status).toBe(200);
    expect((await reader.post('/api/admin/players', { displayName: 'Nope' })).status).toBe(403);
    expect((await reader.request('PUT', `/api/admin/players/${account.id}`, { body: { displayName: 'Nope' } })).status).toBe(403);
    expect((await reader.post(`/api/admin/players/${account.id}/link-discord`, { discordId: discordId() })).status).toBe(403);

    const creator = await clientWith(['players.create']);
    expect((await creator.post('/api/admin/players', { displayName: 'Made by creator' })).status).toBe(200);
    const editor = await clientWith(['players.edit']);
    expect((await editor.request('PUT', `/api/admin/players/${account.id}`, { body: { displayName: 'Edited' } })).status).toBe(
      200,
    );
    expect((await editor.post(`/api/admin/players/${account.id}/link-discord`, { discordId: discordId() })).status).toBe(403);
    const linker = await clientWith(['players.link_accounts']);
    expect((await linker.post(`/api/admin/players/${account.id}/link-discord`, { discordId: discordId() })).status).toBe(200);
    expect(
      (await linker.request('DELETE', `/api/admin/players/${account.id}/unlink/discord`, { body: { reason: 'test' } })).status,
    ).toBe(200);

    const outsider = await clientWith([]);
    expect((await outsider.get('/api/admin/players')).status).toBe(403);
    expect((await new HttpClient(server.url).get('/api/admin/players')).status).toBe(401);
  });
});
