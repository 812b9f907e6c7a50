import { type MlAnalytics, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { insertTrainingSamples, type TrainingSet } from './helpers/training-data-samples';

const ML = '/api/admin/ml';

let ctx: IsolatedApp & { owner: HttpClient };
let set: TrainingSet;

beforeAll(async () => {
  ctx = await startSignedInApp();
  set = await insertTrainingSamples(ctx.server.app);
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

type Tagged = { type: 'memory' | 'intent'; sample: { id: string; humanVerified: boolean } & Record<string, unknown> };

const put = (path: string, body: unknown) => ctx.owner.request<{ data: Tagged }>('PUT', `${ML}${path}`, { body });

async function auditOf(action: string) {
  return sql<{ actor_name: string; target_type: string; target_id: string; details: Record<string, unknown> }>(
    ctx.server.app,
    'SELECT actor_name, target_type, target_id, details FROM audit_log WHERE action = $1 ORDER BY created_at',
    [action],
  );
}

describe('ML analytics', () => {
  it('builds the confusion matrix, quality buckets, unscored and verification counts of the fixed set', async () => {
    const answer = await ctx.owner.get<{ data: MlAnalytics }>(`${ML}/analytics`);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    // I1 respond+right, I2 respond+wrong, I3 ignore+right, I5 ignore+wrong; I4's outcome is unknown.
    expect(data.confusionMatrix).toEqual({ truePositives: 1, falsePositives: 1, trueNegatives: 1, falseNegatives: 1 });
    expect(data.qualityDistribution).toEqual([
      { type: 'intent', bucket: 4, count: 1 },
      { type: 'intent', bucket: 7, count: 1 },
      { type: 'intent', bucket: 8, count: 1 },
      { type: 'intent', bucket: 9, count: 1 },
      { type: 'memory', bucket: 2, count: 1 },
      { type: 'memory', bucket: 7, count: 1 },
      { type: 'memory', bucket: 9, count: 1 },
    ]);
    expect(data.unscored).toEqual({ memory: 1, intent: 1 });
    expect(data.verification).toEqual({ memory: { verified: 1, total: 4 }, intent: { verified: 2, total: 5 } });
    expect(data.providerPerformance.map((p) => [p.providerUsed, p.sampleCount, p.correctDecisions])).toEqual([
      ['openai', 3, 1],
      ['anthropic', 2, 1],
    ]);
  });

  it('narrows to one type and a date range', async () => {
    const memory = (await ctx.owner.get<{ data: MlAnalytics }>(`${ML}/analytics?type=memory`)).body.data;
    expect(memory.qualityDistribution.every((row) => row.type === 'memory')).toBe(true);
    expect(memory.providerPerformance).toEqual([]);
    expect(memory.verification.intent).toEqual({ verified: 0, total: 0 });
    const ranged = await ctx.owner.get<{ data: MlAnalytics }>(
      `${ML}/analytics?type=intent&startDate=2026-01-11T00:00:00Z&endDate=2026-01-13T23:59:59Z`,
    );
    expect(ranged.body.data.confusionMatrix).toEqual({
      truePositives: 0,
      falsePositives: 1,
      trueNegatives: 1,
      falseNegatives: 0,
    });
    expect(ranged.body.data.verification.intent).toEqual({ verified: 1, total: 3 });
    const reversed = await ctx.owner.get(`${ML}/analytics?startDate=2026-01-13T00:00:00Z&endDate=2026-01-11T00:00:00Z`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toEqual({ endDate: TRAINING_DATA_MESSAGES.dateOrder });
  });
});

describe('the review queue', () => {
  const queue = async (query: string) => {
    const answer = await ctx.owner.get<{ data: Tagged[]; remaining: number }>(`${ML}/samples/needing-verification?${query}`);
    expect(answer.status).toBe(200);
    return {
      keys: answer.body.data.map((item) => `${item.type}:${set.keyOf[item.sample.id]}`),
      remaining: answer.body.remaining,
    };
  };

  it('walks unverified samples oldest first, both types interleaved by time', async () => {
    expect(await queue('')).toEqual({
      keys: ['intent:I2', 'memory:M2', 'intent:I3', 'memory:M3', 'intent:I5', 'memory:M4'],
      remaining: 6,
    });
    expect(await queue('limit=2')).toEqual({ keys: ['intent:I2', 'memory:M2'], remaining: 6 });
    expect(await queue('type=memory')).toEqual({ keys: ['memory:M2', 'memory:M3', 'memory:M4'], remaining: 3 });
  });

  it('leaves out skipped samples and refuses a skip list that is not ids', async () => {
    expect(await queue(`limit=2&skip=${set.ids.I2},${set.ids.M2}`)).toEqual({
      keys: ['intent:I3', 'memory:M3'],
      remaining: 4,
    });
    for (const skip of ['1;DROP', '-'.repeat(36), `${set.ids.I2},`]) {
      const bad = await ctx.owner.get(`${ML}/samples/needing-verification?skip=${encodeURIComponent(skip)}`);
      expect(bad.status, skip).toBe(400);
      expect(bad.body.fields, skip).toEqual({ skip: TRAINING_DATA_MESSAGES.skipInvalid });
    }
  });
});

describe('samples, verification and labels', () => {
  it('lists samples of a type (intent by default) with the training data filters', async () => {
    const intents = await ctx.owner.get<{ type: string; samples: { id: string }[]; pagination: { total: number } }>(
      `${ML}/samples?shouldRespond=false&sortBy=confidence&sortOrder=asc`,
    );
    expect(intents.body.type).toBe('intent');
    expect(intents.body.samples.map((s) => set.keyOf[s.id])).toEqual(['I4', 'I5', 'I3']);
    const memory = await ctx.owner.get<{ type: string; samples: { id: string }[] }>(`${ML}/samples?type=memory&verified=true`);
    expect(memory.body.samples.map((s) => set.keyOf[s.id])).toEqual(['M1']);
  });

  it('verifies one-way: verified false on a verified sample is refused with 409', async () => {
    const verified = await put(`/samples/${set.ids.M3}/verify`, { type: 'memory', verified: true });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ type: 'memory', sample: { id: set.ids.M3, humanVerified: true } });
    const undo = await put(`/samples/${set.ids.M3}/verify`, { type: 'memory', verified: false });
    expect(undo.status).toBe(409);
    expect(undo.body).toMatchObject({ code: 'CONFLICT', error: TRAINING_DATA_MESSAGES.verifyOneWay });
    const [row] = await sql<{ human_verified: boolean }>(
      ctx.server.app,
      'SELECT human_verified FROM memory_samples WHERE id = $1',
      [set.ids.M3],
    );
    expect(row!.human_verified).toBe(true);
    expect((await auditOf('training_data.sample_verified')).map((a) => a.target_id)).toEqual([set.ids.M3]);
    expect((await put(`/samples/${set.ids.M3}/verify`, { type: 'intent', verified: true })).status).toBe(404);
  });

  it('keeps a label correction beside the original, verifies the sample and settles the outcome', async () => {
    // I3: the bot ignored the message (should_respond false) and that was marked right; the reviewer says it should have answered.
    const first = await put(`/samples/${set.ids.I3}/label`, {
      type: 'intent',
      corrections: { shouldRespond: true, note: 'A direct question to the bot' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.sample).toMatchObject({
      shouldRespond: false,
      wasCorrect: false,
      humanVerified: true,
      labelCorrections: { shouldRespond: true, note: 'A direct question to the bot' },
    });
    const second = await put(`/samples/${set.ids.I3}/label`, { type: 'intent', corrections: { vibeClassification: 'banter' } });
    expect(second.body.data.sample.labelCorrections).toEqual({
      shouldRespond: true,
      note: 'A direct question to the bot',
      vibeClassification: 'banter',
    });
    expect(second.body.data.sample.wasCorrect).toBe(false);
    const [row] = await sql<{ labelled_by: string | null; labelled_at: Date | null }>(
      ctx.server.app,
      'SELECT labelled_by, labelled_at FROM intent_samples WHERE id = $1',
      [set.ids.I3],
    );
    expect(row!.labelled_by).not.toBeNull();
    expect(row!.labelled_at).not.toBeNull();
    const audits = await auditOf('training_data.sample_labelled');
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actor_name: 'owner', target_type: 'intent_sample', target_id: set.ids.I3 });

    const memory = await put(`/samples/${set.ids.M4}/label`, {
      type: 'memory',
      corrections: { extractedGems: [{ fact: 'Thrall plays holy priest', concepts: ['class'] }], qualityScore: 0.6 },
    });
    expect(memory.body.data.sample).toMatchObject({ qualityScore: 1, humanVerified: true });
    expect(memory.body.data.sample.labelCorrections).toMatchObject({ qualityScore: 0.6 });

    const invalid = await put(`/samples/${set.ids.M4}/label`, { type: 'memory', corrections: { qualityScore: 3 } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body as object)).toContain('fields');
  });
});

describe('feedback', () => {
  it('records feedback, audited; an intent verdict sets the outcome the accuracy counts', async () => {
    const created = await ctx.owner.post<{ data: Record<string, unknown> }>(`${ML}/feedback`, {
      sampleType: 'intent',
      sampleId: set.ids.I4,
      wasCorrect: false,
      rating: 2,
      comment: 'Should have answered the raid question',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      sampleType: 'intent',
      sampleId: set.ids.I4,
      wasCorrect: false,
      rating: 2,
      createdBy: 'owner',
    });
    const detail = await ctx.owner.get<{ data: Tagged; feedback: { comment: string }[] }>(
      `${ML}/samples/${set.ids.I4}?type=intent`,
    );
    expect(detail.body.data.sample.wasCorrect).toBe(false);
    expect(detail.body.feedback.map((f) => f.comment)).toEqual(['Should have answered the raid question']);
    const stats = await ctx.owner.get<{ data: { decisionAccuracy: Record<string, number> } }>(
      '/api/admin/training-data/statistics',
    );
    // Before: 4 known outcomes; I4 now known (wrong), I3 relabelled as wrong.
    expect(stats.body.data.decisionAccuracy).toEqual({
      totalWithOutcome: 5,
      correctDecisions: 1,
      truePositives: 1,
      falsePositives: 1,
    });
    expect((await auditOf('training_data.feedback_recorded')).map((a) => a.target_id)).toEqual([set.ids.I4]);

    await ctx.owner.post(`${ML}/feedback`, { sampleType: 'memory', sampleId: set.ids.M1, rating: 5 });
    const all = await ctx.owner.get<{ data: { sampleId: string }[] }>(`${ML}/feedback`);
    expect(all.body.data.map((f) => set.keyOf[f.sampleId])).toEqual(['M1', 'I4']);
    const one = await ctx.owner.get<{ data: { sampleId: string }[] }>(`${ML}/feedback?sampleId=${set.ids.I4}`);
    expect(one.body.data).toHaveLength(1);
  });

  it('refuses empty feedback with 400 and feedback on a missing sample with 404', async () => {
    const empty = await ctx.owner.post(`${ML}/feedback`, { sampleType: 'memory', sampleId: set.ids.M1 });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ comment: TRAINING_DATA_MESSAGES.feedbackEmpty });
    const missing = await ctx.owner.post(`${ML}/feedback`, { sampleType: 'memory', sampleId: set.ids.I1, rating: 3 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(TRAINING_DATA_MESSAGES.sampleNotFound);
  });
});

describe('bulk actions', () => {
  let bulkIds: string[];

  beforeAll(async () => {
    const rows = await sql<{ id: string }>(
      ctx.server.app,
      `INSERT INTO intent_samples (client_id, current_message, should_respond, confidence, provider_used, model_used, created_at)
       SELECT 'bulk-' || n, 'message ' || n, n % 2 = 0, 0.5, 'bulkprov', 'm', '2026-03-01T00:00:00Z'::timestamptz + n * interval '1 minute'
         FROM generate_series(1, 3) n RETURNING id`,
    );
    bulkIds = rows.map((row) => row.id);
  });

  const bulk = (body: Record<string, unknown>) =>
    ctx.owner.post<{ affected: number }>(`${ML}/samples/bulk-action`, { type: 'intent', sampleIds: bulkIds, ...body });

  it('verifies many in one call, counting only those that changed', async () => {
    expect((await bulk({ action: 'verify' })).body).toEqual({ success: true, affected: 3 });
    expect((await bulk({ action: 'verify' })).body.affected).toBe(0);
    const [count] = await sql<{ n: number }>(
      ctx.server.app,
      "SELECT count(*)::int AS n FROM intent_samples WHERE provider_used = 'bulkprov' AND human_verified AND verified_by IS NOT NULL",
    );
    expect(count!.n).toBe(3);
  });

  it('sets a quality score, and asks for one when it is missing', async () => {
    expect((await bulk({ action: 'setQuality', data: { qualityScore: 0.3 } })).body.affected).toBe(3);
    const scores = await sql(
      ctx.server.app,
      "SELECT DISTINCT quality_score FROM intent_samples WHERE provider_used = 'bulkprov'",
    );
    expect(scores).toEqual([{ quality_score: 0.3 }]);
    const missing = await bulk({ action: 'setQuality' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { 'data.qualityScore': TRAINING_DATA_MESSAGES.qualityRequired } });
    expect((await bulk({ action: 'rename' })).status).toBe(400);
    expect((await bulk({ action: 'verify', sampleIds: [] })).status).toBe(400);
  });

  it('deletes in one audited transaction, with the samples feedback', async () => {
    await ctx.owner.post(`${ML}/feedback`, { sampleType: 'intent', sampleId: bulkIds[0], comment: 'duplicate' });
    const answer = await bulk({ action: 'delete' });
    expect(answer.body.affected).toBe(3);
    expect(await sql(ctx.server.app, "SELECT id FROM intent_samples WHERE provider_used = 'bulkprov'")).toEqual([]);
    expect(await sql(ctx.server.app, 'SELECT id FROM ml_feedback WHERE sample_id = ANY($1::uuid[])', [bulkIds])).toEqual([]);
    const [audit] = await auditOf('training_data.samples_deleted');
    expect(audit).toMatchObject({ actor_name: 'owner', target_type: 'intent_sample' });
    expect(audit!.details).toMatchObject({ type: 'intent', affected: 3 });
    expect((audit!.details.sampleIds as string[]).sort()).toEqual([...bulkIds].sort());
    expect(await auditOf('training_data.samples_quality_set')).toHaveLength(1);
    expect(await auditOf('training_data.samples_verified')).toHaveLength(2);
  });
});
