import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteEndedRows, TOKEN_CLEANUP_DEFAULTS, TokenCleanup } from '../src/jobs/token-cleanup';
import { createTestAdmin, sql } from './helpers/factories';
import { startIsolatedApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let userId: string;
let adminId: string;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const TABLES = ['refresh_tokens', 'email_tokens', 'oauth_states', 'community_sessions', 'admin_sessions', 'alerts'] as const;
const settings = { batchSize: 1000, maxBatches: 10, retentionMs: TOKEN_CLEANUP_DEFAULTS.retentionMs };

beforeAll(async () => {
  ({ environment, server } = await startIsolatedApp());
  const [user] = await sql<{ id: string }>(server.app, "INSERT INTO users (username) VALUES ('cleanup') RETURNING id");
  userId = user!.id;
  adminId = (await createTestAdmin(server.app)).id;
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

beforeEach(async () => {
  for (const table of TABLES) await sql(server.app, `DELETE FROM ${table}`);
});

/** Inserts a row with a random hash into one of the token tables; `label` goes in a text column to find it. */
async function insertRefreshToken(label: string, times: { expires: Date; used?: Date; revoked?: Date }) {
  await sql(
    server.app,
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at, used_at, revoked_at, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [randomUUID(), randomUUID(), userId, times.expires, times.used ?? null, times.revoked ?? null, label],
  );
}

async function insertEmailToken(label: string, times: { expires: Date; used?: Date }) {
  await sql(
    server.app,
    `INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at, used_at)
     VALUES ($1, $2, 'verify_email', $3, $4, $5)`,
    [randomUUID(), userId, label, times.expires, times.used ?? null],
  );
}

async function insertOAuthState(label: string, times: { expires: Date; used?: Date }) {
  await sql(server.app, 'INSERT INTO oauth_states (state_hash, expires_at, used_at) VALUES ($1, $2, $3)', [
    `${label}:${randomUUID()}`,
    times.expires,
    times.used ?? null,
  ]);
}

async function insertCommunitySession(label: string, times: { expires: Date; revoked?: Date }) {
  await sql(
    server.app,
    `INSERT INTO community_sessions (token_hash, user_id, expires_at, revoked_at, user_agent) VALUES ($1, $2, $3, $4, $5)`,
    [randomUUID(), userId, times.expires, times.revoked ?? null, label],
  );
}

async function insertAdminSession(label: string, times: { absoluteExpires: Date; lastSeen?: Date; revoked?: Date }) {
  await sql(
    server.app,
    `INSERT INTO admin_sessions (token_hash, admin_user_id, absolute_expires_at, last_seen_at, revoked_at, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), adminId, times.absoluteExpires, times.lastSeen ?? new Date(), times.revoked ?? null, label],
  );
}

async function insertAlert(label: string, times: { created: Date; resolved?: Date }) {
  await sql(
    server.app,
    "INSERT INTO alerts (severity, type, message, created_at, resolved_at) VALUES ('warning', 'test', $1, $2, $3)",
    [label, times.created, times.resolved ?? null],
  );
}

/** The labels left in each table, sorted. */
async function remaining() {
  const labels = async (query: string) => (await sql<{ label: string }>(server.app, query)).map((row) => row.label).sort();
  return {
    refresh_tokens: await labels('SELECT user_agent AS label FROM refresh_tokens'),
    email_tokens: await labels('SELECT email AS label FROM email_tokens'),
    oauth_states: await labels("SELECT split_part(state_hash, ':', 1) AS label FROM oauth_states"),
    community_sessions: await labels('SELECT user_agent AS label FROM community_sessions'),
    admin_sessions: await labels('SELECT user_agent AS label FROM admin_sessions'),
    alerts: await labels('SELECT message AS label FROM alerts'),
  };
}

const count = async (table: string) => (await sql<{ n: number }>(server.app, `SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('token cleanup', () => {
  it('removes expired and ended rows, keeps live ones and those ended within the retention', async () => {
    await insertRefreshToken('expired', { expires: ago(2 * DAY) });
    await insertRefreshToken('expired-recently', { expires: ago(HOUR) });
    await insertRefreshToken('live', { expires: ahead(DAY) });
    // Used but not expired: presenting it again must still be recognised as reuse.
    await insertRefreshToken('live-used', { expires: ahead(DAY), used: ago(3 * DAY) });

    await insertEmailToken('expired', { expires: ago(2 * DAY) });
    await insertEmailToken('used', { expires: ahead(DAY), used: ago(2 * DAY) });
    await insertEmailToken('live', { expires: ahead(HOUR) });

    await insertOAuthState('expired', { expires: ago(2 * DAY) });
    await insertOAuthState('used', { expires: ago(2 * DAY), used: ago(2 * DAY) });
    await insertOAuthState('live', { expires: ahead(HOUR) });

    await insertCommunitySession('expired', { expires: ago(2 * DAY) });
    await insertCommunitySession('revoked', { expires: ahead(DAY), revoked: ago(2 * DAY) });
    await insertCommunitySession('revoked-recently', { expires: ahead(DAY), revoked: ago(HOUR) });
    await insertCommunitySession('live', { expires: ahead(DAY) });

    await insertAdminSession('expired', { absoluteExpires: ago(2 * DAY), lastSeen: ago(3 * DAY) });
    await insertAdminSession('idle', { absoluteExpires: ahead(DAY), lastSeen: ago(DAY + 9 * HOUR) });
    await insertAdminSession('idle-recently', { absoluteExpires: ahead(DAY), lastSeen: ago(9 * HOUR) });
    await insertAdminSession('revoked', { absoluteExpires: ahead(DAY), revoked: ago(2 * DAY) });
    await insertAdminSession('live', { absoluteExpires: ahead(DAY) });

    // Alerts are history: kept 90 days after they resolve, and as long as they are open.
    await insertAlert('resolved-long-ago', { created: ago(100 * DAY), resolved: ago(91 * DAY) });
    await insertAlert('resolved-recently', { created: ago(100 * DAY), resolved: ago(80 * DAY) });
    await insertAlert('open', { created: ago(200 * DAY) });

    const deleted = await deleteEndedRows(server.app.services.db, settings);

    expect(deleted).toEqual({
      refresh_tokens: 1,
      email_tokens: 2,
      oauth_states: 2,
      community_sessions: 2,
      admin_sessions: 3,
      alerts: 1,
    });
    expect(await remaining()).toEqual({
      refresh_tokens: ['expired-recently', 'live', 'live-used'],
      email_tokens: ['live'],
      oauth_states: ['live'],
      community_sessions: ['live', 'revoked-recently'],
      admin_sessions: ['idle-recently', 'live'],
      alerts: ['open', 'resolved-recently'],
    });
  });

  it('deletes at most batchSize × maxBatches rows of a table per run', async () => {
    for (let i = 0; i < 7; i++) await insertRefreshToken(`expired-${i}`, { expires: ago(2 * DAY) });
    await insertRefreshToken('live', { expires: ahead(DAY) });
    const bounded = { ...settings, batchSize: 2, maxBatches: 2 };

    expect((await deleteEndedRows(server.app.services.db, bounded)).refresh_tokens).toBe(4);
    expect(await count('refresh_tokens')).toBe(4);
    expect((await deleteEndedRows(server.app.services.db, bounded)).refresh_tokens).toBe(3);
    expect((await deleteEndedRows(server.app.services.db, bounded)).refresh_tokens).toBe(0);
    expect((await remaining()).refresh_tokens).toEqual(['live']);
  });

  it('runs shortly after start and then on its interval, and not after stop', async () => {
    await insertOAuthState('expired', { expires: ago(2 * DAY) });
    const cleanup = new TokenCleanup(
      { db: server.app.services.db, log: server.app.log, isDatabaseReady: () => true },
      { firstRunDelayMs: 20, intervalMs: 100 },
    );
    cleanup.start();
    await expect.poll(() => count('oauth_states'), { timeout: 2000, interval: 10 }).toBe(0);

    await insertOAuthState('expired-again', { expires: ago(2 * DAY) });
    await expect.poll(() => count('oauth_states'), { timeout: 2000, interval: 10 }).toBe(0);

    await cleanup.stop();
    await insertOAuthState('after-stop', { expires: ago(2 * DAY) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count('oauth_states')).toBe(1);
  });

  it('skips a run while the database is not ready', async () => {
    await insertOAuthState('expired', { expires: ago(2 * DAY) });
    const cleanup = new TokenCleanup({ db: server.app.services.db, log: server.app.log, isDatabaseReady: () => false });
    await cleanup.run();
    expect(await count('oauth_states')).toBe(1);
  });
});
