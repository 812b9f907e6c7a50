import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_LIMITS } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvObjects } from './helpers/csv';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
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
  engine: string;
  limits: string[];
  error?: string;
  position?: number | null;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-query-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir, QUERY_TIMEOUT_MS: '2000' }));
  await sql(server.app, 'CREATE TABLE query_probe (id int PRIMARY KEY, name text)');
  await sql(server.app, `INSERT INTO query_probe SELECT g, 'n' || g FROM generate_series(1, 3) g`);
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (body: Record<string, unknown>, client = owner) => client.post<QueryAnswer>(QUERY, body);

describe('SQL query runner on embedded PGlite', () => {
  it('answers rows, fields with type names, the cap and the total', async () => {
    const answer = await run({ query: 'SELECT id, name FROM query_probe ORDER BY id' });
    expect(answer.status).toBe(200);
    expect(answer.body.rows[0]).toEqual({ id: 1, name: 'n1' });
    expect(answer.body.fields).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
    ]);
    expect(answer.body.rowCount).toBe(3);
    const capped = await owner.post<QueryAnswer>('/api/admin/db/query', { query: 'SELECT g FROM generate_series(1, 250) g' });
    expect(capped.body.rows).toHaveLength(100);
    expect(capped.body).toMatchObject({ rowCount: 250, hasMore: false, truncated: true });
  });

  it('refuses several statements at once and runs none of them', async () => {
    const answer = await run({ query: 'SELECT 1; DROP TABLE query_probe', allowWrites: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/multiple commands/);
    expect(await sql(server.app, 'SELECT count(*)::int AS n FROM query_probe')).toEqual([{ n: 3 }]);
  });

  it('refuses writes in read-only mode and allows them when asked, audited', async () => {
    const insert = await run({ query: `INSERT INTO query_probe VALUES (9, 'x')` });
    expect(insert.status).toBe(400);
    expect(insert.body.error).toMatch(/read-only transaction/);
    expect((await run({ query: 'CREATE TABLE query_evil (id int)' })).status).toBe(400);
    const statement = `INSERT INTO query_probe VALUES (4, 'four')`;
    const write = await run({ query: statement, allowWrites: true });
    expect(write.status).toBe(200);
    expect(write.body.rowCount).toBe(1);
    expect(await sql(server.app, 'SELECT count(*)::int AS n FROM query_probe')).toEqual([{ n: 4 }]);
    const audit = await sql<{ details: { query: string } }>(
      server.app,
      `SELECT details FROM audit_log WHERE action = 'database.query_write' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]?.details.query).toBe(statement);
  });

  it('resets the one connection after a write that changed the session', async () => {
    expect((await run({ query: 'SET search_path TO nowhere', allowWrites: true })).status).toBe(200);
    expect(await sql(server.app, 'SELECT count(*)::int AS n FROM query_probe')).toEqual([{ n: 4 }]);
  });

  it('answers an error with its text and position', async () => {
    const answer = await run({ query: 'SELECT id FROM query_probe WHERE nosuch = 1' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('column "nosuch" does not exist');
    expect(answer.body.position).toBe(34);
  });

  it('explains, exports and keeps the history', async () => {
    const plan = await owner.post<{ plan: [{ Plan: { 'Node Type': string } }] }>('/api/admin/database/postgresql/explain', {
      query: 'SELECT * FROM query_probe',
    });
    expect(plan.body.plan[0].Plan['Node Type']).toBe('Seq Scan');
    const csv = await owner.post('/api/admin/db/export', {
      query: 'SELECT id, name FROM query_probe ORDER BY id',
      format: 'csv',
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csvObjects(csv.text)).toHaveLength(4);
    const history = await owner.get<{ history: { kind: string; error: string | null }[] }>('/api/admin/db/query-history?limit=5');
    expect(history.body.history).toHaveLength(5);
    expect(history.body.history[0]?.kind).toBe('export');
  });

  it('answers a cancel of an unknown or PGlite query with cancelled false', async () => {
    const answer = await owner.post('/api/admin/database/postgresql/cancel', { queryId: '5f0c6f1e-8a51-4d5e-9b1a-3f6a1c2b7d90' });
    expect(answer.body).toEqual({ success: true, cancelled: false, note: PGLITE_LIMITS.cancel });
  });

  it('says in every answer what PGlite cannot do: the timeout does not fire and the whole result is read', async () => {
    const answer = await run({ query: 'SELECT g FROM generate_series(1, 150) g' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      engine: 'pglite',
      limits: [PGLITE_LIMITS.statementTimeout, PGLITE_LIMITS.wholeResult],
      rowCount: 150,
    });
    // QUERY_TIMEOUT_MS is 2 s here: PGlite lets a 2.5 s statement finish, as the answer said it would.
    const slow = await run({ query: 'SELECT pg_sleep(2.5) AS slept' });
    expect(slow.status).toBe(200);
    expect(slow.body.limits).toContain(PGLITE_LIMITS.statementTimeout);
  });

  it('leaves no prepared statement, setting or advisory lock on the one embedded connection', async () => {
    const state = `SELECT (SELECT count(*) FROM pg_prepared_statements WHERE from_sql)::int AS prepared,
                          (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory')::int AS locks,
                          current_setting('search_path') AS search_path`;
    const clean = await sql(server.app, state);
    expect(clean).toMatchObject([{ prepared: 0, locks: 0 }]);
    for (const [query, allowWrites] of [
      ['PREPARE left_over AS SELECT 1', false],
      ['PREPARE left_over_w AS SELECT 1', true],
      ['SELECT pg_advisory_lock(4242)', false],
      ['SET search_path TO nowhere', true],
    ] as const) {
      expect((await run({ query, allowWrites })).status).toBe(200);
      expect((await run({ query: state })).body.rows).toEqual(clean);
      expect(await sql(server.app, state)).toEqual(clean);
    }
  });

  it('refuses admins without admin.full_access', async () => {
    const admin = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    expect((await run({ query: 'SELECT 1' }, client)).status).toBe(403);
  });
});
