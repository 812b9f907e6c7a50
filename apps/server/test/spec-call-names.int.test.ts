import { request as httpRequest } from 'node:http';
import { INFLUX_DEBUG_NAMESPACE, type InfluxDebugClientEvents, type InfluxDebugServerEvents } from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordGuild, type FakeDiscordUser } from './fakes/discord-fake';
import { bearer, raiseCommunityIpLimits, registerVerifiedUser, signInWithDiscord } from './helpers/community';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import { insertGuild, insertGuildData } from './helpers/guild-factories';
import type { HttpAnswer, HttpClient } from './helpers/http-client';
import { HttpClient as Browser } from './helpers/http-client';
import { createInfluxDatabase, writeInfluxLines } from './helpers/influx';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { type AdminLiveClient, connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { insertTrainingSamples, type TrainingSet } from './helpers/training-data-samples';

/*
 * The names spec 1 §7 and spec 2 §7 give each call (request fields, query parameters, answer fields, socket events),
 * and the §3 shapes a call answers "per", checked on real answers as a client written to the spec reads them. Our
 * own fields may stand beside them; these tests only ask that the spec's are there, spelled exactly. One app for
 * the file; the data each call needs is made through factories or the API.
 */

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
const discord = new DiscordFake();

const member: FakeDiscordUser = { id: '310000000000000001', username: 'spec_member', global_name: 'Spec Member', avatar: null };
const botGuild: FakeDiscordGuild = {
  id: '210000000000000001',
  name: 'Spec Names Guild',
  icon: null,
  owner: true,
  permissions: '8',
};
const otherGuild: FakeDiscordGuild = { id: '210000000000000002', name: 'No Bot Here', icon: null, owner: true, permissions: '8' };

beforeAll(async () => {
  await discord.start();
  discord.addGuild(member, botGuild, { withBot: true });
  discord.addGuild(member, otherGuild, { withBot: false });
  environment = await createTestEnvironment(discord.appSettings());
  server = await startTestApp(environment.env, (config) => {
    raiseCommunityIpLimits(config);
    config.live.metricsPushMs = 200;
    config.live.sessionCheckMs = 200;
  });
  owner = new Browser(server.url);
  const signedIn = await owner.signIn(OWNER.username, OWNER.password);
  if (signedIn.status !== 200) throw new Error(`owner sign-in failed: ${signedIn.text}`);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
  await discord.stop();
});

let trainingSet: Promise<TrainingSet> | undefined;
/** The fixed training set, made once for the file (its samples are unique). */
const trainingSamples = () => (trainingSet ??= insertTrainingSamples(server.app));

/** Asserts that every dotted path names a field of the answer's body (arrays by index: `guilds.0.id`). */
function expectNames(answer: HttpAnswer<unknown>, paths: readonly string[], status = 200) {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status);
  for (const path of paths) expect(answer.body, `the answer names ${path}`).toHaveProperty(path);
}

/** A 2xx answer: the call took the spec's request names. */
function expectAccepted(answer: HttpAnswer<unknown>) {
  expect(answer.status, answer.text.slice(0, 500)).toBeGreaterThanOrEqual(200);
  expect(answer.status, answer.text.slice(0, 500)).toBeLessThan(300);
}

