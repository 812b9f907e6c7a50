import { type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { type AnySample, COLUMNS, type IntentRow, type MemoryRow, presentAny, TABLE } from './sample-rows';

/** One sample of a type, or 404 "Sample not found". */
export async function readSample(db: Queryable, type: SampleType, id: string): Promise<AnySample> {
  const { rows } = await db.query<MemoryRow | IntentRow>(`SELECT ${COLUMNS[type]} FROM ${TABLE[type]} WHERE id = $1`, [id]);
  if (!rows[0]) throw AppError.notFound(TRAINING_DATA_MESSAGES.sampleNotFound);
  return presentAny(type, rows[0]);
}
