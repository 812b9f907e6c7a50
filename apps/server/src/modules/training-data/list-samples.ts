import {
  type IntentSample,
  type MemorySample,
  type SampleListQuery,
  type SampleType,
  TRAINING_DATA_MESSAGES,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { COLUMNS, type IntentRow, type MemoryRow, presentIntentSample, presentMemorySample, TABLE } from './sample-rows';

const PROVIDER_COLUMN: Record<SampleType, string> = { memory: 'llm_provider', intent: 'provider_used' };

/** The filters as one WHERE clause on the indexes of 0018. */
function whereOf(type: SampleType, query: SampleListQuery, values: unknown[]): string {
  const where: string[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.verified !== undefined) where.push(`human_verified = ${add(query.verified)}`);
  // Compared as real, the column's type: 0.7 stored is not below 0.7 asked.
  if (query.minQuality !== undefined) where.push(`quality_score >= ${add(query.minQuality)}::real`);
  if (type === 'intent' && query.shouldRespond !== undefined) where.push(`should_respond = ${add(query.shouldRespond)}`);
  if (query.provider) where.push(`${PROVIDER_COLUMN[type]} = ${add(query.provider)}`);
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** The ORDER BY of a sort, with the id as a stable tiebreak; unscored samples come last either way. */
function orderOf(type: SampleType, query: SampleListQuery): string {
  const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  switch (query.sortBy) {
    case 'qualityScore':
      return `quality_score ${direction} NULLS LAST, id ${direction}`;
    case 'confidence':
      if (type === 'memory') throw AppError.invalidField('sortBy', TRAINING_DATA_MESSAGES.memoryConfidenceSort);
      return `confidence ${direction}, id ${direction}`;
    default:
      return `created_at ${direction}, id ${direction}`;
  }
}

/** Spec 2 §3 "Pagination" for samples. */
export interface SamplePage<Sample> {
  samples: Sample[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** One page of samples of a type: filtered, sorted and paged in SQL, with the total that matches. */
export async function listSamples(db: Queryable, type: 'memory', query: SampleListQuery): Promise<SamplePage<MemorySample>>;
export async function listSamples(db: Queryable, type: 'intent', query: SampleListQuery): Promise<SamplePage<IntentSample>>;
export async function listSamples(
  db: Queryable,
  type: SampleType,
  query: SampleListQuery,
): Promise<SamplePage<MemorySample | IntentSample>>;
export async function listSamples(db: Queryable, type: SampleType, query: SampleListQuery) {
  const values: unknown[] = [];
  const where = whereOf(type, query, values);
  const order = orderOf(type, query);
  const offset = (query.page - 1) * query.limit;
  const [page, count] = await Promise.all([
    db.query<MemoryRow | IntentRow>(
      `SELECT ${COLUMNS[type]} FROM ${TABLE[type]} ${where} ORDER BY ${order}
       LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.limit, offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${TABLE[type]} ${where}`, values),
  ]);
  const total = count.rows[0]?.total ?? 0;
  const samples =
    type === 'memory' ? (page.rows as MemoryRow[]).map(presentMemorySample) : (page.rows as IntentRow[]).map(presentIntentSample);
  return {
    samples,
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}
