import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { removeExpiredExports } from '../src/jobs/ml-export-cleanup';
import { download } from './helpers/download';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { connectAdmin, nextEvent } from './helpers/live-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let exportsDir: string;

type ExportFile = { type: string; path: string; bytes: number; rows: number };
type ExportAnswer = { success: true; exportId: string; files: ExportFile[]; timestamp: string };

const EXPORT = '/api/admin/training-data/export';
const ML_EXPORT = '/api/admin/ml/export-dataset';
const base = Date.UTC(2025, 5, 1);
const at = (day: number) => new Date(base + day * 86_400_000).toISOString();

/** The split the export must give a sample, computed here independently of the server. */
function expectedSplit(id: string) {
  const bucket = createHash('md5').update(id).digest().readUInt32BE(0) % 100;
  return bucket < 80 ? 'train' : bucket < 90 ? 'validation' : 'test';
}

/**
 * Intent samples: 60, day i, quality i/60 (the first unscored), every third verified, every second with a known
 * outcome. Sample 5 was relabelled: shouldRespond flipped by a reviewer.
 */
async function insertIntent(i: number) {
  const rows = await sql<{ id: string }>(
    server.app,
    `INSERT INTO intent_samples (client_id, current_message, conversation_history, should_respond, confidence, provider_used,
       model_used, was_correct, quality_score, human_verified, label_corrections, vibe_classification, created_at)
     VALUES ($1, $2, $3::jsonb, $4, 0.8, 'openai', 'gpt-x', $5, $6, $7, $8::jsonb, 'chill', $9) RETURNING id`,
    [
      `intent-${i}`,
      `message "${i}"\nwith a line break`,
      JSON.stringify([{ username: 'ana', content: `before ${i}` }]),
      i % 2 === 0,
      i % 2 === 0 ? i % 4 === 0 : null,
      i === 0 ? null : i / 60,
      i % 3 === 0,
      i === 5 ? JSON.stringify({ shouldRespond: true, note: 'should have answered' }) : null,
      at(i),
    ],
  );
  return rows[0]!.id;
}

/** Memory samples: 30, day i, quality i/30, every other verified; sample 7 has corrected gems. */
async function insertMemory(i: number) {
  const rows = await sql<{ id: string }>(
    server.app,
    `INSERT INTO memory_samples (client_id, message_content, extracted_gems, extracted_event, conversation_history,
       llm_provider, llm_model, quality_score, human_verified, label_corrections, created_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, '[]', 'anthropic', 'claude-x', $5, $6, $7::jsonb, $8) RETURNING id`,
    [
      `memory-${i}`,
      `remember ${i}`,
      JSON.stringify([{ fact: `fact ${i}`, concepts: ['raid'] }]),
      i % 5 === 0 ? JSON.stringify({ summary: `event ${i}`, timestamp: null }) : null,
      i / 30,
      i % 2 === 0,
      i === 7 ? JSON.stringify({ extractedGems: [{ fact: 'corrected fact', concepts: [] }] }) : null,
      at(i),
    ],
  );
  return rows[0]!.id;
}

const intentIds: string[] = [];
const memoryIds: string[] = [];

beforeAll(async () => {
  // The runner looks for jobs left by a stopped process every 100 ms.
  environment = await createTestEnvironment({ JOB_POLL_MS: '100' });
  exportsDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-ml-exports-'));
  server = await startTestApp(environment.env, (config) => {
    config.mlExports.dir = exportsDir;
  });
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  for (let i = 0; i < 60; i++) intentIds.push(await insertIntent(i));
  for (let i = 0; i < 30; i++) memoryIds.push(await insertMemory(i));
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await rm(exportsDir, { recursive: true, force: true });
});

