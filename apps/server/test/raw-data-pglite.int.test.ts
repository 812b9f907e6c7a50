import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RawDataPage } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvObjects } from './helpers/csv';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-raw-data-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir }));
  const [guild] = await sql<{ id: string }>(
    server.app,
    `INSERT INTO guilds (guild_name, server) VALUES ('Raw Lite', 'Stormrage') RETURNING id`,
  );
  // 2,500 rows: the export reads them in three keyset batches; created_at ties in groups of 10.
  await sql(
    server.app,
    `INSERT INTO characters (guild_id, name, realm, class, level, created_at)
     SELECT $1, 'Lite ' || n, 'Stormrage', 'Druid', 1 + n % 80, '2026-03-01T12:00:00Z'::timestamptz + (n / 10) * interval '1 minute'
       FROM generate_series(1, 2500) AS n`,
    [guild!.id],
  );
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('raw data views on embedded PGlite', () => {
  it('pages by keyset with no row twice or missed, and exports the same rows as CSV and JSON', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const answer: { body: RawDataPage } = await owner.get<RawDataPage>(
        `/api/admin/data/characters?sort=level&limit=500${after ? `&after=${after}` : ''}`,
      );
      seen.push(...answer.body.rows.map((row) => String(row.id)));
      after = answer.body.nextCursor;
    } while (after);
    const expected = await sql<{ id: string }>(server.app, 'SELECT id::text AS id FROM characters ORDER BY level, id');
    expect(seen).toEqual(expected.map((row) => row.id));

    const csv = await download(owner, '/api/admin/data/characters/export?format=csv&sort=level');
    expect(csv.status).toBe(200);
    expect(csvObjects(csv.body.toString('utf8')).map((row) => row.id)).toEqual(seen);
    const json = await download(owner, '/api/admin/data/characters/export?format=json&sort=level&level_max=10');
    const rows = JSON.parse(json.body.toString('utf8')) as { level: number }[];
    const [count] = await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM characters WHERE level <= 10');
    expect(count!.n).toBeGreaterThan(0);
    expect(rows).toHaveLength(count!.n);
    expect(rows.every((row) => row.level <= 10)).toBe(true);
  });
});
