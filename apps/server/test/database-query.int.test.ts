import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, DATABASE_QUERY_MESSAGES } from '@guildhall/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelQuery, forgetRunningQuery, rememberRunningQuery } from '../src/modules/database-manager/cancel-query';
import { csvObjects } from './helpers/csv';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

const QUERY = '/api/admin/database/postgresql/query';

type QueryAnswer = {
  rows: Record<string, unknown>[];
  fields: { name: string; type: string }[];
  rowCount: number;
  hasMore: boolean;
  truncated: boolean;
  durationMs: number;
  error?: string;
  position?: number | null;
};

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp({ QUERY_TIMEOUT_MS: '2000' }));
  await sql(server.app, 'CREATE TABLE query_probe (id int PRIMARY KEY, name text)');
  await sql(server.app, `INSERT INTO query_probe SELECT g, 'n' || g FROM generate_series(1, 3) g`);
}, 60_000);

afterAll(async () => {
  await stopTestApp(server, environment);
});

const run = (body: Record<string, unknown>, client = owner) => client.post<QueryAnswer>(QUERY, body);

describe('SQL query runner on PostgreSQL', () => {
  it('answers rows, fields with type names and the row count', async () => {
    const answer = await run({ query: 'SELECT id, name, now() AS at FROM query_probe ORDER BY id' });
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(3);
    expect(answer.body.rows[0]).toMatchObject({ id: 1, name: 'n1' });
    expect(answer.body.fields).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
      { name: 'at', type: 'timestamp with time zone' },
    ]);
    expect(answer.body).toMatchObject({ rowCount: 3, hasMore: false, truncated: false, engine: 'postgresql', limits: [] });
  });

  it('caps at 100 rows and tells the true total when it is cheap', async () => {
    const answer = await run({ query: 'SELECT g FROM generate_series(1, 250) g' });
    expect(answer.body.rows).toHaveLength(100);
    expect(answer.body).toMatchObject({ rowCount: 250, hasMore: false, truncated: true });
    const spec2 = await owner.post<QueryAnswer>('/api/admin/db/query', {
      query: 'SELECT g FROM generate_series(1, 30) g',
      limit: 10,
    });
    expect(spec2.body.rows).toHaveLength(10);
    expect(spec2.body.rowCount).toBe(30);
  });

  it('answers a million-row result in about the time of its first rows', async () => {
    // generate_series in the select list streams its rows (in FROM it would be materialised first).
    const query = 'SELECT generate_series(1, 1000000) AS g, md5(random()::text) AS h';
    const started = performance.now();
    const answer = await run({ query });
    const capped = performance.now() - started;
    expect(answer.body.rows).toHaveLength(100);
    expect(answer.body).toMatchObject({ hasMore: true, truncated: true });
    expect(answer.body.rowCount).toBeGreaterThan(100);
    const fullStart = performance.now();
    const all = await sql(server.app, query);
    const whole = performance.now() - fullStart;
    expect(all).toHaveLength(1_000_000);
    expect(capped).toBeLessThan(whole / 5);
  });

  it('refuses several statements at once and runs none of them', async () => {
    const answer = await run({ query: 'SELECT 1; DROP TABLE query_probe', allowWrites: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(DATABASE_QUERY_MESSAGES.oneStatement);
    expect(await sql(server.app, 'SELECT count(*)::int AS n FROM query_probe')).toEqual([{ n: 3 }]);
  });

  it('refuses writes in read-only mode', async () => {
    const insert = await run({ query: `INSERT INTO query_probe VALUES (9, 'x')` });
    expect(insert.status).toBe(400);
    expect(insert.body.error).toMatch(/read-only transaction|permission denied/);
    const create = await run({ query: 'CREATE TABLE query_evil (id int)' });
    expect(create.status).toBe(400);
    expect(await sql(server.app, `SELECT to_regclass('query_evil') AS t`)).toEqual([{ t: null }]);
  });

  it('runs the read-only path under the role without write privileges', async () => {
    const answer = await run({ query: 'SELECT current_user AS who' });
    expect(answer.body.rows[0]).toEqual({ who: 'guildhall_readonly' });
  });

  it('allows a write when asked, commits it and audits the full statement', async () => {
    const statement = `INSERT INTO query_probe VALUES (4, 'four')`;
    const answer = await run({ query: statement, allowWrites: true });
    expect(answer.status).toBe(200);
    expect(answer.body.rowCount).toBe(1);
    expect(await sql(server.app, 'SELECT name FROM query_probe WHERE id = 4')).toEqual([{ name: 'four' }]);
    const audit = await sql<{ details: { query: string } }>(
      server.app,
      `SELECT details FROM audit_log WHERE action = 'database.write_query_run' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]?.details.query).toBe(statement);
  });

  it('leaves no session state behind on the pooled connections', async () => {
    expect((await run({ query: 'SET ROLE guildhall_readonly', allowWrites: true })).status).toBe(200);
    expect(await sql(server.app, 'SELECT current_user AS who')).toEqual([{ who: 'postgres' }]);
    expect((await run({ query: 'SELECT pg_advisory_lock(4242)' })).status).toBe(200);
    expect((await run({ query: 'SELECT pg_advisory_lock(4243), 1 / 0' })).status).toBe(400);
    const locks = `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid IN (4242, 4243)`;
    expect(await sql(server.app, locks)).toEqual([{ n: 0 }]);
  });

  it('answers an error with its text and position', async () => {
    const answer = await run({ query: 'SELECT id FROM query_probe WHERE nosuch = 1' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('column "nosuch" does not exist');
    expect(answer.body.position).toBe(34);
  });

  it('stops a statement at the timeout', async () => {
    const started = performance.now();
    const answer = await run({ query: 'SELECT pg_sleep(10)' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/statement timeout/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('cancels a running statement from another request', async () => {
    const queryId = randomUUID();
    const running = run({ query: 'SELECT pg_sleep(10)', queryId });
    let cancelled = false;
    for (let i = 0; i < 40 && !cancelled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answer = await owner.post<{ cancelled: boolean }>('/api/admin/database/postgresql/cancel', { queryId });
      cancelled = answer.body.cancelled;
    }
    expect(cancelled).toBe(true);
    const answer = await running;
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/user request/);
    expect(
      await sql(server.app, `SELECT count(*)::int AS n FROM audit_log WHERE action = 'database.query_cancelled'`),
    ).not.toEqual([{ n: 0 }]);
  });

  it('cancels a statement whose client went away', async () => {
    const abort = new AbortController();
    const request = fetch(new URL(QUERY, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookieHeader(), [CSRF_HEADER.name]: CSRF_HEADER.value },
      body: JSON.stringify({ query: 'SELECT pg_sleep(9.5)' }),
      signal: abort.signal,
    }).catch(() => null);
    const sleeping = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(9.5)' AND state = 'active'`;
    for (let i = 0; i < 40 && (await sql<{ n: number }>(server.app, sleeping))[0]?.n === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await sql(server.app, sleeping)).toEqual([{ n: 1 }]);
    abort.abort();
    await request;
    let n = 1;
    for (let i = 0; i < 40 && n > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      n = (await sql<{ n: number }>(server.app, sleeping))[0]?.n ?? 0;
    }
    expect(n).toBe(0);
  });

  it('explains a statement as a JSON plan, ANALYZE inside a read-only transaction', async () => {
    const plan = await owner.post<{ plan: [{ Plan: { 'Node Type': string; 'Actual Rows'?: number } }] }>(
      '/api/admin/database/postgresql/explain',
      { query: 'SELECT * FROM query_probe', analyze: true },
    );
    expect(plan.status).toBe(200);
    expect(plan.body.plan[0].Plan['Node Type']).toBe('Seq Scan');
    expect(plan.body.plan[0].Plan['Actual Rows']).toBeGreaterThan(0);
    const write = await owner.post('/api/admin/database/postgresql/explain', { query: 'DELETE FROM query_probe', analyze: true });
    expect(write.status).toBe(400);
    expect(await sql(server.app, 'SELECT count(*)::int AS n FROM query_probe')).toEqual([{ n: 4 }]);
  });

  it('streams exports as CSV and JSON', async () => {
    const csv = await owner.post('/api/admin/database/postgresql/export-query', {
      query: `SELECT g AS n, 'a,"b"' AS t FROM generate_series(1, 2500) g`,
      format: 'csv',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const records = csvObjects(csv.text);
    expect(records).toHaveLength(2500);
    expect(records[2499]).toEqual({ n: '2500', t: 'a,"b"' });
    const json = await owner.post<{ id: number }[]>('/api/admin/db/export', { query: 'SELECT id FROM query_probe ORDER BY id' });
    expect(json.headers['content-type']).toMatch(/application\/json/);
    expect(json.body.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    const failing = await owner.post('/api/admin/db/export', { query: 'SELECT nosuch' });
    expect(failing.status).toBe(400);
  });

  it('keeps a server-side history of who ran what', async () => {
    const answer = await owner.get<{
      history: { adminName: string; kind: string; query: string; rowCount: number | null; error: string | null }[];
    }>('/api/admin/db/query-history?limit=50');
    expect(answer.status).toBe(200);
    const { history } = answer.body;
    expect(history.find((h) => h.query.includes('generate_series(1, 250)'))).toMatchObject({
      adminName: 'owner',
      kind: 'query',
      rowCount: 250,
      error: null,
    });
    expect(history.find((h) => h.query.includes('nosuch = 1'))?.error).toBe('column "nosuch" does not exist');
    expect(history.some((h) => h.kind === 'export')).toBe(true);
  });

  it('refuses admins without admin.full_access', async () => {
    const admin = await createTestAdmin(server.app, { role: 'viewer', permissions: ['admin.system_monitoring'] });
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    expect((await run({ query: 'SELECT 1' }, client)).status).toBe(403);
    expect((await client.get('/api/admin/db/query-history')).status).toBe(403);
  });
});

describe('the query runner leaves nothing behind on PostgreSQL', () => {
  it('a late cancel cannot reach the next statement run on the same backend', async () => {
    const client = new pg.Client({ connectionString: environment.databaseUrl! });
    await client.connect();
    try {
      // A run's statement ended on this backend: its id still names the backend and the run's transaction.
      await client.query('BEGIN');
      const { rows } = await client.query<{ pid: number; xact_start: string }>(
        'SELECT pg_backend_pid() AS pid, now()::text AS xact_start',
      );
      await client.query('COMMIT');
      const late = randomUUID();
      rememberRunningQuery(late, { pid: rows[0]!.pid, xactStart: rows[0]!.xact_start });
      // The backend now runs somebody else's statement: the late cancel must not stop it.
      const next = client.query('SELECT pg_sleep(0.6) AS slept');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await cancelQuery(server.app.services.db, late)).toBe(false);
      await expect(next).resolves.toMatchObject({ rows: [{ slept: '' }] });
      forgetRunningQuery(late);

      // The same check does stop a statement still inside the run's own transaction.
      await client.query('BEGIN');
      const current = await client.query<{ xact_start: string }>('SELECT now()::text AS xact_start');
      const id = randomUUID();
      rememberRunningQuery(id, { pid: rows[0]!.pid, xactStart: current.rows[0]!.xact_start });
      // Settled at once, so the cancel's error is never an unhandled rejection while the test waits.
      const running = client.query('SELECT pg_sleep(5)').then(
        () => null,
        (error: Error) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await cancelQuery(server.app.services.db, id)).toBe(true);
      expect((await running)?.message).toMatch(/user request/);
      forgetRunningQuery(id);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
  });

  it('a cancel after the run answered finds nothing to stop', async () => {
    const queryId = randomUUID();
    expect((await run({ query: 'SELECT 1', queryId })).status).toBe(200);
    const cancel = await owner.post<{ cancelled: boolean }>('/api/admin/database/postgresql/cancel', { queryId });
    expect(cancel.body).toEqual({ success: true, cancelled: false, note: null });
  });

  /** What the pooled connections hold, read a dozen times (the pool hands the last released connection out first). */
  async function leftovers() {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const answer = await run({
        query: `SELECT (SELECT count(*) FROM pg_prepared_statements WHERE from_sql)::int AS prepared,
                       (SELECT count(*) FROM pg_cursors WHERE is_holdable)::int AS cursors,
                       (SELECT count(*) FROM pg_listening_channels())::int AS listening,
                       (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid())::int AS locks,
                       current_setting('search_path') AS search_path`,
      });
      expect(answer.status).toBe(200);
      seen.add(JSON.stringify(answer.body.rows[0]));
      const app = await sql(
        server.app,
        "SELECT (SELECT count(*) FROM pg_prepared_statements WHERE from_sql)::int AS prepared, current_setting('search_path') AS search_path",
      );
      seen.add(JSON.stringify(app[0]));
    }
    return [...seen];
  }

  it('PREPARE, SET, LISTEN, cursors WITH HOLD and advisory locks do not outlive the run, read-only or with writes', async () => {
    const clean = [
      JSON.stringify({ prepared: 0, cursors: 0, listening: 0, locks: 0, search_path: '"$user", public' }),
      JSON.stringify({ prepared: 0, search_path: '"$user", public' }),
    ];
    expect(await leftovers()).toEqual(clean);
    for (const query of ['PREPARE left_over AS SELECT 1', 'SELECT pg_advisory_lock(4242)', 'SET search_path TO nowhere']) {
      expect((await run({ query })).status).toBe(200);
      expect(await leftovers()).toEqual(clean);
    }
    for (const query of [
      'PREPARE left_over_w AS SELECT 1',
      'SET search_path TO nowhere',
      'LISTEN left_over',
      'DECLARE left_over CURSOR WITH HOLD FOR SELECT 1',
      'SELECT pg_advisory_lock(4243)',
    ]) {
      expect((await run({ query, allowWrites: true })).status).toBe(200);
      expect(await leftovers()).toEqual(clean);
    }
  });
});
