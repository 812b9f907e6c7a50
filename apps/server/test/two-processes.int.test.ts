import {
  ADMIN_LOGIN_SERVER_ERRORS,
  ADMIN_MAX_FAILED_ATTEMPTS,
  DISCOVERY_MESSAGES,
  MESSAGES,
  type SyncProgress,
} from '@guildhall/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/modules/admin-users/create-admin';
import type { Db } from '../src/services/db/db';
import { readMigrations } from '../src/services/db/migrate';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { DiscordFake } from './fakes/discord-fake';
import { HttpClient } from './helpers/http-client';
import { fakeMembers } from './helpers/linking-factories';
import { type AdminLiveClient, connectAdmin, disconnection, nextEvent } from './helpers/live-client';
import { ServerProcess } from './helpers/server-process';
import { createTestEnvironment, OWNER, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

/**
 * Two server processes on one PostgreSQL database and one Redis prefix, started together on an empty
 * database, as a load balancer would run them. Everything the README promises across processes is
 * asked of one process and checked on the other.
 */

/**
 * Failed sign-ins per address: the limit test spends it from 127.0.0.2 (then shows 127.0.0.5 unaffected); the
 * lockout tests fail from 127.0.0.3 and 127.0.0.4, at most this many times each. Successful sign-ins do not count.
 */
const RATE_LIMIT = 6;
const SYNC = '/api/admin/character-discovery/discord/sync-members';
/**
 * The first look of a socket's session watch happens as it connects; give it time to finish, so an ending
 * seen afterwards can only have come from the other process (the next look is 30 s away).
 */
const FIRST_LOOK_MS = 300;

let environment: TestEnvironment | undefined;
let discord: DiscordFake | undefined;
let db: Db | undefined;
let a: ServerProcess;
let b: ServerProcess;
const sockets: AdminLiveClient[] = [];

beforeAll(async () => {
  discord = await new DiscordFake().start();
  environment = await createTestEnvironment(
    {
      LOG_LEVEL: 'info',
      // Started as a user starts it: the demo set is seeded on the first start too.
      SEED_DEMO_DATA: 'true',
      INFLUX_URL: '',
      ADMIN_LOGIN_RATE_LIMIT: String(RATE_LIMIT),
      DISCORD_API_BASE: discord.baseUrl,
      DISCORD_BOT_TOKEN: discord.botToken,
      HOST: '127.0.0.1',
      PORT: '0',
    },
    // Empty: the two processes race to migrate it.
    { database: 'empty' },
  );
  // The same instant: both spawned in one tick, on the same empty database.
  a = new ServerProcess('A', environment.env);
  b = new ServerProcess('B', environment.env);
  await Promise.all([a.waitUntilReady(40_000), b.waitUntilReady(40_000)]);
  db = createPostgresDb(environment.databaseUrl!, pino({ level: 'silent' }));
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await db?.close();
  await environment?.dispose();
  await discord?.stop();
});

async function rows<Row = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return (await db!.query<Row>(text, params)).rows;
}

/** A signed-in /admin socket on one process, for a session opened elsewhere. */
async function liveOn(server: ServerProcess, client: HttpClient): Promise<AdminLiveClient> {
  const socket = connectAdmin(server.url, client.cookieHeader());
  sockets.push(socket);
  await nextEvent(socket, 'admin:welcome');
  await new Promise((resolve) => setTimeout(resolve, FIRST_LOOK_MS));
  return socket;
}

/** The same browser (the same cookie jar) talking to the other process. */
function sameBrowserOn(server: ServerProcess, client: HttpClient): HttpClient {
  const moved = new HttpClient(server.url);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

/** Sign-in attempts from one address, the first on A, the next on B, and so on. */
async function signInAlternately(count: number, username: string, password: string, localAddress: string) {
  const answers = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const server = attempt % 2 === 0 ? a : b;
    answers.push(await new HttpClient(server.url).signIn(username, password, { localAddress }));
  }
  return answers;
}

