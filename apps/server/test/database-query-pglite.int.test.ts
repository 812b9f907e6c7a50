import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_QUERY_MESSAGES, PGLITE_LIMITS } from '@guildhall/contract';
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
    expect(answer.body.error).toBe(DATABASE_QUERY_MESSAGES.oneStatement);
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
      `SELECT details FROM audit_log WHERE action = 'database.write_query_run' ORDER BY id DESC LIMIT 1`,
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
    // The timeout never fires on PGlite, so what only waits is refused there rather than left to hold the server.
    const slow = await run({ query: 'SELECT pg_sleep(2.5) AS slept' });
    expect(slow.status).toBe(400);
    expect(slow.body.error).toBe(DATABASE_QUERY_MESSAGES.pgliteSleep('pg_sleep'));
  });

  it('refuses COPY … PROGRAM even with writes allowed, and DO, set_config of the role and file reads read-only', async () => {
    const file = path.join(dataDir, 'copied-by-program');
    for (const [query, allowWrites, message] of [
      [`copy (select 1) to program 'touch ${file}'`, true, DATABASE_QUERY_MESSAGES.pgliteProgram],
      [`do $$ begin execute 'copy (select 1) to program ''touch ${file}'''; end $$`, true, DATABASE_QUERY_MESSAGES.pgliteProgram],
      [`do $$ begin perform set_config('role','postgres',true); end $$`, false, DATABASE_QUERY_MESSAGES.readOnlyDo],
      [`select set_config('role','postgres',false)`, false, DATABASE_QUERY_MESSAGES.readOnlySet],
      [`select pg_read_file('PG_VERSION')`, false, DATABASE_QUERY_MESSAGES.readOnlyFunction('pg_read_file')],
      ['reset role', false, DATABASE_QUERY_MESSAGES.readOnlyReset],
    ] as const) {
      const answer = await run({ query, allowWrites });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toBe(message);
    }
    expect(existsSync(file)).toBe(false);
  });

  it('runs read-only statements as the read-only role, which reads neither app_meta nor password hashes', async () => {
    expect((await run({ query: 'SELECT current_user AS who' })).body.rows).toEqual([{ who: 'guildhall_readonly' }]);
    for (const query of ['SELECT * FROM app_meta', 'SELECT password_hash FROM admin_users']) {
      const answer = await run({ query });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toMatch(/permission denied/);
    }
  });

  it('reads a SELECT through a cursor: the heap bomb answers its first row, and the server answers after', async () => {
    const bomb = await run({ query: `select repeat('x',10000000) AS r from generate_series(1,1000)`, limit: 1 });
    expect(bomb.status).toBe(200);
    expect(bomb.body.rows).toHaveLength(1);
    expect(bomb.body).toMatchObject({ hasMore: true, truncated: true });
    expect((await run({ query: 'SELECT 1 AS ok' })).body.rows).toEqual([{ ok: 1 }]);
  });

  it('keeps audit_log append-only with writes allowed', async () => {
    const deleted = await run({ query: 'DELETE FROM audit_log', allowWrites: true });
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toBe(DATABASE_QUERY_MESSAGES.auditLogAppendOnly);
    const hidden = await run({ query: `DO $$ BEGIN EXECUTE 'DELETE FROM audit' || '_log'; END $$`, allowWrites: true });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error).toMatch(/audit_log is append-only: DELETE/);
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
