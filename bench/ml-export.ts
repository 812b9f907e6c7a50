// Training dataset export with a hundred thousand samples (issue 16), in one run:
//  the baseline: COPY (SELECT the same columns of the same rows) TO STDOUT through pg-copy-streams, read to the end;
//  then POST /api/admin/training-data/export as jsonl and as a Hugging Face folder, with the server's RSS sampled.
// Run: node --import tsx bench/ml-export.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DATASET_SELECTS } from '../apps/server/src/modules/training-data/dataset-queries';
import type { BenchCommand } from './support/app-process';
import { signInBenchAdmin } from './support/bench-admin';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100_000);
const MAX_SECONDS = 10;
const MAX_GROWTH_MB = 64;
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Half memory, half intent samples, over the last 200 days, with messages of 60-200 characters, 3-5 lines of
 * conversation before them, gems, every fifth one verified, every tenth relabelled, every other one with an outcome.
 */
async function seedSamples(client: pg.Client, total: number) {
  const memory = Math.floor(total / 2);
  const intent = total - memory;
  const words = `'{raid,tonight,loot,boss,pull,wipe,heal,tank,mythic,keys,vault,council,attendance,reset,guild,bank}'::text[]`;
  const text = (seed: string, n: string) =>
    `(SELECT string_agg((${words})[1 + ((${seed} * 7 + k * 13) % 16)], ' ') FROM generate_series(1, ${n}) k)`;
  const history = (seed: string) =>
    `(SELECT jsonb_agg(jsonb_build_object('username', 'member' || ((${seed} + h) % 500), 'content', ${text(`${seed} + h`, '8 + h * 2')}))
        FROM generate_series(1, 3 + ${seed} % 3) h)`;
  await client.query(
    `INSERT INTO memory_samples (client_id, message_content, extracted_gems, extracted_event, conversation_history,
       llm_provider, llm_model, extraction_latency_ms, quality_score, human_verified, label_corrections, created_at)
     SELECT 'bench-memory-' || i, ${text('i', '10 + i % 25')},
       jsonb_build_array(jsonb_build_object('fact', ${text('i + 3', '6')}, 'concepts', '["raid","schedule"]'::jsonb)),
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('summary', ${text('i + 5', '5')}, 'timestamp', NULL) END,
       ${history('i')}, 'anthropic', 'claude-x', 100 + i % 900, (i % 101) / 100.0, i % 5 = 0,
       CASE WHEN i % 10 = 0 THEN '{"extractedGems": [{"fact": "corrected", "concepts": []}]}'::jsonb END,
       now() - (i % 200) * interval '1 day' - i * interval '1 second'
     FROM generate_series(1, $1::int) i`,
    [memory],
  );
  await client.query(
    `INSERT INTO intent_samples (client_id, current_message, conversation_history, should_respond, confidence,
       temperature, vibe_classification, provider_used, model_used, actual_response_sent, was_correct, quality_score,
       human_verified, label_corrections, created_at)
     SELECT 'bench-intent-' || i, ${text('i', '10 + i % 25')}, ${history('i')}, i % 3 = 0, (i % 100) / 100.0, 0.7,
       (ARRAY['chill','hype','serious'])[1 + i % 3], (ARRAY['openai','anthropic'])[1 + i % 2], 'model-x', i % 3 = 0,
       CASE WHEN i % 2 = 0 THEN i % 4 = 0 END, (i % 101) / 100.0, i % 5 = 0,
       CASE WHEN i % 10 = 0 THEN '{"shouldRespond": true}'::jsonb END,
       now() - (i % 200) * interval '1 day' - i * interval '1 second'
     FROM generate_series(1, $1::int) i`,
    [intent],
  );
  await client.query('ANALYZE memory_samples; ANALYZE intent_samples');
}