async function exportOk(body: unknown, url = EXPORT): Promise<ExportAnswer> {
  const answer = await owner.post<ExportAnswer>(url, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const fileUrl = (file: ExportFile) => {
  const [id, ...rest] = file.path.split('/');
  return `/api/admin/ml/exports/${id}/files/${rest.join('/')}`;
};

async function fetchBytes(file: ExportFile) {
  const answer = await download(owner, fileUrl(file));
  expect(answer.status).toBe(200);
  return answer.body;
}

async function jsonlOf(file: ExportFile): Promise<Record<string, unknown>[]> {
  const text = (await fetchBytes(file)).toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

async function parquetOf(file: ExportFile) {
  const bytes = await fetchBytes(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const metadata = parquetMetadata(buffer);
  const rows = (await parquetReadObjects({ file: buffer })) as Record<string, unknown>[];
  return { metadata, rows, columns: metadata.schema.slice(1).map((element) => element.name) };
}

describe('jsonl export', () => {
  it('writes one file per type, one sample per line, with the filters applied and corrected labels', async () => {
    const answer = await exportOk({ sampleType: 'both', format: 'jsonl', minQualityScore: 0.5 });
    expect(answer.success).toBe(true);
    expect(answer.files.map((f) => f.type)).toEqual(['memory', 'intent']);
    expect(answer.files.map((f) => f.path)).toEqual([`${answer.exportId}/memory.jsonl`, `${answer.exportId}/intent.jsonl`]);
    const [memoryFile, intentFile] = answer.files as [ExportFile, ExportFile];

    const memory = await jsonlOf(memoryFile);
    // quality i/30 >= 0.5: i = 15..29, newest first.
    expect(memory.map((m) => m.messageContent)).toEqual(Array.from({ length: 15 }, (_, k) => `remember ${29 - k}`));
    expect(memoryFile.rows).toBe(15);
    expect(memoryFile.bytes).toBe((await fetchBytes(memoryFile)).length);
    expect(Object.keys(memory[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'messageContent',
        'conversationHistory',
        'extractedGems',
        'extractedEvent',
        'qualityScore',
        'humanVerified',
        'labelCorrections',
      ]),
    );

    const intent = await jsonlOf(intentFile);
    // quality i/60 >= 0.5: i = 30..59.
    expect(intent).toHaveLength(30);
    expect(intent.every((s) => (s.qualityScore as number) >= 0.5)).toBe(true);
    const sample = intent.find((s) => s.currentMessage === 'message "40"\nwith a line break')!;
    expect(sample).toMatchObject({
      shouldRespond: true,
      originalShouldRespond: true,
      wasCorrect: true,
      confidence: expect.closeTo(0.8, 5),
      conversationHistory: [{ username: 'ana', content: 'before 40' }],
      humanVerified: false,
      labelCorrections: null,
    });
  });

  it('gives the reviewer label as shouldRespond with the original beside it', async () => {
    const answer = await exportOk({ sampleType: 'intent', format: 'jsonl', minQualityScore: 0 });
    const intent = await jsonlOf(answer.files[0]!);
    // The unscored sample 0 is left out by any minimum quality.
    expect(intent).toHaveLength(59);
    const relabelled = intent.find((s) => s.currentMessage === 'message "5"\nwith a line break')!;
    expect(relabelled).toMatchObject({
      shouldRespond: true,
      originalShouldRespond: false,
      labelCorrections: { shouldRespond: true, note: 'should have answered' },
    });

    const memoryAnswer = await exportOk({ sampleType: 'memory', format: 'jsonl', minQualityScore: 0 });
    const memory = await jsonlOf(memoryAnswer.files[0]!);
    const corrected = memory.find((m) => m.messageContent === 'remember 7')!;
    expect(corrected.extractedGems).toEqual([{ fact: 'corrected fact', concepts: [] }]);
    expect(corrected.originalExtractedGems).toEqual([{ fact: 'fact 7', concepts: ['raid'] }]);
  });

  it('respects verifiedOnly, withOutcomes, the dates and the limit', async () => {
    const verified = await exportOk({ sampleType: 'intent', format: 'jsonl', minQualityScore: 0, verifiedOnly: true });
    const verifiedRows = await jsonlOf(verified.files[0]!);
    // i % 3 === 0 among 1..59: 3, 6, ..., 57.
    expect(verifiedRows).toHaveLength(19);
    expect(verifiedRows.every((s) => s.humanVerified === true)).toBe(true);

    const outcomes = await exportOk({ sampleType: 'both', format: 'jsonl', minQualityScore: 0, withOutcomes: true });
    const [memoryFile, intentFile] = outcomes.files as [ExportFile, ExportFile];
    const outcomeRows = await jsonlOf(intentFile);
    // Even i among 2..58 have an outcome.
    expect(outcomeRows).toHaveLength(29);
    expect(outcomeRows.every((s) => s.wasCorrect !== null)).toBe(true);
    // Memory samples have no outcome: the filter leaves them as they are.
    expect(memoryFile.rows).toBe(30);

    const dated = await exportOk({
      sampleType: 'memory',
      format: 'jsonl',
      minQualityScore: 0,
      startDate: at(10),
      endDate: at(12),
    });
    expect((await jsonlOf(dated.files[0]!)).map((m) => m.messageContent)).toEqual(['remember 12', 'remember 11', 'remember 10']);

    const limited = await exportOk({ sampleType: 'intent', format: 'jsonl', minQualityScore: 0, limit: 100 });
    expect(limited.files[0]!.rows).toBe(59);
    const ml = await exportOk({ type: 'intent', format: 'jsonl', filters: { limit: 7 }, filename: 'latest' }, ML_EXPORT);
    expect(ml.files[0]!.path).toBe(`${ml.exportId}/latest-intent.jsonl`);
    const latest = await jsonlOf(ml.files[0]!);
    expect(latest.map((s) => s.currentMessage)).toEqual(
      Array.from({ length: 7 }, (_, k) => `message "${59 - k}"\nwith a line break`),
    );
  });

  it('refuses bad input with a 400 and its message', async () => {
    const dates = await owner.post(EXPORT, { startDate: at(5), endDate: at(1) });
    expect(dates.status).toBe(400);
    expect(dates.text).toContain(TRAINING_DATA_MESSAGES.dateOrder);
    expect((await owner.post(EXPORT, { format: 'csv' })).status).toBe(400);
    expect((await owner.post(EXPORT, { limit: 50 })).status).toBe(400);
    expect((await owner.post(EXPORT, { minQualityScore: 2 })).status).toBe(400);
    const mlDates = await owner.post(ML_EXPORT, { filters: { startDate: at(5), endDate: at(1) } });
    expect(mlDates.status).toBe(400);
    expect(mlDates.text).toContain(TRAINING_DATA_MESSAGES.dateOrder);
    expect((await owner.post(ML_EXPORT, { filename: '../escape' })).status).toBe(400);
  });
});

describe('huggingface export', () => {
  it('writes a dataset folder: Parquet per type and split, stable splits, and a dataset card', async () => {
    const answer = await exportOk({ sampleType: 'both', format: 'huggingface', minQualityScore: 0 });
    const id = answer.exportId;
    const paths = answer.files.map((f) => f.path);
    expect(paths).toEqual([
      `${id}/README.md`,
      `${id}/data/memory/train-00000-of-00001.parquet`,
      `${id}/data/memory/validation-00000-of-00001.parquet`,
      `${id}/data/memory/test-00000-of-00001.parquet`,
      `${id}/data/intent/train-00000-of-00001.parquet`,
      `${id}/data/intent/validation-00000-of-00001.parquet`,
      `${id}/data/intent/test-00000-of-00001.parquet`,
    ]);

    const seen = { memory: new Map<string, string>(), intent: new Map<string, string>() };
    for (const file of answer.files.slice(1)) {
      const [, , type, name] = file.path.split('/') as [string, string, 'memory' | 'intent', string];
      const split = name.split('-')[0]!;
      const { rows, columns, metadata } = await parquetOf(file);
      expect(Number(metadata.num_rows)).toBe(rows.length);
      expect(file.rows).toBe(rows.length);
      if (type === 'intent') {
        expect(columns).toEqual(
          expect.arrayContaining([
            'id',
            'current_message',
            'conversation_history',
            'should_respond',
            'confidence',
            'was_correct',
          ]),
        );
      } else {
        expect(columns).toEqual(expect.arrayContaining(['id', 'message_content', 'extracted_gems', 'quality_score']));
      }
      for (const row of rows) {
        expect(expectedSplit(row.id as string)).toBe(split);
        seen[type].set(row.id as string, split);
      }
    }
    // Every selected sample is in exactly one split: 30 memory, 59 scored intent.
    expect(seen.memory.size).toBe(30);
    expect(seen.intent.size).toBe(59);
    expect([...seen.intent.keys()].sort()).toEqual(intentIds.slice(1).sort());

    // A value read back as written: the relabelled intent sample.
    const relabelledId = intentIds[5]!;
    const splitFile = answer.files.find((f) => f.path.endsWith(`intent/${expectedSplit(relabelledId)}-00000-of-00001.parquet`))!;
    const relabelled = (await parquetOf(splitFile)).rows.find((row) => row.id === relabelledId)!;
    expect(relabelled).toMatchObject({ should_respond: true, original_should_respond: false, human_verified: false });
    expect(JSON.parse(relabelled.conversation_history as string)).toEqual([{ username: 'ana', content: 'before 5' }]);

    const card = (await fetchBytes(answer.files[0]!)).toString('utf8');
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(card);
    expect(match).not.toBeNull();
    const meta = parseYaml(match![1]!) as {
      license: string;
      configs: { config_name: string; data_files: { split: string; path: string }[] }[];
      dataset_info: {
        config_name: string;
        features: { name: string; dtype: string }[];
        splits: { name: string; num_examples: number }[];
      }[];
    };
    expect(meta.license).toBe('other');
    expect(meta.configs.map((c) => c.config_name)).toEqual(['memory', 'intent']);
    expect(meta.configs[1]!.data_files).toEqual([
      { split: 'train', path: 'data/intent/train-00000-of-00001.parquet' },
      { split: 'validation', path: 'data/intent/validation-00000-of-00001.parquet' },
      { split: 'test', path: 'data/intent/test-00000-of-00001.parquet' },
    ]);
    const intentInfo = meta.dataset_info.find((c) => c.config_name === 'intent')!;
    const counted = (split: string) => [...seen.intent.values()].filter((s) => s === split).length;
    expect(intentInfo.splits).toEqual([
      { name: 'train', num_examples: counted('train') },
      { name: 'validation', num_examples: counted('validation') },
      { name: 'test', num_examples: counted('test') },
    ]);
    expect(intentInfo.features).toContainEqual({ name: 'should_respond', dtype: 'bool' });
    expect(intentInfo.features).toContainEqual({ name: 'confidence', dtype: 'float32' });
    expect(match![2]).toContain('"minQualityScore": 0');

    // The same samples land in the same splits in the next export with other filters.
    const again = await exportOk({ sampleType: 'intent', format: 'huggingface', minQualityScore: 0.5 });
    for (const file of again.files.slice(1)) {
      const split = file.path.split('/').at(-1)!.split('-')[0]!;
      for (const row of (await parquetOf(file)).rows) expect(seen.intent.get(row.id as string)).toBe(split);
    }
  });
});

describe('exports list, download and retention', () => {
  it('lists kept exports with their files, and downloads only listed files of that export', async () => {
    const first = await exportOk({ sampleType: 'memory', format: 'jsonl', minQualityScore: 0 });
    const second = await exportOk({ sampleType: 'intent', format: 'jsonl', minQualityScore: 0 });
    const list = await owner.get<{
      exports: { id: string; status: string; rowCount: number; total: number; files: ExportFile[] }[];
    }>('/api/admin/ml/exports');
    expect(list.status).toBe(200);
    const listed = list.body.exports.find((e) => e.id === first.exportId)!;
    expect(listed).toMatchObject({ status: 'done', rowCount: 30, total: 30, files: first.files });
    expect(list.body.exports[0]!.id).toBe(second.exportId);

    const ok = await download(owner, `/api/admin/ml/exports/${first.exportId}/files/memory.jsonl`);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-disposition']).toContain('memory.jsonl');

    const refused = [
      // Another export's file through this export's id.
      `/api/admin/ml/exports/${first.exportId}/files/intent.jsonl`,
      `/api/admin/ml/exports/${first.exportId}/files/..%2F${second.exportId}%2Fintent.jsonl`,
      `/api/admin/ml/exports/${first.exportId}/files/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`,
      `/api/admin/ml/exports/${first.exportId}/files/%2E%2Fmemory.jsonl`,
      // A name the export never listed.
      `/api/admin/ml/exports/${first.exportId}/files/memory.jsonl.tmp`,
      `/api/admin/ml/exports/00000000-0000-4000-8000-000000000000/files/memory.jsonl`,
    ];
    for (const url of refused) {
      const answer = await owner.get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body.error, url).toBe(TRAINING_DATA_MESSAGES.exportNotFound);
    }
  });

  it('audits each export', async () => {
    const answer = await exportOk({ sampleType: 'intent', format: 'jsonl', minQualityScore: 0.9 });
    const rows = await sql<{ actor_name: string; details: { format: string; rows: number } }>(
      server.app,
      `SELECT actor_name, details FROM audit_log WHERE action = 'training_data.exported' AND target_id = $1`,
      [answer.exportId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_name: OWNER.username, details: { format: 'jsonl', rows: answer.files[0]!.rows } });
  });

  it('removes expired exports, their folders and rows, and refuses their downloads', async () => {
    const kept = await exportOk({ sampleType: 'memory', format: 'jsonl', minQualityScore: 0.9 });
    const expired = await exportOk({ sampleType: 'memory', format: 'huggingface', minQualityScore: 0.9 });
    await sql(server.app, `UPDATE jobs SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.exportId]);
    const file = expired.files[0]!;
    expect((await owner.get(fileUrl(file))).status).toBe(404);

    const result = await removeExpiredExports(server.app.services.db, exportsDir);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(exportsDir, expired.exportId))).toBe(false);
    expect(await sql(server.app, 'SELECT id FROM jobs WHERE id = $1', [expired.exportId])).toHaveLength(0);
    expect(existsSync(path.join(exportsDir, kept.exportId, 'memory.jsonl'))).toBe(true);
    expect(await readFile(path.join(exportsDir, kept.exportId, 'memory.jsonl'), 'utf8')).not.toBe('');
    const list = await owner.get<{ exports: { id: string }[] }>('/api/admin/ml/exports');
    expect(list.body.exports.map((e) => e.id)).not.toContain(expired.exportId);
  });

  it('fails an export left running by a stopped process once its lease ran out, and removes its folder', async () => {
    const [stuck] = await sql<{ id: string }>(
      server.app,
      `INSERT INTO jobs (kind, actor, input, status, attempts, max_attempts, lease_token, lease_until, expires_at)
       VALUES ('dataset_export', '{"type": "system"}', '{"sampleType": "both", "format": "jsonl", "filters": {}}',
               'running', 1, 1, gen_random_uuid(), now() - interval '1 second', now() + interval '1 day') RETURNING id`,
    );
    await mkdir(path.join(exportsDir, stuck!.id));
    await writeFile(path.join(exportsDir, stuck!.id, 'intent.jsonl'), '{"half": "written"}\n');
    const deadline = Date.now() + 10_000;
    let listed: { id: string; status: string; error: string | null } | undefined;
    while (listed?.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const list = await owner.get<{ exports: { id: string; status: string; error: string | null }[] }>('/api/admin/ml/exports');
      listed = list.body.exports.find((e) => e.id === stuck!.id);
    }
    expect(listed).toMatchObject({ status: 'failed', error: 'The export was interrupted' });
    expect(existsSync(path.join(exportsDir, stuck!.id))).toBe(false);
  });
});

describe('progress', () => {
  it('reaches a full-access admin over /admin when the export ends', async () => {
    const socket = connectAdmin(server.url, owner.cookieHeader());
    try {
      await nextEvent(socket, 'admin:welcome');
      const progress = nextEvent(socket, 'ml:export-progress');
      const answer = await exportOk({ sampleType: 'intent', minQualityScore: 0 });
      expect(await progress).toMatchObject({ exportId: answer.exportId, done: true, written: 59 });
    } finally {
      socket.disconnect();
    }
  });
});

describe('access', () => {
  it('refuses an admin without admin.full_access (403) and a signed-out client (401)', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer', permissions: ['settings.view'] });
    const client = new HttpClient(server.url);
    expect((await client.signIn(viewer.username, viewer.password)).status).toBe(200);
    expect((await client.post(EXPORT, {})).status).toBe(403);
    expect((await client.post(ML_EXPORT, {})).status).toBe(403);
    expect((await client.get('/api/admin/ml/exports')).status).toBe(403);
    const some = (await owner.get<{ exports: { id: string; files: ExportFile[] }[] }>('/api/admin/ml/exports')).body.exports[0]!;
    expect((await client.get(fileUrl(some.files[0]!))).status).toBe(403);
    expect((await new HttpClient(server.url).post(EXPORT, {})).status).toBe(401);
  });
});
