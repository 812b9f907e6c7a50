import { ROLE_SYNC_MESSAGES, ROLE_SYNC_REFUSALS, type RoleSyncChange, type RoleSyncState } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordMember, type FakeDiscordUser } from './fakes/discord-fake';
import { raiseCommunityIpLimits, signInWithDiscord } from './helpers/community';
import { claimCharacter } from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertMember } from './helpers/linking-factories';
import { createTestEnvironment, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { until } from './helpers/wait';

const GUILD = '644000000000000001';
const OWN_GUILD = '644000000000000002';
const ROLE = {
  raider: '720000000000000001',
  trial: '720000000000000002',
  bench: '720000000000000003',
  officer: '720000000000000004',
  admin: '720000000000000005',
  bot: '720000000000000006',
  looter: '720000000000000007',
} as const;
const user = (n: number, name: string): FakeDiscordUser => ({
  id: `65400000000000${String(n).padStart(4, '0')}`,
  username: name,
  global_name: name[0]!.toUpperCase() + name.slice(1),
  avatar: null,
});
const officer = user(1, 'officer');
const member = user(2, 'member');
// Who is who on the roster, and what they hold in Discord before the first sync.
const alice = user(10, 'alice'); // raider, holds Officer (unmapped): gains Raider, keeps Officer
const bob = user(11, 'bob'); // trial, holds Raider: loses Raider, gains Trial
const carol = user(12, 'carol'); // inactive, holds Raider and Officer: loses Raider (Inactive is not mapped)
const dave = user(13, 'dave'); // not on the roster, holds Raider and Officer: loses Raider, keeps Officer
const erin = user(14, 'erin'); // below the attendance rule: gains Bench
const frank = user(15, 'frank'); // raider who holds Raider: nothing to do
const gone = user(16, 'gone'); // on the roster here, but no longer in the Discord server
const atGuild = { headers: { 'X-Guild-ID': GUILD } };

let environment: TestEnvironment;
let server: TestApp;
const fake = new DiscordFake();
let officerWeb: HttpClient;
let memberWeb: HttpClient;
let tenant: string;

const discordMember = (who: FakeDiscordUser, roles: string[]): FakeDiscordMember => ({
  user: who,
  nick: null,
  joined_at: '2025-01-01T00:00:00.000000+00:00',
  roles,
});
/** What a member holds in the fake Discord server now. */
const rolesOf = (who: FakeDiscordUser) => [...(fake.members.get(GUILD)?.find((m) => m.user.id === who.id)?.roles ?? [])].sort();

async function onRoster(who: FakeDiscordUser, roles: string[], name: string): Promise<string> {
  const memberId = await insertMember(server.app, tenant, { discordUserId: who.id, username: who.username });
  await sql(server.app, 'UPDATE discord_members SET roles = $2 WHERE id = $1', [memberId, roles]);
  return claimCharacter(server.app, tenant, who, { name, role: 'dps' });
}

const readState = async () => {
  const read = await officerWeb.get<{ roleSync: RoleSyncState }>('/api/guild/role-sync', atGuild);
  expect(read.status, read.text).toBe(200);
  return read.body.roleSync;
};
const save = (body: unknown) => officerWeb.request('PUT', '/api/guild/role-sync', { ...atGuild, body });
const preview = async () => {
  const read = await officerWeb.get<{ changes: RoleSyncChange[]; skipped: unknown[] }>('/api/guild/role-sync/preview', atGuild);
  expect(read.status, read.text).toBe(200);
  return read.body;
};
const change = (who: FakeDiscordUser, roleId: string, action: 'add' | 'remove') =>
  expect.objectContaining({ discordUserId: who.id, roleId, action });

/** Runs a sync now and waits for it to end; its run. */
async function syncNow(): Promise<NonNullable<RoleSyncState['lastRun']>> {
  const started = await officerWeb.post<{ message: string }>('/api/guild/role-sync/run', undefined, atGuild);
  expect(started.status, started.text).toBe(202);
  let state: RoleSyncState | null = null;
  await until(async () => {
    state = await readState();
    return state.lastRun?.status === 'succeeded' || state.lastRun?.status === 'failed';
  }, 15_000);
  return state!.lastRun!;
}

beforeAll(async () => {
  await fake.start();
  fake.addGuild(officer, { id: GUILD, name: 'Role Guild', icon: null, owner: true, permissions: '8' }, { withBot: true });
  fake.addGuild(member, { id: GUILD, name: 'Role Guild', icon: null, owner: false, permissions: '1024' }, { withBot: true });
  // The member owns a server of their own: managing members there gives them nothing in Role Guild.
  fake.addGuild(member, { id: OWN_GUILD, name: 'Own Guild', icon: null, owner: true, permissions: '8' }, { withBot: true });
  fake.roles.set(OWN_GUILD, [{ id: OWN_GUILD, name: '@everyone', color: 0, position: 0, permissions: '0', managed: false }]);
  fake.roles.set(GUILD, [
    { id: GUILD, name: '@everyone', color: 0, position: 0, permissions: '1024', managed: false },
    { id: ROLE.raider, name: 'Raider', color: 0x2ecc71, position: 3, permissions: '1024', managed: false },
    { id: ROLE.trial, name: 'Trial', color: 0, position: 2, permissions: '1024', managed: false },
    { id: ROLE.bench, name: 'Bench', color: 0, position: 1, permissions: '0', managed: false },
    { id: ROLE.officer, name: 'Officer', color: 0, position: 5, permissions: '0', managed: false },
    { id: ROLE.admin, name: 'Admin', color: 0, position: 9, permissions: '8', managed: false },
    { id: ROLE.bot, name: 'Guildhall', color: 0, position: 8, permissions: '268435456', managed: true },
    { id: ROLE.looter, name: 'Looter', color: 0, position: 4, permissions: '0', managed: false },
  ]);
  fake.members.set(GUILD, [
    discordMember(alice, [ROLE.officer]),
    discordMember(bob, [ROLE.raider]),
    discordMember(carol, [ROLE.raider, ROLE.officer]),
    discordMember(dave, [ROLE.raider, ROLE.officer]),
    discordMember(erin, []),
    discordMember(frank, [ROLE.raider]),
  ]);
  environment = await createTestEnvironment(fake.appSettings());
  server = await startTestApp(environment.env, (config) => {
    raiseCommunityIpLimits(config);
    config.discord.roleSyncSettleMs = 200;
  });
  officerWeb = await signInWithDiscord(fake, server.url, officer);
  memberWeb = await signInWithDiscord(fake, server.url, member);
  [{ id: tenant }] = (await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [GUILD])) as [
    { id: string },
  ];
  await onRoster(alice, [ROLE.officer], 'Alicia');
  await onRoster(bob, [ROLE.raider], 'Bobbin');
  await onRoster(carol, [ROLE.raider, ROLE.officer], 'Carolus');
  const erinCharacter = await onRoster(erin, [], 'Erinna');
  await onRoster(frank, [ROLE.raider], 'Frankus');
  await onRoster(gone, [], 'Gonegone');
  const daveId = await insertMember(server.app, tenant, { discordUserId: dave.id, username: dave.username });
  await sql(server.app, 'UPDATE discord_members SET roles = $2 WHERE id = $1', [daveId, [ROLE.raider, ROLE.officer]]);
  await sql(
    server.app,
    `INSERT INTO roster_marks (discord_member_id, guild_id, is_trial, is_inactive)
     SELECT id, guild_id, discord_user_id = $2, discord_user_id = $3 FROM discord_members
      WHERE guild_id = $1 AND discord_user_id IN ($2, $3)`,
    [tenant, bob.id, carol.id],
  );
  // Erin missed the last two raids: 0 % against the guild's 80 % rule.
  const raids = await sql<{ id: string }>(
    server.app,
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at)
     VALUES ($1, 'Missed one', 'Manaforge Omega', 'Heroic', now() - interval '3 days'),
            ($1, 'Missed two', 'Manaforge Omega', 'Heroic', now() - interval '10 days') RETURNING id`,
    [tenant],
  );
  for (const raid of raids) {
    await sql(server.app, `INSERT INTO raid_attendance (raid_event_id, character_id, status) VALUES ($1, $2, 'absent')`, [
      raid.id,
      erinCharacter,
    ]);
  }
  await sql(
    server.app,
    `INSERT INTO guild_role_permissions (guild_id, discord_role_id, permission) VALUES ($1, $2, 'loot.manage')`,
    [tenant, ROLE.looter],
  );
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake.stop();
});

describe('role sync', () => {
  it('is for members who may manage the guild’s members: others, managers of another server included, get 403', async () => {
    const calls = [
      memberWeb.get('/api/guild/role-sync', atGuild),
      memberWeb.get('/api/guild/role-sync/preview', atGuild),
      memberWeb.request('PUT', '/api/guild/role-sync', { ...atGuild, body: { isEnabled: true, roles: { raider: ROLE.raider } } }),
      memberWeb.post('/api/guild/role-sync/run', undefined, atGuild),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status, answer.text).toBe(403);
    // In the server they own they manage role sync; the refusal above is Role Guild's, not theirs everywhere.
    const own = await memberWeb.get('/api/guild/role-sync', { headers: { 'X-Guild-ID': OWN_GUILD } });
    expect(own.status, own.text).toBe(200);
    // A role of Role Guild saved in their own server is not a role there: refused, nothing given.
    const foreign = await memberWeb.request('PUT', '/api/guild/role-sync', {
      headers: { 'X-Guild-ID': OWN_GUILD },
      body: { isEnabled: true, roles: { raider: ROLE.raider } },
    });
    expect(foreign.status, foreign.text).toBe(400);
    expect(foreign.body).toMatchObject({ error: ROLE_SYNC_MESSAGES.roleRefused(ROLE.raider, ROLE_SYNC_REFUSALS.missing) });
    expect(fake.botApi.roleChanges).toEqual([]);
  });

  it('lists the server’s roles, highest first, with why a role cannot be synced', async () => {
    const state = await readState();
    expect(state).toMatchObject({ isEnabled: false, roles: { raider: null, trial: null, bench: null, inactive: null } });
    expect(state.discordRoles?.map((role) => [role.name, role.refusal])).toEqual([
      ['Admin', ROLE_SYNC_REFUSALS.moderator],
      ['Guildhall', ROLE_SYNC_REFUSALS.managed],
      ['Officer', null],
      ['Looter', ROLE_SYNC_REFUSALS.guildhallPermissions],
      ['Raider', null],
      ['Trial', null],
      ['Bench', null],
      ['@everyone', ROLE_SYNC_REFUSALS.everyone],
    ]);
  });

  it('refuses a role that would widen anyone’s powers, one role for two marks, and turning on with nothing mapped', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ raider: ROLE.admin }, 'roles.raider', ROLE_SYNC_MESSAGES.roleRefused('Admin', ROLE_SYNC_REFUSALS.moderator)],
      [{ trial: ROLE.looter }, 'roles.trial', ROLE_SYNC_MESSAGES.roleRefused('Looter', ROLE_SYNC_REFUSALS.guildhallPermissions)],
      [{ bench: GUILD }, 'roles.bench', ROLE_SYNC_MESSAGES.roleRefused('@everyone', ROLE_SYNC_REFUSALS.everyone)],
      [{ raider: ROLE.bot }, 'roles.raider', ROLE_SYNC_MESSAGES.roleRefused('Guildhall', ROLE_SYNC_REFUSALS.managed)],
      [
        { raider: '799999999999999999' },
        'roles.raider',
        ROLE_SYNC_MESSAGES.roleRefused('799999999999999999', ROLE_SYNC_REFUSALS.missing),
      ],
      [{ raider: ROLE.raider, bench: ROLE.raider }, 'roles.bench', ROLE_SYNC_MESSAGES.sameRole],
      [{}, 'isEnabled', ROLE_SYNC_MESSAGES.nothingMapped],
    ];
    for (const [roles, field, message] of refusals) {
      const saved = await save({ isEnabled: true, roles });
      expect(saved.status, saved.text).toBe(400);
      expect(saved.body).toMatchObject({ error: message, fields: { [field]: message } });
    }
    expect((await save({ isEnabled: true, roles: { raider: 'Raider' } })).status).toBe(400);
    expect((await readState()).isEnabled).toBe(false);
    const run = await officerWeb.post('/api/guild/role-sync/run', undefined, atGuild);
    expect(run.status, run.text).toBe(409);
    expect(run.body).toMatchObject({ error: ROLE_SYNC_MESSAGES.notEnabled });
  });

  it('previews the roles each member gains and loses: only the mapped ones', async () => {
    const saved = await save({ isEnabled: true, roles: { raider: ROLE.raider, trial: ROLE.trial, bench: ROLE.bench } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      message: ROLE_SYNC_MESSAGES.saved,
      roleSync: { isEnabled: true, roles: { raider: ROLE.raider, trial: ROLE.trial, bench: ROLE.bench, inactive: null } },
    });
    const { changes, skipped } = await preview();
    expect(skipped).toEqual([]);
    expect(changes).toHaveLength(7);
    expect(changes).toEqual(
      expect.arrayContaining([
        change(alice, ROLE.raider, 'add'),
        change(bob, ROLE.raider, 'remove'),
        change(bob, ROLE.trial, 'add'),
        change(carol, ROLE.raider, 'remove'),
        change(dave, ROLE.raider, 'remove'),
        change(erin, ROLE.bench, 'add'),
        change(gone, ROLE.raider, 'add'),
      ]),
    );
    expect(changes.find((c) => c.discordUserId === dave.id)?.why).toBe(ROLE_SYNC_MESSAGES.notOnRoster);
    expect(changes.find((c) => c.discordUserId === erin.id)?.why).toBe('Bench');
    // A preview changes nothing.
    expect(fake.botApi.roleChanges).toEqual([]);
  });

  it('answers "Sync now" with the run already queued, without asking Discord for anything', async () => {
    const [queued] = await sql<{ id: string }>(
      server.app,
      `INSERT INTO jobs (kind, guild_id, target, actor, max_attempts, run_after)
       VALUES ('discord_role_sync', $1, $2, '{"type": "system"}', 2, now() + interval '1 hour')
       RETURNING id`,
      [tenant, `role-sync:${tenant}`],
    );
    try {
      fake.requests.length = 0;
      const started = await officerWeb.post<{ message: string; lastRun: RoleSyncState['lastRun'] }>(
        '/api/guild/role-sync/run',
        undefined,
        atGuild,
      );
      expect(started.status, started.text).toBe(202);
      expect(started.body).toMatchObject({
        message: ROLE_SYNC_MESSAGES.alreadyRunning,
        lastRun: { status: 'queued', startedAt: null, result: null },
      });
      expect(fake.requests.filter((request) => request.path === `/guilds/${GUILD}/roles`)).toEqual([]);
    } finally {
      await sql(server.app, 'DELETE FROM jobs WHERE id = $1', [queued!.id]);
    }
  });

  it('gives and takes only the mapped roles, says why in Discord’s audit log, and reports what Discord refused', async () => {
    const run = await syncNow();
    expect(run.status).toBe('succeeded');
    expect(run.result).toMatchObject({ added: 3, removed: 3 });
    expect(run.result?.failures).toEqual([
      expect.objectContaining({ discordUserId: gone.id, roleId: ROLE.raider, reason: ROLE_SYNC_MESSAGES.memberLeft }),
    ]);
    expect(rolesOf(alice)).toEqual([ROLE.officer, ROLE.raider].sort());
    expect(rolesOf(bob)).toEqual([ROLE.trial]);
    expect(rolesOf(carol)).toEqual([ROLE.officer]);
    expect(rolesOf(dave)).toEqual([ROLE.officer]);
    expect(rolesOf(erin)).toEqual([ROLE.bench]);
    expect(rolesOf(frank)).toEqual([ROLE.raider]);
    const touched = new Set(fake.botApi.roleChanges.filter((c) => c.status === 204).map((c) => c.roleId));
    expect([...touched].sort()).toEqual([ROLE.raider, ROLE.trial, ROLE.bench].sort());
    expect(fake.botApi.roleChanges.find((c) => c.userId === bob.id && c.method === 'PUT')?.reason).toBe(
      'Guildhall role sync: Trial',
    );
    // In step now: the member Discord does not know is recorded as gone, so nothing is left to do.
    expect((await preview()).changes).toEqual([]);
    const [audit] = await sql<{ actor_id: string; details: { added: number; removed: number; failed: number } }>(
      server.app,
      `SELECT actor_id, details FROM audit_log WHERE action = 'guild.roles_synced' AND target_id = $1`,
      [tenant],
    );
    expect(audit?.details).toMatchObject({ added: 3, removed: 3, failed: 1 });
    const [saved] = await sql<{ n: number }>(
      server.app,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'guild.role_sync_saved' AND target_id = $1`,
      [tenant],
    );
    expect(saved?.n).toBe(1);
  });

  it('follows a roster change by itself: a raider marked a trial trades Raider for Trial', async () => {
    const [frankMember] = await sql<{ id: string }>(server.app, 'SELECT id FROM discord_members WHERE discord_user_id = $1', [
      frank.id,
    ]);
    const marked = await officerWeb.request('PUT', `/api/guild/roster/members/${frankMember!.id}/marks`, {
      ...atGuild,
      body: { isTrial: true },
    });
    expect(marked.status, marked.text).toBe(200);
    await until(() => rolesOf(frank).join() === ROLE.trial, 15_000);
  });

  it('stops asking Discord about a role the bot may not manage, and says so for each member', async () => {
    fake.botApi.unmanageableRoleIds.add(ROLE.bench);
    await sql(
      server.app,
      `UPDATE roster_marks SET is_trial = false WHERE discord_member_id IN (SELECT id FROM discord_members WHERE discord_user_id = $1)`,
      [bob.id],
    );
    await sql(server.app, `DELETE FROM raid_attendance`);
    await sql(
      server.app,
      `INSERT INTO raid_attendance (raid_event_id, character_id, status)
       SELECT r.id, l.character_id, 'absent' FROM raid_events r, character_links l JOIN discord_members m ON m.id = l.discord_member_id
        WHERE r.guild_id = $1 AND m.discord_user_id IN ($2, $3)`,
      [tenant, alice.id, bob.id],
    );
    const before = fake.botApi.roleChanges.length;
    const run = await syncNow();
    const benchFailures = run.result?.failures.filter((failure) => failure.roleId === ROLE.bench) ?? [];
    expect(benchFailures.map((failure) => [failure.discordUserId, failure.reason]).sort()).toEqual(
      [
        [alice.id, ROLE_SYNC_MESSAGES.botCannotManage],
        [bob.id, ROLE_SYNC_MESSAGES.botCannotManage],
        [erin.id, ROLE_SYNC_MESSAGES.botCannotManage],
      ].sort(),
    );
    // Erin keeps Bench beside her new Raider: the bot could not take it; only the first request for Bench went out.
    expect(rolesOf(erin)).toEqual([ROLE.raider, ROLE.bench].sort());
    expect(fake.botApi.roleChanges.slice(before).filter((c) => c.roleId === ROLE.bench)).toEqual([
      expect.objectContaining({ status: 403 }),
    ]);
    fake.botApi.unmanageableRoleIds.delete(ROLE.bench);
  });

  it('leaves a role that became unsafe alone, and says why', async () => {
    await sql(
      server.app,
      `INSERT INTO guild_role_permissions (guild_id, discord_role_id, permission) VALUES ($1, $2, 'raids.manage')`,
      [tenant, ROLE.trial],
    );
    const { changes, skipped } = await preview();
    expect(skipped).toEqual([{ mark: 'trial', roleId: ROLE.trial, reason: ROLE_SYNC_REFUSALS.guildhallPermissions }]);
    expect(changes.some((c) => c.roleId === ROLE.trial)).toBe(false);
    await sql(server.app, `DELETE FROM guild_role_permissions WHERE discord_role_id = $1`, [ROLE.trial]);
  });
});
