import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

type ExportAnswer = { exportId: string; files: { type: string; path: string; rows: number }[] };

// Many times one keyset page (128 rows), so the export walks several pages.
const SAMPLES = 1_234;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-ml-export-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir }));
  await sql(
    server.app,
    `INSERT INTO intent_samples (client_id, current_message, should_respond, confidence, provider_used, model_used,
       quality_score, created_at)
     SELECT 'pglite-' || i, 'message ' || i, i % 2 = 0, 0.5, 'openai', 'gpt-x', (i % 10) / 10.0,
       timestamptz '2025-01-01' + (i / 3) * interval '1 minute'
     FROM generate_series(1, $1::int) i`,
    [SAMPLES],
  );
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

const urlOf = (filePath: string) => {
  const [id, ...rest] = filePath.split('/');
  return `/api/admin/ml/exports/${id}/files/${rest.join('/')}`;
};

describe('dataset export on embedded PGlite', () => {
  it('writes every sample once in keyset pages (jsonl), into the data directory', async () => {
    const answer = await owner.post<ExportAnswer>('/api/admin/training-data/export', {
      sampleType: 'intent',
      format: 'jsonl',
      minQualityScore: 0,
    });
    expect(answer.status, answer.text).toBe(200);
    const file = answer.body.files[0]!;
    expect(file.rows).toBe(SAMPLES);
    const text = (await download(owner, urlOf(file.path))).body.toString('utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { currentMessage: string; timestamp: string });
    expect(new Set(lines.map((line) => line.currentMessage)).size).toBe(SAMPLES);
    const times = lines.map((line) => Date.parse(line.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('writes the Hugging Face folder with the filters applied', async () => {
    const answer = await owner.post<ExportAnswer>('/api/admin/training-data/export', {
      sampleType: 'intent',
      format: 'huggingface',
      minQualityScore: 0.5,
      limit: 500,
    });
    expect(answer.status, answer.text).toBe(200);
    let total = 0;
    for (const file of answer.body.files.filter((f) => f.type !== 'dataset-card')) {
      const bytes = (await download(owner, urlOf(file.path))).body;
      const rows = (await parquetReadObjects({
        file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      })) as { quality_score: number }[];
      expect(rows).toHaveLength(file.rows);
      expect(rows.every((row) => row.quality_score >= 0.5)).toBe(true);
      total += rows.length;
    }
    expect(total).toBe(500);
  });
});