/** A second admin, made the way the CLI makes one, whose sessions and lock the test may spend. */
async function superadmin() {
  const username = `admin_${uniqueSuffix()}`;
  const password = `pw-${uniqueSuffix()}-Long-Enough`;
  const { id } = await createAdmin(db!, { username, password, role: 'superadmin' }, { type: 'cli' });
  return { id, username, password };
}

describe('two server processes on one PostgreSQL and one Redis', () => {
  it('start together on an empty database: each migration applied once, the first admin and the demo set made once', async () => {
    const committed = readMigrations().map((migration) => migration.name);
    const applied = await rows<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((row) => row.name)).toEqual(committed);

    const migratedLogs = [...a.lines, ...b.lines].filter((line) => line.msg === 'database migrated');
    expect(migratedLogs).toHaveLength(1);
    expect(migratedLogs[0]!.migrations).toEqual(committed);

    for (const message of ['first admin created', 'demo data seeded', 'demo guild data seeded', 'demo member names seeded']) {
      expect(a.count(message) + b.count(message), message).toBe(1);
    }
    expect(await rows('SELECT 1 FROM admin_users WHERE username = $1', [OWNER.username])).toHaveLength(1);
    expect(await rows("SELECT 1 FROM audit_log WHERE action = 'admin.created'")).toHaveLength(1);
    const [seeded] = await rows<{ guilds: number }>('SELECT count(*) AS guilds FROM guilds');
    expect(seeded!.guilds).toBe([...a.lines, ...b.lines].find((line) => line.msg === 'demo data seeded')!.guilds);
    expect(a.url).not.toBe(b.url);
  });

  it("serves a session made on A on B, and B's logout ends it on both (and closes its socket on A)", async () => {
    const onA = new HttpClient(a.url);
    const signedIn = await onA.signIn(OWNER.username, OWNER.password);
    expect(signedIn.status).toBe(200);
    const onB = sameBrowserOn(b, onA);
    const me = await onB.get<{ admin: { username: string }; session: unknown }>('/api/admin/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.admin.username).toBe(OWNER.username);
    expect(me.body.session).toEqual(signedIn.body.session);

    const socketOnA = await liveOn(a, onA);
    const events: unknown[] = [];
    socketOnA.on('admin:event', (event) => events.push(event));
    const closed = disconnection(socketOnA);

    expect((await onB.post('/api/admin/auth/logout')).status).toBe(200);

    for (const client of [onA, sameBrowserOn(b, onA)]) {
      const refused = await client.get('/api/admin/auth/me');
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('INVALID_SESSION');
    }
    expect(await closed).toBe('io server disconnect');
    expect(events).toEqual([]);
  });

  it("pushes a member sync's progress and completion from A, where it runs, to a socket on B", async () => {
    const discordGuildId = '498000000000000001';
    discord!.botGuildIds.add(discordGuildId);
    discord!.members.set(discordGuildId, fakeMembers(2100));
    const [guild] = await rows<{ id: string }>(
      `INSERT INTO guilds (guild_name, server, region, discord_guild_id) VALUES ($1, 'Stormrage', 'EU', $2) RETURNING id`,
      [`Two Processes ${uniqueSuffix()}`, discordGuildId],
    );
    const guildId = guild!.id;
    const onA = new HttpClient(a.url);
    expect((await onA.signIn(OWNER.username, OWNER.password)).status).toBe(200);

    const watcherOnB = await liveOn(b, onA);
    expect(await watcherOnB.emitWithAck('subscribe:member-sync', { guildId })).toEqual({ success: true });
    const progress: SyncProgress[] = [];
    watcherOnB.on('sync:progress', (event) => progress.push(event));
    const completed = nextEvent(watcherOnB, 'sync:completed', 15_000);

    const started = await onA.post<{ jobId: string }>(SYNC, { guildId });
    expect(started.status).toBe(202);

    expect(await completed).toEqual({
      guildId,
      jobId: started.body.jobId,
      result: { added: 2100, updated: 0, left: 0, total: 2100 },
      message: DISCOVERY_MESSAGES.membersSynced,
    });
    expect(progress.filter((event) => event.phase === 'fetching').map((event) => event.fetched)).toEqual([1000, 2000, 2100]);
    expect(progress.every((event) => event.jobId === started.body.jobId)).toBe(true);
  });

  it('forces a logout on a socket on B when a password change on A ends its session', async () => {
    const admin = await superadmin();
    const changer = new HttpClient(a.url);
    const elsewhere = new HttpClient(b.url);
    expect((await changer.signIn(admin.username, admin.password)).status).toBe(200);
    expect((await elsewhere.signIn(admin.username, admin.password)).status).toBe(200);
    const socketOnB = await liveOn(b, elsewhere);
    const event = nextEvent(socketOnB, 'admin:event');
    const closed = disconnection(socketOnB);

    const changed = await changer.post('/api/admin/auth/change-password', {
      currentPassword: admin.password,
      newPassword: 'changed-on-A-Password-1',
    });
    expect(changed.status).toBe(200);

    expect(await event).toMatchObject({ type: 'admin:forced_logout', message: MESSAGES.forcedLogout });
    expect(await closed).toBe('io server disconnect');
    expect((await elsewhere.get('/api/admin/auth/me')).body.code).toBe('INVALID_SESSION');
    expect((await sameBrowserOn(b, changer).get('/api/admin/auth/me')).status).toBe(200);
  });

  it('counts failed sign-ins per address across both processes, never successful ones', async () => {
    const from = '127.0.0.2';
    const successes = await signInAlternately(RATE_LIMIT * 3, OWNER.username, OWNER.password, from);
    expect(successes.map((answer) => answer.status)).toEqual(Array(RATE_LIMIT * 3).fill(200));
    // A name nobody has, fresh each time so no name reaches its own lock; each attempt on the other process.
    const failOn = (server: ServerProcess) =>
      new HttpClient(server.url).signIn(`nobody_${uniqueSuffix()}`, 'wrong-password', { localAddress: from });
    for (let attempt = 0; attempt < RATE_LIMIT - 1; attempt++) expect((await failOn(attempt % 2 ? b : a)).status).toBe(401);
    // A success in between neither counts nor clears the failures before it.
    expect((await new HttpClient(b.url).signIn(OWNER.username, OWNER.password, { localAddress: from })).status).toBe(200);
    expect((await failOn(a)).status).toBe(401);
    for (const refused of await signInAlternately(2, OWNER.username, OWNER.password, from)) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.body.error).toBe(ADMIN_LOGIN_SERVER_ERRORS.rateLimited(Number(refused.headers['retry-after'])));
    }
    const [otherAddress] = await signInAlternately(1, OWNER.username, OWNER.password, '127.0.0.5');
    expect(otherAddress!.status).toBe(200);
  });

  it('locks an account on the fifth wrong password, whichever process each attempt reached', async () => {
    const admin = await superadmin();
    const wrong = await signInAlternately(ADMIN_MAX_FAILED_ATTEMPTS, admin.username, 'wrong-password', '127.0.0.3');
    expect(wrong.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 423]);
    expect(wrong.slice(0, -1).map((answer) => answer.body.failedAttempts)).toEqual([1, 2, 3, 4]);
    expect(wrong.at(-1)!.body.code).toBe('ADMIN_ACCOUNT_LOCKED');
    const correctOnB = await new HttpClient(b.url).signIn(admin.username, admin.password, { localAddress: '127.0.0.4' });
    expect(correctOnB.status).toBe(423);
  });

  it('locks an unknown username the same way across both processes (counted in Redis)', async () => {
    const wrong = await signInAlternately(ADMIN_MAX_FAILED_ATTEMPTS, `nobody_${uniqueSuffix()}`, 'wrong-password', '127.0.0.4');
    expect(wrong.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 423]);
  });
});
