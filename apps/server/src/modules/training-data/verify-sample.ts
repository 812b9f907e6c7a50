import { type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { readSample } from './read-sample';
import type { Reviewer } from './reviewer';
import { markSampleVerified } from './sample-queries';
import type { AnySample } from './sample-rows';

/** Marks a sample verified inside a transaction; true when it was not verified before. */
export const markVerified = (tx: Queryable, type: SampleType, id: string, reviewer: Reviewer): Promise<boolean> =>
  markSampleVerified(tx, type, id, reviewer.actor.id);

/**
 * Sets a sample's verification. Verification is one-way: asking to un-verify a verified sample is refused with 409;
 * verifying an already verified one changes nothing. A change is audited.
 */
export async function verifySample(
  db: Db,
  type: SampleType,
  id: string,
  verified: boolean,
  reviewer: Reviewer,
): Promise<AnySample> {
  return db.transaction(async (tx) => {
    const current = await readSample(tx, type, id);
    if (!verified) {
      if (current.sample.humanVerified) throw new AppError('CONFLICT', TRAINING_DATA_MESSAGES.verifyOneWay);
      return current;
    }
    if (await markVerified(tx, type, id, reviewer)) {
      await recordAudit(tx, {
        actor: reviewer.actor,
        action: 'training_data.sample_verified',
        target: { type: `${type}_sample`, id },
        ip: reviewer.ip,
      });
    }
    return readSample(tx, type, id);
  });
}