describe('spec 1 §7 Authentication', () => {
  let tokens: { accessToken: string; refreshToken: string };
  let account: { email: string; password: string };
  let discordBrowser: HttpClient;

  beforeAll(async () => {
    const client = new Browser(server.url);
    const signedIn = await registerVerifiedUser(server.app, client);
    account = signedIn.account;
    tokens = { accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken };
    discordBrowser = await signInWithDiscord(discord, server.url, member);
  });

  it('POST /auth/validate: valid, user', async () => {
    const answer = await new Browser(server.url).post('/auth/validate', undefined, bearer(tokens.accessToken));
    expectNames(answer, ['valid', 'user']);
  });

  it('POST /auth/refresh {refreshToken}: accessToken, user', async () => {
    const answer = await new Browser(server.url).post<{ accessToken: string; refreshToken: string }>('/auth/refresh', {
      refreshToken: tokens.refreshToken,
    });
    expectNames(answer, ['accessToken', 'user']);
    tokens = { accessToken: answer.body.accessToken, refreshToken: answer.body.refreshToken };
  });

  it('GET /auth/user (cookie session): user with selectedGuildId and hasBasicAccess, and the Auth user fields', async () => {
    const answer = await discordBrowser.get('/auth/user');
    expectNames(answer, [
      'user.selectedGuildId',
      'user.hasBasicAccess',
      'user.username',
      'user.email',
      'user.authMethod',
      'user.emailVerified',
      'user.isAdmin',
    ]);
  });

  it('GET /auth/guilds (cookie): guilds[], availableGuilds[], selectedGuildId; a guild has id, name', async () => {
    const answer = await discordBrowser.get('/auth/guilds');
    expectNames(answer, ['guilds', 'availableGuilds', 'selectedGuildId', 'guilds.0.id', 'guilds.0.name']);
  });

  it('POST /auth/guilds/select {guildId}: guildName', async () => {
    const answer = await discordBrowser.post('/auth/guilds/select', { guildId: botGuild.id });
    expectNames(answer, ['guildName']);
  });

  it('GET /auth/permissions: permissions[], requiresGuildSelection, selectedGuildId', async () => {
    const answer = await discordBrowser.get('/auth/permissions');
    expectNames(answer, ['permissions', 'requiresGuildSelection', 'selectedGuildId']);
  });

  it('POST /auth/guilds/verify: availableGuilds', async () => {
    expectNames(await discordBrowser.post('/auth/guilds/verify'), ['availableGuilds']);
  });

  it('GET /auth/guild-check/{guildId}: hasBot, canInstall', async () => {
    expectNames(await discordBrowser.get(`/auth/guild-check/${otherGuild.id}`), ['hasBot', 'canInstall']);
  });

  it('POST /auth/bot-invite {guildId, permissions[]}: inviteUrl', async () => {
    const answer = await discordBrowser.post('/auth/bot-invite', { guildId: otherGuild.id, permissions: [] });
    expectNames(answer, ['inviteUrl']);
  });

  it('GET /auth/discord: authUrl', async () => {
    expectNames(await new Browser(server.url).get('/auth/discord'), ['authUrl']);
  });

  it('POST /auth/add-credentials {email, password}: success, message, user', async () => {
    const answer = await discordBrowser.post('/auth/add-credentials', {
      email: 'spec-member@example.com',
      password: 'a long phrase for spec names',
    });
    expectNames(answer, ['success', 'message', 'user']);
  });

  it('POST /auth/register {username, email, password}: accessToken, refreshToken, user, requiresEmailVerification', async () => {
    // With verification required (the default) nobody is signed in yet: user is null and the tokens come with the
    // login after verify-email. Without it, the answer carries every name the spec gives.
    const required = await new Browser(server.url).post('/auth/register', {
      username: 'spec_register',
      email: 'spec-register@example.com',
      password: 'another long phrase here',
    });
    expectNames(required, ['user', 'requiresEmailVerification']);
    expectAccepted(
      await owner.request('PUT', '/api/admin/system-settings', { body: { settings: { requireEmailVerification: false } } }),
    );
    try {
      const answer = await new Browser(server.url).post('/auth/register', {
        username: 'spec_register_open',
        email: 'spec-register-open@example.com',
        password: 'yet another long phrase',
      });
      expectNames(answer, ['accessToken', 'refreshToken', 'user', 'requiresEmailVerification']);
    } finally {
      await owner.request('PUT', '/api/admin/system-settings', { body: { settings: { requireEmailVerification: true } } });
    }
  });

  it('POST /auth/login {email, password, rememberMe}: accessToken, refreshToken, user', async () => {
    const answer = await new Browser(server.url).post('/auth/login', {
      email: account.email,
      password: account.password,
      rememberMe: true,
    });
    expectNames(answer, ['accessToken', 'refreshToken', 'user']);
  });

  it('POST /auth/verify-email {token}: takes the token', async () => {
    // A token that is no longer valid is refused as such, not as a malformed body.
    const answer = await new Browser(server.url).post('/auth/verify-email', { token: 'spent-token' });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty('fields.token');
  });

  it('POST /auth/forgot-password {email}', async () => {
    expectAccepted(await new Browser(server.url).post('/auth/forgot-password', { email: 'spec-member@example.com' }));
  });

  it('POST /auth/reset-password {token, password}: takes both', async () => {
    const answer = await new Browser(server.url).post('/auth/reset-password', {
      token: 'spent-token',
      password: 'a brand new long phrase',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty('fields.token');
    expect(answer.body).not.toHaveProperty('fields.password');
  });

  it('POST /auth/resend-verification', async () => {
    expectAccepted(await new Browser(server.url).post('/auth/resend-verification', { email: 'spec-register@example.com' }));
  });

  it('POST /auth/logout {refreshToken}', async () => {
    expectAccepted(
      await new Browser(server.url).post('/auth/logout', { refreshToken: tokens.refreshToken }, bearer(tokens.accessToken)),
    );
  });
});

describe('spec 1 §7 Admin authentication and spec 2 §7 Admin auth', () => {
  it('GET /api/admin/auth/me: success, admin (spec 1); success, user, session (spec 2); the Admin user fields', async () => {
    expectNames(await owner.get('/api/admin/auth/me'), [
      'success',
      'admin',
      'user',
      'session',
      'session.expiresAt',
      'user.username',
      'user.fullName',
      'user.role',
      'user.permissions',
    ]);
  });

  it('POST /api/admin/auth/login {username, password}: success, admin, message (spec 1); success, user, expiresAt (spec 2)', async () => {
    const answer = await new Browser(server.url).signIn(OWNER.username, OWNER.password);
    expectNames(answer, ['success', 'admin', 'message', 'user', 'expiresAt']);
  });

  it('POST /api/admin/auth/login refused: success, error, code (spec 2)', async () => {
    const answer = await new Browser(server.url).signIn(OWNER.username, 'not-the-password');
    expectNames(answer, ['success', 'error', 'code'], 401);
  });

  it('POST /api/admin/auth/change-password {currentPassword, newPassword}', async () => {
    const admin = new Browser(server.url);
    const username = 'spec_password_changer';
    const created = await owner.post('/api/admin/users', {
      username,
      password: 'first-Password-for-spec-1',
      role: 'viewer',
      permissions: [],
    });
    expectAccepted(created);
    await admin.signIn(username, 'first-Password-for-spec-1');
    expectAccepted(
      await admin.post('/api/admin/auth/change-password', {
        currentPassword: 'first-Password-for-spec-1',
        newPassword: 'second-Password-for-spec-2',
      }),
    );
  });

  it('POST /api/admin/auth/logout', async () => {
    const admin = new Browser(server.url);
    await admin.signIn(OWNER.username, OWNER.password);
    expectAccepted(await admin.post('/api/admin/auth/logout'));
    expect((await admin.get('/api/admin/auth/me')).status).toBe(401);
  });
});

describe('spec 1 §7 Admin live connection and spec 2 §7 Admin auth socket (/admin)', () => {
  let socket: AdminLiveClient;
  let welcome: Promise<unknown>;

  beforeAll(() => {
    socket = connectAdmin(server.url, owner.cookieHeader());
    welcome = nextEvent(socket, 'admin:welcome');
  });

  afterAll(() => {
    socket?.disconnect();
  });

  it('receives admin:welcome on connecting with its session token', async () => {
    expect(await welcome).toHaveProperty('admin');
  });

  it('subscribe:{topic}, then metrics:update to the subscriber', async () => {
    await welcome;
    expect(await socket.emitWithAck('subscribe:monitoring')).toEqual({ success: true });
    expect(await nextEvent(socket, 'metrics:update')).toHaveProperty('timestamp');
  });

  it('heartbeat is taken (and answered)', async () => {
    const ack = nextEvent(socket, 'heartbeat:ack');
    socket.emit('heartbeat');
    expect(await ack).toHaveProperty('serverTime');
  });

  it('request:current-metrics → metrics:current, with system, database and redis health', async () => {
    const current = nextEvent(socket, 'metrics:current');
    socket.emit('request:current-metrics');
    const metrics = await current;
    // Spec 1 §3 Monitoring metrics: system (cpu usage, memory usagePercent, uptime), database health, redis health.
    for (const name of ['system.cpu.usage', 'system.memory.usagePercent', 'system.uptime', 'database', 'redis']) {
      expect(metrics, `metrics:current names ${name}`).toHaveProperty(name);
    }
  });

  it('request:metrics-history → metrics:history', async () => {
    const history = nextEvent(socket, 'metrics:history');
    socket.emit('request:metrics-history');
    expect(Array.isArray(await history)).toBe(true);
  });

  it('request:recent-alerts → alerts:recent', async () => {
    const alerts = nextEvent(socket, 'alerts:recent');
    socket.emit('request:recent-alerts');
    expect(Array.isArray(await alerts)).toBe(true);
  });

  it('request:service-status → service:status', async () => {
    const status = nextEvent(socket, 'service:status');
    socket.emit('request:service-status');
    expect(await status).toHaveProperty('overall');
  });

  it('alerts:new (and admin:critical to admins not watching), admin:command → alerts:acknowledged', async () => {
    const bystander = connectAdmin(server.url, owner.cookieHeader());
    try {
      await nextEvent(bystander, 'admin:welcome');
      const toWatcher = nextEvent(socket, 'alerts:new');
      const toBystander = nextEvent(bystander, 'admin:critical');
      const raised = await server.app.monitoring.alerts.raise({ severity: 'critical', type: 'spec', message: 'Spec names' });
      // Spec 1 §3 Alerts: severity, type, message.
      expect(await toWatcher).toMatchObject({ id: raised.id, severity: 'critical', type: 'spec', message: 'Spec names' });
      expect(await toBystander).toMatchObject({ id: raised.id });
      const acknowledged = nextEvent(socket, 'alerts:acknowledged');
      expect(await socket.emitWithAck('admin:command', { command: 'acknowledge-alert', alertId: raised.id })).toEqual({
        success: true,
      });
      expect(await acknowledged).toEqual({ id: raised.id });
    } finally {
      bystander.disconnect();
    }
  });

  it('admin:event with type admin:session_warning (spec 2)', async () => {
    const admin = new Browser(server.url);
    await admin.signIn(OWNER.username, OWNER.password);
    const watched = connectAdmin(server.url, admin.cookieHeader());
    try {
      await nextEvent(watched, 'admin:welcome');
      const [session] = await sql<{ id: string }>(server.app, 'SELECT id FROM admin_sessions ORDER BY created_at DESC LIMIT 1');
      await sql(server.app, "UPDATE admin_sessions SET absolute_expires_at = now() + interval '10 minutes' WHERE id = $1", [
        session!.id,
      ]);
      expect(await nextEvent(watched, 'admin:event', 10_000)).toMatchObject({ type: 'admin:session_warning' });
    } finally {
      watched.disconnect();
    }
  });
  it('admin:event with type admin:alert (spec 2): an account made superadmin, told to the admins who manage users', async () => {
    const alert = nextEvent(socket, 'admin:event');
    const created = await owner.post('/api/admin/users', {
      username: 'spec_new_superadmin',
      password: 'superadmin-Password-for-spec',
      role: 'superadmin',
    });
    expectAccepted(created);
    expect(await alert).toMatchObject({ type: 'admin:alert' });
  });

  it('admin:event with type admin:forced_logout (spec 2): the session ended by a password change elsewhere', async () => {
    const username = 'spec_forced_out';
    expectAccepted(await owner.post('/api/admin/users', { username, password: 'forced-Password-for-spec-1', role: 'viewer' }));
    const here = new Browser(server.url);
    await here.signIn(username, 'forced-Password-for-spec-1');
    const watched = connectAdmin(server.url, here.cookieHeader());
    try {
      await nextEvent(watched, 'admin:welcome');
      const event = nextEvent(watched, 'admin:event');
      const elsewhere = new Browser(server.url);
      await elsewhere.signIn(username, 'forced-Password-for-spec-1');
      expectAccepted(
        await elsewhere.post('/api/admin/auth/change-password', {
          currentPassword: 'forced-Password-for-spec-1',
          newPassword: 'forced-Password-for-spec-2',
        }),
      );
      expect(await event).toMatchObject({ type: 'admin:forced_logout' });
    } finally {
      watched.disconnect();
    }
  });
});

describe('spec 1 §7 Dashboard', () => {
  it('GET /api/monitoring/health-overview: overall, postgresql, influxdb, redis, discord', async () => {
    expectNames(await owner.get('/api/monitoring/health-overview'), ['overall', 'postgresql', 'influxdb', 'redis', 'discord']);
  });

  it('GET /api/admin/guild-stats: total, active, inactive, regions', async () => {
    expectNames(await owner.get('/api/admin/guild-stats'), ['total', 'active', 'inactive', 'regions']);
  });

  it('GET /api/admin/user-stats: total', async () => {
    expectNames(await owner.get('/api/admin/user-stats'), ['total']);
  });

  it('GET /api/backend-performance/system: system.cpuUsage, memoryUsage, requestsPerSecond, errorRate', async () => {
    expectNames(await owner.get('/api/backend-performance/system'), [
      'system.cpuUsage',
      'system.memoryUsage',
      'system.requestsPerSecond',
      'system.errorRate',
    ]);
  });
});

describe('spec 1 §7 Character discovery', () => {
  let guildId: string;
  let characterId: string;
  const discordUserId = '320000000000000001';

  beforeAll(async () => {
    guildId = await insertGuild(server.app, { guild_name: 'Discovery Names' });
    // A Discord guild of its own, with the bot in it, so a member sync can start.
    discord.botGuildIds.add('210000000000000003');
    await sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildId, '210000000000000003']);
    characterId = await insertCharacter(server.app, guildId, { name: 'Thrallson', guildNote: 'main', officerNote: 'ok' });
    await insertCharacter(server.app, guildId, { name: 'Jainara' });
    await insertMember(server.app, guildId, { discordUserId, username: 'thrallson', globalName: 'Thrallson' });
    await insertMember(server.app, guildId, { discordUserId: '320000000000000002', username: 'jainara' });
  });

  it('GET /api/admin/character-discovery/characters/unlinked (guildId): characters, each a Character (discovery)', async () => {
    expectNames(await owner.get(`/api/admin/character-discovery/characters/unlinked?guildId=${guildId}`), [
      'characters.0.id',
      'characters.0.name',
      'characters.0.class',
      'characters.0.spec',
      'characters.0.role',
      'characters.0.level',
      'characters.0.realm',
      'characters.0.itemLevel',
      'characters.0.avatarUrl',
      'characters.0.lastActivityDate',
      'characters.0.activityCount',
      'characters.0.guildNote',
      'characters.0.officerNote',
    ]);
  });

  it('POST /api/admin/character-discovery/characters/link {characterId, discordUserId, priority, guildId}', async () => {
    const answer = await owner.post('/api/admin/character-discovery/characters/link', {
      characterId,
      discordUserId,
      priority: 'main',
      guildId,
    });
    expectAccepted(answer);
  });

  it('GET /api/admin/character-discovery/discord/members (guildId, includeLinked): members, each a Chat-platform member', async () => {
    const answer = await owner.get(`/api/admin/character-discovery/discord/members?guildId=${guildId}&includeLinked=true`);
    expectNames(answer, [
      'members.0.id',
      'members.0.username',
      'members.0.globalName',
      'members.0.displayName',
      'members.0.avatarUrl',
      'members.0.linkedCharacters',
    ]);
    const linked = (answer.body as { members: { linkedCharacters: unknown[] }[] }).members.find(
      (one) => one.linkedCharacters.length > 0,
    );
    for (const name of ['id', 'linkId', 'name', 'class', 'role', 'spec', 'server', 'isPrimary', 'confidence']) {
      expect(linked?.linkedCharacters[0], `a linked character names ${name}`).toHaveProperty(name);
    }
  });

  it('DELETE /api/admin/character-discovery/characters/link/{linkId}', async () => {
    const [link] = await sql<{ id: string }>(server.app, 'SELECT id FROM character_links WHERE character_id = $1', [characterId]);
    expectAccepted(
      await owner.request('DELETE', `/api/admin/character-discovery/characters/link/${link!.id}?guildId=${guildId}`),
    );
  });

  it('POST /api/admin/character-discovery/discord/sync-members {guildId}', async () => {
    expectAccepted(await owner.post('/api/admin/character-discovery/discord/sync-members', { guildId }));
  });

  it('POST /api/admin/characters/auto-link/find-all {guildId, minScore, includeLinked}: summary, high, medium, low', async () => {
    const answer = await owner.post('/api/admin/characters/auto-link/find-all', { guildId, minScore: 0.5, includeLinked: true });
    expectNames(answer, [
      'summary.totalMatches',
      'summary.usersWithMatches',
      'summary.highConfidence',
      'summary.mediumConfidence',
      'summary.lowConfidence',
      'high',
      'medium',
      'low',
    ]);
    const body = answer.body as Record<'high' | 'medium' | 'low', { discordUser: unknown; matches: unknown[] }[]>;
    const group = [...body.high, ...body.medium, ...body.low][0];
    expect(group).toHaveProperty('discordUser');
    for (const name of ['character', 'score', 'matchedAgainst']) expect(group?.matches[0]).toHaveProperty(name);
  });

  it('POST /api/admin/characters/auto-link/create-high-confidence {guildId, minScore, dryRun}: succeeded, attempted, errors', async () => {
    const answer = await owner.post('/api/admin/characters/auto-link/create-high-confidence', {
      guildId,
      minScore: 0.95,
      dryRun: true,
    });
    expectNames(answer, ['succeeded', 'attempted', 'errors']);
  });
});

