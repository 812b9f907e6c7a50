import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { DATABASE_QUERY_MESSAGES as M, QUERY_RESULT_MAX_BYTES } from '@guildhall/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInQueryTransaction } from '../src/modules/database-manager/query-session';
import { fieldsOf } from '../src/modules/database-manager/run-query';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

// Issue 25: the SQL runner's read-only mode as an attacker tries it, on PostgreSQL (as CI runs it: the app signs in
// as the superuser postgres, trust authentication, so the read-only role signs in without a password).

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

const QUERY = '/api/admin/database/postgresql/query';

type QueryAnswer = {
  rows: Record<string, unknown>[];
  rowCount: number;
  hasMore: boolean;
  truncated: boolean;
  error?: string;
};

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp({ QUERY_TIMEOUT_MS: '2000' }));
  await sql(
    server.app,
    `INSERT INTO mail_outbox (to_address, subject, text) VALUES ('a@b.c', 'Reset', 'https://x/reset?token=live')`,
  );
}, 60_000);

afterAll(async () => {
  await stopTestApp(server, environment);
});

const run = (query: string, extra: Record<string, unknown> = {}) => owner.post<QueryAnswer>(QUERY, { query, ...extra });

async function expectRefused(query: string, message: string | RegExp, extra: Record<string, unknown> = {}) {
  const answer = await run(query, extra);
  expect(answer.status, query).toBe(400);
  if (typeof message === 'string') expect(answer.body.error, query).toBe(message);
  else expect(answer.body.error, query).toMatch(message);
}

describe('read-only runs sign in as the read-only role', () => {
  it('runs on a connection of its own as guildhall_readonly, not under SET ROLE on the superuser connection', async () => {
    const stats = await owner.get<{ access: { readOnlyRunner: string; isSuperuser: boolean; warnings: string[] } }>(
      '/api/admin/database/postgresql/connection-stats',
    );
    expect(stats.body.access).toMatchObject({ readOnlyRunner: 'login_role', isSuperuser: true });
    const answer = await run('SELECT session_user AS login, current_user AS who');
    expect(answer.body.rows[0]).toEqual({ login: 'guildhall_readonly', who: 'guildhall_readonly' });
  });

  it('warns on the dashboard and in the manager that DATABASE_URL is a superuser, with the SQL to fix it', async () => {
    const overview = await owner.get<{ warnings: string[] }>('/api/monitoring/health-overview');
    expect(overview.body.warnings.some((w) => w.includes('superuser "postgres"') && w.includes('CREATE ROLE guildhall'))).toBe(
      true,
    );
    const stats = await owner.get<{ access: { warnings: string[] } }>('/api/admin/database/postgresql/connection-stats');
    expect(stats.body.access.warnings).toEqual(overview.body.warnings);
  });
});

