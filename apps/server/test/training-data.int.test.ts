import { type IntentSample, type MemorySample, TRAINING_DATA_MESSAGES, type TrainingStatistics } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { insertTrainingSamples, type TrainingSet } from './helpers/training-data-samples';

const BASE = '/api/admin/training-data';

let ctx: IsolatedApp & { owner: HttpClient };
let set: TrainingSet;

beforeAll(async () => {
  ctx = await startSignedInApp();
  set = await insertTrainingSamples(ctx.server.app);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

async function statistics(query = '') {
  const answer = await ctx.owner.get<{ success: true; data: TrainingStatistics }>(`${BASE}/statistics${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

type Page<S> = { samples: S[]; pagination: { page: number; limit: number; total: number; totalPages: number } };

async function memory(query: string) {
  const answer = await ctx.owner.get<Page<MemorySample>>(`${BASE}/memory?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function intent(query: string) {
  const answer = await ctx.owner.get<Page<IntentSample>>(`${BASE}/intent?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const keys = (page: Page<{ id: string }>) => page.samples.map((sample) => set.keyOf[sample.id]);

describe('training statistics', () => {
  it('counts every figure of the fixed set as worked out by hand', async () => {
    const data = await statistics();
    expect(Date.parse(data.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.memory).toEqual({ totalSamples: 4, verifiedSamples: 1, avgQualityScore: 0.6333 });
    expect(data.intent).toEqual({
      totalSamples: 5,
      verifiedSamples: 2,
      respondTrue: 2,
      respondFalse: 3,
      avgConfidence: 0.6,
      avgQualityScore: 0.7125,
    });
    expect(data.decisionAccuracy).toEqual({ totalWithOutcome: 4, correctDecisions: 2, truePositives: 1, falsePositives: 1 });
    expect(data.providerPerformance).toEqual([
      {
        providerUsed: 'openai',
        sampleCount: 3,
        avgConfidence: 0.6667,
        avgQualityScore: 0.6333,
        correctDecisions: 1,
        withOutcome: 3,
      },
      {
        providerUsed: 'anthropic',
        sampleCount: 2,
        avgConfidence: 0.5,
        avgQualityScore: 0.95,
        correctDecisions: 1,
        withOutcome: 1,
      },
    ]);
    // The providers' accuracy counts what the headline counts (issue 29): their outcomes add up to its.
    const sum = (key: 'correctDecisions' | 'withOutcome') => data.providerPerformance.reduce((total, p) => total + p[key], 0);
    expect([sum('correctDecisions'), sum('withOutcome')]).toEqual([
      data.decisionAccuracy.correctDecisions,
      data.decisionAccuracy.totalWithOutcome,
    ]);
  });

  it('counts only samples created between startDate and endDate', async () => {
    const data = await statistics('?startDate=2026-01-11T00:00:00Z&endDate=2026-01-19T23:59:59Z');
    expect(data.memory).toEqual({ totalSamples: 2, verifiedSamples: 0, avgQualityScore: 0.2 });
    expect(data.intent).toEqual({
      totalSamples: 3,
      verifiedSamples: 1,
      respondTrue: 1,
      respondFalse: 2,
      avgConfidence: 0.5333,
      avgQualityScore: 0.675,
    });
    expect(data.decisionAccuracy).toEqual({ totalWithOutcome: 2, correctDecisions: 1, truePositives: 0, falsePositives: 1 });
    const empty = await statistics('?startDate=2030-01-01T00:00:00Z');
    expect(empty.memory).toEqual({ totalSamples: 0, verifiedSamples: 0, avgQualityScore: null });
    expect(empty.providerPerformance).toEqual([]);
  });

  it('refuses an end before the start with the spec message', async () => {
    const answer = await ctx.owner.get(`${BASE}/statistics?startDate=2026-01-20T00:00:00Z&endDate=2026-01-10T00:00:00Z`);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ endDate: TRAINING_DATA_MESSAGES.dateOrder });
    expect((await ctx.owner.get(`${BASE}/statistics?startDate=yesterday`)).status).toBe(400);
  });
});

describe('the sample lists', () => {
  it('lists memory samples newest first with the spec fields and pagination', async () => {
    const page = await memory('');
    expect(keys(page)).toEqual(['M4', 'M3', 'M2', 'M1']);
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });
    const m1 = page.samples[3]!;
    expect(m1).toMatchObject({
      humanVerified: true,
      qualityScore: 0.7,
      timestamp: '2026-01-10T11:00:00.000Z',
      messageContent: 'Thrall swaps to holy next tier',
      extractedEvent: { summary: 'Roster change', timestamp: null },
      extractedGems: [{ fact: 'Thrall plays holy', concepts: ['roster'] }],
      gemCount: 1,
      llmProvider: 'openai',
      llmModel: 'gpt-4o-mini',
      provider: 'openai',
      modelVersion: 'gpt-4o-mini',
      conversationHistory: [{ username: 'Thrall', content: 'hello' }],
      labelCorrections: null,
    });
  });

  it('filters memory samples by verified, minimum quality (inclusive) and provider', async () => {
    expect(keys(await memory('verified=false'))).toEqual(['M4', 'M3', 'M2']);
    expect(keys(await memory('verified=true'))).toEqual(['M1']);
    expect(keys(await memory('minQuality=0.7'))).toEqual(['M4', 'M1']);
    expect(keys(await memory('provider=anthropic'))).toEqual(['M2']);
    expect((await memory('provider=anthropic&verified=true')).pagination.total).toBe(0);
  });

  it('sorts by quality either way with unscored samples last, and refuses confidence for memory', async () => {
    expect(keys(await memory('sortBy=qualityScore&sortOrder=asc'))).toEqual(['M2', 'M1', 'M4', 'M3']);
    expect(keys(await memory('sortBy=qualityScore&sortOrder=desc'))).toEqual(['M4', 'M1', 'M2', 'M3']);
    expect(keys(await memory('sortBy=timestamp&sortOrder=asc'))).toEqual(['M1', 'M2', 'M3', 'M4']);
    const answer = await ctx.owner.get(`${BASE}/memory?sortBy=confidence`);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ sortBy: TRAINING_DATA_MESSAGES.memoryConfidenceSort });
  });

  it('filters intent samples by shouldRespond, provider and quality, sorts by confidence and pages', async () => {
    expect(keys(await intent(''))).toEqual(['I5', 'I4', 'I3', 'I2', 'I1']);
    expect(keys(await intent('shouldRespond=true'))).toEqual(['I2', 'I1']);
    expect(keys(await intent('shouldRespond=false&verified=false'))).toEqual(['I5', 'I3']);
    expect(keys(await intent('provider=openai&minQuality=0.7'))).toEqual(['I5', 'I1']);
    expect(keys(await intent('sortBy=confidence'))).toEqual(['I1', 'I3', 'I2', 'I5', 'I4']);
    const second = await intent('sortBy=confidence&limit=2&page=2');
    expect(keys(second)).toEqual(['I2', 'I5']);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    const i1 = (await intent('sortBy=confidence&limit=1')).samples[0]!;
    expect(i1).toMatchObject({
      shouldRespond: true,
      confidence: 0.9,
      currentMessage: '@Guildbot raid time?',
      providerUsed: 'openai',
      modelUsed: 'gpt-4o-mini',
      temperature: 0.7,
      vibeClassification: 'question',
      actualResponseSent: true,
      wasCorrect: true,
      qualityScore: 0.8,
    });
  });

  it('answers 400 for filters out of range', async () => {
    for (const query of ['minQuality=2', 'sortBy=name', 'sortOrder=up', 'page=0', 'limit=500', 'verified=maybe']) {
      const answer = await ctx.owner.get(`${BASE}/intent?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('VALIDATION_FAILED');
    }
  });
});

describe('verifying from the training data screens', () => {
  it('verifies a sample once, audited, and refuses anything but humanVerified true', async () => {
    const answer = await ctx.owner.request<{ sample: MemorySample }>('PUT', `${BASE}/memory/${set.ids.M2}`, {
      body: { humanVerified: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.sample).toMatchObject({ id: set.ids.M2, humanVerified: true });
    const [row] = await sql<{ verified_by: string; verified_at: Date | null }>(
      ctx.server.app,
      'SELECT verified_by, verified_at FROM memory_samples WHERE id = $1',
      [set.ids.M2],
    );
    expect(row!.verified_at).not.toBeNull();
    const audit = await sql(
      ctx.server.app,
      "SELECT actor_name, target_type FROM audit_log WHERE target_id = $1 AND action = 'training_data.sample_verified'",
      [set.ids.M2],
    );
    expect(audit).toEqual([{ actor_name: 'owner', target_type: 'memory_sample' }]);

    const unverify = await ctx.owner.request('PUT', `${BASE}/memory/${set.ids.M2}`, { body: { humanVerified: false } });
    expect(unverify.status).toBe(400);
    const intentAnswer = await ctx.owner.request<{ sample: IntentSample }>('PUT', `${BASE}/intent/${set.ids.I5}`, {
      body: { humanVerified: true },
    });
    expect(intentAnswer.body.sample).toMatchObject({ id: set.ids.I5, humanVerified: true, providerUsed: 'openai' });
  });

  it('answers 404 for an id of the other type or none', async () => {
    const answer = await ctx.owner.request('PUT', `${BASE}/intent/${set.ids.M3}`, { body: { humanVerified: true } });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe(TRAINING_DATA_MESSAGES.sampleNotFound);
    expect((await ctx.owner.request('PUT', `${BASE}/memory/not-a-uuid`, { body: { humanVerified: true } })).status).toBe(400);
  });
});

describe('access', () => {
  it('refuses an admin without admin.full_access with 403 and a visitor with 401', async () => {
    const support = await createTestAdmin(ctx.server.app, { role: 'support' });
    const client = new HttpClient(ctx.server.url);
    expect((await client.signIn(support.username, support.password)).status).toBe(200);
    for (const path of [`${BASE}/statistics`, `${BASE}/memory`, '/api/admin/ml/samples', '/api/admin/ml/analytics']) {
      expect((await client.get(path)).status, path).toBe(403);
      expect((await new HttpClient(ctx.server.url).get(path)).status, path).toBe(401);
    }
    const write = await client.request('PUT', `${BASE}/memory/${set.ids.M3}`, { body: { humanVerified: true } });
    expect(write.status).toBe(403);
    const [row] = await sql<{ human_verified: boolean }>(
      ctx.server.app,
      'SELECT human_verified FROM memory_samples WHERE id = $1',
      [set.ids.M3],
    );
    expect(row!.human_verified).toBe(false);
  });
});