describe('spec 1 §7 Guilds', () => {
  let guildId: string;
  const tenantFields = [
    'id',
    'guild_name',
    'server',
    'region',
    'faction',
    'is_active',
    'description',
    'max_members',
    'timezone',
    'language',
    'raid_schedule',
    'loot_system',
    'public_logs',
    'recruitment_open',
    'website',
    'discord_invite',
    'contact_email',
    'created_at',
    'memberCount',
  ];

  beforeAll(async () => {
    guildId = await insertGuild(server.app, { guild_name: 'Guild Data Names', region: 'EU' });
    await insertGuildData(server.app, guildId);
  });

  it('GET /api/admin/guilds (page, limit, search, status, region): guilds, total; each a Guild tenant', async () => {
    const answer = await owner.get('/api/admin/guilds?page=1&limit=10&search=Guild%20Data&status=active&region=EU');
    expectNames(answer, ['guilds', 'total', ...tenantFields.map((name) => `guilds.0.${name}`)]);
  });

  it('POST /api/admin/guilds: the Guild tenant fields', async () => {
    const answer = await owner.post('/api/admin/guilds', {
      guild_name: 'Posted Names',
      server: 'Argent Dawn',
      region: 'EU',
      faction: 'Horde',
      is_active: true,
      max_members: 200,
      timezone: 'CET',
      language: 'de',
      loot_system: 'EPGP',
      public_logs: true,
      recruitment_open: true,
    });
    expectAccepted(answer);
  });

  it('PUT /api/admin/guilds/{id}', async () => {
    const id = await insertGuild(server.app, { guild_name: 'Put Names' });
    expectAccepted(
      await owner.request('PUT', `/api/admin/guilds/${id}`, { body: { guild_name: 'Put Names Too', server: 'Kazzak' } }),
    );
  });

  it('DELETE /api/admin/guilds/{id}', async () => {
    const id = await insertGuild(server.app, { guild_name: 'Delete Names' });
    expectAccepted(await owner.request('DELETE', `/api/admin/guilds/${id}`));
  });

  it('PATCH /api/admin/guilds/bulk {guildIds, action activate|deactivate}', async () => {
    const id = await insertGuild(server.app, { guild_name: 'Bulk Patch Names' });
    expectAccepted(await owner.request('PATCH', '/api/admin/guilds/bulk', { body: { guildIds: [id], action: 'deactivate' } }));
  });

  it('DELETE /api/admin/guilds/bulk {guildIds}', async () => {
    const id = await insertGuild(server.app, { guild_name: 'Bulk Delete Names' });
    expectAccepted(await owner.request('DELETE', '/api/admin/guilds/bulk', { body: { guildIds: [id] } }));
  });

  it('GET /api/admin/guilds/export: a CSV file', async () => {
    const file = await download(owner, '/api/admin/guilds/export');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename=.*\.csv/);
  });

  it('GET /api/admin/guilds/{id}/data: the Guild data summary', async () => {
    const answer = await owner.get(`/api/admin/guilds/${guildId}/data`);
    expectNames(answer, ['guild']);
    // The spec shows no envelope for this call: the summary sits beside the guild, under its §3 name.
    expectNames({ ...answer, body: (answer.body as { summary: unknown }).summary }, [
      'counts.characters',
      'counts.loot_entries',
      'counts.raid_events',
      'counts.discord_users',
      'storage.database_records',
      'storage.file_size',
      'storage.cache_size',
      'activity.last_loot_entry',
      'activity.last_raid_event',
      'activity.last_character_update',
      'characters.0.id',
      'characters.0.name',
      'characters.0.class',
      'characters.0.level',
      'characters.0.last_seen',
      'loot.total_entries',
      'loot.unique_items',
      'loot.recent_drops',
      'loot.recent.0.item_name',
      'loot.recent.0.character_name',
      'loot.recent.0.timestamp',
    ]);
  });

  it('GET /api/admin/guilds/{id}/export (type): a zip file', async () => {
    const file = await download(owner, `/api/admin/guilds/${guildId}/export?type=json`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/zip/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename=.*\.zip/);
  });

  it('DELETE /api/admin/guilds/{id}/data', async () => {
    const id = await insertGuild(server.app, { guild_name: 'Data Delete Names' });
    // The server asks the typed guild name (spec 1 §2's modal) as its confirmation.
    expectAccepted(
      await owner.request('DELETE', `/api/admin/guilds/${id}/data`, { body: { confirmation: 'Data Delete Names' } }),
    );
  });
});

