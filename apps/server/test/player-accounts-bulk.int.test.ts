import {
  BULK_UPDATE,
  type BulkUpdateJob,
  bulkUpdateStarted,
  MESSAGES,
  type Permission,
  PLAYER_ACCOUNT_MESSAGES,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_ACCOUNT_ERRORS, BULK_STALE_ERROR } from '../src/modules/player-accounts/bulk-update-job';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { connectAdmin, nextEvent } from './helpers/live-client';
import {
  createTestEnvironment,
  OWNER,
  startSignedInApp,
  startTestApp,
  stopTestApp,
  type TestApp,
  type TestEnvironment,
} from './helpers/test-app';

const BULK = '/api/admin/players/bulk/update';
const jobPath = (id: string) => `/api/admin/players/bulk/${id}`;
type Started = { success: true; data: BulkUpdateJob; message: string };

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

/** `count` new active accounts, in order of their names. */
async function insertAccounts(app: FastifyInstance, count: number, status = 'active') {
  const rows = await sql<{ id: string }>(
    app,
    `INSERT INTO player_accounts (display_name, account_status)
     SELECT 'Bulk player ' || n, $2 FROM generate_series(1, $1::int) AS n RETURNING id`,
    [count, status],
  );
  return rows.map((row) => row.id);
}

const statusesOf = async (app: FastifyInstance, ids: string[]) =>
  sql<{ id: string; account_status: string; updated_by: string | null }>(
    app,
    'SELECT id, account_status, updated_by FROM player_accounts WHERE id = ANY($1::uuid[])',
    [ids],
  );