/** The baseline: the same columns of the same rows (both types, newest first) as COPY text, read to the end. */
async function measureCopy(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  for (const type of ['memory', 'intent'] as const) {
    const sql = `COPY (${DATASET_SELECTS[type]} WHERE t.quality_score >= 0 ORDER BY t.created_at DESC, t.id DESC) TO STDOUT`;
    const stream = client.query(copyTo(sql));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return { seconds, bytes, rows };
}

type ExportAnswer = { exportId: string; files: { type: string; path: string; bytes: number; rows: number }[] };

/** One export over HTTP (it answers once the files are written), with the app sampling its RSS meanwhile. */
async function measureExport(app: AppProcess, cookie: string, format: 'jsonl' | 'huggingface', exportsDir: string) {
  app.child.send({ type: 'sample-start' } satisfies BenchCommand);
  const started = performance.now();
  const response = await fetch(`${app.url}/api/admin/training-data/export`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ sampleType: 'both', format, minQualityScore: 0 }),
  });
  const body = (await response.json()) as ExportAnswer;
  const seconds = (performance.now() - started) / 1000;
  app.child.send({ type: 'sample-stop' } satisfies BenchCommand);
  const sampled = await app.next();
  if (sampled.type !== 'sampled') throw new Error('no memory sample');
  if (!response.ok) throw new Error(`export answered ${response.status}: ${JSON.stringify(body)}`);
  const dataFiles = body.files.filter((file) => file.type !== 'dataset-card');
  let bytes = 0;
  for (const file of body.files) bytes += (await stat(path.join(exportsDir, file.path))).size;
  return { seconds, rows: dataFiles.reduce((sum, file) => sum + file.rows, 0), bytes, files: body.files.length, ...sampled };
}

async function main() {
  // BENCH_DATABASE_URL: a database of an earlier run, kept (seeded once, not dropped), to iterate quickly.
  const kept = process.env.BENCH_DATABASE_URL;
  const databaseName = kept ? null : `guildhall_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = kept ?? Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-bench-ml-'));
  if (databaseName) await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  let app: AppProcess | null = null;
  try {
    app = await startAppProcess(databaseUrl, { GUILDHALL_DATA_DIR: dataDir });
    const seedStarted = performance.now();
    const seeder = new pg.Client({ connectionString: databaseUrl });
    await seeder.connect();
    const { rows } = await seeder.query(
      'SELECT (SELECT count(*) FROM memory_samples) + (SELECT count(*) FROM intent_samples) AS n',
    );
    if (Number(rows[0].n) !== SAMPLES) {
      await seeder.query('TRUNCATE memory_samples, intent_samples');
      await seedSamples(seeder, SAMPLES);
    }
    await seeder.end();
    console.log(`seeded ${SAMPLES.toLocaleString()} samples in ${s((performance.now() - seedStarted) / 1000)}`);

    const cookie = await signInBenchAdmin(app.url);
    const exportsDir = path.join(dataDir, 'exports');
    // A warm-up of each side, so neither pays for a cold cache alone.
    await measureCopy(databaseUrl);
    const copy = await measureCopy(databaseUrl);
    const jsonl = await measureExport(app, cookie, 'jsonl', exportsDir);
    const hf = await measureExport(app, cookie, 'huggingface', exportsDir);

    const verdict = (run: typeof jsonl) => {
      const growth = run.peakRss - run.idleRss;
      const isOk = run.seconds < MAX_SECONDS && growth <= MAX_GROWTH_MB * MB && run.rows === SAMPLES;
      return { growth, isOk };
    };
    const lines = [
      `Training dataset export, ${SAMPLES.toLocaleString()} samples (half memory, half intent)`,
      `  baseline COPY TO STDOUT  ${copy.rows.toLocaleString()} rows, ${mb(copy.bytes)} in ${s(copy.seconds)}`,
    ];
    let isOk = copy.rows === SAMPLES;
    for (const [name, run] of [
      ['jsonl', jsonl],
      ['huggingface', hf],
    ] as const) {
      const { growth, isOk: ok } = verdict(run);
      isOk &&= ok;
      lines.push(
        `  ${name.padEnd(23)} ${run.rows.toLocaleString()} rows, ${run.files} files, ${mb(run.bytes)} in ${s(run.seconds)}` +
          `   ratio to COPY ${(run.seconds / copy.seconds).toFixed(2)}×   (must be < ${MAX_SECONDS} s)`,
        `    server RSS idle ${mb(run.idleRss)}, peak ${mb(run.peakRss)} (${run.samples} samples), growth ${mb(growth)}` +
          `   (must be <= ${MAX_GROWTH_MB} MB)   ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(`\n${lines.join('\n')}\n`);
    process.exitCode = isOk ? 0 : 1;
  } finally {
    if (app) await stopAppProcess(app);
    if (databaseName) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