describe('spec 1 §7 Relational database manager (/api/admin/database/postgresql)', () => {
  const BASE = '/api/admin/database/postgresql';

  it('GET schemas: entries with schema_name', async () => {
    const answer = await owner.get(`${BASE}/schemas`);
    expectNames(answer, ['schemas.0.schema_name']);
  });

  it('GET tables (query: schema)', async () => {
    const answer = await owner.get(`${BASE}/tables?schema=public`);
    expectAccepted(answer);
    expect(JSON.stringify(answer.body)).toContain('"guilds"');
  });

  it('GET table-details (query: schema, table)', async () => {
    expectAccepted(await owner.get(`${BASE}/table-details?schema=public&table=guilds`));
  });

  it('GET connection-stats: active, idle, waiting, max_connections', async () => {
    const answer = await owner.get(`${BASE}/connection-stats`);
    expectNames(answer, ['active', 'idle', 'waiting', 'max_connections']);
  });

  it('GET export (schema, table, format csv|json): a file', async () => {
    for (const [format, type] of [
      ['csv', /^text\/csv/],
      ['json', /^application\/json/],
    ] as const) {
      const file = await download(owner, `${BASE}/export?schema=public&table=guilds&format=${format}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toMatch(type);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`attachment; filename=.*\\.${format}`));
    }
  });

  it('POST query {query}: rows, fields, rowCount', async () => {
    expectNames(await owner.post(`${BASE}/query`, { query: 'SELECT 1 AS one' }), ['rows', 'fields', 'rowCount']);
  });
});

describe('spec 2 §7 Time-series admin (/api/admin/database/influxdb)', () => {
  const BASE = '/api/admin/database/influxdb';
  let bucket: string;

  beforeAll(async () => {
    const database = environment.env.INFLUX_DATABASE!;
    bucket = `${database}/autogen`;
    await createInfluxDatabase(database);
    const now = Date.now() - 60_000;
    await writeInfluxLines(database, [
      `bot_health,shard=0 latency_ms=42,guilds=3i ${now}`,
      `bot_health,shard=1 latency_ms=45,guilds=2i ${now - 1000}`,
    ]);
  });

  it('GET buckets: each a Bucket (name, retentionPolicy, organization)', async () => {
    expectNames(await owner.get(`${BASE}/buckets`), ['buckets.0.name', 'buckets.0.retentionPolicy', 'buckets.0.organization']);
  });

  it('GET measurements (bucket, timeRange): each a Measurement (name, count)', async () => {
    const answer = await owner.get(`${BASE}/measurements?bucket=${encodeURIComponent(bucket)}&timeRange=-24h`);
    expectNames(answer, ['measurements.0.name', 'measurements.0.count']);
  });

  it('GET tags (bucket, measurement, timeRange): each a Tag (name, values)', async () => {
    const answer = await owner.get(`${BASE}/tags?bucket=${encodeURIComponent(bucket)}&measurement=bot_health&timeRange=-24h`);
    expectNames(answer, ['tags.0.name', 'tags.0.values']);
  });

  it('GET fields (bucket, measurement, timeRange): each a Field (name, type)', async () => {
    const answer = await owner.get(`${BASE}/fields?bucket=${encodeURIComponent(bucket)}&measurement=bot_health&timeRange=-24h`);
    expectNames(answer, ['fields.0.name', 'fields.0.type']);
  });

  it('GET stats: Time-series stats (buckets, totalPoints, uptime)', async () => {
    expectNames(await owner.get(`${BASE}/stats`), ['buckets', 'totalPoints', 'uptime']);
  });

  it('POST query {query}: a Query result (data rows of _time, _measurement, _field, _value and tags, length, error, duration)', async () => {
    const answer = await owner.post(`${BASE}/query`, { query: 'SELECT * FROM bot_health' });
    expectNames(answer, [
      'data.0._time',
      'data.0._measurement',
      'data.0._field',
      'data.0._value',
      'data.0.shard',
      'length',
      'error',
      'duration',
    ]);
  });

  it('POST export {query, format csv|json}: a file', async () => {
    for (const [format, type] of [
      ['csv', /^text\/csv/],
      ['json', /^application\/json/],
    ] as const) {
      const file = await owner.post(`${BASE}/export`, { query: 'SELECT * FROM bot_health', format });
      expect(file.status, file.text.slice(0, 300)).toBe(200);
      expect(file.headers['content-type']).toMatch(type);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`attachment; filename=.*\\.${format}`));
    }
  });
});

describe('spec 2 §7 Cache admin (/api/admin/database/redis)', () => {
  const BASE = '/api/admin/database/redis';
  const key = 'spec-names:greeting';

  it('POST key {key, value, type "string", ttl or null, database}', async () => {
    expectAccepted(await owner.post(`${BASE}/key`, { key, value: 'hello', type: 'string', ttl: null, database: 0 }));
    expectAccepted(await owner.post(`${BASE}/key`, { key: `${key}:ttl`, value: 'bye', type: 'string', ttl: 600, database: 0 }));
  });

  it('GET keys (pattern, database): entries, each a Cache key entry (key, type, ttl)', async () => {
    const answer = await owner.get(`${BASE}/keys?pattern=${encodeURIComponent('spec-names:*')}&database=0`);
    expectNames(answer, ['entries.0.key', 'entries.0.type', 'entries.0.ttl']);
  });

  it('GET info: Cache info (server, memory, keyspace db0..db15 with keys)', async () => {
    expectNames(await owner.get(`${BASE}/info`), ['server', 'memory', 'keyspace.db0.keys', 'keyspace.db15.keys']);
  });

  it('GET stats: Cache stats', async () => {
    const names = [
      'connected_clients',
      'total_keys',
      'used_memory_human',
      'used_memory_rss_human',
      'uptime_in_days',
      'uptime_in_seconds',
      'instantaneous_ops_per_sec',
      'redis_version',
    ];
    expectNames(await owner.get(`${BASE}/stats`), names);
  });

  it('GET key-value (key, database): Key value response (value, type)', async () => {
    const answer = await owner.get(`${BASE}/key-value?key=${encodeURIComponent(key)}&database=0`);
    expectNames(answer, ['value', 'type']);
    expect(answer.body).toMatchObject({ value: 'hello', type: 'string' });
  });

  it('PUT ttl {key, ttl, database}', async () => {
    expectAccepted(await owner.request('PUT', `${BASE}/ttl`, { body: { key, ttl: 300, database: 0 } }));
  });

  it('PUT key {key, value, database}', async () => {
    expectAccepted(await owner.request('PUT', `${BASE}/key`, { body: { key, value: 'hello again', database: 0 } }));
  });

  it('DELETE key (key, database)', async () => {
    expectAccepted(await owner.request('DELETE', `${BASE}/key?key=${encodeURIComponent(`${key}:ttl`)}&database=0`));
  });

  it('DELETE flush (database)', async () => {
    // The second of the spec's two confirmations is the server's: a token for this admin and database first.
    const confirmation = await owner.post<{ token: string }>(`${BASE}/flush/confirmation`, { database: 3 });
    expectAccepted(confirmation);
    expectAccepted(await owner.request('DELETE', `${BASE}/flush?database=3`, { body: { token: confirmation.body.token } }));
  });
});

describe('spec 2 §7 Debug interface', () => {
  type DebugClient = Socket<InfluxDebugServerEvents, InfluxDebugClientEvents>;
  let socket: DebugClient;

  /** The next payload of a server event, by its name as the spec writes it. */
  const next = (event: keyof InfluxDebugServerEvents, timeoutMs = 8000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      (socket as unknown as { once(name: string, fn: (payload: Record<string, unknown>) => void): void }).once(
        event,
        (payload) => {
          clearTimeout(timer);
          resolve(payload);
        },
      );
    });

  beforeAll(async () => {
    const database = environment.env.INFLUX_DATABASE!;
    await createInfluxDatabase(database);
    await writeInfluxLines(database, [`bot_health,shard=0 latency_ms=40 ${Date.now() - 30_000}`]);
    socket = io(`${server.url}${INFLUX_DEBUG_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: owner.cookieHeader() },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });

  afterAll(() => {
    socket?.disconnect();
  });

  it('GET /auth/user: user (isAdmin, accountPermissions.isGlobalAdmin)', async () => {
    const browser = await signInWithDiscord(discord, server.url, member);
    expectNames(await browser.get('/auth/user'), ['user.isAdmin', 'user.accountPermissions.isGlobalAdmin']);
  });

  it('POST /api/admin/influx-debug/export {query, format}: a file', async () => {
    const file = await owner.post('/api/admin/influx-debug/export', { query: 'SELECT * FROM bot_health', format: 'csv' });
    expect(file.status, file.text.slice(0, 300)).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename=.*\.csv/);
  });

  it('/influx-debug debug:health-check → debug:health-response (Health: status, responseTime, url, bucket)', async () => {
    const answer = next('debug:health-response');
    socket.emit('debug:health-check');
    const health = await answer;
    for (const name of ['status', 'responseTime', 'url', 'bucket']) expect(health).toHaveProperty(name);
  });

  it('/influx-debug debug:get-measurements → measurements-response', async () => {
    const answer = next('measurements-response');
    socket.emit('debug:get-measurements');
    expect(await answer).toHaveProperty('measurements');
  });

  it('/influx-debug debug:get-statistics → statistics-response (Debug stats: measurementCount, totalRecords, oldestRecord)', async () => {
    const answer = next('statistics-response');
    socket.emit('debug:get-statistics');
    const statistics = await answer;
    for (const name of ['data.measurementCount', 'data.totalRecords', 'data.oldestRecord'])
      expect(statistics).toHaveProperty(name);
  });

  it('/influx-debug debug:query {query, queryId} → query-response (success, data, error, metadata {rowCount, executionTime})', async () => {
    const answer = next('query-response');
    socket.emit('debug:query', { query: 'SELECT * FROM bot_health', queryId: 'spec-1' });
    const response = await answer;
    for (const name of ['success', 'data', 'metadata.rowCount', 'metadata.executionTime']) expect(response).toHaveProperty(name);
    const failed = next('query-response');
    socket.emit('debug:query', { query: 'SELECT FROM', queryId: 'spec-2' });
    expect(await failed).toHaveProperty('error');
  });

  it('/influx-debug debug:start-stream {measurement, interval, timeRange, limit} → stream-started {streamId}, stream-data; debug:stop-stream → stream-stopped', async () => {
    const started = next('stream-started');
    const data = next('stream-data');
    socket.emit('debug:start-stream', { measurement: 'bot_health', interval: 1000, timeRange: '-1h', limit: 10 });
    expect(await started).toHaveProperty('streamId');
    expect(await data).toHaveProperty('data');
    const stopped = next('stream-stopped');
    socket.emit('debug:stop-stream');
    expect(await stopped).toHaveProperty('streamId');
  });

  it('/influx-debug stream-error on a refused stream', async () => {
    const error = next('stream-error');
    socket.emit('debug:start-stream', { measurement: 'bot_health', interval: 1, timeRange: '-1h', limit: 10 });
    expect(await error).toHaveProperty('error');
  });
});

describe('spec 2 §7 Player accounts (success/data/error envelope)', () => {
  let accountId: string;
  const discordId = '330000000000000001';
  const accountFields = [
    'id',
    'displayName',
    'email',
    'discord_id',
    'battlenet_id',
    'discord_metadata.username',
    'discord_metadata.discriminator',
    'discord_metadata.globalName',
    'discord_metadata.avatar',
    'discord_metadata.linkedAt',
    'battlenet_metadata.battletag',
    'battlenet_metadata.region',
    'battlenet_metadata.linkedAt',
    'account_status',
    'characters',
    'notes',
    'created_at',
    'updated_at',
    'last_login_at',
    'created_by',
    'updated_by',
  ];

  beforeAll(() => {
    discord.users.set(discordId, { id: discordId, username: 'spec_player', global_name: 'Spec Player', avatar: 'abc123' });
  });

  it('POST /api/admin/players {displayName, email, discordId, battlenetId, accountStatus, notes}: the account in data', async () => {
    const answer = await owner.post<{ data: { id: string } }>('/api/admin/players', {
      displayName: 'Spec Player',
      email: 'spec-player@example.com',
      discordId: null,
      battlenetId: null,
      accountStatus: 'active',
      notes: 'made by the spec names test',
    });
    expectNames(answer, ['success', 'data.id', 'data.displayName']);
    accountId = answer.body.data.id;
  });

  it('PUT /api/admin/players/{id}: the account in data', async () => {
    const answer = await owner.request('PUT', `/api/admin/players/${accountId}`, {
      body: { displayName: 'Spec Player', email: 'spec-player@example.com', accountStatus: 'active', notes: 'edited' },
    });
    expectNames(answer, ['success', 'data.id', 'data.notes']);
  });

  it('POST /api/admin/players/{id}/link-discord {discordId, forceLink false}', async () => {
    const answer = await owner.post(`/api/admin/players/${accountId}/link-discord`, { discordId, forceLink: false });
    expectNames(answer, ['success', 'data.discord_id']);
  });

  it('POST /api/admin/players/{id}/link-battlenet {battlenetId, battlenetInfo {battletag, region}, forceLink false}', async () => {
    const answer = await owner.post(`/api/admin/players/${accountId}/link-battlenet`, {
      battlenetId: '98765',
      battlenetInfo: { battletag: 'SpecPlayer#1234', region: 'eu' },
      forceLink: false,
    });
    expectNames(answer, ['success', 'data.battlenet_id']);
  });

  it('GET /api/admin/players (page, limit, includeCharacters, includeStats, search, status, linkedTo, sortBy, sortOrder): success, data, pagination; each a Player account', async () => {
    const query =
      'page=1&limit=10&includeCharacters=true&includeStats=true&search=Spec%20Player&status=all&linkedTo=both&sortBy=updated_at&sortOrder=desc';
    const answer = await owner.get(`/api/admin/players?${query}`);
    expectNames(answer, [
      'success',
      'data',
      'pagination.page',
      'pagination.limit',
      'pagination.total',
      'pagination.pages',
      ...accountFields.map((name) => `data.0.${name}`),
    ]);
    const refused = await owner.get('/api/admin/players?status=nonsense');
    expectNames(refused, ['success', 'error'], 400);
  });

  it('GET /api/admin/players/statistics: success, data (Player statistics)', async () => {
    expectNames(await owner.get('/api/admin/players/statistics'), [
      'success',
      'data.total',
      'data.discordLinked',
      'data.battlenetLinked',
      'data.fullyLinked',
      'data.linkingRate.discord',
      'data.linkingRate.battlenet',
      'data.linkingRate.full',
    ]);
  });

  it('DELETE /api/admin/players/{id}/unlink/{provider} with body reason', async () => {
    const answer = await owner.request('DELETE', `/api/admin/players/${accountId}/unlink/battlenet`, {
      body: { reason: 'Admin unlink via linking tools' },
    });
    expectNames(answer, ['success', 'data.id']);
  });

  it('POST /api/admin/players/bulk/update {accountIds, updateData {account_status}, maxConcurrency 5}', async () => {
    const answer = await owner.post('/api/admin/players/bulk/update', {
      accountIds: [accountId],
      updateData: { account_status: 'inactive' },
      maxConcurrency: 5,
    });
    expectAccepted(answer);
    expect(answer.body).toHaveProperty('success', true);
  });

  it('GET /api/admin/discord/user/{id}: metadata in data (username, discriminator, globalName, avatar)', async () => {
    expectNames(await owner.get(`/api/admin/discord/user/${discordId}`), [
      'success',
      'data.username',
      'data.discriminator',
      'data.globalName',
      'data.avatar',
    ]);
  });

  it('GET /api/admin/battlenet/user/{id}: metadata in data (battletag, region)', async () => {
    const client = new Browser(server.url);
    const { user } = await registerVerifiedUser(server.app, client);
    await sql(
      server.app,
      "INSERT INTO battlenet_connections (user_id, battlenet_id, battletag, region) VALUES ($1, '55555', 'Lookup#5555', 'us')",
      [user.id],
    );
    expectNames(await owner.get('/api/admin/battlenet/user/55555'), ['success', 'data.battletag', 'data.region']);
  });
});

describe('spec 2 §7 Training data', () => {
  let set: TrainingSet;

  beforeAll(async () => {
    set = await trainingSamples();
  });

  it('GET /api/admin/training-data/statistics (startDate, endDate): Training statistics', async () => {
    const answer = await owner.get(
      '/api/admin/training-data/statistics?startDate=2026-01-01T00:00:00.000Z&endDate=2026-12-31T00:00:00.000Z',
    );
    const names = [
      'timestamp',
      'memory.totalSamples',
      'memory.verifiedSamples',
      'memory.avgQualityScore',
      'intent.totalSamples',
      'intent.verifiedSamples',
      'intent.respondTrue',
      'intent.respondFalse',
      'intent.avgConfidence',
      'intent.avgQualityScore',
      'providerPerformance.0.providerUsed',
      'providerPerformance.0.sampleCount',
      'providerPerformance.0.avgConfidence',
      'providerPerformance.0.avgQualityScore',
      'providerPerformance.0.correctDecisions',
      'decisionAccuracy.totalWithOutcome',
      'decisionAccuracy.correctDecisions',
      'decisionAccuracy.truePositives',
      'decisionAccuracy.falsePositives',
    ];
    expectNames(
      answer,
      names.map((name) => `data.${name}`),
    );
  });

  const listQuery = 'page=1&limit=10&verified=false&minQuality=0&provider=openai&sortBy=timestamp&sortOrder=desc';
  const samplePagination = ['pagination.page', 'pagination.limit', 'pagination.total', 'pagination.totalPages'];

  it('GET /api/admin/training-data/memory (page, limit, verified, minQuality, provider, sortBy, sortOrder): Memory training samples, Pagination', async () => {
    const answer = await owner.get(`/api/admin/training-data/memory?${listQuery}`);
    const names = [
      'id',
      'humanVerified',
      'qualityScore',
      'timestamp',
      'messageContent',
      'extractedEvent',
      'extractedGems',
      'gemCount',
      'llmProvider',
      'llmModel',
      'extractionLatencyMs',
      'extractedMemories',
      'conversationHistory',
      'provider',
      'modelVersion',
    ];
    expectNames(answer, [...samplePagination, ...names.map((name) => `samples.0.${name}`)]);
  });

  it('GET /api/admin/training-data/intent (… shouldRespond …): Intent training samples, Pagination', async () => {
    const answer = await owner.get(`/api/admin/training-data/intent?${listQuery}&shouldRespond=true`);
    const names = [
      'id',
      'humanVerified',
      'shouldRespond',
      'confidence',
      'timestamp',
      'currentMessage',
      'conversationHistory',
      'temperature',
      'vibeClassification',
      'providerUsed',
      'modelUsed',
      'actualResponseSent',
    ];
    expectNames(answer, [...samplePagination, ...names.map((name) => `samples.0.${name}`)]);
  });

  it('PUT /api/admin/training-data/memory/{id} {humanVerified}', async () => {
    expectAccepted(
      await owner.request('PUT', `/api/admin/training-data/memory/${set.ids.M2}`, { body: { humanVerified: true } }),
    );
  });

  it('PUT /api/admin/training-data/intent/{id} {humanVerified}', async () => {
    expectAccepted(
      await owner.request('PUT', `/api/admin/training-data/intent/${set.ids.I2}`, { body: { humanVerified: true } }),
    );
  });

  it('POST /api/admin/training-data/export {export request}: files [{type, path}], timestamp', async () => {
    const answer = await owner.post('/api/admin/training-data/export', {
      sampleType: 'both',
      format: 'jsonl',
      minQualityScore: 0,
      verifiedOnly: false,
      withOutcomes: false,
      limit: 100,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-12-31T00:00:00.000Z',
    });
    expectNames(answer, ['files.0.type', 'files.0.path', 'timestamp']);
  });
});

describe('spec 2 §7 Admin API client (base /api/admin)', () => {
  /** Answers whether the response started a server-sent event stream, then closes it. */
  const streamType = (path: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      const request = httpRequest(new URL(path, server.url), { headers: { cookie: owner.cookieHeader() } }, (response) => {
        resolve(response.headers['content-type']);
        request.destroy();
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      request.end();
    });

  describe('Users', () => {
    let userId: string;

    it('POST /users', async () => {
      const answer = await owner.post<{ user?: { id: string }; data?: { id: string } }>('/api/admin/users', {
        username: 'spec_client_user',
        password: 'client-Password-for-spec-1',
        role: 'viewer',
        permissions: [],
      });
      expectAccepted(answer);
      userId = (answer.body.user ?? answer.body.data)!.id;
    });

    it('GET /users (query)', async () => {
      expectAccepted(await owner.get('/api/admin/users?search=spec_client'));
    });

    it('GET /users/{id}', async () => {
      expectAccepted(await owner.get(`/api/admin/users/${userId}`));
    });

    it('PUT /users/{id}', async () => {
      expectAccepted(await owner.request('PUT', `/api/admin/users/${userId}`, { body: { fullName: 'Spec Client' } }));
    });

    it('POST /users/{id}/reset-password {newPassword}', async () => {
      expectAccepted(await owner.post(`/api/admin/users/${userId}/reset-password`, { newPassword: 'reset-Password-for-spec-2' }));
    });

    it('POST /users/{id}/unlock', async () => {
      expectAccepted(await owner.post(`/api/admin/users/${userId}/unlock`));
    });

    it('GET /users/statistics', async () => {
      expectAccepted(await owner.get('/api/admin/users/statistics'));
    });

    it('DELETE /users/{id}?hard=bool', async () => {
      expectAccepted(await owner.request('DELETE', `/api/admin/users/${userId}?hard=true`));
    });
  });

  describe('Configuration', () => {
    let guildIds: string[];
    let templateId: string;

    beforeAll(async () => {
      guildIds = [
        await insertGuild(server.app, { guild_name: 'Config Names A' }),
        await insertGuild(server.app, { guild_name: 'Config Names B' }),
      ];
    });

    it('GET /config/guilds', async () => {
      expectAccepted(await owner.get('/api/admin/config/guilds'));
    });

    it('GET /config/guilds/{id}/settings (optional category)', async () => {
      expectAccepted(await owner.get(`/api/admin/config/guilds/${guildIds[0]}/settings`));
      expectAccepted(await owner.get(`/api/admin/config/guilds/${guildIds[0]}/settings?category=raids`));
    });

    it('PUT /config/guilds/{id}/settings {category, settings}', async () => {
      const answer = await owner.request('PUT', `/api/admin/config/guilds/${guildIds[0]}/settings`, {
        body: { category: 'raids', settings: { defaultRaidSize: 25 } },
      });
      expectAccepted(answer);
    });

    it('POST /config/guilds/{id}/test-ai {config}', async () => {
      const answer = await owner.post(`/api/admin/config/guilds/${guildIds[0]}/test-ai`, { config: {} });
      expect(answer.status, answer.text).toBeLessThan(500);
      expect(answer.body).not.toHaveProperty('fields.config');
    });

    it('POST /config/guilds/{id}/test-memory', async () => {
      const answer = await owner.post(`/api/admin/config/guilds/${guildIds[0]}/test-memory`);
      expect(answer.status, answer.text).toBeLessThan(500);
    });

    it('POST /config/bulk-update {guildIds, settings, mode default merge}', async () => {
      expectAccepted(
        await owner.post('/api/admin/config/bulk-update', { guildIds, settings: { raids: { defaultRaidSize: 20 } } }),
      );
    });

    it('GET and POST /config/templates', async () => {
      const created = await owner.post<{ template: { id: string } }>('/api/admin/config/templates', {
        name: 'Spec Names Template',
        settings: { raids: { defaultRaidSize: 30 } },
      });
      expectAccepted(created);
      templateId = created.body.template.id;
      expectAccepted(await owner.get('/api/admin/config/templates'));
    });

    it('POST /config/templates/{id}/apply {guildIds, mode}', async () => {
      expectAccepted(await owner.post(`/api/admin/config/templates/${templateId}/apply`, { guildIds, mode: 'merge' }));
    });

    it('GET /config/compare?guildIds=comma-separated', async () => {
      expectAccepted(await owner.get(`/api/admin/config/compare?guildIds=${guildIds.join(',')}`));
    });

    it('POST /config/guilds/{id}/reset {category}', async () => {
      expectAccepted(await owner.post(`/api/admin/config/guilds/${guildIds[0]}/reset`, { category: 'raids' }));
    });
  });

  describe('Database', () => {
    it('GET /db/tables', async () => {
      expectAccepted(await owner.get('/api/admin/db/tables'));
    });

    it('GET /db/schema/{table}', async () => {
      expectAccepted(await owner.get('/api/admin/db/schema/guilds'));
    });

    it('GET /db/indexes/{table}', async () => {
      expectAccepted(await owner.get('/api/admin/db/indexes/guilds'));
    });

    it('POST /db/query {query, limit default 100}', async () => {
      expectAccepted(await owner.post('/api/admin/db/query', { query: 'SELECT 1 AS one', limit: 100 }));
    });

    it('GET /db/query-history?limit default 50', async () => {
      expectAccepted(await owner.get('/api/admin/db/query-history?limit=50'));
    });

    it('POST /db/export {query, format default json}: a file', async () => {
      const file = await owner.post('/api/admin/db/export', { query: 'SELECT 1 AS one' });
      expect(file.status, file.text.slice(0, 300)).toBe(200);
      expect(file.headers['content-type']).toMatch(/^application\/json/);
      expect(file.headers['content-disposition']).toMatch(/attachment; filename=.*\.json/);
    });

    it('GET /db/stats', async () => {
      expectAccepted(await owner.get('/api/admin/db/stats'));
    });
  });

  describe('Logs', () => {
    it('GET /logs/stream (query filters): an event stream', async () => {
      expect(await streamType('/api/admin/logs/stream?level=info')).toMatch(/^text\/event-stream/);
    });

    it('POST /logs/search', async () => {
      expectAccepted(await owner.post('/api/admin/logs/search', { level: 'info' }));
    });

    it('GET /logs/files, and a browser download of /logs/download/{file}', async () => {
      const answer = await owner.get<{ files: { name: string }[] }>('/api/admin/logs/files');
      expectAccepted(answer);
      const [first] = answer.body.files;
      expect(first, 'the app writes a log file').toBeDefined();
      const file = await download(owner, `/api/admin/logs/download/${encodeURIComponent(first!.name)}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment/);
    });

    it('GET /logs/stats', async () => {
      expectAccepted(await owner.get('/api/admin/logs/stats'));
    });
  });

  describe('Metrics', () => {
    it('GET /metrics/stream?interval (default 5000): an event stream', async () => {
      expect(await streamType('/api/admin/metrics/stream?interval=5000')).toMatch(/^text\/event-stream/);
    });

    it('GET /metrics/current', async () => {
      expectAccepted(await owner.get('/api/admin/metrics/current'));
    });

    it('GET /metrics/history (type default system, duration default 3600)', async () => {
      expectAccepted(await owner.get('/api/admin/metrics/history?type=system&duration=3600'));
    });

    it('GET /metrics/alerts (limit 100, severity): Alerts (severity, message, timestamp)', async () => {
      await server.app.monitoring.alerts.raise({ severity: 'warning', type: 'spec', message: 'Spec alert' });
      const answer = await owner.get('/api/admin/metrics/alerts?limit=100&severity=warning');
      expectNames(answer, ['alerts.0.severity', 'alerts.0.message', 'alerts.0.timestamp']);
    });

    it('GET /metrics/services: entries for database, redis, influxdb, each with a status', async () => {
      const answer = await owner.get<{ services: { name: string; status: string }[] }>('/api/admin/metrics/services');
      expectAccepted(answer);
      for (const name of ['database', 'redis', 'influxdb']) {
        expect(
          answer.body.services.find((entry) => entry.name === name),
          `an entry for ${name}`,
        ).toHaveProperty('status');
      }
    });

    it('POST /metrics/custom-query {metric, aggregation default avg, timeRange 3600}', async () => {
      expectAccepted(
        await owner.post('/api/admin/metrics/custom-query', {
          metric: 'system.cpu_percent',
          aggregation: 'avg',
          timeRange: 3600,
        }),
      );
    });

    it('GET /metrics/stats', async () => {
      expectAccepted(await owner.get('/api/admin/metrics/stats'));
    });
  });

  describe('ML', () => {
    let set: TrainingSet;

    beforeAll(async () => {
      set = await trainingSamples();
    });

    it('GET /ml/samples (type default intent)', async () => {
      expectAccepted(await owner.get('/api/admin/ml/samples'));
      expectAccepted(await owner.get('/api/admin/ml/samples?type=memory'));
    });

    it('GET /ml/samples/{id}', async () => {
      expectAccepted(await owner.get(`/api/admin/ml/samples/${set.ids.I3}`));
    });

    it('PUT /ml/samples/{id}/verify {type, verified}', async () => {
      expectAccepted(
        await owner.request('PUT', `/api/admin/ml/samples/${set.ids.I3}/verify`, { body: { type: 'intent', verified: true } }),
      );
    });

    it('PUT /ml/samples/{id}/label {type, corrections}', async () => {
      const answer = await owner.request('PUT', `/api/admin/ml/samples/${set.ids.I5}/label`, {
        body: { type: 'intent', corrections: { shouldRespond: true } },
      });
      expectAccepted(answer);
    });

    it('POST /ml/samples/bulk-action {sampleIds, action, type, data}', async () => {
      const answer = await owner.post('/api/admin/ml/samples/bulk-action', {
        sampleIds: [set.ids.M3],
        action: 'setQuality',
        type: 'memory',
        data: { qualityScore: 0.5 },
      });
      expectAccepted(answer);
    });

    it('GET /ml/analytics (type default both)', async () => {
      expectAccepted(await owner.get('/api/admin/ml/analytics?type=both'));
    });

    it('GET /ml/samples/needing-verification (limit 20)', async () => {
      expectAccepted(await owner.get('/api/admin/ml/samples/needing-verification?limit=20'));
    });

    it('POST /ml/export-dataset {type, format default jsonl, filters, filename}', async () => {
      const answer = await owner.post('/api/admin/ml/export-dataset', {
        type: 'both',
        format: 'jsonl',
        filters: { verifiedOnly: false },
        filename: 'spec-names',
      });
      expectAccepted(answer);
    });

    it('GET and POST /ml/feedback', async () => {
      expectAccepted(await owner.post('/api/admin/ml/feedback', { sampleType: 'intent', sampleId: set.ids.I1, rating: 4 }));
      expectAccepted(await owner.get('/api/admin/ml/feedback'));
    });
  });
});
