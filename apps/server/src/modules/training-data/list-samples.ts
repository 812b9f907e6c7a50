import {
  type IntentSample,
  type MemorySample,
  type SampleListQuery,
  type SampleType,
  TRAINING_DATA_MESSAGES,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectSamplePage } from './sample-queries';
import { type IntentRow, type MemoryRow, presentIntentSample, presentMemorySample } from './sample-rows';

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
  if (type === 'memory' && query.sortBy === 'confidence') {
    throw AppError.invalidField('sortBy', TRAINING_DATA_MESSAGES.memoryConfidenceSort);
  }
  const { rows, total } = await selectSamplePage(db, type, query);
  const samples =
    type === 'memory' ? (rows as MemoryRow[]).map(presentMemorySample) : (rows as IntentRow[]).map(presentIntentSample);
  return {
    samples,
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}
