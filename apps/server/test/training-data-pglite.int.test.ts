import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IngestResult } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const TOKEN = 'pglite-bot-token-long-enough-for-32-characters';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-training-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir, BOT_API_TOKEN: TOKEN }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

const intent = (id: string, minute: number) => ({
  type: 'intent',
  id,
  currentMessage: `message ${id}`,
  shouldRespond: minute % 2 === 0,
  confidence: 0.5,
  providerUsed: 'openai',
  modelUsed: 'gpt-4o-mini',
  wasCorrect: true,
  timestamp: `2026-02-01T10:0${minute}:00Z`,
});

describe('training data on embedded PGlite', () => {
  it('ingests a batch idempotently, then lists, queues, bulk-verifies and counts it', async () => {
    const bot = new HttpClient(server.url);
    const samples = [intent('p-1', 1), intent('p-2', 2), intent('p-3', 3)];
    const send = () =>
      bot.post<IngestResult>(
        '/api/bot/training-samples',
        { samples },
        { isXhr: false, headers: { authorization: `Bearer ${TOKEN}` } },
      );
    expect((await send()).body).toMatchObject({ accepted: 3, duplicates: 0 });
    expect((await send()).body).toMatchObject({ accepted: 0, duplicates: 3 });

    const list = await owner.get<{ samples: { id: string; currentMessage: string }[] }>('/api/admin/training-data/intent');
    expect(list.body.samples.map((s) => s.currentMessage)).toEqual(['message p-3', 'message p-2', 'message p-1']);
    const [newest, middle, oldest] = list.body.samples.map((s) => s.id);

    const queue = await owner.get<{ data: { sample: { id: string } }[]; remaining: number }>(
      `/api/admin/ml/samples/needing-verification?skip=${oldest}`,
    );
    expect(queue.body.data.map((item) => item.sample.id)).toEqual([middle, newest]);
    expect(queue.body.remaining).toBe(2);

    const bulk = await owner.post('/api/admin/ml/samples/bulk-action', {
      type: 'intent',
      action: 'verify',
      sampleIds: [oldest, middle],
    });
    expect(bulk.body).toEqual({ success: true, affected: 2 });
    const stats = await owner.get<{ data: { intent: Record<string, unknown>; decisionAccuracy: Record<string, number> } }>(
      '/api/admin/training-data/statistics',
    );
    expect(stats.body.data.intent).toMatchObject({ totalSamples: 3, verifiedSamples: 2, respondTrue: 1, respondFalse: 2 });
    expect(stats.body.data.decisionAccuracy).toEqual({
      totalWithOutcome: 3,
      correctDecisions: 3,
      truePositives: 1,
      falsePositives: 0,
    });
  });
});
