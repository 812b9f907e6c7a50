import { request as httpRequest } from 'node:http';
import { DATABASE_MANAGER_MESSAGES, DATABASE_VIEW_ROWS_LIMIT, LONG_TEXT_PREVIEW_CHARS, PGLITE_LIMITS } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvObjects } from './csv';
import { download } from './download';
import { createTestAdmin, sql } from './factories';
import { HttpClient } from './http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './test-app';

const BASE = '/api/admin/database/postgresql';
const ITEMS = 120;

type Page = {
  page: { rows: unknown[][]; nextCursor: string | null; sort: string; note: string | null; columns: { name: string }[] };
};

/**
 * The catalogue and table browser cases, run on real PostgreSQL and on PGlite: a schema `browser` with a keyed
 * table (`items`: duplicates in an indexed column, NULLs in another, bytea, jsonb, timestamptz, a formula), a
 * table without a key (`nokey`) and one whose name needs quoting.
 */
export function describeDatabaseManager(label: string, overrides: () => Record<string, string>) {
  let environment: TestEnvironment;
  let server: TestApp;
  let owner: HttpClient;

  beforeAll(async () => {
    ({ environment, server, owner } = await startSignedInApp(overrides()));
    await server.app.services.db.exec(`
      CREATE SCHEMA browser;
      CREATE TABLE browser.items (
        id serial PRIMARY KEY, name text NOT NULL, rank int NOT NULL, grade int, price numeric(12, 2) DEFAULT 0,
        data bytea, doc jsonb, at timestamptz, big bigint, parent_id int REFERENCES browser.items (id),
        CONSTRAINT items_rank_check CHECK (rank >= 0)
      );
      CREATE INDEX items_rank ON browser.items (rank);
      CREATE INDEX items_grade ON browser.items (grade);
      CREATE UNIQUE INDEX items_name ON browser.items (name);
      INSERT INTO browser.items (name, rank, grade, price, data, doc, at, big)
        SELECT CASE WHEN n = 1 THEN '=HYPERLINK("http://evil")' ELSE 'item ' || n END, n % 7,
               CASE WHEN n % 5 = 0 THEN NULL ELSE n % 11 END, n * 1.5, decode('00ff10', 'hex'),
               jsonb_build_object('n', n, 'tags', jsonb_build_array('a', 'b')), timestamptz '2025-01-02 03:04:05+00' + n * interval '1 hour',
               9007199254740993
        FROM generate_series(1, ${ITEMS}) AS n;
      CREATE TABLE browser.nokey (v text);
      INSERT INTO browser.nokey SELECT 'row ' || n FROM generate_series(1, 130) AS n;
      CREATE TABLE browser."we""ird table" (id int PRIMARY KEY, "select" text);
      INSERT INTO browser."we""ird table" VALUES (1, 'a'), (2, '-1+1');
    `);
  }, 120_000);

  afterAll(async () => {
    await stopTestApp(server, environment);
  });

  const itemCount = async () => (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM browser.items'))[0]!.n;

  /** Every page of a sort, following the cursors. */
  async function allPages(query: string) {
    const rows: unknown[][] = [];
    let cursor: string | null = null;
    let pages = 0;
    let last: Page['page'] | undefined;
    do {
      const answer: { status: number; body: Page } = await owner.get<Page>(
        `${BASE}/rows?${query}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.status).toBe(200);
      last = answer.body.page;
      rows.push(...last.rows);
      cursor = last.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    return { rows, pages, last: last! };
  }

  describe(`the PostgreSQL manager's catalogue and table browser (${label})`, () => {
    it('lists schemas without the system ones unless asked', async () => {
      const answer = await owner.get<{ schemas: { schema_name: string }[] }>(`${BASE}/schemas`);
      expect(answer.status).toBe(200);
      const names = answer.body.schemas.map((schema) => schema.schema_name);
      expect(names).toEqual(expect.arrayContaining(['public', 'browser']));
      expect(names).not.toContain('pg_catalog');
      expect(names).not.toContain('information_schema');
      const all = await owner.get<{ schemas: { schema_name: string }[] }>(`${BASE}/schemas?includeSystem=true`);
      expect(all.body.schemas.map((schema) => schema.schema_name)).toContain('pg_catalog');
    });

    it('lists tables with exact counts for small tables and sizes', async () => {
      const answer = await owner.get<{
        tables: { name: string; rowCount: number; isEstimate: boolean; sizes: { totalBytes: number } }[];
      }>(`${BASE}/tables?schema=browser`);
      expect(answer.status).toBe(200);
      const items = answer.body.tables.find((table) => table.name === 'items');
      expect(items).toMatchObject({ rowCount: ITEMS, isEstimate: false });
      expect(items!.sizes.totalBytes).toBeGreaterThan(0);
      expect(answer.body.tables.map((table) => table.name)).toEqual(['items', 'nokey', 'we"ird table']);
      const spec2 = await owner.get<{ tables: { name: string }[] }>('/api/admin/db/tables');
      expect(spec2.status).toBe(200);
      expect(spec2.body.tables.map((table) => table.name)).toContain('schema_migrations');
    });

    it('reads table details: columns, indexes with tags, constraints, foreign keys, sizes', async () => {
      const answer = await owner.get<{
        table: Record<string, unknown> & { columns: unknown[]; indexes: unknown[]; constraints: unknown[] };
      }>(`${BASE}/table-details?schema=browser&table=items`);
      expect(answer.status).toBe(200);
      const { table } = answer.body;
      expect(table.rowCount).toBe(ITEMS);
      expect(table.columns).toContainEqual({
        name: 'id',
        type: 'integer',
        isNullable: false,
        default: "nextval('browser.items_id_seq'::regclass)",
      });
      expect(table.columns).toContainEqual({ name: 'price', type: 'numeric(12,2)', isNullable: true, default: '0' });
      expect(table.indexes).toContainEqual(
        expect.objectContaining({ name: 'items_pkey', isPrimary: true, isUnique: true, columns: ['id'] }),
      );
      expect(table.indexes).toContainEqual(expect.objectContaining({ name: 'items_name', isPrimary: false, isUnique: true }));
      expect(table.indexes).toContainEqual(expect.objectContaining({ name: 'items_rank', isPrimary: false, isUnique: false }));
      expect(table.constraints).toContainEqual(expect.objectContaining({ name: 'items_rank_check', type: 'check' }));
      expect(table.foreignKeys).toEqual([
        expect.objectContaining({
          columns: ['parent_id'],
          referencedSchema: 'browser',
          referencedTable: 'items',
          referencedColumns: ['id'],
        }),
      ]);
      const spec2 = await owner.get<{ table: { name: string } }>('/api/admin/db/schema/browser.items');
      expect(spec2.body.table.name).toBe('items');
      const indexes = await owner.get<{ indexes: { name: string }[] }>('/api/admin/db/indexes/browser.items');
      expect(indexes.body.indexes.map((index) => index.name)).toContain('items_rank');
      const quoted = await owner.get(`${BASE}/table-details?schema=browser&table=${encodeURIComponent('we"ird table')}`);
      expect(quoted.status).toBe(200);
    });

    it('answers 404 with a clear message for an unknown schema or table', async () => {
      const table = await owner.get(`${BASE}/table-details?schema=browser&table=nope`);
      expect(table.status).toBe(404);
      expect(table.body.error).toBe(DATABASE_MANAGER_MESSAGES.tableNotFound('browser.nope'));
      const schema = await owner.get(`${BASE}/tables?schema=nope`);
      expect(schema.status).toBe(404);
      expect(schema.body.error).toBe(DATABASE_MANAGER_MESSAGES.schemaNotFound('nope'));
      expect((await owner.get('/api/admin/db/schema/missing_table')).status).toBe(404);
      expect((await owner.get(`${BASE}/rows?schema=browser&table=nope`)).status).toBe(404);
      expect((await owner.get(`${BASE}/export?schema=browser&table=nope`)).status).toBe(404);
    });

    it('refuses injection attempts in names, sorts and cursors, changing nothing', async () => {
      const attempts = [
        'items;drop table browser.items',
        'items"; DROP TABLE browser.items; --',
        "items' OR '1'='1",
        'ítems',
        'items\u0000',
        'x'.repeat(200),
      ];
      for (const name of attempts) {
        for (const path of ['table-details', 'rows', 'export']) {
          const answer = await owner.get(`${BASE}/${path}?schema=browser&table=${encodeURIComponent(name)}`);
          expect([400, 404]).toContain(answer.status);
        }
        // A path parameter past Fastify's 100 characters is refused by the router itself: 414.
        expect([400, 404, 414]).toContain((await owner.get(`/api/admin/db/indexes/${encodeURIComponent(name)}`)).status);
      }
      const schema = await owner.get(`${BASE}/tables?schema=${encodeURIComponent('browser;drop schema browser cascade')}`);
      expect(schema.status).toBe(404);
      const sort = await owner.get(
        `${BASE}/rows?schema=browser&table=items&sort=${encodeURIComponent('id; drop table browser.items')}`,
      );
      expect(sort.status).toBe(400);
      expect((await owner.get(`${BASE}/rows?schema=browser&table=items&sort=name%20desc`)).status).toBe(400);
      const forged = Buffer.from(JSON.stringify(['1); DROP TABLE browser.items; --'])).toString('base64url');
      expect((await owner.get(`${BASE}/rows?schema=browser&table=items&after=${forged}`)).status).toBe(400);
      expect((await owner.get(`${BASE}/rows?schema=browser&table=items&after=garbage`)).status).toBe(400);
      expect(await itemCount()).toBe(ITEMS);
    });

    it('pages by the primary key, 50 a page, in order with no gaps or repeats, values rendered safely', async () => {
      const { rows, pages, last } = await allPages('schema=browser&table=items');
      expect(pages).toBe(3);
      expect(last.sort).toBe('id');
      const ids = rows.map((row) => row[0]);
      expect(ids).toEqual(Array.from({ length: ITEMS }, (_, i) => i + 1));
      const first = await owner.get<Page>(`${BASE}/rows?schema=browser&table=items`);
      const names = first.body.page.columns.map((column) => column.name);
      const row = Object.fromEntries(names.map((name, i) => [name, first.body.page.rows[0]![i]]));
      expect(row).toMatchObject({
        data: { hex: '00ff10', length: 3 },
        doc: { n: 1, tags: ['a', 'b'] },
        price: '1.50',
        big: '9007199254740993',
      });
      expect(row.at).toMatch(/^2025-01-02T04:04:05(\.0+)?(\+00:00|Z)$/);
    });

    it("pages by the page size asked for (one of the console's 10/25/50/100), and refuses one past 100", async () => {
      const { rows, pages } = await allPages('schema=browser&table=items&limit=25');
      expect(pages).toBe(Math.ceil(ITEMS / 25));
      expect(rows.map((row) => row[0])).toEqual(Array.from({ length: ITEMS }, (_, i) => i + 1));
      const tens = await owner.get<Page>(`${BASE}/rows?schema=browser&table=items&limit=10`);
      expect(tens.body.page.rows).toHaveLength(10);
      const tooMany = await owner.get(`${BASE}/rows?schema=browser&table=items&limit=500`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.fields).toHaveProperty('limit');
    });

    it('shows bytea the same way in the row view and the query runner: hex of the first 1 KiB and the length', async () => {
      await server.app.services.db.exec(`
        CREATE TABLE public.bytea_probe (id int PRIMARY KEY, data bytea);
        INSERT INTO public.bytea_probe VALUES (1, decode('00ff10', 'hex')), (2, decode(repeat('ab', 3000), 'hex')), (3, NULL);
      `);
      const expected = [{ hex: '00ff10', length: 3 }, { hex: 'ab'.repeat(1024), length: 3000 }, null];
      const page = await owner.get<Page>(`${BASE}/rows?schema=public&table=bytea_probe`);
      expect(page.status).toBe(200);
      expect(page.body.page.rows.map((row) => row[1])).toEqual(expected);
      const run = await owner.post<{ rows: { data: unknown }[] }>(`${BASE}/query`, {
        query: 'SELECT data FROM bytea_probe ORDER BY id',
      });
      expect(run.status).toBe(200);
      expect(run.body.rows.map((row) => row.data)).toEqual(expected);
      // A file loses nothing: the export keeps the whole value as psql's \x text.
      const file = await owner.post(`${BASE}/export-query`, { query: 'SELECT data FROM bytea_probe ORDER BY id', format: 'csv' });
      expect(csvObjects(file.text).map((row) => row.data)).toEqual(['\\x00ff10', `\\x${'ab'.repeat(3000)}`, '']);
    });

    it('cuts texts longer than 65,536 characters to their first ones and the full length, in the row view and the query runner', async () => {
      await server.app.services.db.exec(`
        CREATE TABLE public.long_probe (id int PRIMARY KEY, t text, v varchar, doc jsonb);
        INSERT INTO public.long_probe VALUES
          (1, repeat('é🎲', 40000), repeat('a', ${LONG_TEXT_PREVIEW_CHARS}), jsonb_build_object('k', repeat('x', 70000))),
          (2, 'short', NULL, '{"small": [1, 2]}');
      `);
      const cut = { truncatedText: 'é🎲'.repeat(LONG_TEXT_PREVIEW_CHARS / 2), length: 80000 };
      const page = await owner.get<Page>(`${BASE}/rows?schema=public&table=long_probe`);
      expect(page.status).toBe(200);
      const [first, second] = page.body.page.rows;
      expect(first![1]).toEqual(cut);
      // Exactly at the limit: the whole text.
      expect(first![2]).toBe('a'.repeat(LONG_TEXT_PREVIEW_CHARS));
      const doc = first![3] as { truncatedText: string; length: number };
      expect(doc.length).toBe(70009);
      expect(doc.truncatedText).toBe(`{"k": "${'x'.repeat(LONG_TEXT_PREVIEW_CHARS - 7)}`);
      expect(second).toEqual([2, 'short', null, { small: [1, 2] }]);
      const run = await owner.post<{ rows: { t: unknown; v: unknown }[] }>(`${BASE}/query`, {
        query: 'SELECT t, v FROM long_probe ORDER BY id',
      });
      expect(run.status).toBe(200);
      expect(run.body.rows).toEqual([
        { t: cut, v: 'a'.repeat(LONG_TEXT_PREVIEW_CHARS) },
        { t: 'short', v: null },
      ]);
      // A file loses nothing.
      const file = await owner.post(`${BASE}/export-query`, { query: 'SELECT t FROM long_probe WHERE id = 1', format: 'json' });
      expect((JSON.parse(file.text) as { t: string }[])[0]!.t).toBe('é🎲'.repeat(40000));
    });

    it('pages by an indexed column with duplicates and by one with NULLs, both directions', async () => {
      const ordered = async (orderBy: string) =>
        (await sql<{ id: number }>(server.app, `SELECT id FROM browser.items ORDER BY ${orderBy}`)).map((row) => row.id);
      const byRank = await allPages('schema=browser&table=items&sort=rank');
      expect(byRank.rows.map((row) => row[0])).toEqual(await ordered('rank, id'));
      const byGradeDesc = await allPages('schema=browser&table=items&sort=grade&direction=desc');
      expect(byGradeDesc.rows.map((row) => row[0])).toEqual(await ordered('grade DESC NULLS FIRST, id DESC'));
      const byGrade = await allPages('schema=browser&table=items&sort=grade');
      expect(byGrade.rows.map((row) => row[0])).toEqual(await ordered('grade ASC NULLS LAST, id'));
      expect((await owner.get(`${BASE}/rows?schema=browser&table=items&sort=doc`)).status).toBe(400);
    });

    it('lists views, materialised views and partitioned tables with their kind; a view shows its definition and pages', async () => {
      await server.app.services.db.exec(`
        CREATE SCHEMA shown;
        CREATE TABLE shown.base (id int PRIMARY KEY, v text);
        INSERT INTO shown.base SELECT n, 'v' || n FROM generate_series(1, 120) AS n;
        CREATE VIEW shown.upper_view AS SELECT id, upper(v) AS u FROM shown.base;
        CREATE MATERIALIZED VIEW shown.frozen AS SELECT id, v FROM shown.base WHERE id <= 70;
        CREATE TABLE shown.parts (n int, v text) PARTITION BY RANGE (n);
        CREATE TABLE shown.parts_low PARTITION OF shown.parts FOR VALUES FROM (0) TO (50);
        CREATE TABLE shown.parts_high PARTITION OF shown.parts FOR VALUES FROM (50) TO (1000);
        INSERT INTO shown.parts SELECT n, 'p' || n FROM generate_series(1, 90) AS n;
      `);
      type Listed = { name: string; kind: string; rowCount: number | null; isEstimate: boolean };
      const listed = await owner.get<{ tables: Listed[] }>(`${BASE}/tables?schema=shown`);
      expect(listed.status).toBe(200);
      expect(listed.body.tables.map(({ name, kind, rowCount }) => ({ name, kind, rowCount }))).toEqual([
        { name: 'base', kind: 'table', rowCount: 120 },
        { name: 'frozen', kind: 'materialized view', rowCount: 70 },
        { name: 'parts', kind: 'partitioned table', rowCount: 90 },
        { name: 'parts_high', kind: 'table', rowCount: 41 },
        { name: 'parts_low', kind: 'table', rowCount: 49 },
        // A view has no estimate short of running it: counted only when asked exactly.
        { name: 'upper_view', kind: 'view', rowCount: null },
      ]);
      const exact = await owner.get<{ tables: Listed[] }>(`/api/admin/db/tables?schema=shown&exact=true`);
      expect(exact.body.tables.find((table) => table.name === 'upper_view')).toMatchObject({ kind: 'view', rowCount: 120 });

      const details = await owner.get<{ table: { kind: string; definition: string; columns: { name: string }[] } }>(
        `${BASE}/table-details?schema=shown&table=upper_view`,
      );
      expect(details.status).toBe(200);
      expect(details.body.table.kind).toBe('view');
      expect(details.body.table.definition).toMatch(/SELECT (base\.)?id,\s+upper\((base\.)?v\) AS u\s+FROM shown\.base/);
      expect(details.body.table.columns.map((column) => column.name)).toEqual(['id', 'u']);
      const table = await owner.get<{ table: { kind: string; definition: string | null } }>(
        `${BASE}/table-details?schema=shown&table=base`,
      );
      expect(table.body.table).toMatchObject({ kind: 'table', definition: null });
      expect(
        (await owner.get<{ table: { definition: string } }>('/api/admin/db/schema/shown.frozen')).body.table.definition,
      ).toMatch(/WHERE (base\.)?id <= 70/);

      const view = await allPages('schema=shown&table=upper_view');
      expect(view.pages).toBe(3);
      expect(view.last.sort).toBe('none');
      expect(view.last.note).toBe(DATABASE_MANAGER_MESSAGES.viewPaging(DATABASE_VIEW_ROWS_LIMIT));
      expect(new Set(view.rows.map((row) => row[0])).size).toBe(120);
      expect(view.rows.find((row) => row[0] === 7)).toEqual([7, 'V7']);
      expect((await owner.get(`${BASE}/rows?schema=shown&table=upper_view&sort=id`)).status).toBe(400);
      const tooDeep = Buffer.from(JSON.stringify([String(DATABASE_VIEW_ROWS_LIMIT)])).toString('base64url');
      expect((await owner.get(`${BASE}/rows?schema=shown&table=upper_view&after=${tooDeep}`)).status).toBe(400);

      const frozen = await allPages('schema=shown&table=frozen');
      expect(frozen.rows.map((row) => row[0]).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 70 }, (_, i) => i + 1),
      );
      // A ctid repeats across partitions: the partitioned table pages by partition and ctid, every row once.
      const parts = await allPages('schema=shown&table=parts');
      expect(parts.last.note).toBe(DATABASE_MANAGER_MESSAGES.ctidPaging);
      expect(new Set(parts.rows.map((row) => row[0])).size).toBe(90);
      expect(parts.rows).toHaveLength(90);

      const exported = await download(owner, `${BASE}/export?schema=shown&table=upper_view&format=csv`);
      expect(exported.status).toBe(200);
      const records = csvObjects(exported.body.toString('utf8'));
      expect(records).toHaveLength(120);
      expect(records.find((record) => record.id === '3')).toEqual({ id: '3', u: 'V3' });
    });

    it('pages a table without a key by ctid, with a note', async () => {
      const { rows, last } = await allPages('schema=browser&table=nokey');
      expect(last.note).toBe(DATABASE_MANAGER_MESSAGES.ctidPaging);
      expect(last.sort).toBe('ctid');
      const values = rows.map((row) => row[0]);
      expect(values).toHaveLength(130);
      expect(new Set(values).size).toBe(130);
    });

    it('exports a whole table as CSV and JSON, formulas neutralised, audited', async () => {
      const csv = await download(owner, `${BASE}/export?schema=browser&table=items&format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="browser\.items-\d{4}-\d{2}-\d{2}\.csv"/);
      const records = csvObjects(csv.body.toString('utf8'));
      expect(records).toHaveLength(ITEMS);
      expect(records[0]).toMatchObject({ id: '1', name: `'=HYPERLINK("http://evil")`, price: '1.50', big: '9007199254740993' });
      const json = await download(owner, `${BASE}/export?schema=browser&table=items&format=json`);
      expect(json.headers['content-type']).toContain('application/json');
      const parsed = JSON.parse(json.body.toString('utf8')) as { id: number; doc: unknown }[];
      expect(parsed).toHaveLength(ITEMS);
      expect(parsed.find((row) => row.id === 2)!.doc).toEqual({ n: 2, tags: ['a', 'b'] });
      const quoted = await download(owner, `${BASE}/export?schema=browser&table=${encodeURIComponent('we"ird table')}`);
      expect(csvObjects(quoted.body.toString('utf8'))).toEqual([
        { id: '1', select: 'a' },
        { id: '2', select: "'-1+1" },
      ]);
      const nokey = await download(owner, `${BASE}/export?schema=browser&table=nokey&format=json`);
      expect(JSON.parse(nokey.body.toString('utf8'))).toHaveLength(130);
      const audits = await sql<{ target_id: string; details: { format: string } }>(
        server.app,
        "SELECT target_id, details FROM audit_log WHERE action = 'database.table_exported' AND target_id LIKE 'browser.%' ORDER BY created_at",
      );
      expect(audits.map((row) => [row.target_id, row.details.format])).toEqual([
        ['browser.items', 'csv'],
        ['browser.items', 'json'],
        ['browser.we"ird table', 'csv'],
        ['browser.nokey', 'json'],
      ]);
    });

    it('exports bytes that read back exactly: header, quoting, NULL and empty text, formulas, bytea hex, unicode', async () => {
      await server.app.services.db.exec(`
        CREATE TABLE browser.exact (id int PRIMARY KEY, t text, n int, b bytea, flag boolean, "=x" text, doc jsonb);
        INSERT INTO browser.exact VALUES
          (1, 'plain', 1, decode('00ff', 'hex'), true, 'v', '{"a": "x\\ny"}'),
          (2, '', NULL, NULL, false, '', NULL),
          (3, NULL, -5, decode('', 'hex'), NULL, '-1', '[1, "=2"]'),
          (4, E'a,"b"\nc', 0, NULL, NULL, '@x', '"q\\"uote"'),
          (5, '=1+1', 2, NULL, NULL, '+1', NULL),
          (6, E'\tcmd', 3, NULL, NULL, E'\rx', NULL),
          (7, 'ünï ✓ 日本 🎲', 4, NULL, NULL, 'x', NULL);
      `);
      const csv = await download(owner, `${BASE}/export?schema=browser&table=exact&format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.body.toString('utf8')).toBe(
        [
          `id,t,n,b,flag,'=x,doc`,
          '1,plain,1,\\x00ff,true,v,"{""a"": ""x\\ny""}"',
          '2,"",,,false,"",',
          `3,,-5,\\x,,'-1,"[1, ""=2""]"`,
          `4,"a,""b""\nc",0,,,'@x,"""q\\""uote"""`,
          `5,'=1+1,2,,,'+1,`,
          `6,'\tcmd,3,,,"'\rx",`,
          '7,ünï ✓ 日本 🎲,4,,,x,',
          '',
        ].join('\r\n'),
      );
      const json = await download(owner, `${BASE}/export?schema=browser&table=exact&format=json`);
      const rows = JSON.parse(json.body.toString('utf8')) as Record<string, unknown>[];
      expect(rows.map((row) => row.t)).toEqual(['plain', '', null, 'a,"b"\nc', '=1+1', '\tcmd', 'ünï ✓ 日本 🎲']);
      expect(rows[0]).toEqual({ id: 1, t: 'plain', n: 1, b: '\\x00ff', flag: true, '=x': 'v', doc: { a: 'x\ny' } });
      expect(rows[3]!.doc).toBe('q"uote');
      await sql(server.app, 'DELETE FROM browser.exact');
      expect((await download(owner, `${BASE}/export?schema=browser&table=exact&format=json`)).body.toString('utf8')).toBe(
        '[\n]\n',
      );
      expect((await download(owner, `${BASE}/export?schema=browser&table=exact&format=csv`)).body.toString('utf8')).toBe(
        `id,t,n,b,flag,'=x,doc\r\n`,
      );
    });

    it('survives exports abandoned mid-way', async () => {
      await sql(
        server.app,
        'CREATE TABLE browser.big AS SELECT n AS id, md5(n::text) || md5((n * 7)::text) AS v FROM generate_series(1, 30000) AS n',
      );
      const abandon = () =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            new URL(`${BASE}/export?schema=browser&table=big&format=csv`, server.url),
            { headers: { cookie: owner.cookieHeader() } },
            (res) => {
              res.once('data', () => {
                req.destroy();
                resolve(res.statusCode ?? 0);
              });
            },
          );
          req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
          req.end();
        });
      for (let i = 0; i < 12; i++) expect(await abandon()).toBe(200);
      expect((await owner.get(`${BASE}/tables?schema=browser`)).status).toBe(200);
      if (server.app.services.db.kind === 'postgresql') {
        // Every abandoned COPY ended with its connection: no export session is left on the server.
        const exporting = async () =>
          (
            await sql<{ n: number }>(
              server.app,
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY %'",
            )
          )[0]!.n;
        const until = Date.now() + 5000;
        while ((await exporting()) > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await exporting()).toBe(0);
      }
      const whole = await download(owner, `${BASE}/export?schema=browser&table=big&format=csv`);
      expect(csvObjects(whole.body.toString('utf8'))).toHaveLength(30000);
    });

    it('reports connection stats and migrations', async () => {
      const stats = await owner.get<Record<string, unknown>>(`${BASE}/connection-stats`);
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({ max_connections: expect.any(Number), active: expect.any(Number) });
      const s = stats.body as { waiting: number; idleInTransaction: number; waitingOnLocks: number };
      expect(s.waiting).toBe(s.idleInTransaction + s.waitingOnLocks);
      // The engine says what it can do: PGlite has no firing timeout, no cancel, and reads whole results.
      const isPglite = server.app.services.db.kind === 'pglite';
      expect(stats.body.limits).toEqual({
        engine: isPglite ? 'pglite' : 'postgresql',
        enforcesStatementTimeout: !isPglite,
        canCancel: !isPglite,
        streamsResults: !isPglite,
        notes: isPglite ? [PGLITE_LIMITS.statementTimeout, PGLITE_LIMITS.cancel, PGLITE_LIMITS.wholeResult] : [],
      });
      const spec2 = await owner.get<{ databaseSizeBytes: number }>('/api/admin/db/stats');
      expect(spec2.body.databaseSizeBytes).toBeGreaterThan(0);
      const migrations = await owner.get<{
        migrations: { name: string; checksum: string; appliedAt: string | null; status: string }[];
      }>(`${BASE}/migrations`);
      expect(migrations.status).toBe(200);
      const first = migrations.body.migrations.find((migration) => migration.name === '0001_initial');
      expect(first).toMatchObject({ status: 'applied', checksum: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(Date.parse(first!.appliedAt!)).not.toBeNaN();
      expect(migrations.body.migrations.every((migration) => migration.status === 'applied')).toBe(true);
    });

    it('lists a migration file not applied as pending, and an applied name without a file as missing', async () => {
      type Listed = { migrations: { name: string; checksum: string | null; appliedAt: string | null; status: string }[] };
      const list = async () => (await owner.get<Listed>(`${BASE}/migrations`)).body.migrations;
      const newest = (await list()).at(-1)!;
      const [removed] = await sql<{ applied_at: Date }>(
        server.app,
        'DELETE FROM schema_migrations WHERE name = $1 RETURNING applied_at',
        [newest.name],
      );
      await sql(server.app, "INSERT INTO schema_migrations (name) VALUES ('9999_file_gone')");
      try {
        const listed = await list();
        expect(listed.find((migration) => migration.name === newest.name)).toEqual({
          name: newest.name,
          checksum: newest.checksum,
          appliedAt: null,
          status: 'pending',
        });
        expect(listed.at(-1)).toMatchObject({ name: '9999_file_gone', checksum: null, status: 'missing_file' });
        expect(Date.parse(listed.at(-1)!.appliedAt!)).not.toBeNaN();
      } finally {
        await sql(server.app, "DELETE FROM schema_migrations WHERE name = '9999_file_gone'");
        await sql(server.app, 'INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [
          newest.name,
          removed!.applied_at,
        ]);
      }
      expect((await list()).every((migration) => migration.status === 'applied')).toBe(true);
    });

    it('refuses an admin without admin.full_access (403) and a signed-out caller (401)', async () => {
      const admin = await createTestAdmin(server.app, { role: 'operator' });
      const client = new HttpClient(server.url);
      await client.signIn(admin.username, admin.password);
      for (const path of [`${BASE}/schemas`, `${BASE}/export?schema=browser&table=items`, '/api/admin/db/tables']) {
        expect((await client.get(path)).status).toBe(403);
      }
      expect((await new HttpClient(server.url).get(`${BASE}/schemas`)).status).toBe(401);
    });
  });

  return { connectionStats: () => owner.get<Record<string, unknown>>(`${BASE}/connection-stats`) };
}
