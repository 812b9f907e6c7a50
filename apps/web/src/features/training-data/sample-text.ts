import {
  type ConversationEntry,
  type MlAnalytics,
  type SampleType,
  TRAINING_DATA_LIMITS,
  type TrainingStatistics,
} from '@guildhall/contract';

/** A score to 3 decimals ('0.875'), or '—' without one (spec 2 §2: 2 or 3 decimals). */
export function formatScore(value: number | null | undefined, digits: 2 | 3 = 3): string {
  return value === null || value === undefined ? '—' : value.toFixed(digits);
}

/** The conversation context a row shows: the last 3 entries for memory samples, the last 5 for intent samples. */
export function contextEntries(type: SampleType, history: readonly ConversationEntry[]): ConversationEntry[] {
  const count = type === 'memory' ? TRAINING_DATA_LIMITS.memoryContextEntries : TRAINING_DATA_LIMITS.intentContextEntries;
  return history.slice(-count);
}

/** A share of a whole as a rate from 0 to 1, or null when the whole is empty. */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** Decision accuracy of the statistics: correct decisions over decisions with a known outcome. */
export function decisionAccuracy(accuracy: TrainingStatistics['decisionAccuracy']): number | null {
  return rate(accuracy.correctDecisions, accuracy.totalWithOutcome);
}

/** The confusion matrix's cells with their rate of all known outcomes, and its accuracy, precision and recall. */
export function confusionSummary(matrix: MlAnalytics['confusionMatrix']) {
  const { truePositives: tp, falsePositives: fp, trueNegatives: tn, falseNegatives: fn } = matrix;
  const total = tp + fp + tn + fn;
  return {
    total,
    cells: {
      truePositives: { count: tp, rate: rate(tp, total) },
      falsePositives: { count: fp, rate: rate(fp, total) },
      falseNegatives: { count: fn, rate: rate(fn, total) },
      trueNegatives: { count: tn, rate: rate(tn, total) },
    },
    accuracy: rate(tp + tn, total),
    precision: rate(tp, tp + fp),
    recall: rate(tp, tp + fn),
  };
}

/** The label of a quality bucket of 0.1: bucket 3 is '0.3–0.4'. */
export function bucketLabel(bucket: number): string {
  return `${(bucket / 10).toFixed(1)}–${((bucket + 1) / 10).toFixed(1)}`;
}

/** Ten histogram bars of one sample type's quality (missing buckets count 0). */
export function qualityHistogram(distribution: MlAnalytics['qualityDistribution'], type: SampleType) {
  const counts = new Array<number>(10).fill(0);
  for (const row of distribution) if (row.type === type) counts[row.bucket] = (counts[row.bucket] ?? 0) + row.count;
  return counts.map((value, bucket) => ({ label: bucketLabel(bucket), value }));
}

/** The corrected fields of a label next to the original, for the fields the correction touches. */
export function correctionPairs(
  original: Record<string, unknown>,
  corrections: Record<string, unknown> | null,
): { field: string; original: unknown; corrected: unknown }[] {
  if (!corrections) return [];
  return Object.entries(corrections)
    .filter(([field]) => field !== 'note' && !field.startsWith('_') && field !== 'correctedAt' && field !== 'correctedBy')
    .map(([field, corrected]) => ({ field, original: original[field], corrected }));
}

const FIELD_LABELS: Record<string, string> = {
  shouldRespond: 'Should respond',
  vibeClassification: 'Vibe',
  qualityScore: 'Quality',
  extractedGems: 'Gems',
  extractedEvent: 'Event',
};

/** A corrected field's name on screen: 'shouldRespond' reads 'Should respond'. */
export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

/** A label value as text: booleans as Yes/No, numbers to 3 decimals, gems as their facts. */
export function labelText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatScore(value);
  if (Array.isArray(value)) {
    return value
      .map((item) => (item && typeof item === 'object' && 'fact' in item ? String(item.fact) : JSON.stringify(item)))
      .join('; ');
  }
  if (typeof value === 'object') return 'summary' in value ? String(value.summary) : JSON.stringify(value);
  return String(value);
}
