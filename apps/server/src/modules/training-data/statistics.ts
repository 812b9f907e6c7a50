import type { MlAnalytics, SampleType, TrainingStatistics } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { type DateRange, selectProviderPerformance, selectQualityDistribution, selectTotals } from './statistics-queries';

/** Spec 2 §3 "Training statistics" between two dates (on created_at), in two statements. */
export async function trainingStatistics(db: Queryable, range: DateRange): Promise<TrainingStatistics> {
  const [totals, providers] = await Promise.all([selectTotals(db, range), selectProviderPerformance(db, range)]);
  return {
    timestamp: new Date().toISOString(),
    memory: {
      totalSamples: totals.memory_total,
      verifiedSamples: totals.memory_verified,
      avgQualityScore: totals.memory_avg_quality,
    },
    intent: {
      totalSamples: totals.intent_total,
      verifiedSamples: totals.intent_verified,
      respondTrue: totals.respond_true,
      respondFalse: totals.respond_false,
      avgConfidence: totals.intent_avg_confidence,
      avgQualityScore: totals.intent_avg_quality,
    },
    providerPerformance: providers,
    decisionAccuracy: {
      totalWithOutcome: totals.with_outcome,
      correctDecisions: totals.correct,
      truePositives: totals.true_positives,
      falsePositives: totals.false_positives,
    },
  };
}

/** GET /api/admin/ml/analytics: provider performance, confusion matrix, quality distribution, verification. */
export async function mlAnalytics(db: Queryable, scope: 'both' | SampleType, range: DateRange): Promise<MlAnalytics> {
  const hasMemory = scope !== 'intent';
  const hasIntent = scope !== 'memory';
  const types: SampleType[] = scope === 'both' ? ['memory', 'intent'] : [scope];
  const [totals, providers, distribution] = await Promise.all([
    selectTotals(db, range),
    hasIntent ? selectProviderPerformance(db, range) : Promise.resolve([]),
    selectQualityDistribution(db, types, range),
  ]);
  const zeroUnless = (shown: boolean, value: number) => (shown ? value : 0);
  return {
    providerPerformance: providers,
    confusionMatrix: {
      truePositives: zeroUnless(hasIntent, totals.true_positives),
      falsePositives: zeroUnless(hasIntent, totals.false_positives),
      trueNegatives: zeroUnless(hasIntent, totals.true_negatives),
      falseNegatives: zeroUnless(hasIntent, totals.false_negatives),
    },
    qualityDistribution: distribution,
    unscored: {
      memory: zeroUnless(hasMemory, totals.memory_unscored),
      intent: zeroUnless(hasIntent, totals.intent_unscored),
    },
    verification: {
      memory: { verified: zeroUnless(hasMemory, totals.memory_verified), total: zeroUnless(hasMemory, totals.memory_total) },
      intent: { verified: zeroUnless(hasIntent, totals.intent_verified), total: zeroUnless(hasIntent, totals.intent_total) },
    },
  };
}
