import type { IntentSample, MemorySample } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { gemsText, initialLabelValues, labelCorrectionsOf, parseGems } from './label-values';
import { initialQueue, queueKey, queueReducer, remainingCount } from './review-queue';
import {
  bucketLabel,
  confusionSummary,
  contextEntries,
  correctionPairs,
  fieldLabel,
  formatScore,
  labelText,
  qualityHistogram,
} from './sample-text';

const history = Array.from({ length: 8 }, (_, index) => ({ username: `u${index}`, content: `m${index}` }));

const intent: IntentSample = {
  id: '00000000-0000-4000-8000-000000000001',
  humanVerified: false,
  shouldRespond: true,
  confidence: 0.91234,
  timestamp: '2026-03-01T10:00:00.000Z',
  currentMessage: 'anyone up for a raid?',
  conversationHistory: history,
  temperature: 0.7,
  vibeClassification: 'friendly',
  providerUsed: 'openai',
  modelUsed: 'gpt',
  actualResponseSent: true,
  wasCorrect: null,
  qualityScore: 0.6,
  guildId: null,
  turnId: null,
  labelCorrections: null,
};

const memory: MemorySample = {
  id: '00000000-0000-4000-8000-000000000002',
  humanVerified: false,
  qualityScore: null,
  timestamp: '2026-03-01T10:00:00.000Z',
  messageContent: 'I main a paladin',
  extractedEvent: null,
  extractedGems: [{ fact: 'Mains a paladin', concepts: ['class', 'paladin'] }],
  gemCount: 1,
  llmProvider: 'anthropic',
  llmModel: 'claude',
  extractionLatencyMs: 120,
  extractedMemories: [],
  conversationHistory: history,
  provider: 'anthropic',
  modelVersion: 'claude',
  guildId: null,
  turnId: null,
  labelCorrections: null,
};