/** Polls the job until it is no longer running. */
async function waitForJob(client: HttpClient, jobId: string, timeoutMs = 15_000): Promise<BulkUpdateJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get<{ data: BulkUpdateJob }>(jobPath(jobId));
    if (answer.body.data.status !== 'running') return answer.body.data;
    if (Date.now() > until) throw new Error(`bulk job ${jobId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Makes every account update sleep `seconds` inside PostgreSQL and record how many account updates were running
 * at that moment (read from pg_stat_activity), so the test observes the job's concurrency from the database side.
 */
async function slowAccountUpdates(app: FastifyInstance, seconds: number) {
  await app.services.db.exec(`
    CREATE TABLE IF NOT EXISTS bulk_in_flight (seen int NOT NULL);
    CREATE OR REPLACE FUNCTION bulk_observe() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO bulk_in_flight SELECT count(*) FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'active' AND query LIKE 'UPDATE player_accounts SET account_status%';
      PERFORM pg_sleep(${seconds});
      INSERT INTO bulk_in_flight SELECT count(*) FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'active' AND query LIKE 'UPDATE player_accounts SET account_status%';
      RETURN NEW;
    END $$;
    TRUNCATE bulk_in_flight;
    CREATE TRIGGER bulk_observe BEFORE UPDATE OF account_status ON player_accounts FOR EACH ROW EXECUTE FUNCTION bulk_observe();
  `);
  return {
    maxInFlight: async () => (await sql<{ max: number }>(app, 'SELECT max(seen)::int AS max FROM bulk_in_flight'))[0]!.max,
    remove: () => app.services.db.exec('DROP TRIGGER IF EXISTS bulk_observe ON player_accounts'),
  };
}

async function clientWith(permissions: Permission[]) {
  const admin = await createTestAdmin(server.app, { role: 'viewer', permissions });
  const client = new HttpClient(server.url);
  await client.signIn(admin.username, admin.password);
  return client;
}

describe('a bulk status update', () => {
  it('answers 202 at once, pushes progress and the end to /admin clients on the accounts topic, and updates every account', async () => {
    const ids = await insertAccounts(server.app, 6);
    const socket = connectAdmin(server.url, owner.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      expect(await socket.emitWithAck('subscribe:accounts')).toEqual({ success: true });
      const progress: BulkUpdateJob[] = [];
      socket.on('players:bulk-progress', (job) => progress.push(job));
      const finished = nextEvent(socket, 'players:bulk-finished', 15_000);

      const started = await owner.post<Started>(BULK, {
        accountIds: ids,
        updateData: { account_status: 'inactive' },
        maxConcurrency: 2,
      });
      expect(started.status).toBe(202);
      expect(started.body.message).toBe(bulkUpdateStarted(6));
      expect(started.body.data).toMatchObject({
        status: 'running',
        accountStatus: 'inactive',
        total: 6,
        done: 0,
        updated: 0,
        failures: [],
        startedBy: OWNER.username,
        finishedAt: null,
      });

      const end = await finished;
      expect(end).toMatchObject({ id: started.body.data.id, status: 'completed', total: 6, done: 6, updated: 6, failures: [] });
      expect(end.finishedAt).toBeTruthy();
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((job) => job.id === started.body.data.id && job.status === 'running')).toBe(true);
      const dones = progress.map((job) => job.done);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));

      const accounts = await statusesOf(server.app, ids);
      expect(accounts.map((account) => [account.account_status, account.updated_by])).toEqual(
        Array(6).fill(['inactive', OWNER.username]),
      );
      const audits = await sql(
        server.app,
        `SELECT target_id FROM audit_log WHERE action = 'player_account.bulk_updated' AND details->>'jobId' = $1`,
        [end.id],
      );
      expect(audits.map((row) => row.target_id).sort()).toEqual([...ids].sort());
      expect((await owner.get<{ data: BulkUpdateJob }>(jobPath(end.id))).body.data).toEqual(end);
    } finally {
      socket.disconnect();
    }
  });

  it('updates at most maxConcurrency accounts at a time', async () => {
    const ids = await insertAccounts(server.app, 12);
    const observer = await slowAccountUpdates(server.app, 0.15);
    try {
      const started = await owner.post<Started>(BULK, {
        accountIds: ids,
        updateData: { account_status: 'inactive' },
        maxConcurrency: 3,
      });
      const job = await waitForJob(owner, started.body.data.id);
      expect(job).toMatchObject({ status: 'completed', updated: 12 });
      // Never more than asked; and more than one at a time, or the limit was never reached.
      const maxInFlight = await observer.maxInFlight();
      expect(maxInFlight).toBeLessThanOrEqual(3);
      expect(maxInFlight).toBeGreaterThanOrEqual(2);
    } finally {
      await observer.remove();
    }
  });

  it('reports an account deleted meanwhile and a merged one (whose status it keeps) and updates the rest', async () => {
    const ids = await insertAccounts(server.app, 4, 'inactive');
    const [merged] = await insertAccounts(server.app, 1, 'merged');
    const deleted = ids[1]!;
    await sql(server.app, 'DELETE FROM player_accounts WHERE id = $1', [deleted]);

    const started = await owner.post<Started>(BULK, {
      accountIds: [...ids, merged!, ids[0]!],
      updateData: { account_status: 'active' },
    });
    expect(started.status).toBe(202);
    expect(started.body.message).toBe(bulkUpdateStarted(5));
    const job = await waitForJob(owner, started.body.data.id);

    expect(job).toMatchObject({ status: 'completed', total: 5, done: 5, updated: 3 });
    expect(job.failures).toEqual(
      expect.arrayContaining([
        { accountId: deleted, displayName: null, error: BULK_ACCOUNT_ERRORS.notFound },
        { accountId: merged, displayName: 'Bulk player 1', error: BULK_ACCOUNT_ERRORS.merged },
      ]),
    );
    expect(job.failures).toHaveLength(2);
    const statuses = Object.fromEntries(
      (await statusesOf(server.app, [...ids, merged!])).map((row) => [row.id, row.account_status]),
    );
    expect(statuses).toEqual({ [ids[0]!]: 'active', [ids[2]!]: 'active', [ids[3]!]: 'active', [merged!]: 'merged' });
  });

  it('refuses an empty selection with "Please select accounts to update"', async () => {
    for (const body of [
      { accountIds: [], updateData: { account_status: 'inactive' } },
      { updateData: { account_status: 'inactive' } },
    ]) {
      const answer = await owner.post(BULK, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: PLAYER_ACCOUNT_MESSAGES.noneSelected,
        code: 'VALIDATION_FAILED',
        fields: { accountIds: PLAYER_ACCOUNT_MESSAGES.noneSelected },
      });
    }
  });

  it('refuses merged as a target, a concurrency over the limit, and answers 404 for an unknown job', async () => {
    const [id] = await insertAccounts(server.app, 1);
    expect((await owner.post(BULK, { accountIds: [id], updateData: { account_status: 'merged' } })).status).toBe(400);
    const tooMany = {
      accountIds: [id],
      updateData: { account_status: 'active' },
      maxConcurrency: BULK_UPDATE.maxConcurrency + 1,
    };
    expect((await owner.post(BULK, tooMany)).status).toBe(400);
    const unknown = await owner.get(jobPath('00000000-0000-4000-8000-00000000dead'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('needs players.bulk_edit, and the accounts topic needs access to player accounts', async () => {
    const [id] = await insertAccounts(server.app, 1);
    const body = { accountIds: [id], updateData: { account_status: 'inactive' } };
    const reader = await clientWith(['players.manage_accounts', 'players.edit']);
    expect((await reader.post(BULK, body)).status).toBe(403);
    const bulkEditor = await clientWith(['players.bulk_edit']);
    const started = await bulkEditor.post<Started>(BULK, body);
    expect(started.status).toBe(202);
    expect((await bulkEditor.get(jobPath(started.body.data.id))).status).toBe(200);
    expect((await reader.get(jobPath(started.body.data.id))).status).toBe(403);

    const outsider = await clientWith(['admin.system_monitoring']);
    const socket = connectAdmin(server.url, outsider.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      expect(await socket.emitWithAck('subscribe:accounts')).toEqual({ success: false, error: MESSAGES.accessDeniedBody });
    } finally {
      socket.disconnect();
    }
  });
});

describe('a bulk update across a restart', () => {
  it('is resumed by the next start from the accounts it had reached, each account updated and audited once', async () => {
    // A short lease and poll: the next start claims the job left by the stopped one within a second or so.
    const env = await createTestEnvironment({ JOB_LEASE_MS: '1000', JOB_POLL_MS: '100' });
    let app: TestApp | undefined = await startTestApp(env.env);
    try {
      const client = new HttpClient(app.url);
      await client.signIn(OWNER.username, OWNER.password);
      const ids = await insertAccounts(app.app, 20);
      await slowAccountUpdates(app.app, 0.1);
      const started = await client.post<Started>(BULK, {
        accountIds: ids,
        updateData: { account_status: 'inactive' },
        maxConcurrency: 1,
      });
      // Stop the server once a few accounts are done, mid-job; the next start goes on with the job.
      for (let done = 0; done < 2; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        done = (await client.get<{ data: BulkUpdateJob }>(jobPath(started.body.data.id))).body.data.done;
      }
      await app.close();
      app = await startTestApp(env.env);

      const again = new HttpClient(app.url);
      await again.signIn(OWNER.username, OWNER.password);
      const finished = await waitForJob(again, started.body.data.id);
      expect(finished).toMatchObject({ status: 'completed', total: 20, done: 20, updated: 20, failures: [] });
      const accounts = await statusesOf(app.app, ids);
      expect(accounts.every((account) => account.account_status === 'inactive')).toBe(true);
      const audits = await sql<{ target_id: string }>(
        app.app,
        `SELECT target_id FROM audit_log WHERE action = 'player_account.bulk_updated' AND details->>'jobId' = $1`,
        [finished.id],
      );
      // Once each: the second process went on from the saved progress instead of starting over.
      expect(audits.map((row) => row.target_id).sort()).toEqual([...ids].sort());
      const [resumed] = await sql<{ attempts: number }>(app.app, 'SELECT attempts FROM jobs WHERE id = $1', [finished.id]);
      expect(resumed!.attempts).toBe(2);

      // A process that died during the job's last attempt leaves it running under a lease that runs out.
      const [crashed] = await sql<{ id: string }>(
        app.app,
        `INSERT INTO jobs (kind, actor, input, status, attempts, max_attempts, lease_token, lease_until, created_at)
         VALUES ('player_bulk_update', '{"type": "system"}', $1::jsonb, 'running', 3, 3, gen_random_uuid(),
                 now() - interval '1 second', now() - interval '10 minutes') RETURNING id`,
        [JSON.stringify({ accountIds: [ids[0]], accountStatus: 'active', maxConcurrency: 5, startedBy: 'gone' })],
      );
      const read = await waitForJob(again, crashed!.id);
      expect(read).toMatchObject({ status: 'failed', done: 0 });
      expect(read.finishedAt).toBeTruthy();
      const [row] = await sql<{ error: string }>(app.app, 'SELECT error FROM jobs WHERE id = $1', [crashed!.id]);
      expect(row!.error).toBe(BULK_STALE_ERROR);
    } finally {
      await app?.close();
      await env.dispose();
    }
  });
});
