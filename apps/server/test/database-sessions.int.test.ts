import { DATABASE_SESSION_MESSAGES, type DatabaseSession } from '@guildhall/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

const BASE = '/api/admin/database/postgresql/sessions';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Sessions = { sessions: DatabaseSession[]; isEmbedded: boolean };

/** A client of its own on the test database, named so the session list can be searched for it. */
async function connect(url: string, application: string) {
  const client = new pg.Client({ connectionString: url, application_name: application });
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return { client, pid: rows[0]!.pid };
}

describe('database sessions on PostgreSQL', () => {
  let started: IsolatedApp & { owner: HttpClient };
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    // The job runner's poll would take a pooled connection between two requests now and then, so the backend that
    // listed would not be the one that serves the signal next (the own-session test): here it waits an hour.
    started = await startSignedInApp({ JOB_POLL_MS: '3600000' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await stopTestApp(started?.server, started?.environment);
  });

  const list = async () => {
    const answer = await started.owner.get<Sessions>(BASE);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  async function sleeper(application: string) {
    const session = await connect(started.environment.databaseUrl!, application);
    clients.push(session.client);
    const sleeping = session.client.query('SELECT pg_sleep(30) /* guildhall-sessions-test */').then(
      () => null,
      (error: { code?: string }) => error.code ?? 'error',
    );
    await expect
      .poll(async () => (await list()).sessions.find((s) => s.pid === session.pid)?.state, { timeout: 5000 })
      .toBe('active');
    return { ...session, sleeping };
  }

  it('lists the sleeping session with its details, marks the current one, and cancels its statement', async () => {
    const { pid, sleeping, client } = await sleeper('sessions-test-cancel');
    const body = await list();
    expect(body.isEmbedded).toBe(false);
    const session = body.sessions.find((s) => s.pid === pid)!;
    expect(session).toMatchObject({
      user: 'postgres',
      application: 'sessions-test-cancel',
      state: 'active',
      waitEventType: 'Timeout',
      waitEvent: 'PgSleep',
      isCurrent: false,
      isQueryTruncated: false,
    });
    expect(session.query).toContain('pg_sleep(30)');
    expect(session.clientAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(session.queryDurationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(session.transactionStart!)).not.toBeNaN();
    expect(body.sessions.filter((s) => s.isCurrent)).toHaveLength(1);

    const cancelled = await started.owner.post(`${BASE}/${pid}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, pid, cancelled: true } });
    expect(await sleeping).toBe('57014');
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    const audits = await sql<{ target_id: string; actor_name: string }>(
      started.server.app,
      "SELECT target_id, actor_name FROM audit_log WHERE action = 'database.session_cancelled'",
    );
    expect(audits).toEqual([{ target_id: String(pid), actor_name: 'owner' }]);
  });

  it('truncates a long query text to 500 characters', async () => {
    const session = await connect(started.environment.databaseUrl!, 'sessions-test-long');
    clients.push(session.client);
    const padding = 'x'.repeat(800);
    const sleeping = session.client.query(`SELECT pg_sleep(30), '${padding}'`).catch(() => undefined);
    await expect.poll(async () => (await list()).sessions.find((s) => s.pid === session.pid)?.state).toBe('active');
    const listed = (await list()).sessions.find((s) => s.pid === session.pid)!;
    expect(listed.query).toHaveLength(500);
    expect(listed.isQueryTruncated).toBe(true);
    await started.owner.post(`${BASE}/${session.pid}/cancel`);
    await sleeping;
  });

  it('terminates another session, audited', async () => {
    const { pid, sleeping } = await sleeper('sessions-test-terminate');
    const answer = await started.owner.post(`${BASE}/${pid}/terminate`);
    expect(answer).toMatchObject({ status: 200, body: { success: true, pid, terminated: true } });
    expect(await sleeping).toBe('57P01');
    await expect.poll(async () => (await list()).sessions.some((s) => s.pid === pid)).toBe(false);
    const audits = await sql<{ target_id: string; details: { application: string } }>(
      started.server.app,
      "SELECT target_id, details FROM audit_log WHERE action = 'database.session_terminated'",
    );
    expect(audits).toEqual([
      { target_id: String(pid), details: expect.objectContaining({ application: 'sessions-test-terminate' }) },
    ]);
  });

  it('answers 404 for a session of another database and for a pid that does not exist', async () => {
    const foreign = await connect(POSTGRES_URL, 'sessions-test-foreign');
    clients.push(foreign.client);
    for (const action of ['cancel', 'terminate']) {
      const answer = await started.owner.post(`${BASE}/${foreign.pid}/${action}`);
      expect(answer).toMatchObject({ status: 404, body: { error: DATABASE_SESSION_MESSAGES.notFound(foreign.pid) } });
    }
    expect((await foreign.client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    expect((await started.owner.post(`${BASE}/2147483000/terminate`)).status).toBe(404);
    expect((await started.owner.post(`${BASE}/abc/terminate`)).status).toBe(400);
  });

  it('refuses to cancel or terminate the backend serving the request itself', async () => {
    // Requests here run one after another, and the pool hands back the connection released last, so the
    // backend that listed is the one that runs the signal statement next.
    for (const action of ['cancel', 'terminate'] as const) {
      const own = (await list()).sessions.filter((s) => s.isCurrent);
      expect(own).toHaveLength(1);
      const answer = await started.owner.post(`${BASE}/${own[0]!.pid}/${action}`);
      expect(answer).toMatchObject({ status: 409, body: { error: DATABASE_SESSION_MESSAGES.ownSession(action) } });
    }
    expect((await list()).sessions.filter((s) => s.isCurrent)).toHaveLength(1);
  });

  it('refuses an admin without admin.full_access (403)', async () => {
    const { client: other, pid } = await connect(started.environment.databaseUrl!, 'sessions-test-forbidden');
    clients.push(other);
    const admin = await createTestAdmin(started.server.app, { role: 'operator' });
    const client = new HttpClient(started.server.url);
    await client.signIn(admin.username, admin.password);
    expect((await client.get(BASE)).status).toBe(403);
    expect((await client.post(`${BASE}/${pid}/cancel`)).status).toBe(403);
    expect((await client.post(`${BASE}/${pid}/terminate`)).status).toBe(403);
    expect((await list()).sessions.some((s) => s.pid === pid)).toBe(true);
  });
});
