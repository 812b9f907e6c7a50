import type { MlAnalytics, SampleType, TrainingStatistics } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** A date range on created_at; either end may be open. */
export interface DateRange {
  startDate?: string;
  endDate?: string;
}

/** `created_at BETWEEN` the range's ends as parameters $1 and $2 (null: open). */
const IN_RANGE = `($1::timestamptz IS NULL OR created_at >= $1) AND ($2::timestamptz IS NULL OR created_at <= $2)`;
const rangeValues = (range: DateRange) => [range.startDate ?? null, range.endDate ?? null];

/** An average to four decimals (averages of real columns read as doubles otherwise: 0.699999988…). */
const avg = (column: string) => `round(avg(${column})::numeric, 4)::float8`;

/** The counts and averages of both sample tables, as TOTALS reads them. */
export interface Totals {
  memory_total: number;
  memory_verified: number;
  memory_avg_quality: number | null;
  memory_unscored: number;
  intent_total: number;
  intent_verified: number;
  respond_true: number;
  respond_false: number;
  intent_avg_confidence: number | null;
  intent_avg_quality: number | null;
  intent_unscored: number;
  with_outcome: number;
  correct: number;
  true_positives: number;
  false_positives: number;
  true_negatives: number;
  false_negatives: number;
}

/** Every count of both tables in one statement: one aggregate pass per table, with FILTER clauses. */
const TOTALS = `
  SELECT m.*, i.* FROM
  (SELECT count(*)::int AS memory_total,
          count(*) FILTER (WHERE human_verified)::int AS memory_verified,
          ${avg('quality_score')} AS memory_avg_quality,
          count(*) FILTER (WHERE quality_score IS NULL)::int AS memory_unscored
     FROM memory_samples WHERE ${IN_RANGE}) m,
  (SELECT count(*)::int AS intent_total,
          count(*) FILTER (WHERE human_verified)::int AS intent_verified,
          count(*) FILTER (WHERE should_respond)::int AS respond_true,
          count(*) FILTER (WHERE NOT should_respond)::int AS respond_false,
          ${avg('confidence')} AS intent_avg_confidence,
          ${avg('quality_score')} AS intent_avg_quality,
          count(*) FILTER (WHERE quality_score IS NULL)::int AS intent_unscored,
          count(*) FILTER (WHERE was_correct IS NOT NULL)::int AS with_outcome,
          count(*) FILTER (WHERE was_correct)::int AS correct,
          count(*) FILTER (WHERE should_respond AND was_correct)::int AS true_positives,
          count(*) FILTER (WHERE should_respond AND NOT was_correct)::int AS false_positives,
          count(*) FILTER (WHERE NOT should_respond AND was_correct)::int AS true_negatives,
          count(*) FILTER (WHERE NOT should_respond AND NOT was_correct)::int AS false_negatives
     FROM intent_samples WHERE ${IN_RANGE}) i`;

/** The intent decisions per provider, most samples first. */
const PROVIDER_PERFORMANCE = `
  SELECT provider_used AS "providerUsed", count(*)::int AS "sampleCount",
         ${avg('confidence')} AS "avgConfidence", ${avg('quality_score')} AS "avgQualityScore",
         count(*) FILTER (WHERE was_correct)::int AS "correctDecisions",
         count(*) FILTER (WHERE was_correct IS NOT NULL)::int AS "withOutcome"
    FROM intent_samples WHERE ${IN_RANGE}
   GROUP BY provider_used ORDER BY count(*) DESC, provider_used`;

/** Every count of both tables in the range. */
export async function selectTotals(db: Queryable, range: DateRange): Promise<Totals> {
  const { rows } = await db.query<Totals>(TOTALS, rangeValues(range));
  return rows[0]!;
}

/** The intent decisions per provider in the range. */
export async function selectProviderPerformance(db: Queryable, range: DateRange) {
  const { rows } = await db.query<TrainingStatistics['providerPerformance'][number]>(PROVIDER_PERFORMANCE, rangeValues(range));
  return rows;
}

/**
 * Scored samples per 0.1 bucket (bucket 9 holds 1.0 too). Rounded before bucketing: a real 0.7 is 0.69999999
 * as a double and would land in bucket 6.
 */
const QUALITY_BUCKETS = (table: string, type: SampleType) => `
  SELECT '${type}' AS type, least(floor(round(quality_score::numeric, 4) * 10), 9)::int AS bucket, count(*)::int AS count
    FROM ${table} WHERE quality_score IS NOT NULL AND ${IN_RANGE} GROUP BY 2`;

/** Scored samples of these types per 0.1 bucket, by type and bucket. */
export async function selectQualityDistribution(
  db: Queryable,
  types: SampleType[],
  range: DateRange,
): Promise<MlAnalytics['qualityDistribution']> {
  const buckets = types.map((type) => QUALITY_BUCKETS(`${type}_samples`, type));
  const { rows } = await db.query<MlAnalytics['qualityDistribution'][number]>(
    `${buckets.join(' UNION ALL ')} ORDER BY type, bucket`,
    rangeValues(range),
  );
  return rows;
}