describe('sample text', () => {
  it('shows scores to 3 (or 2) decimals and a dash without one', () => {
    expect(formatScore(0.91234)).toBe('0.912');
    expect(formatScore(0.5, 2)).toBe('0.50');
    expect(formatScore(null)).toBe('—');
  });

  it('keeps the last 3 entries of context for memory and the last 5 for intent', () => {
    expect(contextEntries('memory', history).map((entry) => entry.content)).toEqual(['m5', 'm6', 'm7']);
    expect(contextEntries('intent', history).map((entry) => entry.content)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(contextEntries('intent', history.slice(0, 2))).toHaveLength(2);
  });

  it('rates the confusion matrix cells against every known outcome', () => {
    const summary = confusionSummary({ truePositives: 6, falsePositives: 2, trueNegatives: 1, falseNegatives: 1 });
    expect(summary.total).toBe(10);
    expect(summary.cells.truePositives).toEqual({ count: 6, rate: 0.6 });
    expect(summary.accuracy).toBe(0.7);
    expect(summary.precision).toBe(0.75);
    expect(summary.recall).toBeCloseTo(6 / 7);
    expect(confusionSummary({ truePositives: 0, falsePositives: 0, trueNegatives: 0, falseNegatives: 0 }).accuracy).toBeNull();
  });

  it('draws ten quality buckets for one type', () => {
    const bars = qualityHistogram(
      [
        { type: 'intent', bucket: 9, count: 4 },
        { type: 'memory', bucket: 9, count: 7 },
        { type: 'intent', bucket: 0, count: 1 },
      ],
      'intent',
    );
    expect(bars).toHaveLength(10);
    expect(bars[0]).toEqual({ label: '0.0–0.1', value: 1 });
    expect(bars[9]).toEqual({ label: bucketLabel(9), value: 4 });
    expect(bars[5]?.value).toBe(0);
  });

  it('pairs each corrected field with the original, leaving the note apart', () => {
    const pairs = correctionPairs(intent as unknown as Record<string, unknown>, { shouldRespond: false, note: 'rude' });
    expect(pairs).toEqual([{ field: 'shouldRespond', original: true, corrected: false }]);
    expect(fieldLabel('shouldRespond')).toBe('Should respond');
    expect(fieldLabel('other')).toBe('other');
    expect(labelText(true)).toBe('Yes');
    expect(labelText(0.25)).toBe('0.250');
    expect(
      labelText([
        { fact: 'a', concepts: [] },
        { fact: 'b', concepts: [] },
      ]),
    ).toBe('a; b');
  });
});

describe('label corrections', () => {
  it('sends only what differs from the original, with the note', () => {
    const values = { ...initialLabelValues(intent), shouldRespond: false, note: ' spam ' };
    expect(labelCorrectionsOf(intent, values)).toEqual({ corrections: { shouldRespond: false, note: 'spam' } });
    expect(labelCorrectionsOf(intent, initialLabelValues(intent))).toEqual({ error: 'Change a field or add a note' });
    expect(labelCorrectionsOf(intent, { ...initialLabelValues(intent), quality: '1.5' })).toEqual({
      error: 'Quality must be a number from 0 to 1',
    });
  });

  it('reads memory gems as lines of fact | concepts', () => {
    expect(parseGems('Mains a paladin | class, paladin\n\n  Raids on Tuesdays  ')).toEqual([
      { fact: 'Mains a paladin', concepts: ['class', 'paladin'] },
      { fact: 'Raids on Tuesdays', concepts: [] },
    ]);
    expect(gemsText(memory.extractedGems)).toBe('Mains a paladin | class, paladin');
    const values = { ...initialLabelValues(memory), gems: 'Mains a holy paladin | class', quality: '0.9' };
    expect(labelCorrectionsOf(memory, values)).toEqual({
      corrections: { qualityScore: 0.9, extractedGems: [{ fact: 'Mains a holy paladin', concepts: ['class'] }] },
    });
    expect(labelCorrectionsOf(memory, { ...values, gems: '| orphan' })).toEqual({
      error: 'Every gem needs a fact before its concepts',
    });
  });

  it('starts the form from an earlier correction', () => {
    const corrected = { ...intent, labelCorrections: { shouldRespond: false, note: 'no' } };
    expect(initialLabelValues(corrected)).toMatchObject({ shouldRespond: false, note: 'no', vibe: 'friendly', quality: '0.6' });
  });
});

describe('the review queue', () => {
  it('moves on after verify and skip, and counts what is left', () => {
    let state = queueReducer(initialQueue, { kind: 'verified', id: 'a' });
    state = queueReducer(state, { kind: 'skipped', id: 'b' });
    expect(state).toMatchObject({ index: 2, done: ['a'], skipped: ['b'] });
    expect(remainingCount(10, state)).toBe(8);
    state = queueReducer(state, { kind: 'next-batch' });
    expect(state).toMatchObject({ batch: 1, index: 0, done: [], batchSkip: ['b'] });
    expect(remainingCount(8, state)).toBe(8);
  });

  it('does not count a sample twice when it is skipped and then verified', () => {
    let state = queueReducer(initialQueue, { kind: 'skipped', id: 'a' });
    state = queueReducer(state, { kind: 'move', by: -1, size: 5 });
    state = queueReducer(state, { kind: 'verified', id: 'a' });
    expect(state.skipped).toEqual([]);
    expect(remainingCount(5, state)).toBe(4);
  });

  it('keeps arrow moves inside the batch', () => {
    expect(queueReducer(initialQueue, { kind: 'move', by: -1, size: 3 }).index).toBe(0);
    expect(queueReducer({ ...initialQueue, index: 2 }, { kind: 'move', by: 1, size: 3 }).index).toBe(2);
  });

  it('maps the keys', () => {
    expect(['v', 'C', 's', 'ArrowRight', 'ArrowLeft', 'x'].map(queueKey)).toEqual([
      'verify',
      'correct',
      'skip',
      'next',
      'previous',
      null,
    ]);
  });
});
