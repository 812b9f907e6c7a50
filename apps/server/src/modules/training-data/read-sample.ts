import { type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectSample } from './sample-queries';
import { type AnySample, presentAny } from './sample-rows';

/** One sample of a type, or 404 "Sample not found". */
export async function readSample(db: Queryable, type: SampleType, id: string): Promise<AnySample> {
  const row = await selectSample(db, type, id);
  if (!row) throw AppError.notFound(TRAINING_DATA_MESSAGES.sampleNotFound);
  return presentAny(type, row);
}