describe('the attacks of issue 25 on the read-only runner', () => {
  it('a DO block that resets the role and copies to a program runs nothing', async () => {
    const file = `/tmp/guildhall-attack-${uniqueSuffix()}`;
    await expectRefused(
      `do $$ begin perform set_config('role','postgres',true); execute 'copy (select 1) to program ''touch ${file}'''; end $$`,
      M.readOnlyDo,
    );
    await expectRefused(`/* hidden */ DO $$ BEGIN EXECUTE 'copy (select 1) to program ''touch ${file}'''; END $$`, M.readOnlyDo);
    await expectRefused(`copy (select 1) to program 'touch ${file}'`, M.readOnlyCopy);
    expect(existsSync(file)).toBe(false);
  });

  it('pg_read_file, pg_ls_dir and lo_import are refused', async () => {
    await expectRefused(`select pg_read_file('/etc/passwd')`, M.readOnlyFunction('pg_read_file'));
    await expectRefused(`select pg_catalog."pg_read_binary_file"('/etc/passwd')`, M.readOnlyFunction('pg_read_binary_file'));
    await expectRefused(`select pg_ls_dir('.')`, M.readOnlyFunction('pg_ls_dir'));
    await expectRefused(`select lo_import('/etc/passwd')`, M.readOnlyFunction('lo_import'));
  });

  it('pg_terminate_backend of another backend is refused and the backend lives on', async () => {
    const other = new pg.Client({ connectionString: environment.databaseUrl! });
    await other.connect();
    try {
      const pid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await expectRefused(`select pg_terminate_backend(${pid})`, M.readOnlyFunction('pg_terminate_backend'));
      await expectRefused(`select pg_cancel_backend(${pid})`, M.readOnlyFunction('pg_cancel_backend'));
      expect((await other.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      await other.end();
    }
  });

  it('set_config of role inside a SELECT, RESET ROLE and SET SESSION AUTHORIZATION are refused', async () => {
    await expectRefused(`select set_config('role','postgres',false)`, M.readOnlySet);
    await expectRefused(`select "set_config"('role','postgres',true)`, M.readOnlySet);
    await expectRefused(`select set_config('ro' || 'le','postgres',true)`, M.readOnlySet);
    await expectRefused('reset role', M.readOnlyReset);
    await expectRefused('set session authorization postgres', M.readOnlySet);
    await expectRefused('set role postgres', M.readOnlySet);
    await expectRefused(`select set_config('statement_timeout','0',true)`, M.readOnlySet);
    // SQL text run by a function is beyond the check: those functions are refused.
    await expectRefused(`select query_to_xml('select set_config(''role'',''postgres'',true)', true, false, '')`, /query_to_xml/);
  });

  it('an attack past the first 2,000 characters is found, and the audit keeps the whole statement', async () => {
    const query = `SELECT '${'x'.repeat(3000)}' AS pad, pg_read_file('/etc/passwd') AS loot`;
    await expectRefused(query, M.readOnlyFunction('pg_read_file'));
    const audit = await sql<{ details: { query: string } }>(
      server.app,
      `SELECT details FROM audit_log WHERE action = 'database.query_run' AND details->>'query' LIKE '%pg_read_file(''/etc/passwd'') AS loot'`,
    );
    expect(audit[0]?.details.query).toBe(query);
  });

  it('even past the check, the role itself cannot write, read files or take its rights back', async () => {
    // Straight on the read-only connection: what the role may do whatever the check lets through.
    const readonly = server.app.services.readonlyAccess.db!;
    await expect(readonly.query(`SELECT pg_read_file('/etc/passwd')`)).rejects.toThrow(/permission denied/);
    await expect(readonly.query(`SELECT set_config('role', 'postgres', false)`)).rejects.toThrow(/permission denied/);
    await expect(readonly.query(`COPY (SELECT 1) TO PROGRAM 'true'`)).rejects.toThrow(/superuser|pg_execute_server_program/);
    await expect(readonly.query('INSERT INTO audit_log (actor_type, action) VALUES ($1, $2)', ['x', 'y'])).rejects.toThrow(
      /permission denied/,
    );
  });

  it('INSERT, CREATE TEMP TABLE and nextval are refused in read-only mode', async () => {
    await expectRefused(
      `INSERT INTO mail_outbox (to_address, subject, text) VALUES ('x', 'y', 'z')`,
      /read-only|permission denied/,
    );
    await expectRefused('CREATE TEMP TABLE scratch (id int)', /read-only|permission denied/);
    await expectRefused(`SELECT nextval('audit_log_id_seq')`, /read-only|permission denied/);
  });

  it('app_meta, password and token hashes and the mail outbox texts cannot be read', async () => {
    await expectRefused('SELECT * FROM app_meta', /permission denied for table app_meta/);
    await expectRefused('SELECT password_hash FROM admin_users', /permission denied/);
    await expectRefused('SELECT * FROM admin_users', /permission denied/);
    await expectRefused('SELECT token_hash FROM admin_sessions', /permission denied/);
    await expectRefused('SELECT token_hash FROM refresh_tokens', /permission denied/);
    await expectRefused('SELECT password_hash FROM users', /permission denied/);
    await expectRefused('SELECT secret_value FROM guild_settings', /permission denied/);
    await expectRefused('SELECT text FROM mail_outbox', /permission denied/);
    // The rest of those tables stays readable.
    const admins = await run('SELECT username FROM admin_users');
    expect(admins.status).toBe(200);
    expect(admins.body.rows).toContainEqual({ username: 'owner' });
    expect((await run('SELECT subject FROM mail_outbox')).body.rows).toContainEqual({ subject: 'Reset' });
  });

  it('a table made with writes allowed is readable at once, its secret column not', async () => {
    const table = `scratch_${uniqueSuffix()}`;
    for (const statement of [`CREATE TABLE ${table} (id int, api_secret text)`, `INSERT INTO ${table} VALUES (1, 'hush')`]) {
      const made = await run(statement, { allowWrites: true });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    expect((await run(`SELECT id FROM ${table}`)).body.rows).toEqual([{ id: 1 }]);
    await expectRefused(`SELECT api_secret FROM ${table}`, /permission denied/);
    await expectRefused(`SELECT * FROM ${table}`, /permission denied/);
    await sql(server.app, `DROP TABLE ${table}`);
  });

  it('the table browser neither lists nor shows app_meta', async () => {
    const tables = await owner.get<{ tables: { name: string }[] }>('/api/admin/database/postgresql/tables?schema=public');
    expect(tables.status).toBe(200);
    expect(tables.body.tables.map((t) => t.name)).not.toContain('app_meta');
    expect(tables.body.tables.map((t) => t.name)).toContain('audit_log');
    const rows = await owner.get('/api/admin/database/postgresql/rows?schema=public&table=app_meta');
    expect(rows.status).toBe(404);
    const exported = await owner.get('/api/admin/database/postgresql/export?schema=public&table=app_meta');
    expect(exported.status).toBe(404);
  });
});

describe('bounds and timers', () => {
  it('the heap bomb answers a bounded result or the timeout, and the server still answers after', async () => {
    // The reproduction: rows of 10 MB are read one at a time (the driver takes about half a second to
    // parse each), so within this file's 2 s timeout it answers either its first row or the timeout; never a crash.
    const bomb = await run(`select repeat('x',10000000) AS r from generate_series(1,1000)`, { limit: 1 });
    if (bomb.status === 200) {
      expect(bomb.body.rows).toHaveLength(1);
      expect(bomb.body).toMatchObject({ hasMore: true, truncated: true });
    } else {
      expect(bomb.status).toBe(400);
      expect(bomb.body.error).toMatch(/statement timeout/);
    }
    expect(process.memoryUsage().heapUsed).toBeLessThan(1024 * 1024 * 1024);
    // Smaller rows of the same shape: a few rows at a time, counting stops early, the long cell is cut.
    const answer = await run(`select repeat('x', 100000) AS r from generate_series(1, 1000000)`, { limit: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(1);
    expect(answer.body).toMatchObject({ hasMore: true, truncated: true });
    expect(answer.body.rows[0]!.r).toMatchObject({ length: 100_000 });
    expect(answer.body.rowCount).toBeLessThan(100_000);
    // Shown rows past the budget are refused rather than held.
    const wide = await run(`select repeat('x', 60000) AS a, repeat('y', 60000) AS b from generate_series(1, 1000)`, {
      limit: 1000,
    });
    expect(wide.status).toBe(400);
    expect(wide.body.error).toBe(M.resultTooLarge(QUERY_RESULT_MAX_BYTES / 1024 / 1024));
    expect((await run('SELECT 1 AS ok')).body.rows).toEqual([{ ok: 1 }]);
  });

  it('a timeout that fires while the app holds the rows answers the timeout, read-only or writing', async () => {
    // The heap bomb's flake, made certain: the statement times out between fetches, so its error reaches pg-cursor
    // with no fetch waiting (or while it closes), and the next query meets an aborted transaction.
    const target = { db: server.app.services.db, readonlyAccess: server.app.services.readonlyAccess };
    const timeoutMs = 300;
    for (const isReadOnly of [true, false]) {
      const attempt = runInQueryTransaction(
        target,
        'SELECT g FROM generate_series(1, 1000000) g',
        { queryId: randomUUID(), isReadOnly, timeoutMs },
        async (reader) => {
          await reader.read(2);
          await new Promise((resolve) => setTimeout(resolve, timeoutMs + 300));
          await reader.close();
          return fieldsOf(reader);
        },
      );
      await expect(attempt, `isReadOnly ${isReadOnly}`).rejects.toMatchObject({
        message: expect.stringMatching(/statement timeout/),
      });
    }
    expect((await run('SELECT 1 AS ok')).body.rows).toEqual([{ ok: 1 }]);
  });

  it('a statement that switches its own statement_timeout off is cancelled by the server timer', async () => {
    // With writes allowed set_config passes the check; each fetch of the cursor re-arms the timeout from the
    // setting, so from the second fetch on PostgreSQL's own timeout is gone.
    const started = performance.now();
    const answer = await run(
      `select set_config('statement_timeout', '0', true) AS t, pg_sleep(CASE WHEN g > 2 THEN 30 ELSE 0 END) AS s
         from generate_series(1, 5) g`,
      { allowWrites: true, limit: 1 },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(M.timedOut(2000));
    expect(performance.now() - started).toBeLessThan(10_000);
    const sleeping = await sql(
      server.app,
      `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%pg_sleep(CASE WHEN g > 2%' AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    expect(sleeping).toHaveLength(0);
  });
});

describe('audit_log is append-only', () => {
  it('DELETE, UPDATE and TRUNCATE of audit_log are refused with writes allowed, and nothing is lost', async () => {
    const before = (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
    expect(before).toBeGreaterThan(0);
    await expectRefused('DELETE FROM audit_log', M.auditLogAppendOnly, { allowWrites: true });
    await expectRefused('TRUNCATE audit_log', M.auditLogAppendOnly, { allowWrites: true });
    await expectRefused('ALTER TABLE audit_log DISABLE TRIGGER ALL', M.auditLogAppendOnly, { allowWrites: true });
    // Past the check (the table's name built at run time), the trigger refuses.
    await expectRefused(`DO $$ BEGIN EXECUTE 'DELETE FROM audit' || '_log'; END $$`, /audit_log is append-only: DELETE/, {
      allowWrites: true,
    });
    await expectRefused(`DO $$ BEGIN EXECUTE 'UPDATE audit' || '_log SET action = ''x'''; END $$`, /append-only: UPDATE/, {
      allowWrites: true,
    });
    await expectRefused(`DO $$ BEGIN EXECUTE 'TRUNCATE audit' || '_log'; END $$`, /append-only: TRUNCATE/, { allowWrites: true });
    const after = (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
    expect(after).toBeGreaterThan(before);
    await expect(sql(server.app, 'DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
